import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { questionReads, watchEvents } from "../helpers/commands.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** The approve command (questions.approve.command.ts): a question in review goes out, in its words or a moderator's. */
describe("POST /questions/:id/approve (the approve command)", () => {
  const clock = new ManualClock("2026-11-23T12:45:00.654Z");
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"moderator" | "member", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    // Every question waits for review: they reach it through the API, as a member's would.
    t = await createTenantFixture(app.db, { settings: { features: { requireQuestionApproval: true } } });
    c = await signInMany(app, t.tenant.slug, ["moderator", "member"]);
  });
  afterAll(() => app.close());

  const approval = (id: string) => app.db("audit_logs").where({ tenant_id: t.tenant.id, entity_id: id, action: "question.approve" }).first();

  it("publishes the question in the moderator's words: audited with the original, announced once, read once, locked", async () => {
    const question = await askQuestion(c.member, t.teams.a.id, "What is the plan for the office move next spring?");
    expect(question.status).toBe("UNDER_REVIEW");
    const live = watchEvents(app, t.tenant.id);
    let body: Record<string, unknown> = {};
    const reads = await questionReads(app, question.id, async () => {
      body = (await c.moderator.post(`/questions/${question.id}/approve`, { body: "  What is the plan for the office move?  " }).expect(200)).body;
    });
    live.stop();
    expect(body).toMatchObject({ id: question.id, status: "OPEN", body: "What is the plan for the office move?" });
    expect(reads).toEqual({ reads: 2, locking: 1 });
    expect(new Date((await app.db("questions").where({ id: question.id }).first("updated_at")).updated_at).toISOString()).toBe("2026-11-23T12:45:00.654Z");
    const entry = await approval(question.id);
    expect(entry).toMatchObject({
      user_id: t.users.moderator.id,
      before: { body: "What is the plan for the office move next spring?", status: "UNDER_REVIEW" },
      after: { body: "What is the plan for the office move?", status: "OPEN" },
    });
    expect(entry.metadata).toMatchObject({ edited: true });
    expect(live.received()).toEqual([
      { type: "question:created", data: expect.objectContaining({ id: question.id, status: "OPEN", body: "What is the plan for the office move?" }) },
    ]);
  });

  it("approving as asked keeps the author's words (edited: false)", async () => {
    const question = await askQuestion(c.member, t.teams.a.id, "Will the cafeteria stay open during the holidays?");
    const approved = await c.moderator.post(`/questions/${question.id}/approve`).expect(200);
    expect(approved.body).toMatchObject({ status: "OPEN", body: "Will the cafeteria stay open during the holidays?" });
    expect((await approval(question.id)).metadata).toMatchObject({ edited: false });
  });

  it("a question no longer in review is refused (409 NOT_UNDER_REVIEW): nothing changed, audited or announced", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/approve`).expect(200);
    const live = watchEvents(app, t.tenant.id);
    const again = await c.moderator.post(`/questions/${question.id}/approve`, { body: "A second approval with other words" }).expect(409);
    live.stop();
    expect(again.body.error.code).toBe("NOT_UNDER_REVIEW");
    expect(live.received()).toEqual([]);
    expect(await app.db("audit_logs").where({ tenant_id: t.tenant.id, entity_id: question.id, action: "question.approve" })).toHaveLength(1);
    expect((await c.member.get(`/questions/${question.id}`).expect(200)).body.body).not.toBe("A second approval with other words");
  });
});
