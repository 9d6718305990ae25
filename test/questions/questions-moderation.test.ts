import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, askQuestion } from "../helpers/factories.js";

const ORDINARY = "What is the timeline for the new expense reporting tool?";
type Client = ApiClient;

describe("question moderation: answer, pin, freeze, tags, approve, reject", () => {
  let app: TestApp;
  let t: TenantFixture;
  let other: TenantFixture;
  let c: Record<"owner" | "admin" | "moderator" | "othermoderator" | "teammoderator" | "member" | "memberb" | "viewer", Client>;
  let tags: Record<string, { id: string; name: string; color: string }>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db, { settings: { features: { enableEmailNotifications: true } } });
    other = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["owner", "admin", "moderator", "othermoderator", "teammoderator", "member", "memberb", "viewer"]);
    const list = (await c.member.get("/tags").expect(200)).body as Array<{ id: string; name: string; color: string }>;
    tags = Object.fromEntries(list.map((tag) => [tag.name, tag]));
  });
  afterAll(() => app.close());

  const auditActions = async (id: string) =>
    (await app.db("audit_logs").where({ tenant_id: t.tenant.id, entity_id: id }).orderBy("created_at")).map((row) => row.action);
  /** Seeds a question waiting for review, as the content check or the approval setting would leave it. */
  const pending = async (teamId = t.teams.a.id, authorId = t.users.member.id) => {
    const [row] = await app
      .db("questions")
      .insert({
        tenant_id: t.tenant.id,
        team_id: teamId,
        author_id: authorId,
        body: "Original wording of a pending question",
        status: "UNDER_REVIEW",
        moderation: JSON.stringify({ reasons: ["profanity"], confidence: "medium" }),
      })
      .returning("id");
    return row.id as string;
  };

  /** Who may perform team-scoped moderation on a team-A question (CONTRACT §2). */
  const MODERATES_TEAM_A = ["owner", "admin", "moderator", "teammoderator"] as const;
  const MAY_NOT = ["othermoderator", "member", "memberb", "viewer"] as const;

  describe("POST /questions/:id/answer", () => {
    it("moves the question to ANSWERED with responder and time, audits it, and queues the author's email", async () => {
      const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      const response = await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "  It ships in March.  " }).expect(200);
      expect(response.body).toMatchObject({
        status: "ANSWERED",
        responseText: "It ships in March.",
        responder: { id: t.users.moderator.id, name: t.users.moderator.name },
        respondedAt: expect.any(String),
      });
      expect(await auditActions(question.id)).toEqual(["question.create", "question.answer"]);
      const job = app.queue.waiting.find((queued) => queued.name === "question-answered" && (queued.data as { questionId: string }).questionId === question.id);
      expect(job?.data).toEqual({ tenantId: t.tenant.id, questionId: question.id, recipientUserId: t.users.member.id, hideRecipient: false });
    });

    it("answering again edits the answer and queues no second email", async () => {
      const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      await c.admin.post(`/questions/${question.id}/answer`, { responseText: "First answer." }).expect(200);
      const again = await c.admin.post(`/questions/${question.id}/answer`, { responseText: "Corrected answer." }).expect(200);
      expect(again.body).toMatchObject({ status: "ANSWERED", responseText: "Corrected answer." });
      const entries = await app.db("audit_logs").where({ entity_id: question.id, action: "question.answer" }).orderBy("created_at");
      expect(entries.map((entry) => [entry.before.responseText, entry.after.responseText, entry.metadata.edit])).toEqual([
        [null, "First answer.", false],
        ["First answer.", "Corrected answer.", true],
      ]);
      expect(app.queue.waiting.filter((job) => (job.data as { questionId?: string }).questionId === question.id)).toHaveLength(1);
    });

    it("queues no email for a visitor's question or when notifications are off", async () => {
      const guest = visitor(app, { "x-tenant-id": t.tenant.slug });
      const visitorQuestion = (await guest.post("/questions", { body: ORDINARY, teamId: t.teams.a.id }).expect(201)).body;
      await c.admin.post(`/questions/${visitorQuestion.id}/answer`, { responseText: "Answered for a visitor." }).expect(200);
      const quiet = await createTenantFixture(app.db);
      const quietMember = await signIn(app, quiet.tenant.slug, "member");
      const quietQuestion = (await quietMember.post("/questions", { body: ORDINARY, teamId: quiet.teams.a.id }).expect(201)).body;
      await (await signIn(app, quiet.tenant.slug, "admin")).post(`/questions/${quietQuestion.id}/answer`, { responseText: "No mail." }).expect(200);
      const ids = app.queue.waiting.map((job) => (job.data as { questionId?: string }).questionId);
      expect(ids).not.toContain(visitorQuestion.id);
      expect(ids).not.toContain(quietQuestion.id);
    });

    for (const name of MODERATES_TEAM_A) {
      it(`${name} may answer in team A`, async () => {
        const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
        await c[name].post(`/questions/${question.id}/answer`, { responseText: "Yes." }).expect(200);
      });
    }
    for (const name of MAY_NOT) {
      it(`${name} may not answer in team A (403)`, async () => {
        const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
        const response = await c[name].post(`/questions/${question.id}/answer`, { responseText: "Yes." }).expect(403);
        expect(response.body.error.code).toBe("FORBIDDEN");
      });
    }

    it("a visitor gets 401; an empty or oversized answer 400; a frozen question 409", async () => {
      const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      await visitor(app, { "x-tenant-id": t.tenant.slug }).post(`/questions/${question.id}/answer`, { responseText: "Yes." }).expect(401);
      await c.admin.post(`/questions/${question.id}/answer`, { responseText: "   " }).expect(400);
      await c.admin.post(`/questions/${question.id}/answer`, { responseText: "x".repeat(10_001) }).expect(400);
      await c.admin.post(`/questions/${question.id}/answer`, {}).expect(400);
      await c.admin.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200);
      expect((await c.admin.post(`/questions/${question.id}/answer`, { responseText: "Yes." }).expect(409)).body.error.code).toBe("QUESTION_FROZEN");
    });

    it("answering a question in review publishes it as ANSWERED (SPEC: any state)", async () => {
      const id = await pending();
      const response = await c.moderator.post(`/questions/${id}/answer`, { responseText: "Handled." }).expect(200);
      expect(response.body.status).toBe("ANSWERED");
      expect((await c.memberb.get(`/questions/${id}`).expect(200)).body.status).toBe("ANSWERED");
    });
  });

  describe("pin and freeze", () => {
    it("pins and unpins, auditing only real changes", async () => {
      const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      expect((await c.teammoderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200)).body.isPinned).toBe(true);
      await c.teammoderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);
      expect((await c.admin.post(`/questions/${question.id}/pin`, { pinned: false }).expect(200)).body.isPinned).toBe(false);
      expect(await auditActions(question.id)).toEqual(["question.create", "question.pin", "question.pin"]);
      await c.othermoderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(403);
      await c.member.post(`/questions/${question.id}/pin`, { pinned: true }).expect(403);
      await c.admin.post(`/questions/${question.id}/pin`, { pinned: "yes" }).expect(400);
      await c.admin.post(`/questions/${question.id}/pin`, {}).expect(400);
    });

    it("a frozen question takes no upvote, no upvote removal and no answer until unfrozen", async () => {
      const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      await c.admin.post(`/questions/${question.id}/upvote`).expect(200);
      const frozen = await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200);
      expect(frozen.body.isFrozen).toBe(true);
      expect((await c.memberb.post(`/questions/${question.id}/upvote`).expect(409)).body.error.code).toBe("QUESTION_FROZEN");
      await c.admin.delete(`/questions/${question.id}/upvote`).expect(409);
      await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "Too late." }).expect(409);
      await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: false }).expect(200);
      await c.memberb.post(`/questions/${question.id}/upvote`).expect(200);
      expect(await auditActions(question.id)).toEqual(["question.create", "upvote.add", "question.freeze", "question.freeze", "upvote.add"]);
    });

    it("freezing a team's queue needs a moderator of that team; unknown or foreign teams are 404", async () => {
      await c.member.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(403);
      await c.viewer.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(403);
      await visitor(app, { "x-tenant-id": t.tenant.slug }).post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(401);
      await c.admin.post(`/teams/${other.teams.a.id}/freeze`, { frozen: true }).expect(404);
      await c.admin.post("/teams/00000000-0000-4000-8000-000000000000/freeze", { frozen: true }).expect(404);
      await c.admin.post(`/teams/${t.teams.a.id}/freeze`, { frozen: "true" }).expect(400);
      const team = await c.teammoderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(200);
      expect(team.body).toMatchObject({ id: t.teams.a.id, slug: "alpha", queueFrozen: true });
      expect((await c.member.get("/teams").expect(200)).body.find((x: { id: string }) => x.id === t.teams.a.id).queueFrozen).toBe(true);
      await c.teammoderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: false }).expect(200);
    });
  });

  describe("tags on questions", () => {
    it("adds and removes a tag, once each, with tag.add and tag.remove audits", async () => {
      const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      const tagged = await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tags.Bug!.id }).expect(200);
      expect(tagged.body.tags).toEqual([{ id: tags.Bug!.id, name: "Bug", color: tags.Bug!.color }]);
      await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tags.Bug!.id }).expect(200);
      await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tags["Currently Presenting"]!.id }).expect(200);
      const untagged = await c.admin.delete(`/questions/${question.id}/tags/${tags.Bug!.id}`).expect(200);
      expect(untagged.body.tags.map((tag: { name: string }) => tag.name)).toEqual(["Currently Presenting"]);
      await c.admin.delete(`/questions/${question.id}/tags/${tags.Bug!.id}`).expect(200);
      expect(await auditActions(question.id)).toEqual(["question.create", "tag.add", "tag.add", "tag.remove"]);
    });

    it("only moderators of the team and admins tag; a foreign or unknown tag is 404", async () => {
      const question = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      await c.member.post(`/questions/${question.id}/tags`, { tagId: tags.Bug!.id }).expect(403);
      await c.othermoderator.post(`/questions/${question.id}/tags`, { tagId: tags.Bug!.id }).expect(403);
      const foreignTag = (await (await signIn(app, other.tenant.slug, "member")).get("/tags").expect(200)).body[0];
      await c.admin.post(`/questions/${question.id}/tags`, { tagId: foreignTag.id }).expect(404);
      await c.admin.delete(`/questions/${question.id}/tags/${foreignTag.id}`).expect(404);
      await c.admin.post(`/questions/${question.id}/tags`, { tagId: "bug" }).expect(400);
    });
  });

  describe("review: approve, edit and approve, reject", () => {
    it("approve moves UNDER_REVIEW to OPEN for everyone, audited with the flag's reasons", async () => {
      const id = await pending();
      await c.memberb.get(`/questions/${id}`).expect(404);
      const approved = await c.moderator.post(`/questions/${id}/approve`).expect(200);
      expect(approved.body).toMatchObject({ id, status: "OPEN", body: "Original wording of a pending question" });
      await c.memberb.get(`/questions/${id}`).expect(200);
      const entry = await app.db("audit_logs").where({ entity_id: id, action: "question.approve" }).first();
      expect(entry).toMatchObject({ user_id: t.users.moderator.id, before: { status: "UNDER_REVIEW" }, after: { status: "OPEN" } });
      expect(entry.metadata).toMatchObject({ edited: false, reasons: ["profanity"], confidence: "medium" });
    });

    it("edit and approve keeps the original text in the audit entry", async () => {
      const id = await pending();
      const approved = await c.admin.post(`/questions/${id}/approve`, { body: "  Moderator's cleaned-up wording  " }).expect(200);
      expect(approved.body).toMatchObject({ status: "OPEN", body: "Moderator's cleaned-up wording" });
      const entry = await app.db("audit_logs").where({ entity_id: id, action: "question.approve" }).first();
      expect(entry.before.body).toBe("Original wording of a pending question");
      expect(entry.after.body).toBe("Moderator's cleaned-up wording");
      expect(entry.metadata.edited).toBe(true);
      await c.admin.post(`/questions/${id}/approve`, { body: "Approving it a second time" }).expect(409);
      const another = await pending();
      // The edited text must still respect the tenant's length bounds.
      await c.admin.post(`/questions/${another}/approve`, { body: "short" }).expect(400);
    });

    it("reject deletes the question (204) and audits question.reject with the reason", async () => {
      const id = await pending();
      await c.teammoderator.post(`/questions/${id}/reject`, { reason: "Duplicate of an earlier question" }).expect(204);
      await c.admin.get(`/questions/${id}`).expect(404);
      const entry = await app.db("audit_logs").where({ entity_id: id, action: "question.reject" }).first();
      expect(entry.before).toMatchObject({ body: "Original wording of a pending question", status: "UNDER_REVIEW" });
      expect(entry.metadata).toMatchObject({ reason: "Duplicate of an earlier question" });
    });

    it("approve and reject need UNDER_REVIEW (409 NOT_UNDER_REVIEW) and a moderator of the team", async () => {
      const open = await askQuestion(c.member, t.teams.a.id, ORDINARY);
      expect((await c.admin.post(`/questions/${open.id}/approve`).expect(409)).body.error.code).toBe("NOT_UNDER_REVIEW");
      expect((await c.admin.post(`/questions/${open.id}/reject`).expect(409)).body.error.code).toBe("NOT_UNDER_REVIEW");
      const id = await pending();
      // The author sees their own question in review but cannot approve it.
      await c.member.post(`/questions/${id}/approve`).expect(403);
      // A moderator of another team does not even see it.
      await c.othermoderator.post(`/questions/${id}/approve`).expect(404);
      await c.othermoderator.post(`/questions/${id}/reject`).expect(404);
      await c.admin.post(`/questions/${id}/approve`, { body: 42 }).expect(400);
      await c.admin.post(`/questions/${id}/reject`, { reason: "x".repeat(501) }).expect(400);
      expect((await c.admin.get(`/questions/${id}`).expect(200)).body.status).toBe("UNDER_REVIEW");
    });

    it("moderators see the check's reasons and confidence; the author does not", async () => {
      const id = await pending();
      expect((await c.moderator.get(`/questions/${id}`).expect(200)).body.moderation).toEqual({ reasons: ["profanity"], confidence: "medium" });
      expect((await c.member.get(`/questions/${id}`).expect(200)).body.moderation).toBeNull();
    });
  });

  it("every moderation endpoint answers 404 for another tenant's question", async () => {
    const foreignMember = await signIn(app, other.tenant.slug, "member");
    const foreign = (await foreignMember.post("/questions", { body: ORDINARY, teamId: other.teams.a.id }).expect(201)).body.id;
    const calls: Array<(client: Client) => Promise<unknown>> = [
      (client) => client.post(`/questions/${foreign}/answer`, { responseText: "x" }).expect(404),
      (client) => client.post(`/questions/${foreign}/pin`, { pinned: true }).expect(404),
      (client) => client.post(`/questions/${foreign}/freeze`, { frozen: true }).expect(404),
      (client) => client.post(`/questions/${foreign}/tags`, { tagId: tags.Bug!.id }).expect(404),
      (client) => client.delete(`/questions/${foreign}/tags/${tags.Bug!.id}`).expect(404),
      (client) => client.post(`/questions/${foreign}/approve`).expect(404),
      (client) => client.post(`/questions/${foreign}/reject`).expect(404),
      (client) => client.post(`/questions/${foreign}/upvote`).expect(404),
    ];
    for (const call of calls) await call(c.owner);
    const untouched = await app.db("questions").where({ id: foreign }).first();
    expect(untouched).toMatchObject({ status: "OPEN", is_pinned: false, is_frozen: false, upvote_count: 0 });
  });
});

describe("question counts (the boards' totals)", () => {
  it("stay equal to the rows after submits, answers, approvals, rejections, deletions and team moves", async () => {
    const app = await createTestApp();
    try {
      const t = await createTenantFixture(app.db);
      const c = await signInMany(app, t.tenant.slug, ["admin", "member"]);
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1)
        ids.push((await c.member.post("/questions", { body: `Counting question number ${i} here`, teamId: t.teams.a.id }).expect(201)).body.id);
      await c.admin.post(`/questions/${ids[0]}/answer`, { responseText: "Done." }).expect(200);
      await c.admin.delete(`/questions/${ids[1]}`).expect(204);
      const [pending] = await app
        .db("questions")
        .insert({ tenant_id: t.tenant.id, team_id: t.teams.b.id, body: "Waiting in review", status: "UNDER_REVIEW" })
        .returning("id");
      const [rejected] = await app
        .db("questions")
        .insert({ tenant_id: t.tenant.id, team_id: t.teams.b.id, body: "To be rejected", status: "UNDER_REVIEW" })
        .returning("id");
      await c.admin.post(`/questions/${pending.id}/approve`).expect(200);
      await c.admin.post(`/questions/${rejected.id}/reject`).expect(204);
      await app.db("questions").where({ id: ids[2] }).update({ team_id: t.teams.b.id });
      const counted = await app
        .db("question_counts")
        .where({ tenant_id: t.tenant.id })
        .where("n", "<>", 0)
        .select("team_id", "status", "n")
        .orderBy(["team_id", "status"]);
      const actual = await app
        .db("questions")
        .where({ tenant_id: t.tenant.id })
        .select("team_id", "status")
        .count<Array<{ team_id: string; status: string; n: number }>>("* as n")
        .groupBy("team_id", "status")
        .orderBy(["team_id", "status"]);
      expect(counted).toEqual(actual.map((row) => ({ ...row, n: Number(row.n) })));
      const board = await c.member.get(`/questions?teamId=${t.teams.b.id}`).expect(200);
      expect(board.body.total).toBe(2);
      expect((await c.member.get("/questions").expect(200)).body.total).toBe(6);
    } finally {
      await app.close();
    }
  });
});
