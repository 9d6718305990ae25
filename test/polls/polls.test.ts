import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActionsOn } from "../helpers/audit-log.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { createPoll, openPoll, pollBodies, type PollJson } from "../helpers/polls.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("polls: writing, running and reading them (CONTRACT §9)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"owner" | "admin" | "moderator" | "othermoderator" | "teammoderator" | "member" | "memberb" | "viewer", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["owner", "admin", "moderator", "othermoderator", "teammoderator", "member", "memberb", "viewer"]);
  });
  afterAll(() => app.close());

  it("POST /polls › a team's moderator writes a draft: 201 with the contract's fields, options with ids of their own", async () => {
    const poll = await createPoll(c.moderator, pollBodies.multiple(t.teams.a.id));
    expect(poll).toMatchObject({
      teamId: t.teams.a.id,
      title: "Which topics next?",
      type: "multiple",
      maxChoices: 2,
      scaleMax: null,
      status: "draft",
      resultsVisible: false,
      voteCount: 0,
      openedAt: null,
      closedAt: null,
      myVote: null,
    });
    expect(poll.options.map((option) => option.text)).toEqual(["Roadmap", "Hiring", "Budget", "Tooling"]);
    expect(new Set(poll.options.map((option) => option.id)).size).toBe(4);
    expect(await auditActionsOn(app.db, t.tenant.id, poll.id)).toEqual(["poll.create"]);
    const rating = await createPoll(c.teammoderator, pollBodies.rating(t.teams.a.id, { scaleMax: 10, resultsVisible: true }));
    expect(rating).toMatchObject({ type: "rating", scaleMax: 10, options: [], maxChoices: null, resultsVisible: true });
    const multipleDefault = await createPoll(c.admin, pollBodies.multiple(t.teams.b.id, { maxChoices: undefined }));
    expect(multipleDefault.maxChoices).toBe(4);
  });

  it("POST /polls › members, viewers and visitors cannot write polls; a moderator of another team cannot either; admins can in any team", async () => {
    expect((await c.member.post("/polls", pollBodies.single(t.teams.a.id)).expect(403)).body.error.code).toBe("FORBIDDEN");
    await c.viewer.post("/polls", pollBodies.single(t.teams.a.id)).expect(403);
    await visitor(app, { "x-tenant-id": t.tenant.slug }).post("/polls").send(pollBodies.single(t.teams.a.id)).expect(401);
    const refused = await c.othermoderator.post("/polls", pollBodies.single(t.teams.a.id)).expect(403);
    expect(refused.body.error.message).toBe("Only a moderator of this team or an admin can do this.");
    await c.othermoderator.post("/polls", pollBodies.single(MISSING)).expect(404);
    await createPoll(c.owner, pollBodies.words(t.teams.b.id));
  });

  it("POST /polls › every malformed body is 400 VALIDATION_FAILED with details", async () => {
    const a = t.teams.a.id;
    const bad: object[] = [
      { ...pollBodies.single(a), options: ["Only one"] },
      { ...pollBodies.single(a), options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) },
      { ...pollBodies.single(a), options: ["Same", "same"] },
      { ...pollBodies.single(a), options: undefined },
      { ...pollBodies.single(a), maxChoices: 1 },
      { ...pollBodies.multiple(a), maxChoices: 5 },
      { ...pollBodies.rating(a), scaleMax: 7 },
      { ...pollBodies.rating(a), scaleMax: undefined },
      { ...pollBodies.rating(a), options: ["A", "B"] },
      { ...pollBodies.words(a), scaleMax: 5 },
      { ...pollBodies.single(a), title: "\u200b\u200b \u2800" },
      { ...pollBodies.single(a), options: ["Fine", "\u200b\u200d"] },
      { ...pollBodies.single(a), options: ["Fine", "x".repeat(121)] },
      { ...pollBodies.single(a), title: "y".repeat(201) },
      { ...pollBodies.single(a), type: "ranking" },
      { ...pollBodies.single(a), teamId: "not-a-uuid" },
      { ...pollBodies.single(a), extra: true },
    ];
    for (const body of bad) {
      const response = await c.moderator.post("/polls", body).expect(400);
      expect(response.body.error.code, JSON.stringify(body)).toBe("VALIDATION_FAILED");
      expect(response.body.error.details.length).toBeGreaterThan(0);
    }
  });

  it("POST /polls › bidirectional controls are removed from the title and options as they are saved", async () => {
    const poll = await createPoll(
      c.moderator,
      pollBodies.single(t.teams.a.id, { title: "\u202eWhere\u2066 next?\u2069", options: ["\u202dNorth", "South\u202c"] }),
    );
    expect(poll.title).toBe("Where next?");
    expect(poll.options.map((option) => option.text)).toEqual(["North", "South"]);
  });

  it("GET /polls › drafts are listed to the team's moderators and admins only; others see open and closed polls", async () => {
    const team = t.teams.b.id;
    const draft = await createPoll(c.othermoderator, pollBodies.single(team));
    const opened = await openPoll(c.othermoderator, pollBodies.rating(team));
    const moderatorView = (await c.othermoderator.get(`/polls?teamId=${team}&limit=200`).expect(200)).body;
    expect(moderatorView.items.map((p: PollJson) => p.id)).toEqual(expect.arrayContaining([draft.id, opened.id]));
    expect(moderatorView.items[0].id).toBe(opened.id);
    const adminView = (await c.admin.get(`/polls?teamId=${team}&status=draft`).expect(200)).body;
    expect(adminView.items.map((p: PollJson) => p.id)).toContain(draft.id);
    for (const reader of [c.member, c.viewer, c.moderator]) {
      const page = (await reader.get(`/polls?teamId=${team}`).expect(200)).body;
      expect(page.items.map((p: PollJson) => p.id)).toEqual([opened.id]);
      expect(page.total).toBe(1);
      expect((await reader.get(`/polls?teamId=${team}&status=draft`).expect(200)).body).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
    }
    expect((await c.member.get(`/polls/${draft.id}`).expect(404)).body.error.code).toBe("NOT_FOUND");
    await c.moderator.get(`/polls/${draft.id}`).expect(404);
    expect((await c.othermoderator.get(`/polls/${draft.id}`).expect(200)).body.status).toBe("draft");
    expect((await c.member.get(`/polls/${opened.id}`).expect(200)).body.status).toBe("open");
    await c.member.get(`/polls?teamId=${MISSING}`).expect(404);
    // Without a team: every team's polls the caller may see (a moderator sees their own teams' drafts only).
    const everywhere = (await c.member.get("/polls?limit=100").expect(200)).body.items as PollJson[];
    expect(everywhere.map((p) => p.id)).toContain(opened.id);
    expect(everywhere.filter((p) => p.status === "draft")).toEqual([]);
    const moderatorA = (await c.moderator.get("/polls?status=draft&limit=100").expect(200)).body.items as PollJson[];
    expect(moderatorA.map((p) => p.id)).not.toContain(draft.id);
    expect(moderatorA.every((p) => p.teamId === t.teams.a.id)).toBe(true);
    expect(((await c.admin.get("/polls?status=draft&limit=100").expect(200)).body.items as PollJson[]).map((p) => p.id)).toContain(draft.id);
    await c.member.get("/polls?teamId=not-a-uuid").expect(400);
    const capped = (await c.member.get(`/polls?teamId=${team}&limit=5000`).expect(200)).body;
    expect(capped.limit).toBe(100);
  });

  it("visitors read open polls where the tenant allows visitors, and get 401 where it does not", async () => {
    const opened = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const guest = visitor(app, { "x-tenant-id": t.tenant.slug });
    expect((await guest.get(`/polls/${opened.id}`).expect(200)).body.myVote).toBeNull();
    const closed = await createTenantFixture(app.db, { settings: { features: { allowAnonymousQuestions: false } } });
    const [closedModerator] = Object.values(await signInMany(app, closed.tenant.slug, ["moderator"]));
    const theirs = await openPoll(closedModerator as ApiClient, pollBodies.single(closed.teams.a.id));
    const outsider = visitor(app, { "x-tenant-id": closed.tenant.slug });
    expect((await outsider.get(`/polls/${theirs.id}`).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    await outsider.get(`/polls?teamId=${closed.teams.a.id}`).expect(401);
    await outsider.post(`/polls/${theirs.id}/votes`, { optionIds: [theirs.options[0]?.id] }).expect(401);
  });

  it("PUT /polls/:id › edits a draft whole; an opened poll is 409 POLL_NOT_DRAFT; members 403", async () => {
    const draft = await createPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const edited = (await c.moderator.put(`/polls/${draft.id}`, { title: "Rate the food", type: "rating", scaleMax: 10 }).expect(200)).body;
    expect(edited).toMatchObject({ id: draft.id, title: "Rate the food", type: "rating", scaleMax: 10, options: [], status: "draft" });
    await c.moderator.put(`/polls/${draft.id}`, { title: "Rate the food", type: "rating" }).expect(400);
    await c.member.put(`/polls/${draft.id}`, { title: "Mine now", type: "words" }).expect(403);
    await c.othermoderator.put(`/polls/${draft.id}`, { title: "Mine now", type: "words" }).expect(404);
    await c.moderator.post(`/polls/${draft.id}/open`).expect(200);
    expect((await c.moderator.put(`/polls/${draft.id}`, { title: "Too late", type: "words" }).expect(409)).body.error.code).toBe("POLL_NOT_DRAFT");
    const entries = await app.db("audit_logs").where({ entity_id: draft.id, action: "poll.update" });
    expect(entries).toHaveLength(1);
    expect(entries[0].before).toMatchObject({ title: "Where shall we meet?", type: "single" });
    expect(entries[0].after).toMatchObject({ title: "Rate the food", type: "rating", scaleMax: 10 });
  });

  it("POST /polls/:id/open › one open poll per team: opening one closes the other, in the same transaction, audited", async () => {
    const team = t.teams.a.id;
    const first = await openPoll(c.moderator, pollBodies.single(team));
    const second = await createPoll(c.admin, pollBodies.words(team));
    // Members cannot open a poll; a moderator of another team does not even see this draft.
    expect((await c.member.post(`/polls/${second.id}/open`).expect(403)).body.error.code).toBe("FORBIDDEN");
    await c.viewer.post(`/polls/${second.id}/open`).expect(403);
    await c.othermoderator.post(`/polls/${second.id}/open`).expect(404);
    const opened = (await c.admin.post(`/polls/${second.id}/open`).expect(200)).body;
    expect(opened.status).toBe("open");
    expect(opened.openedAt).not.toBeNull();
    const previous = (await c.member.get(`/polls/${first.id}`).expect(200)).body;
    expect(previous.status).toBe("closed");
    expect(previous.closedAt).not.toBeNull();
    expect(await app.db("polls").where({ tenant_id: t.tenant.id, team_id: team, status: "open" }).pluck("id")).toEqual([second.id]);
    expect(await auditActionsOn(app.db, t.tenant.id, first.id)).toEqual(["poll.create", "poll.open", "poll.close"]);
    // Opening again changes nothing; a closed poll opens again (and the other closes).
    expect((await c.admin.post(`/polls/${second.id}/open`).expect(200)).body.openedAt).toBe(opened.openedAt);
    expect((await c.moderator.post(`/polls/${first.id}/open`).expect(200)).body).toMatchObject({ status: "open", closedAt: null });
    expect((await c.member.get(`/polls/${second.id}`).expect(200)).body.status).toBe("closed");
    // Another team's open poll is not touched.
    const otherTeam = await openPoll(c.othermoderator, pollBodies.single(t.teams.b.id));
    expect((await c.member.get(`/polls/${otherTeam.id}`).expect(200)).body.status).toBe("open");
  });

  it("concurrent opens of two polls of one team leave exactly one open", async () => {
    const team = (
      await app
        .db("teams")
        .insert({ tenant_id: t.tenant.id, name: "Race team", slug: `race-${Date.now()}` })
        .returning("id")
    )[0].id;
    const drafts = await Promise.all([1, 2, 3, 4].map(() => createPoll(c.admin, pollBodies.single(team))));
    const responses = await Promise.all(drafts.map((draft) => c.admin.post(`/polls/${draft.id}/open`)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(await app.db("polls").where({ team_id: team, status: "open" }).count<{ count: number }[]>("* as count")).toEqual([{ count: 1 }]);
  });

  it("POST /polls/:id/close › closes an open poll; a draft or a closed poll is 409 POLL_NOT_OPEN", async () => {
    const poll = await openPoll(c.moderator, pollBodies.rating(t.teams.a.id));
    await c.member.post(`/polls/${poll.id}/close`).expect(403);
    const closed = (await c.moderator.post(`/polls/${poll.id}/close`).expect(200)).body;
    expect(closed.status).toBe("closed");
    expect((await c.moderator.post(`/polls/${poll.id}/close`).expect(409)).body.error.code).toBe("POLL_NOT_OPEN");
    const draft = await createPoll(c.moderator, pollBodies.rating(t.teams.a.id));
    await c.moderator.post(`/polls/${draft.id}/close`).expect(409);
    expect(await auditActionsOn(app.db, t.tenant.id, poll.id)).toEqual(["poll.create", "poll.open", "poll.close"]);
  });

  it("POST /polls/:id/results › shows and hides the results, audited with the poll's title", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    await c.member.post(`/polls/${poll.id}/results`, { visible: true }).expect(403);
    await c.moderator.post(`/polls/${poll.id}/results`, { visible: "yes" }).expect(400);
    expect((await c.moderator.post(`/polls/${poll.id}/results`, { visible: true }).expect(200)).body.resultsVisible).toBe(true);
    expect((await c.member.get(`/polls/${poll.id}`).expect(200)).body.resultsVisible).toBe(true);
    expect((await c.moderator.post(`/polls/${poll.id}/results`, { visible: false }).expect(200)).body.resultsVisible).toBe(false);
    const entries = await app.db("audit_logs").where({ entity_id: poll.id, action: "poll.results" }).orderBy("created_at");
    expect(entries.map((entry) => entry.after.resultsVisible)).toEqual([true, false]);
    expect(entries[0].metadata).toMatchObject({ pollId: poll.id, title: poll.title, type: "single" });
  });

  it("DELETE /polls/:id › 204, votes go with it, audited; members and other teams' moderators cannot", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[0]?.id] }).expect(200);
    await c.member.delete(`/polls/${poll.id}`).expect(403);
    await c.othermoderator.delete(`/polls/${poll.id}`).expect(403);
    await c.moderator.delete(`/polls/${poll.id}`).expect(204);
    await c.moderator.get(`/polls/${poll.id}`).expect(404);
    await c.moderator.delete(`/polls/${poll.id}`).expect(404);
    expect(await app.db("poll_votes").where({ poll_id: poll.id })).toEqual([]);
    expect(await auditActionsOn(app.db, t.tenant.id, poll.id)).toEqual(["poll.create", "poll.open", "poll.delete"]);
  });

  it("tenant isolation › another tenant's poll is 404 for reading, voting, opening, results and every change", async () => {
    const other = await createTenantFixture(app.db);
    const them = await signInMany(app, other.tenant.slug, ["admin", "member"]);
    const foreign = await openPoll(them.admin, pollBodies.single(other.teams.a.id));
    const draft = await createPoll(them.admin, pollBodies.single(other.teams.a.id));
    for (const id of [foreign.id, draft.id]) {
      await c.admin.get(`/polls/${id}`).expect(404);
      await c.admin.get(`/polls/${id}/results`).expect(404);
      await c.member.post(`/polls/${id}/votes`, { optionIds: [foreign.options[0]?.id] }).expect(404);
      await c.admin.post(`/polls/${id}/open`).expect(404);
      await c.admin.post(`/polls/${id}/close`).expect(404);
      await c.admin.post(`/polls/${id}/results`, { visible: true }).expect(404);
      await c.admin.put(`/polls/${id}`, { title: "Taken", type: "words" }).expect(404);
      await c.admin.post(`/polls/${id}/duplicate`).expect(404);
      await c.admin.delete(`/polls/${id}`).expect(404);
    }
    await c.admin.get(`/polls?teamId=${other.teams.a.id}`).expect(404);
    await c.admin.post("/polls", pollBodies.single(other.teams.a.id)).expect(404);
    await c.admin.post("/polls/reorder", { teamId: other.teams.a.id, pollIds: [draft.id] }).expect(404);
    await c.admin.post("/polls/reorder", { teamId: t.teams.a.id, pollIds: [draft.id] }).expect(404);
    expect((await them.member.get(`/polls/${foreign.id}`).expect(200)).body).toMatchObject({ status: "open", voteCount: 0 });
    expect((await them.admin.get(`/polls/${draft.id}`).expect(200)).body.status).toBe("draft");
  });

  it("deleting a team deletes its polls and their votes", async () => {
    const team = (
      await app
        .db("teams")
        .insert({ tenant_id: t.tenant.id, name: "Short-lived", slug: `gone-${Date.now()}` })
        .returning("id")
    )[0].id;
    const poll = await openPoll(c.admin, pollBodies.single(team));
    await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[1]?.id] }).expect(200);
    await c.admin.delete(`/admin/teams/${team}`).expect(204);
    expect(await app.db("polls").where({ id: poll.id })).toEqual([]);
    expect(await app.db("poll_votes").where({ poll_id: poll.id })).toEqual([]);
  });
});
