import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { questionReads, watchEvents } from "../helpers/commands.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** The reject command (questions.reject.command.ts): a question in review is deleted; only the audit log keeps it. */
describe("POST /questions/:id/reject (the reject command)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"moderator" | "member", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db, { settings: { features: { requireQuestionApproval: true } } });
    c = await signInMany(app, t.tenant.slug, ["moderator", "member"]);
  });
  afterAll(() => app.close());

  const rejection = (id: string) => app.db("audit_logs").where({ tenant_id: t.tenant.id, entity_id: id, action: "question.reject" });

  it("deletes the question, audits what it said with the reason, announces nothing, and reads it once, locked", async () => {
    const question = await askQuestion(c.member, t.teams.a.id, "Why was the parking budget cut this year?");
    const live = watchEvents(app, t.tenant.id);
    const reads = await questionReads(app, question.id, () =>
      c.moderator.post(`/questions/${question.id}/reject`, { reason: "Asked and answered last week" }).expect(204),
    );
    live.stop();
    expect(reads).toEqual({ reads: 2, locking: 1 });
    await c.moderator.get(`/questions/${question.id}`).expect(404);
    const [entry] = await rejection(question.id);
    expect(entry).toMatchObject({
      user_id: t.users.moderator.id,
      before: {
        body: "Why was the parking budget cut this year?",
        teamId: t.teams.a.id,
        status: "UNDER_REVIEW",
        isAnonymous: false,
        upvoteCount: 0,
        responseText: null,
      },
      after: null,
    });
    expect(entry.metadata).toMatchObject({ reason: "Asked and answered last week" });
    expect(live.received()).toEqual([]);
  });

  it("a question no longer in review is refused (409 NOT_UNDER_REVIEW) and stays", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/approve`).expect(200);
    const refused = await c.moderator.post(`/questions/${question.id}/reject`).expect(409);
    expect(refused.body.error.code).toBe("NOT_UNDER_REVIEW");
    expect((await c.member.get(`/questions/${question.id}`).expect(200)).body.status).toBe("OPEN");
    expect(await rejection(question.id)).toEqual([]);
  });
});
