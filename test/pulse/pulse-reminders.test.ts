import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDuePulses, runPulseForTenant, type PulseSchedulerDeps } from "../../src/modules/pulse/pulse.scheduler.service.js";
import { createLogger } from "../../src/platform/logger.js";
import type { InMemoryJobQueue } from "../../src/platform/queue.js";
import { DEFAULT_TENANT_SETTINGS } from "../../src/platform/tenant-settings.schemas.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion, scheduleEveryoneInOneGroup } from "../helpers/pulse.js";

const DAY_MS = 86_400_000;
// Far from the real date, so no other file's scheduler tick or sweep meets these tenants' invites.
const DAY0 = Date.parse("2099-03-02T09:30:00Z");

/**
 * CONTRACT §5 "Reminders": pulse.reminderAfterDays after the send, the daily run sends one reminder
 * e-mail (same links) to each invitee whose invite is still open; never a second one, never to an
 * invitee who answered, whose invite expired, who opted out of e-mail or was deactivated; the
 * day's run claim means two instances or a rerun never send twice.
 */
describe("pulse reminders", () => {
  let app: TestApp;
  let deps: PulseSchedulerDeps;
  const clock = new ManualClock(new Date(DAY0).toISOString());

  beforeAll(async () => {
    app = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
    deps = { db: app.db, queue: app.queue, logger: createLogger({ level: "silent" }), clock };
  });
  afterAll(() => app.close());

  const queue = () => app.queue as InMemoryJobQueue;
  const remindersOf = (tenantId: string) =>
    queue()
      .waiting.filter((job) => job.name === "pulse-invite" && job.data.tenantId === tenantId && (job.data as { reminder?: boolean }).reminder === true)
      .map((job) => (job.data as { inviteId: string }).inviteId);

  async function tenant(reminderAfterDays?: number) {
    const pulse = { enabled: true, ...(reminderAfterDays === undefined ? {} : { reminderAfterDays }) };
    const fixture = await createTenantFixture(app.db, { settings: { pulse } });
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await scheduleEveryoneInOneGroup(admin);
    await addPulseQuestion(app.db, fixture.tenant.id, { text: "How is your week?" });
    return { fixture, admin };
  }
  const onDay = async (fixture: TenantFixture, day: number) => {
    clock.set(new Date(DAY0 + day * DAY_MS).toISOString());
    return runDuePulses(deps, [fixture.tenant.id]);
  };
  const invites = (fixture: TenantFixture) => app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).orderBy("sent_at");
  const inviteOf = async (fixture: TenantFixture, userId: string) => (await invites(fixture)).find((row) => row.user_id === userId);

  it("the default is 3 days", () => {
    expect(DEFAULT_TENANT_SETTINGS.pulse.reminderAfterDays).toBe(3);
  });

  it("one reminder after N days, none before, never twice, and never to the answered, expired, opted-out or deactivated", async () => {
    const { fixture } = await tenant(3);
    const [sent] = await onDay(fixture, 0);
    expect(sent?.outcome).toMatchObject({ status: "sent" });
    const all = await invites(fixture);
    expect(all.length).toBeGreaterThanOrEqual(5);
    // The member answers at once; one invitee opts out of e-mail, one is deactivated.
    const member = await inviteOf(fixture, fixture.users.member.id);
    await request(app.app).post("/pulse/respond").send({ token: member.token, score: 4 }).expect(200);
    await app
      .db("users")
      .where({ id: fixture.users.viewer.id })
      .update({ email_opt_out_at: new Date(DAY0) });
    await app
      .db("users")
      .where({ id: fixture.users.teamModerator.id })
      .update({ deactivated_at: new Date(DAY0) });
    // An invite that expires before the reminder would go.
    const expired = await addInvite(app.db, {
      tenantId: fixture.tenant.id,
      userId: fixture.users.owner.id,
      questionId: member.question_id,
      sentAt: new Date(DAY0 - 3_600_000).toISOString(),
      expiresAt: new Date(DAY0 + 2 * DAY_MS).toISOString(),
    });

    for (const day of [1, 2]) {
      await onDay(fixture, day);
      expect(remindersOf(fixture.tenant.id), `day ${day}`).toEqual([]);
    }
    await onDay(fixture, 3);
    const skipped = new Set([fixture.users.member.id, fixture.users.viewer.id, fixture.users.teamModerator.id]);
    const expected = all.filter((row) => !skipped.has(row.user_id)).map((row) => row.id);
    expect(remindersOf(fixture.tenant.id).sort()).toEqual([...expected].sort());
    expect(remindersOf(fixture.tenant.id)).not.toContain(expired.id);
    expect(remindersOf(fixture.tenant.id)).not.toContain(member.id);

    // A rerun of the day (scheduler and an admin's manual run) and the next days send no second one.
    await onDay(fixture, 3);
    await (await signIn(app, fixture.tenant.slug, "admin")).post("/admin/pulse/run").expect(200);
    for (const day of [4, 5]) await onDay(fixture, day);
    expect(remindersOf(fixture.tenant.id)).toHaveLength(expected.length);
    expect(await app.db("pulse_invites").whereIn("id", expected).whereNull("reminded_at")).toEqual([]);
  });

  it("two instances running the same day at the same moment send each reminder once", async () => {
    const { fixture } = await tenant(2);
    await onDay(fixture, 0);
    clock.set(new Date(DAY0 + 2 * DAY_MS).toISOString());
    const settings = { ...DEFAULT_TENANT_SETTINGS, pulse: { ...DEFAULT_TENANT_SETTINGS.pulse, enabled: true, reminderAfterDays: 2 } };
    await Promise.all([
      runDuePulses(deps, [fixture.tenant.id]),
      runDuePulses(deps, [fixture.tenant.id]),
      runPulseForTenant(deps, { tenantId: fixture.tenant.id, settings }, { trigger: "scheduler", now: clock.now() }),
    ]);
    const reminders = remindersOf(fixture.tenant.id);
    expect(reminders.length).toBe((await invites(fixture)).length);
    expect(new Set(reminders).size).toBe(reminders.length);
  });

  it("reminderAfterDays 0 sends none; it is refused outside 0..14", async () => {
    const { fixture } = await tenant(0);
    for (const day of [0, 1, 2, 3, 4, 5, 6]) await onDay(fixture, day);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    expect(remindersOf(fixture.tenant.id)).toEqual([]);
    expect(await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).whereNotNull("reminded_at")).toEqual([]);
    for (const value of [-1, 15, 1.5, "3"]) {
      const response = await admin.post("/admin/tenant-settings", { pulse: { reminderAfterDays: value } });
      expect(response.status, String(value)).toBe(400);
    }
    await admin.post("/admin/tenant-settings", { pulse: { reminderAfterDays: 14 } }).expect(200);
  });

  it("participation counts invites answered before and after their reminder, from invite rows only", async () => {
    const { fixture } = await tenant(1);
    await onDay(fixture, 0);
    const member = await inviteOf(fixture, fixture.users.member.id);
    await request(app.app).post("/pulse/respond").send({ token: member.token, score: 5 }).expect(200);
    await onDay(fixture, 1);
    const reminded = remindersOf(fixture.tenant.id);
    expect(reminded.length).toBeGreaterThanOrEqual(2);
    const later = (await invites(fixture)).filter((row) => reminded.includes(row.id)).slice(0, 2);
    for (const row of later) await request(app.app).post("/pulse/respond").send({ token: row.token, score: 2 }).expect(200);
    const body = (await (await signIn(app, fixture.tenant.slug, "admin")).get("/pulse/summary").expect(200)).body;
    expect(body.summary.participation).toEqual({ reminded: reminded.length, answeredBeforeReminder: 1, answeredAfterReminder: 2 });
    // Nothing about an answer is on the invite but whether it came after the reminder.
    const answered = await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).whereNotNull("responded_at");
    expect(
      answered
        .filter((row) => row.answered_after_reminder)
        .map((row) => row.id)
        .sort(),
    ).toEqual(later.map((row) => row.id).sort());
  });

  it("participation of each team, and of all, agrees with the invite rows as invites are reminded, answered and deleted", async () => {
    const { fixture, admin } = await tenant(1);
    await onDay(fixture, 0);
    const early = await inviteOf(fixture, fixture.users.member.id);
    await request(app.app).post("/pulse/respond").send({ token: early.token, score: 5 }).expect(200);
    await onDay(fixture, 1);
    const [late] = (await invites(fixture)).filter((row) => row.reminded_at && row.team_id === fixture.teams.b.id);
    await request(app.app).post("/pulse/respond").send({ token: late.token, score: 2 }).expect(200);
    const fromInvites = async (teamId?: string) => {
      const rows = (await invites(fixture)).filter((row) => !teamId || row.team_id === teamId);
      return {
        reminded: rows.filter((row) => row.reminded_at).length,
        answeredBeforeReminder: rows.filter((row) => row.responded_at && !row.answered_after_reminder).length,
        answeredAfterReminder: rows.filter((row) => row.answered_after_reminder).length,
      };
    };
    const expectAgreement = async () => {
      expect((await admin.get("/pulse/summary").expect(200)).body.summary.participation).toEqual(await fromInvites());
      for (const team of [fixture.teams.a, fixture.teams.b]) {
        expect((await admin.get(`/pulse/summary?team=${team.id}`).expect(200)).body.summary.participation, team.slug).toEqual(await fromInvites(team.id));
      }
    };
    expect(await fromInvites()).toMatchObject({ answeredBeforeReminder: 1, answeredAfterReminder: 1 });
    await expectAgreement();
    // A person's invites go with them (a deleted account): the counts follow.
    await app.db("pulse_invites").where({ id: late.id }).delete();
    expect((await fromInvites(fixture.teams.b.id)).answeredAfterReminder).toBe(0);
    await expectAgreement();
  });
});
