import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { createPoll, openPoll, pollBodies, type PollJson } from "../helpers/polls.js";

/** The moderators' tab: the drafts' order, and a poll run again from a copy. */
describe("poll drafts: reorder and duplicate", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"admin" | "othermoderator" | "member", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["admin", "othermoderator", "member"]);
  });
  afterAll(() => app.close());

  it("POST /polls/reorder › orders a team's drafts; ids of other teams 404, opened polls 409, duplicates 400", async () => {
    const team = (
      await app
        .db("teams")
        .insert({ tenant_id: t.tenant.id, name: "Order team", slug: `order-${Date.now()}` })
        .returning("id")
    )[0].id;
    const [p1, p2, p3] = await Promise.all([0, 1, 2].map(() => createPoll(c.admin, pollBodies.words(team))));
    const ids = [p1, p2, p3].map((p) => (p as PollJson).id);
    const sorted = [...ids].sort((x, y) => [p1, p2, p3].find((p) => p?.id === x)!.position - [p1, p2, p3].find((p) => p?.id === y)!.position);
    const reordered = (await c.admin.post("/polls/reorder", { teamId: team, pollIds: [sorted[2], sorted[0]] }).expect(200)).body as PollJson[];
    expect(reordered.map((p) => p.id)).toEqual([sorted[2], sorted[0], sorted[1]]);
    expect(reordered.map((p) => p.position)).toEqual([0, 1, 2]);
    const listed = (await c.admin.get(`/polls?teamId=${team}&status=draft`).expect(200)).body.items.map((p: PollJson) => p.id);
    expect(listed).toEqual([sorted[2], sorted[0], sorted[1]]);
    await c.admin.post("/polls/reorder", { teamId: team, pollIds: [sorted[0], sorted[0]] }).expect(400);
    const elsewhere = await createPoll(c.admin, pollBodies.words(t.teams.a.id));
    await c.admin.post("/polls/reorder", { teamId: team, pollIds: [elsewhere.id] }).expect(404);
    await c.admin.post(`/polls/${sorted[1]}/open`).expect(200);
    expect((await c.admin.post("/polls/reorder", { teamId: team, pollIds: [sorted[1] as string] }).expect(409)).body.error.code).toBe("POLL_NOT_DRAFT");
    await c.member.post("/polls/reorder", { teamId: team, pollIds: [sorted[0] as string] }).expect(403);
    await c.othermoderator.post("/polls/reorder", { teamId: t.teams.a.id, pollIds: [elsewhere.id] }).expect(403);
  });

  it("POST /polls/:id/duplicate › a new draft with the same title, type and choices, after the team's drafts", async () => {
    const team = (
      await app
        .db("teams")
        .insert({ tenant_id: t.tenant.id, name: "Copy team", slug: `copy-${Date.now()}` })
        .returning("id")
    )[0].id;
    const source = await openPoll(c.admin, pollBodies.multiple(team, { maxChoices: 3, resultsVisible: true }));
    await c.admin.post(`/polls/${source.id}/votes`, { optionIds: [source.options[0]?.id] }).expect(200);
    const draft = await createPoll(c.admin, pollBodies.words(team));
    const copy = (await c.admin.post(`/polls/${source.id}/duplicate`).expect(201)).body as PollJson;
    expect(copy).toMatchObject({ title: source.title, type: "multiple", maxChoices: 3, status: "draft", voteCount: 0, resultsVisible: false, myVote: null });
    expect(copy.options.map((o) => o.text)).toEqual(source.options.map((o) => o.text));
    expect(copy.options.map((o) => o.id)).not.toEqual(source.options.map((o) => o.id));
    expect(copy.position).toBeGreaterThan(draft.position);
    await c.member.post(`/polls/${source.id}/duplicate`).expect(403);
    const rating = await createPoll(c.admin, pollBodies.rating(team, { scaleMax: 10 }));
    expect((await c.admin.post(`/polls/${rating.id}/duplicate`).expect(201)).body).toMatchObject({ type: "rating", scaleMax: 10 });
  });
});
