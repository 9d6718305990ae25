import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { questionReads, watchEvents } from "../helpers/commands.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** The freeze command (questions.freeze.command.ts): one question frozen or thawed, decided on its locked row. */
describe("POST /questions/:id/freeze (the freeze command)", () => {
  const clock = new ManualClock("2026-11-23T09:30:00.456Z");
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"moderator" | "admin" | "member", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["moderator", "admin", "member"]);
  });
  afterAll(() => app.close());

  const freezeAudits = async (id: string) => (await auditActions(app.db, t.tenant.id, "question.freeze")).filter((entry) => entry.entity_id === id);

  it("freezes at the app's clock time, audits it with its scope, announces it, and reads the question once, locked", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    const live = watchEvents(app, t.tenant.id);
    let body: Record<string, unknown> = {};
    const reads = await questionReads(app, question.id, async () => {
      body = (await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200)).body;
    });
    live.stop();
    expect(body).toMatchObject({ id: question.id, isFrozen: true, isPinned: false });
    expect(reads).toEqual({ reads: 2, locking: 1 });
    expect(new Date((await app.db("questions").where({ id: question.id }).first("updated_at")).updated_at).toISOString()).toBe("2026-11-23T09:30:00.456Z");
    expect(await freezeAudits(question.id)).toEqual([
      expect.objectContaining({
        user_id: t.users.moderator.id,
        entity_type: "question",
        before: { isFrozen: false },
        after: { isFrozen: true },
        metadata: expect.objectContaining({ scope: "question" }),
      }),
    ]);
    expect(live.received()).toEqual([{ type: "question:frozen", data: { scope: "question", id: question.id, isFrozen: true } }]);
  });

  it("freezing a frozen question is a no-op; thawing is audited and announced", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200);
    const live = watchEvents(app, t.tenant.id);
    expect((await c.admin.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200)).body.isFrozen).toBe(true);
    expect(live.received()).toEqual([]);
    expect((await c.admin.post(`/questions/${question.id}/freeze`, { frozen: false }).expect(200)).body.isFrozen).toBe(false);
    live.stop();
    expect(live.received()).toEqual([{ type: "question:frozen", data: { scope: "question", id: question.id, isFrozen: false } }]);
    expect((await freezeAudits(question.id)).map((entry) => [entry.user_id, entry.after])).toEqual([
      [t.users.moderator.id, { isFrozen: true }],
      [t.users.admin.id, { isFrozen: false }],
    ]);
  });
});
