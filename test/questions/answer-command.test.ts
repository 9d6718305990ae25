import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { questionReads, watchEvents } from "../helpers/commands.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** The answer command (questions.answer.command.ts): answer or edit the answer, email the author once. */
describe("POST /questions/:id/answer (the answer command)", () => {
  const clock = new ManualClock("2026-11-23T11:00:00.321Z");
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"moderator" | "admin" | "member", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    t = await createTenantFixture(app.db, { settings: { features: { enableEmailNotifications: true } } });
    c = await signInMany(app, t.tenant.slug, ["moderator", "admin", "member"]);
  });
  afterAll(() => app.close());

  const answerAudits = async (id: string) => (await auditActions(app.db, t.tenant.id, "question.answer")).filter((entry) => entry.entity_id === id);
  const answeredEmails = (id: string) =>
    app.queue.waiting.filter((job) => job.name === "question-answered" && (job.data as { questionId: string }).questionId === id);

  it("answers at the app's clock time, audits, announces and queues the author's email, reading the question once, locked", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    const live = watchEvents(app, t.tenant.id);
    let body: Record<string, unknown> = {};
    const reads = await questionReads(app, question.id, async () => {
      body = (await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "It ships in March." }).expect(200)).body;
    });
    live.stop();
    expect(body).toMatchObject({
      id: question.id,
      status: "ANSWERED",
      responseText: "It ships in March.",
      responder: { id: t.users.moderator.id, name: t.users.moderator.name },
      respondedAt: "2026-11-23T11:00:00.321Z",
    });
    expect(reads).toEqual({ reads: 2, locking: 1 });
    // What the command returned in memory is what a later read gives.
    expect((await c.member.get(`/questions/${question.id}`).expect(200)).body).toMatchObject({
      responder: { id: t.users.moderator.id, name: t.users.moderator.name },
      respondedAt: "2026-11-23T11:00:00.321Z",
    });
    expect(await answerAudits(question.id)).toEqual([
      expect.objectContaining({
        user_id: t.users.moderator.id,
        before: { status: "OPEN", responseText: null },
        after: { status: "ANSWERED", responseText: "It ships in March." },
        metadata: expect.objectContaining({ edit: false }),
      }),
    ]);
    expect(live.received()).toEqual([{ type: "question:answered", data: { id: question.id, status: "ANSWERED", responseText: "It ships in March." } }]);
    expect(answeredEmails(question.id)).toHaveLength(1);
  });

  it("answering again edits the answer: audited as an edit, announced, no second email", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "First." }).expect(200);
    clock.advance(60_000);
    const live = watchEvents(app, t.tenant.id);
    const again = await c.admin.post(`/questions/${question.id}/answer`, { responseText: "Corrected." }).expect(200);
    live.stop();
    expect(again.body).toMatchObject({ responseText: "Corrected.", responder: { id: t.users.admin.id }, respondedAt: "2026-11-23T11:01:00.321Z" });
    expect((await answerAudits(question.id)).map((entry) => [entry.before, entry.metadata.edit])).toEqual([
      [{ status: "OPEN", responseText: null }, false],
      [{ status: "ANSWERED", responseText: "First." }, true],
    ]);
    expect(live.received()).toEqual([{ type: "question:answered", data: { id: question.id, status: "ANSWERED", responseText: "Corrected." } }]);
    expect(answeredEmails(question.id)).toHaveLength(1);
  });

  it("answering a question in review publishes it first (question:created, then question:answered)", async () => {
    const [row] = await app
      .db("questions")
      .insert({
        tenant_id: t.tenant.id,
        team_id: t.teams.a.id,
        author_id: t.users.member.id,
        body: "Held for review by the content check",
        status: "UNDER_REVIEW",
      })
      .returning("id");
    const live = watchEvents(app, t.tenant.id);
    await c.moderator.post(`/questions/${row.id}/answer`, { responseText: "Handled." }).expect(200);
    live.stop();
    expect(live.received().map((event) => [event.type, event.data.status])).toEqual([
      ["question:created", "ANSWERED"],
      ["question:answered", "ANSWERED"],
    ]);
  });

  it("a frozen question takes no answer: 409, nothing audited, announced or emailed", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200);
    const live = watchEvents(app, t.tenant.id);
    const refused = await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "Too late." }).expect(409);
    live.stop();
    expect(refused.body.error.code).toBe("QUESTION_FROZEN");
    expect(live.received()).toEqual([]);
    expect(await answerAudits(question.id)).toEqual([]);
    expect(answeredEmails(question.id)).toEqual([]);
  });
});
