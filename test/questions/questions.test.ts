import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, askQuestion } from "../helpers/factories.js";

const ORDINARY = "How will the new travel policy affect conference budgets next year?";

describe("questions: submit, read, edit, delete", () => {
  let app: TestApp;
  let t: TenantFixture;
  let other: TenantFixture;
  let admin: ApiClient;
  let moderator: ApiClient;
  let otherModerator: ApiClient;
  let member: ApiClient;
  let memberB: ApiClient;
  let viewer: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    const clients = await signInMany(app, t.tenant.slug, ["admin", "moderator", "othermoderator", "member", "memberb", "viewer"]);
    ({ admin, moderator, othermoderator: otherModerator, member, memberb: memberB, viewer } = clients);
  });
  afterAll(() => app.close());

  const anon = () => visitor(app, { "x-tenant-id": t.tenant.slug });
  const submit = (client: ApiClient, body: object) => client.post("/questions", body);
  const audit = (entityId: string) => app.db("audit_logs").where({ tenant_id: t.tenant.id, entity_id: entityId }).orderBy("created_at");

  describe("POST /questions", () => {
    it("creates an OPEN question with CONTRACT §3's fields and audits question.create", async () => {
      const response = await submit(member, { body: `  ${ORDINARY}  `, teamId: t.teams.a.id }).expect(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        body: ORDINARY,
        teamId: t.teams.a.id,
        status: "OPEN",
        upvoteCount: 0,
        submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        responseText: null,
        respondedAt: null,
        responder: null,
        author: { id: t.users.member.id, name: t.users.member.name },
        isAnonymous: false,
        tags: [],
        isPinned: false,
        isFrozen: false,
        hasUpvoted: false,
        moderation: null,
      });
      const [entry] = await audit(response.body.id);
      expect(entry).toMatchObject({ action: "question.create", entity_type: "question", user_id: t.users.member.id });
      expect(entry.after).toMatchObject({ body: ORDINARY, status: "OPEN" });
      expect(entry.ip_address).toBeTruthy();
    });

    it("members of any team may ask in any team of their tenant", async () => {
      await submit(memberB, { body: ORDINARY, teamId: t.teams.a.id }).expect(201);
    });

    it("a viewer may not submit (403); a visitor may while anonymous questions are allowed", async () => {
      const refused = await submit(viewer, { body: ORDINARY, teamId: t.teams.a.id }).expect(403);
      expect(refused.body).toEqual({ error: { code: "FORBIDDEN", message: expect.any(String) }, requestId: expect.any(String) });
      const response = await anon().post("/questions", { body: ORDINARY, teamId: t.teams.a.id }).expect(201);
      expect(response.body).toMatchObject({ author: null, isAnonymous: true, status: "OPEN" });
      expect(response.headers["set-cookie"]).toBeUndefined();
    });

    it("an anonymous question shows its author to the author only, and the audit log does not name them", async () => {
      const created = await submit(member, { body: ORDINARY, teamId: t.teams.a.id, anonymous: true }).expect(201);
      expect(created.body).toMatchObject({ isAnonymous: true, author: { id: t.users.member.id } });
      for (const client of [admin, moderator, memberB]) {
        const seen = await client.get(`/questions/${created.body.id}`).expect(200);
        expect(seen.body.author).toBeNull();
        expect(JSON.stringify(seen.body)).not.toContain(t.users.member.id);
      }
      const listed = await admin.get(`/questions?teamId=${t.teams.a.id}&limit=200`).expect(200);
      const item = listed.body.items.find((question: { id: string }) => question.id === created.body.id);
      expect(item).toMatchObject({ isAnonymous: true, author: null });
      // Nor its address or browser, which admins could match to the author's sign-in entries;
      // the author's upvote on it names nobody either.
      await member.post(`/questions/${created.body.id}/upvote`).expect(200);
      const entries = await audit(created.body.id);
      expect(entries.map((entry) => [entry.action, entry.user_id, entry.ip_address, entry.user_agent])).toEqual([
        ["question.create", null, null, null],
        ["upvote.add", null, null, null],
      ]);
      await memberB.post(`/questions/${created.body.id}/upvote`).expect(200);
      const others = (await audit(created.body.id)).filter((entry) => entry.user_id === t.users.memberB.id);
      expect(others).toEqual([expect.objectContaining({ action: "upvote.add", ip_address: expect.any(String) })]);
    });

    it("length bounds come from the tenant settings, counted in visible characters after trimming", async () => {
      const tooShort = await submit(member, { body: "  short  ", teamId: t.teams.a.id }).expect(400);
      expect(tooShort.body.error).toMatchObject({
        code: "VALIDATION_FAILED",
        details: [{ path: "body.body", message: expect.stringContaining("at least 10") }],
      });
      // Ten emoji are ten characters.
      await submit(member, { body: "🎉".repeat(10), teamId: t.teams.a.id }).expect(201);
      await submit(member, { body: "x".repeat(2001), teamId: t.teams.a.id }).expect(400);
      const strict = await createTenantFixture(app.db, { settings: { questions: { minLength: 20, maxLength: 30 } } });
      const strictMember = await signIn(app, strict.tenant.slug, "member");
      await submit(strictMember, { body: "Exactly nineteen ch", teamId: strict.teams.a.id }).expect(400);
      await submit(strictMember, { body: "This one is twenty-five.", teamId: strict.teams.a.id }).expect(201);
      await submit(strictMember, { body: "This one is far longer than thirty characters", teamId: strict.teams.a.id }).expect(400);
      // Spaces do not count: thirty letters and twenty-nine spaces are thirty characters, within twice the maximum in all.
      await submit(strictMember, { body: "abcdefghijklmnopqrstuvwxyz1234".split("").join(" "), teamId: strict.teams.a.id }).expect(201);
      const padded = await submit(strictMember, { body: `${"x".repeat(20)}${" \u200B".repeat(21)}!`, teamId: strict.teams.a.id }).expect(400);
      expect(padded.body.error.details).toEqual([{ path: "body.body", message: "must be at most 60 characters long, invisible ones included" }]);
    });

    it("requireQuestionApproval sends every question to UNDER_REVIEW without a flag audit", async () => {
      const gated = await createTenantFixture(app.db, { settings: { features: { requireQuestionApproval: true } } });
      const gatedMember = await signIn(app, gated.tenant.slug, "member");
      const response = await submit(gatedMember, { body: ORDINARY, teamId: gated.teams.a.id }).expect(201);
      expect(response.body.status).toBe("UNDER_REVIEW");
      const actions = (await app.db("audit_logs").where({ entity_id: response.body.id })).map((entry) => entry.action);
      expect(actions).toEqual(["question.create"]);
    });

    it("with anonymous questions off, visitors get 401 everywhere in Q&A; members still post, with or without their name", async () => {
      const closed = await createTenantFixture(app.db, { settings: { features: { allowAnonymousQuestions: false } } });
      const guest = visitor(app, { "x-tenant-id": closed.tenant.slug });
      expect((await guest.post("/questions", { body: ORDINARY, teamId: closed.teams.a.id }).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
      await guest.get("/questions").expect(401);
      await guest.get("/teams").expect(401);
      await guest.get("/tags").expect(401);
      const closedMember = await signIn(app, closed.tenant.slug, "member");
      const hidden = await submit(closedMember, { body: ORDINARY, teamId: closed.teams.a.id, anonymous: true }).expect(201);
      expect(hidden.body).toMatchObject({ isAnonymous: true, author: { id: closed.users.member.id } });
      // Nobody else sees who asked it.
      const admin = await signIn(app, closed.tenant.slug, "admin");
      expect((await admin.get(`/questions/${hidden.body.id}`).expect(200)).body.author).toBeNull();
      await submit(closedMember, { body: ORDINARY, teamId: closed.teams.a.id }).expect(201);
    });

    it("a frozen queue refuses new questions with 409 QUEUE_FROZEN until it is unfrozen", async () => {
      await moderator.post(`/teams/${t.teams.b.id}/freeze`, { frozen: true }).expect(403);
      const frozen = await otherModerator.post(`/teams/${t.teams.b.id}/freeze`, { frozen: true }).expect(200);
      expect(frozen.body).toMatchObject({ id: t.teams.b.id, queueFrozen: true });
      const refused = await submit(member, { body: ORDINARY, teamId: t.teams.b.id }).expect(409);
      expect(refused.body.error.code).toBe("QUEUE_FROZEN");
      await submit(member, { body: ORDINARY, teamId: t.teams.a.id }).expect(201);
      await admin.post(`/teams/${t.teams.b.id}/freeze`, { frozen: false }).expect(200);
      await submit(member, { body: ORDINARY, teamId: t.teams.b.id }).expect(201);
      const entries = await app.db("audit_logs").where({ entity_id: t.teams.b.id, action: "question.freeze" }).orderBy("created_at");
      expect(entries.map((entry) => entry.after)).toEqual([{ queueFrozen: true }, { queueFrozen: false }]);
    });

    it("refuses hostile and malformed bodies with 400 and the error body, storing nothing", async () => {
      const before = await app.db("questions").where({ tenant_id: t.tenant.id }).count<{ count: number }[]>("* as count");
      const cases: Array<[object | string, string]> = [
        [{ teamId: t.teams.a.id }, "body.body"],
        [{ body: ORDINARY }, "body.teamId"],
        [{ body: ORDINARY, teamId: "not-a-uuid" }, "body.teamId"],
        [{ body: 42, teamId: t.teams.a.id }, "body.body"],
        [{ body: ORDINARY, teamId: t.teams.a.id, anonymous: "yes" }, "body.anonymous"],
        [{ body: ORDINARY, teamId: t.teams.a.id, status: "ANSWERED" }, "body"],
        [{ body: `${ORDINARY}\u0000`, teamId: t.teams.a.id }, "body.body"],
        [[1, 2, 3], "body"],
      ];
      for (const [body, path] of cases) {
        const response = await submit(member, body as object).expect(400);
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
        expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toContain(path);
      }
      const malformed = await member.agent
        .post("/questions")
        .set("x-csrf-token", member.csrfToken)
        .set("content-type", "application/json")
        .send('{"body": "unterminated')
        .expect(400);
      expect(malformed.body.error.code).toBe("VALIDATION_FAILED");
      const after = await app.db("questions").where({ tenant_id: t.tenant.id }).count<{ count: number }[]>("* as count");
      expect(after).toEqual(before);
    });

    it("a team of another tenant is 404 NOT_FOUND", async () => {
      expect((await submit(member, { body: ORDINARY, teamId: other.teams.a.id }).expect(404)).body.error.code).toBe("NOT_FOUND");
    });

    it("needs the CSRF header with a session cookie", async () => {
      const response = await member.agent.post("/questions").send({ body: ORDINARY, teamId: t.teams.a.id }).expect(403);
      expect(response.body.error.code).toBe("CSRF_INVALID");
    });
  });

  describe("GET /questions and /questions/:id", () => {
    let fixture: TenantFixture;
    let ids: Record<string, string>;

    beforeAll(async () => {
      fixture = await createTenantFixture(app.db, { settings: { features: { requireQuestionApproval: false } } });
      const { member: m, moderator: mod, admin: adm } = await signInMany(app, fixture.tenant.slug, ["member", "moderator", "admin"]);
      ids = {
        first: (await askQuestion(m, fixture.teams.a.id, "First question about the roadmap for next quarter")).id,
        second: (await askQuestion(m, fixture.teams.a.id, "Second question about the hiring plan for engineering")).id,
        third: (await askQuestion(m, fixture.teams.a.id, "Third question about the office move in spring")).id,
        teamB: (await askQuestion(m, fixture.teams.b.id, "A question for team beta about their launch")).id,
      };
      // Upvotes: second 2, third 1; first pinned; third answered.
      for (const voter of [adm, mod]) await voter.post(`/questions/${ids.second}/upvote`).expect(200);
      await adm.post(`/questions/${ids.third}/upvote`).expect(200);
      await mod.post(`/questions/${ids.first}/pin`, { pinned: true }).expect(200);
      await adm.post(`/questions/${ids.third}/answer`, { responseText: "We move in April." }).expect(200);
      // One question in review (approval turned on for it by editing settings directly).
      await app.db("questions").insert({
        tenant_id: fixture.tenant.id,
        team_id: fixture.teams.a.id,
        author_id: fixture.users.member.id,
        body: "Pending question waiting for review",
        status: "UNDER_REVIEW",
      });
      await app.db("questions").insert({
        tenant_id: fixture.tenant.id,
        team_id: fixture.teams.b.id,
        author_id: fixture.users.memberB.id,
        body: "Pending question of team beta",
        status: "UNDER_REVIEW",
      });
    });

    const list = (client: ApiClient, query: string) => client.get(`/questions?${query}`);

    it("defaults: OPEN and ANSWERED, pinned first, then most upvoted, then oldest; the paged envelope", async () => {
      const m = await signIn(app, fixture.tenant.slug, "member");
      const response = await list(m, `teamId=${fixture.teams.a.id}`).expect(200);
      expect(response.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
      expect(response.body.items.map((q: { id: string }) => q.id)).toEqual([ids.first, ids.second, ids.third]);
      expect(response.body.items[1]).toMatchObject({ upvoteCount: 2, hasUpvoted: false });
      expect(response.body.items[2]).toMatchObject({ status: "ANSWERED", responseText: "We move in April.", responder: { id: fixture.users.admin.id } });
    });

    it("filters by team slug, status, pinned and tag; sorts by new; pages with limit and offset", async () => {
      const m = await signIn(app, fixture.tenant.slug, "member");
      expect((await list(m, "team=beta").expect(200)).body.items.map((q: { id: string }) => q.id)).toEqual([ids.teamB]);
      expect((await list(m, "status=ANSWERED").expect(200)).body.items.map((q: { id: string }) => q.id)).toEqual([ids.third]);
      expect((await list(m, "status=open").expect(200)).body.total).toBe(3);
      expect((await list(m, `status=OPEN&status=ANSWERED&teamId=${fixture.teams.a.id}`).expect(200)).body.total).toBe(3);
      expect((await list(m, "pinned=true").expect(200)).body.items.map((q: { id: string }) => q.id)).toEqual([ids.first]);
      const newest = await list(m, `teamId=${fixture.teams.a.id}&sort=new`).expect(200);
      expect(newest.body.items.map((q: { id: string }) => q.id)).toEqual([ids.third, ids.second, ids.first]);
      const page = await list(m, `teamId=${fixture.teams.a.id}&limit=1&offset=1`).expect(200);
      expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1, items: [{ id: ids.second }] });
      const capped = await list(m, "limit=5000").expect(200);
      expect(capped.body.limit).toBe(200);
      const tags = (await m.get("/tags").expect(200)).body as Array<{ id: string; name: string }>;
      const bug = tags.find((tag) => tag.name === "Bug")!;
      const mod = await signIn(app, fixture.tenant.slug, "moderator");
      await mod.post(`/questions/${ids.second}/tags`, { tagId: bug.id }).expect(200);
      expect((await list(m, `tag=${bug.id}`).expect(200)).body.items.map((q: { id: string }) => q.id)).toEqual([ids.second]);
    });

    it("UNDER_REVIEW questions: a moderator sees their teams', an admin all, an author their own, others none", async () => {
      const review = async (name: string) =>
        ((await list(await signIn(app, fixture.tenant.slug, name), "status=UNDER_REVIEW").expect(200)).body.items as Array<{ body: string }>)
          .map((q) => q.body)
          .sort();
      expect(await review("admin")).toEqual(["Pending question of team beta", "Pending question waiting for review"]);
      expect(await review("moderator")).toEqual(["Pending question waiting for review"]);
      expect(await review("teammoderator")).toEqual(["Pending question waiting for review"]);
      expect(await review("othermoderator")).toEqual(["Pending question of team beta"]);
      expect(await review("member")).toEqual(["Pending question waiting for review"]);
      expect(await review("viewer")).toEqual([]);
      const guest = visitor(app, { "x-tenant-id": fixture.tenant.slug });
      expect((await guest.get("/questions?status=UNDER_REVIEW").expect(200)).body.items).toEqual([]);
      const pending = await app.db("questions").where({ tenant_id: fixture.tenant.id, body: "Pending question of team beta" }).first();
      const mod = await signIn(app, fixture.tenant.slug, "moderator");
      await mod.get(`/questions/${pending.id}`).expect(404);
      await guest.get(`/questions/${pending.id}`).expect(404);
      await (await signIn(app, fixture.tenant.slug, "othermoderator")).get(`/questions/${pending.id}`).expect(200);
    });

    it("a visitor reads OPEN and ANSWERED questions without a session", async () => {
      const response = await visitor(app, { "x-tenant-id": fixture.tenant.slug }).get(`/questions/${ids.first}`).expect(200);
      expect(response.body).toMatchObject({ id: ids.first, isPinned: true, hasUpvoted: false });
    });

    it("hasUpvoted is the caller's own", async () => {
      const adm = await signIn(app, fixture.tenant.slug, "admin");
      expect((await adm.get(`/questions/${ids.second}`).expect(200)).body.hasUpvoted).toBe(true);
      expect((await (await signIn(app, fixture.tenant.slug, "member")).get(`/questions/${ids.second}`).expect(200)).body.hasUpvoted).toBe(false);
    });

    it("bad queries are 400; unknown and foreign teams, tags and ids are 404", async () => {
      const m = await signIn(app, fixture.tenant.slug, "member");
      for (const query of ["status=CLOSED", "sort=random", "limit=0", "limit=abc", "offset=-1", "teamId=nope", "pinned=maybe", "tag=1"]) {
        const response = await list(m, query).expect(400);
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
      }
      await list(m, "team=no-such-team").expect(404);
      await list(m, `teamId=${other.teams.a.id}`).expect(404);
      await list(m, "tag=00000000-0000-4000-8000-000000000000").expect(404);
      await m.get("/questions/00000000-0000-4000-8000-000000000000").expect(404);
      await m.get("/questions/not-a-uuid").expect(404);
      const foreign = (await submit(await signIn(app, other.tenant.slug, "member"), { body: ORDINARY, teamId: other.teams.a.id }).expect(201)).body.id;
      await m.get(`/questions/${foreign}`).expect(404);
      await request(app.app).get(`/questions/${foreign}`).set("x-tenant-id", fixture.tenant.slug).expect(404);
    });
  });

  describe("PUT and DELETE /questions/:id", () => {
    it("the author edits their open question; the change is audited with before and after", async () => {
      const id = (await submit(member, { body: ORDINARY, teamId: t.teams.a.id }).expect(201)).body.id;
      const edited = await member.put(`/questions/${id}`, { body: "How will the new travel policy affect team offsites?" }).expect(200);
      expect(edited.body.body).toBe("How will the new travel policy affect team offsites?");
      const entry = (await audit(id)).find((row) => row.action === "question.update");
      expect(entry).toMatchObject({
        before: { body: ORDINARY },
        after: { body: "How will the new travel policy affect team offsites?" },
        user_id: t.users.member.id,
      });
    });

    it("others may not edit or delete (403); the team's moderator and admins may", async () => {
      const id = (await submit(member, { body: ORDINARY, teamId: t.teams.a.id }).expect(201)).body.id;
      await memberB.put(`/questions/${id}`, { body: "Hijacked question text here" }).expect(403);
      await otherModerator.put(`/questions/${id}`, { body: "Hijacked question text here" }).expect(403);
      await viewer.delete(`/questions/${id}`).expect(403);
      await anon().put(`/questions/${id}`, { body: "Hijacked question text here" }).expect(401);
      await moderator.put(`/questions/${id}`, { body: "Reworded by the moderator for clarity" }).expect(200);
      await admin.delete(`/questions/${id}`).expect(204);
      await member.get(`/questions/${id}`).expect(404);
      expect((await audit(id)).map((row) => row.action)).toEqual(["question.create", "question.update", "question.delete"]);
    });

    it("an author cannot edit once answered or frozen, nor edit in content the check flags", async () => {
      const answered = (await submit(member, { body: ORDINARY, teamId: t.teams.a.id }).expect(201)).body.id;
      await moderator.post(`/questions/${answered}/answer`, { responseText: "Budgets stay the same." }).expect(200);
      expect((await member.put(`/questions/${answered}`, { body: "A different question entirely" }).expect(409)).body.error.code).toBe("ALREADY_ANSWERED");
      const frozen = (await submit(member, { body: ORDINARY, teamId: t.teams.a.id }).expect(201)).body.id;
      await moderator.post(`/questions/${frozen}/freeze`, { frozen: true }).expect(200);
      expect((await member.put(`/questions/${frozen}`, { body: "A different question entirely" }).expect(409)).body.error.code).toBe("QUESTION_FROZEN");
      const open = (await submit(member, { body: ORDINARY, teamId: t.teams.a.id }).expect(201)).body.id;
      const flagged = await member.put(`/questions/${open}`, { body: "Why is this shit still broken after three releases?" }).expect(422);
      expect(flagged.body.error).toMatchObject({ code: "CONTENT_REJECTED", details: ["profanity"] });
      expect((await member.get(`/questions/${open}`).expect(200)).body.body).toBe(ORDINARY);
    });

    it("an author deletes their own question; the anonymous author is not named in the audit", async () => {
      const id = (await submit(member, { body: ORDINARY, teamId: t.teams.a.id, anonymous: true }).expect(201)).body.id;
      await member.delete(`/questions/${id}`).expect(204);
      const entries = await audit(id);
      expect(entries.map((row) => [row.action, row.user_id])).toEqual([
        ["question.create", null],
        ["question.delete", null],
      ]);
    });

    it("another tenant's question is 404 for edit and delete", async () => {
      const foreign = (await submit(await signIn(app, other.tenant.slug, "member"), { body: ORDINARY, teamId: other.teams.a.id }).expect(201)).body.id;
      await admin.put(`/questions/${foreign}`, { body: "Trying to edit across tenants" }).expect(404);
      await admin.delete(`/questions/${foreign}`).expect(404);
    });
  });
});
