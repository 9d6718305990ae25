import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { watchEvents } from "../helpers/commands.js";
import { createTenantFixture, questionBody, type TenantFixture } from "../helpers/factories.js";

/** The queue freeze command (questions.queue-freeze.command.ts): a team's queue, decided on the locked team row. */
describe("POST /teams/:teamId/freeze (the queue freeze command)", () => {
  const clock = new ManualClock("2026-11-23T10:15:00.789Z");
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"teammoderator" | "admin" | "member", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["teammoderator", "admin", "member"]);
  });
  afterAll(() => app.close());

  const queueAudits = async () => (await auditActions(app.db, t.tenant.id, "question.freeze")).filter((entry) => entry.entity_id === t.teams.a.id);

  it("freezes the queue at the app's clock time, audits it on the team, announces it, and the team list shows it at once", async () => {
    await c.member.get("/teams").expect(200);
    const live = watchEvents(app, t.tenant.id);
    const team = await c.teammoderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(200);
    live.stop();
    expect(team.body).toMatchObject({ id: t.teams.a.id, slug: "alpha", queueFrozen: true });
    expect(new Date((await app.db("teams").where({ id: t.teams.a.id }).first("updated_at")).updated_at).toISOString()).toBe("2026-11-23T10:15:00.789Z");
    expect(await queueAudits()).toEqual([
      expect.objectContaining({
        user_id: t.users.teamModerator.id,
        entity_type: "team",
        before: { queueFrozen: false },
        after: { queueFrozen: true },
        metadata: expect.objectContaining({ scope: "queue" }),
      }),
    ]);
    expect(live.received()).toEqual([{ type: "question:frozen", data: { scope: "queue", teamId: t.teams.a.id, frozen: true } }]);
    expect((await c.member.get("/teams").expect(200)).body.find((x: { id: string }) => x.id === t.teams.a.id).queueFrozen).toBe(true);
    const refused = await c.member.post("/questions", { body: questionBody(), teamId: t.teams.a.id }).expect(409);
    expect(refused.body.error.code).toBe("QUEUE_FROZEN");
  });

  it("freezing a frozen queue is a no-op; thawing is audited and announced", async () => {
    const live = watchEvents(app, t.tenant.id);
    expect((await c.admin.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(200)).body.queueFrozen).toBe(true);
    expect(live.received()).toEqual([]);
    expect(await queueAudits()).toHaveLength(1);
    expect((await c.admin.post(`/teams/${t.teams.a.id}/freeze`, { frozen: false }).expect(200)).body.queueFrozen).toBe(false);
    live.stop();
    expect(live.received()).toEqual([{ type: "question:frozen", data: { scope: "queue", teamId: t.teams.a.id, frozen: false } }]);
    expect((await queueAudits()).map((entry) => entry.after)).toEqual([{ queueFrozen: true }, { queueFrozen: false }]);
    await c.member.post("/questions", { body: questionBody(), teamId: t.teams.a.id }).expect(201);
  });
});
