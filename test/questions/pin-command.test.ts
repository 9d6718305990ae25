import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { questionReads, watchEvents } from "../helpers/commands.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** The pin command (questions.pin.command.ts): one locked read, one audit entry and one event per real change. */
describe("POST /questions/:id/pin (the pin command)", () => {
  const clock = new ManualClock("2026-11-23T08:00:00.123Z");
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"moderator" | "teammoderator" | "member", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["moderator", "teammoderator", "member"]);
  });
  afterAll(() => app.close());

  const pinAudits = async (id: string) => (await auditActions(app.db, t.tenant.id, "question.pin")).filter((entry) => entry.entity_id === id);

  it("pins at the app's clock time, audits and announces the change, and reads the question once, locked", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    const live = watchEvents(app, t.tenant.id);
    let response: { body: Record<string, unknown> } | undefined;
    const reads = await questionReads(app, question.id, async () => {
      response = await c.moderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);
    });
    live.stop();
    expect(response?.body).toMatchObject({ id: question.id, isPinned: true, status: "OPEN" });
    // The route's record rule reads it once; the command only through its lock.
    expect(reads).toEqual({ reads: 2, locking: 1 });
    const row = await app.db("questions").where({ id: question.id }).first("pinned_at", "updated_at");
    expect(new Date(row.pinned_at).toISOString()).toBe("2026-11-23T08:00:00.123Z");
    expect(new Date(row.updated_at).toISOString()).toBe("2026-11-23T08:00:00.123Z");
    expect(await pinAudits(question.id)).toEqual([
      expect.objectContaining({ user_id: t.users.moderator.id, entity_type: "question", before: { isPinned: false }, after: { isPinned: true } }),
    ]);
    expect(live.received()).toEqual([{ type: "question:pinned", data: { id: question.id, isPinned: true } }]);
  });

  it("pinning a pinned question changes, audits and announces nothing; unpinning clears the time", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);
    const live = watchEvents(app, t.tenant.id);
    expect((await c.teammoderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200)).body.isPinned).toBe(true);
    expect(live.received()).toEqual([]);
    expect(await pinAudits(question.id)).toHaveLength(1);
    expect((await c.teammoderator.post(`/questions/${question.id}/pin`, { pinned: false }).expect(200)).body.isPinned).toBe(false);
    live.stop();
    expect(live.received()).toEqual([{ type: "question:pinned", data: { id: question.id, isPinned: false } }]);
    expect((await app.db("questions").where({ id: question.id }).first("pinned_at")).pinned_at).toBeNull();
    expect((await pinAudits(question.id)).map((entry) => entry.after)).toEqual([{ isPinned: true }, { isPinned: false }]);
  });

  it("two moderators pinning at once: the lock lets one change it, so one audit entry and one event", async () => {
    const question = await askQuestion(c.member, t.teams.a.id);
    const live = watchEvents(app, t.tenant.id);
    await Promise.all([c.moderator, c.teammoderator].map((client) => client.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200)));
    live.stop();
    expect(await pinAudits(question.id)).toHaveLength(1);
    expect(live.received()).toEqual([{ type: "question:pinned", data: { id: question.id, isPinned: true } }]);
  });
});
