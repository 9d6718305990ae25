import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { createPoll, openPoll, pollBodies } from "../helpers/polls.js";

describe("GET /admin/export/polls (CONTRACT §9: results per poll, no voters)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"admin" | "owner" | "moderator" | "member" | "memberb" | "viewer", ApiClient>;
  let choice: Awaited<ReturnType<typeof openPoll>>;
  let rating: Awaited<ReturnType<typeof openPoll>>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["admin", "owner", "moderator", "member", "memberb", "viewer"]);
    choice = await openPoll(c.moderator, pollBodies.single(t.teams.a.id, { title: '=HYPERLINK("http://evil")', options: ["+1 more", "@home"] }));
    await c.member.post(`/polls/${choice.id}/votes`, { optionIds: [choice.options[0]?.id] }).expect(200);
    await c.memberb.post(`/polls/${choice.id}/votes`, { optionIds: [choice.options[0]?.id] }).expect(200);
    await c.viewer.post(`/polls/${choice.id}/votes`, { optionIds: [choice.options[1]?.id] }).expect(200);
    await c.moderator.post(`/polls/${choice.id}/close`).expect(200);
    rating = await openPoll(c.admin, pollBodies.rating(t.teams.b.id));
    await c.member.post(`/polls/${rating.id}/votes`, { rating: 4 }).expect(200);
    await openPoll(c.moderator, pollBodies.words(t.teams.a.id));
    await createPoll(c.moderator, pollBodies.single(t.teams.a.id, { title: "A draft nobody has seen" }));
  });
  afterAll(() => app.close());

  it("JSON: one row per poll and answer, drafts left out, only totals; audited as data.export", async () => {
    const response = await c.admin.get("/admin/export/polls?format=json").expect(200).expect("content-type", /json/);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="polls-.*\.json"/);
    const rows = response.body as Array<Record<string, unknown>>;
    expect(rows.some((row) => row.title === "A draft nobody has seen")).toBe(false);
    const ofChoice = rows.filter((row) => row.pollId === choice.id);
    expect(ofChoice.map((row) => [row.answer, row.votes, row.voteCount, row.status])).toEqual([
      ["+1 more", 2, 3, "closed"],
      ["@home", 1, 3, "closed"],
    ]);
    expect(ofChoice[0]).toMatchObject({
      teamId: t.teams.a.id,
      teamName: "Team Alpha",
      type: "single",
      openedAt: expect.any(String),
      closedAt: expect.any(String),
    });
    expect(rows.filter((row) => row.pollId === rating.id).map((row) => [row.answer, row.votes])).toEqual([
      ["1", 0],
      ["2", 0],
      ["3", 0],
      ["4", 1],
      ["5", 0],
    ]);
    expect(rows.filter((row) => row.type === "words")).toEqual([expect.objectContaining({ answer: null, votes: 0, voteCount: 0, status: "open" })]);
    const text = JSON.stringify(rows);
    for (const user of [t.users.member, t.users.memberB, t.users.viewer]) expect(text).not.toContain(user.id);
    const audit = await app.db("audit_logs").where({ tenant_id: t.tenant.id, action: "data.export" });
    expect(audit.map((entry) => entry.metadata)).toEqual([expect.objectContaining({ dataset: "polls", format: "json" })]);
  });

  it("CSV: the same columns, formula cells guarded", async () => {
    const response = await c.owner
      .get("/admin/export/polls")
      .expect(200)
      .expect("content-type", /text\/csv/);
    const records = parse(response.text, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0] as object)).toEqual([
      "pollId",
      "teamId",
      "teamName",
      "title",
      "type",
      "status",
      "openedAt",
      "closedAt",
      "voteCount",
      "answer",
      "votes",
    ]);
    const ofChoice = records.filter((row) => row.pollId === choice.id);
    expect(ofChoice.map((row) => [row.title, row.answer, row.votes])).toEqual([
      ['\'=HYPERLINK("http://evil")', "'+1 more", "2"],
      ['\'=HYPERLINK("http://evil")', "'@home", "1"],
    ]);
  });

  it("admins only: moderators and members 403, bad format 400", async () => {
    await c.moderator.get("/admin/export/polls").expect(403);
    await c.member.get("/admin/export/polls").expect(403);
    await c.admin.get("/admin/export/polls?format=xml").expect(400);
  });
});
