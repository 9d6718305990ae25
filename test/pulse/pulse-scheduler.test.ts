import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cohortIndex } from "../../src/modules/pulse/pulse.calendar.js";
import { runDuePulses, runPulseForTenant, type PulseSchedulerDeps } from "../../src/modules/pulse/pulse.scheduler.service.js";
import { createLogger } from "../../src/platform/logger.js";
import type { JobQueue } from "../../src/platform/queue.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addPulseQuestion, UUID_V4 } from "../helpers/pulse.js";

const DAY = 86_400_000;
const WEEK = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]; // Monday..Sunday

/** A user id whose cohort (of numCohorts) is `index`. */
function idInCohort(index: number, numCohorts: number): string {
  for (;;) {
    const id = randomUUID();
    if (cohortIndex(id, numCohorts) === index) return id;
  }
}

interface ScheduleOptions {
  timezone?: string;
  num_cohorts?: number;
  enabled?: boolean;
  cadence?: string;
  time?: string;
  rotating_cohorts?: boolean;
}

describe("pulse scheduler", () => {
  let app: TestApp;
  const clock = new ManualClock("2026-11-23T08:00:00Z");
  let deps: PulseSchedulerDeps;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    deps = { db: app.db, queue: app.queue, logger: createLogger({ level: "silent" }), clock };
  });
  afterAll(() => app.close());

  /** A pulse-enabled tenant with `perCohort` extra users in each of 5 cohorts, alternating teams. */
  async function pulseTenant(options: { perCohort?: number; schedule?: ScheduleOptions; settings?: { pulse: object } } = {}) {
    const { timezone, num_cohorts, enabled, cadence, time, rotating_cohorts } = options.schedule ?? {};
    // The switch, cadence, send time and rotation are pulse settings; the time zone and cohort count the schedule's own.
    const pulse = {
      enabled: true,
      // The sends are this file's subject; reminders are pulse-reminders.test.ts's.
      reminderAfterDays: 0,
      ...options.settings?.pulse,
      ...(enabled === undefined ? {} : { enabled }),
      ...(cadence === undefined ? {} : { defaultCadence: cadence }),
      ...(time === undefined ? {} : { defaultTime: time }),
      ...(rotating_cohorts === undefined ? {} : { rotatingCohorts: rotating_cohorts }),
    };
    const fixture = await createTenantFixture(app.db, { settings: { pulse } });
    const extra: Array<{ id: string; teamId: string }> = [];
    for (let cohort = 0; cohort < 5; cohort += 1) {
      for (let i = 0; i < (options.perCohort ?? 3); i += 1) {
        extra.push({ id: idInCohort(cohort, 5), teamId: i % 2 === 0 ? fixture.teams.a.id : fixture.teams.b.id });
      }
    }
    await app.db("users").insert(
      extra.map((user, i) => ({
        id: user.id,
        tenant_id: fixture.tenant.id,
        email: `extra${i}.${fixture.tenant.slug}@example.com`,
        name: `Extra ${i}`,
        role: "member",
        primary_team_id: user.teamId,
      })),
    );
    const row = { ...(timezone === undefined ? {} : { timezone }), ...(num_cohorts === undefined ? {} : { num_cohorts }) };
    if (Object.keys(row).length) await app.db("pulse_schedules").where({ tenant_id: fixture.tenant.id }).update(row);
    return fixture;
  }

  async function activeUsers(tenantId: string) {
    return app.db("users").where({ tenant_id: tenantId }).whereNull("deactivated_at").whereNull("email_opt_out_at").select("id", "primary_team_id");
  }

  const invitesOf = (tenantId: string) => app.db("pulse_invites").where({ tenant_id: tenantId }).orderBy("sent_at");
  const tick = async (at: string, tenants: TenantFixture[]) => {
    clock.set(at);
    return runDuePulses(
      deps,
      tenants.map((fixture) => fixture.tenant.id),
    );
  };

  it("across a week (UTC, weekly): Monday..Friday send cohorts 0..4 at 09:00; the weekend wraps to cohort 4, already invited", async () => {
    const fixture = await pulseTenant();
    const questions = [];
    for (let i = 0; i < 3; i += 1)
      questions.push(await addPulseQuestion(app.db, fixture.tenant.id, { text: `Q${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    const users = await activeUsers(fixture.tenant.id);

    for (const [weekday, date] of WEEK.entries()) {
      expect(await tick(`${date}T08:59:00Z`, [fixture])).toEqual([]);
      const queuedBefore = app.queue.waiting.length;
      const [run] = await tick(`${date}T09:00:00Z`, [fixture]);
      const cohort = weekday <= 4 ? weekday : 4;
      const sentToday = (await invitesOf(fixture.tenant.id)).filter((invite) => new Date(invite.sent_at).toISOString().startsWith(date));
      const expectedUsers = weekday <= 4 ? users.filter((user) => cohortIndex(user.id, 5) === cohort) : [];
      expect(run?.outcome, date).toEqual({ status: "sent", cohort: `cohort-${cohort}`, invitesCreated: expectedUsers.length, localDate: date });
      expect(sentToday.map((invite) => invite.user_id).sort()).toEqual(expectedUsers.map((user) => user.id).sort());
      for (const invite of sentToday) {
        const user = users.find((candidate) => candidate.id === invite.user_id);
        expect(invite).toMatchObject({ cohort_name: `cohort-${cohort}`, question_id: questions[cohort % 3], team_id: user?.primary_team_id });
        expect(invite.token).toMatch(UUID_V4);
        expect(new Date(invite.expires_at).getTime() - new Date(invite.sent_at).getTime()).toBe(7 * DAY);
        expect(invite.responded_at).toBeNull();
      }
      const jobs = app.queue.waiting.slice(queuedBefore);
      expect(jobs.map((job) => job.data).sort((a, b) => ("inviteId" in a && "inviteId" in b ? a.inviteId.localeCompare(b.inviteId) : 0))).toEqual(
        sentToday.map((invite) => ({ tenantId: fixture.tenant.id, inviteId: invite.id })).sort((a, b) => a.inviteId.localeCompare(b.inviteId)),
      );
      expect(jobs.every((job) => job.name === "pulse-invite")).toBe(true);
      // Later the same day: already ran.
      expect(await tick(`${date}T17:00:00Z`, [fixture])).toEqual([]);
    }
    const runs = await app.db("pulse_runs").where({ tenant_id: fixture.tenant.id }).orderBy("local_date");
    expect(runs.map((run) => [run.local_date, run.cohort_name, run.status])).toEqual(
      WEEK.map((date, weekday) => [date, `cohort-${Math.min(weekday, 4)}`, "completed"]),
    );
    const tokens = (await invitesOf(fixture.tenant.id)).map((invite) => invite.token);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("a user who joined the last cohort after Friday is invited on Saturday (weekend wrap), once", async () => {
    const fixture = await pulseTenant({ perCohort: 1 });
    await addPulseQuestion(app.db, fixture.tenant.id);
    await tick("2026-11-27T10:00:00Z", [fixture]); // Friday: cohort 4
    const newcomer = idInCohort(4, 5);
    await app.db("users").insert({
      id: newcomer,
      tenant_id: fixture.tenant.id,
      email: `new.${fixture.tenant.slug}@example.com`,
      name: "New",
      primary_team_id: fixture.teams.a.id,
    });
    const [saturday] = await tick("2026-11-28T10:00:00Z", [fixture]);
    expect(saturday?.outcome).toMatchObject({ status: "sent", cohort: "cohort-4", invitesCreated: 1 });
    expect((await invitesOf(fixture.tenant.id)).filter((invite) => invite.user_id === newcomer)).toHaveLength(1);
    const [sunday] = await tick("2026-11-29T10:00:00Z", [fixture]);
    expect(sunday?.outcome).toMatchObject({ status: "sent", cohort: "cohort-4", invitesCreated: 0 });
  });

  it("fewer cohorts than weekdays: the weekday index is taken modulo numCohorts", async () => {
    const fixture = await pulseTenant({ schedule: { num_cohorts: 2 } });
    await addPulseQuestion(app.db, fixture.tenant.id);
    const cohorts = [];
    for (const date of WEEK) cohorts.push((await tick(`${date}T09:30:00Z`, [fixture]))[0]?.outcome);
    expect(cohorts.map((outcome) => (outcome && "cohort" in outcome ? outcome.cohort : null))).toEqual([
      "cohort-0",
      "cohort-1",
      "cohort-0",
      "cohort-1",
      "cohort-0",
      "cohort-1",
      "cohort-1",
    ]);
    // Weekly cadence: Wednesday and Thursday found everyone already invited on Monday and Tuesday.
    expect(cohorts.slice(2).map((outcome) => (outcome && "invitesCreated" in outcome ? outcome.invitesCreated : null))).toEqual([0, 0, 0, 0, 0]);
  });

  it("uses the schedule's time zone for the send time, the local date and the weekday", async () => {
    const tokyo = await pulseTenant({ schedule: { timezone: "Asia/Tokyo", time: "09:00" } });
    const losAngeles = await pulseTenant({ schedule: { timezone: "America/Los_Angeles", time: "09:00" } });
    await addPulseQuestion(app.db, tokyo.tenant.id);
    await addPulseQuestion(app.db, losAngeles.tenant.id);
    // Sunday 23:59 UTC is Monday 08:59 in Tokyo (and Sunday afternoon in Los Angeles, which sends Sunday's cohort).
    const sunday = await tick("2026-11-22T23:59:00Z", [tokyo, losAngeles]);
    expect(sunday).toEqual([{ tenantId: losAngeles.tenant.id, outcome: expect.objectContaining({ cohort: "cohort-4", localDate: "2026-11-22" }) }]);
    // Monday 00:00 UTC is Monday 09:00 in Tokyo.
    const [tokyoRun] = await tick("2026-11-23T00:00:00Z", [tokyo, losAngeles]);
    expect(tokyoRun).toEqual({ tenantId: tokyo.tenant.id, outcome: expect.objectContaining({ cohort: "cohort-0", localDate: "2026-11-23" }) });
    // 16:59 UTC is 08:59 PST; 17:00 UTC is 09:00 on Monday in Los Angeles.
    expect(await tick("2026-11-23T16:59:00Z", [tokyo, losAngeles])).toEqual([]);
    const [laRun] = await tick("2026-11-23T17:00:00Z", [tokyo, losAngeles]);
    expect(laRun).toEqual({ tenantId: losAngeles.tenant.id, outcome: expect.objectContaining({ cohort: "cohort-0", localDate: "2026-11-23" }) });
    // 2026-11-24 01:00 UTC is still Monday evening in Los Angeles, but Tuesday 10:00 in Tokyo.
    const runs = await tick("2026-11-24T01:00:00Z", [tokyo, losAngeles]);
    expect(runs).toEqual([{ tenantId: tokyo.tenant.id, outcome: expect.objectContaining({ cohort: "cohort-1", localDate: "2026-11-24" }) }]);
  });

  it("keeps the local send time across a daylight-saving change (Europe/Berlin, 2026-03-29)", async () => {
    const berlin = await pulseTenant({ schedule: { timezone: "Europe/Berlin", time: "09:00" } });
    await addPulseQuestion(app.db, berlin.tenant.id);
    // Friday in winter time (UTC+1): 09:00 is 08:00 UTC.
    expect(await tick("2026-03-27T07:59:00Z", [berlin])).toEqual([]);
    expect((await tick("2026-03-27T08:00:00Z", [berlin]))[0]?.outcome).toMatchObject({ localDate: "2026-03-27", cohort: "cohort-4" });
    // Monday in summer time (UTC+2): 09:00 is 07:00 UTC.
    expect(await tick("2026-03-30T06:59:00Z", [berlin])).toEqual([]);
    expect((await tick("2026-03-30T07:00:00Z", [berlin]))[0]?.outcome).toMatchObject({ localDate: "2026-03-30", cohort: "cohort-0" });
  });

  it("cadences: cohort 0 is invited every Monday (weekly), every other Monday (biweekly), once a month (monthly)", async () => {
    const mondays = ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30", "2026-12-07"];
    const invitedOn: Record<string, boolean[]> = {};
    for (const cadence of ["weekly", "biweekly", "monthly"]) {
      const fixture = await pulseTenant({ schedule: { cadence } });
      await addPulseQuestion(app.db, fixture.tenant.id);
      invitedOn[cadence] = [];
      for (const monday of mondays) {
        const [run] = await tick(`${monday}T12:00:00Z`, [fixture]);
        invitedOn[cadence]?.push(run?.outcome.status === "sent" && run.outcome.invitesCreated > 0);
      }
    }
    expect(invitedOn.weekly).toEqual([true, true, true, true, true, true]);
    expect(invitedOn.monthly).toEqual([true, false, false, false, false, true]);
    // Two-week periods start an even number of weeks after Monday 1970-01-05: 2026-11-09, -23, 12-07.
    // November 2 belongs to the period that began on October 26, so November 9 starts a new one.
    expect(invitedOn.biweekly).toEqual([true, true, false, true, false, true]);
  });

  it("picks among active questions in creation order, per team: a team's question only goes to its members", async () => {
    const fixture = await pulseTenant({ perCohort: 4 });
    const tenantId = fixture.tenant.id;
    const global1 = await addPulseQuestion(app.db, tenantId, { text: "global 1", createdAt: "2026-01-01T00:00:00Z" });
    await addPulseQuestion(app.db, tenantId, { text: "inactive", active: false, createdAt: "2026-01-02T00:00:00Z" });
    const teamA = await addPulseQuestion(app.db, tenantId, { text: "alpha", teamId: fixture.teams.a.id, createdAt: "2026-01-03T00:00:00Z" });
    const global2 = await addPulseQuestion(app.db, tenantId, { text: "global 2", createdAt: "2026-01-04T00:00:00Z" });
    // Tuesday: cohort 1. Team A's list is [global 1, alpha, global 2] -> index 1: alpha.
    // Team B's list is [global 1, global 2] -> index 1: global 2.
    await tick("2026-11-24T10:00:00Z", [fixture]);
    const invites = await invitesOf(tenantId);
    expect(invites.length).toBeGreaterThan(1);
    for (const invite of invites) {
      expect(invite.question_id).toBe(invite.team_id === fixture.teams.a.id ? teamA : global2);
    }
    expect(invites.map((invite) => invite.question_id)).not.toContain(global1);
    const [run] = await app.db("pulse_runs").where({ tenant_id: tenantId });
    expect(run.question_id).toBe(global2);
  });

  it("deactivated users and users who unsubscribed from email get no invite", async () => {
    const fixture = await pulseTenant({ perCohort: 3 });
    await addPulseQuestion(app.db, fixture.tenant.id);
    const cohortZero = (await activeUsers(fixture.tenant.id)).filter((user) => cohortIndex(user.id, 5) === 0);
    const [gone, quiet] = cohortZero as [{ id: string }, { id: string }];
    await app.db("users").where({ id: gone.id }).update({ deactivated_at: new Date() });
    await app.db("users").where({ id: quiet.id }).update({ email_opt_out_at: new Date() });
    await tick("2026-11-23T10:00:00Z", [fixture]);
    const invited = (await invitesOf(fixture.tenant.id)).map((invite) => invite.user_id);
    expect(invited).toHaveLength(cohortZero.length - 2);
    expect(invited).not.toContain(gone.id);
    expect(invited).not.toContain(quiet.id);
  });

  it("skips tenants with the pulse disabled (the schedule's switch is the same setting), cohorts not rotating, or no active question", async () => {
    const disabled = await pulseTenant({ settings: { pulse: { enabled: false } } });
    const scheduleOff = await pulseTenant({ schedule: { enabled: false } });
    const notRotating = await pulseTenant({ schedule: { rotating_cohorts: false } });
    const noQuestion = await pulseTenant();
    for (const fixture of [disabled, scheduleOff, notRotating]) await addPulseQuestion(app.db, fixture.tenant.id);
    await addPulseQuestion(app.db, noQuestion.tenant.id, { active: false });
    const outcomes = await tick("2026-11-23T10:00:00Z", [disabled, scheduleOff, notRotating, noQuestion]);
    expect(outcomes).toEqual([{ tenantId: noQuestion.tenant.id, outcome: { status: "skipped", reason: "no_active_questions" } }]);
    for (const fixture of [disabled, scheduleOff, notRotating, noQuestion]) expect(await invitesOf(fixture.tenant.id)).toEqual([]);
    expect(
      await app.db("pulse_runs").whereIn(
        "tenant_id",
        [disabled, scheduleOff, notRotating, noQuestion].map((f) => f.tenant.id),
      ),
    ).toEqual([]);
  });

  it("two scheduler instances ticking at once send once: one run row, one invite per user, one job per invite", async () => {
    const fixture = await pulseTenant({ perCohort: 6 });
    await addPulseQuestion(app.db, fixture.tenant.id);
    const second = await createTestApp({ clock });
    try {
      const otherDeps: PulseSchedulerDeps = { db: second.db, queue: second.queue, logger: deps.logger, clock };
      clock.set("2026-11-23T09:05:00Z");
      const queuedBefore = app.queue.waiting.length;
      const results = await Promise.all([
        runDuePulses(deps, [fixture.tenant.id]),
        runDuePulses(otherDeps, [fixture.tenant.id]),
        runPulseForTenant(
          otherDeps,
          { tenantId: fixture.tenant.id, settings: (await second.tenants.resolve(fixture.tenant.id))!.settings },
          { trigger: "manual", now: clock.now() },
        ),
      ]);
      const invites = await invitesOf(fixture.tenant.id);
      const cohortZero = (await activeUsers(fixture.tenant.id)).filter((user) => cohortIndex(user.id, 5) === 0);
      expect(invites.map((invite) => invite.user_id).sort()).toEqual(cohortZero.map((user) => user.id).sort());
      expect(await app.db("pulse_runs").where({ tenant_id: fixture.tenant.id })).toHaveLength(1);
      const jobs = [...app.queue.waiting.slice(queuedBefore), ...second.queue.waiting].filter((job) => job.data.tenantId === fixture.tenant.id);
      expect(jobs).toHaveLength(invites.length);
      const sent = results
        .flat()
        .map((result) => ("outcome" in result ? result.outcome : result))
        .filter((outcome) => outcome.status === "sent");
      expect(sent).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("queues the email jobs only after the invites are committed", async () => {
    const fixture = await pulseTenant();
    await addPulseQuestion(app.db, fixture.tenant.id);
    const observer = await createTestApp({ clock });
    const seenByAnotherConnection: number[] = [];
    const checkingQueue: JobQueue = {
      add: async () => {
        throw new Error("the scheduler queues in bulk");
      },
      addBulk: async (jobs) => {
        const ids = jobs.map((job) => (job.data as { inviteId: string }).inviteId);
        seenByAnotherConnection.push((await observer.db("pulse_invites").whereIn("id", ids)).length);
        return jobs.map((job) => ({ id: randomUUID(), name: job.name, data: job.data, timestamp: Date.now() }));
      },
      close: async () => undefined,
    };
    try {
      clock.set("2026-11-23T09:00:00Z");
      await runDuePulses({ ...deps, queue: checkingQueue }, [fixture.tenant.id]);
      const invites = await invitesOf(fixture.tenant.id);
      expect(invites.length).toBeGreaterThan(0);
      expect(seenByAnotherConnection).toEqual([invites.length]);
    } finally {
      await observer.close();
    }
  });

  describe("POST /admin/pulse/run", () => {
    it("sends today's cohort now, audits it, and a rerun the same local date answers alreadyRan", async () => {
      const fixture = await pulseTenant({ schedule: { timezone: "Europe/Berlin" } });
      await addPulseQuestion(app.db, fixture.tenant.id);
      clock.set("2026-11-25T07:00:00Z"); // Wednesday 08:00 in Berlin: before the send time
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const first = await admin.post("/admin/pulse/run").expect(200);
      const invites = await invitesOf(fixture.tenant.id);
      expect(first.body).toEqual({ cohort: "cohort-2", invitesCreated: invites.length });
      expect(invites.length).toBeGreaterThan(0);
      const again = await admin.post("/admin/pulse/run").expect(200);
      expect(again.body).toEqual({ cohort: "cohort-2", invitesCreated: 0, alreadyRan: true });
      const [audit] = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "pulse.run" });
      expect(audit).toMatchObject({
        user_id: fixture.users.admin.id,
        entity_type: "pulse_run",
        after: { cohort: "cohort-2", invitesCreated: invites.length, localDate: "2026-11-25" },
      });
      const [run] = await app.db("pulse_runs").where({ tenant_id: fixture.tenant.id });
      expect(run).toMatchObject({ trigger: "manual", status: "completed", invites_created: invites.length });
    });

    it("answers 409 with the reason when the pulse cannot be sent, and writes nothing", async () => {
      const cases: Array<[settings: { pulse: object }, schedule: ScheduleOptions | null, question: boolean, code: string]> = [
        [{ pulse: { enabled: false } }, null, true, "PULSE_DISABLED"],
        [{ pulse: { enabled: true } }, { rotating_cohorts: false }, true, "PULSE_COHORTS_NOT_ROTATING"],
        [{ pulse: { enabled: true, channelEmail: false } }, null, true, "PULSE_NO_CHANNEL"],
        [{ pulse: { enabled: true } }, null, false, "PULSE_NO_ACTIVE_QUESTIONS"],
      ];
      clock.set("2026-11-23T10:00:00Z");
      for (const [settings, schedule, question, code] of cases) {
        const fixture = await pulseTenant({ settings, schedule: schedule ?? undefined });
        if (question) await addPulseQuestion(app.db, fixture.tenant.id);
        const admin = await signIn(app, fixture.tenant.slug, "owner");
        const response = await admin.post("/admin/pulse/run").expect(409);
        expect(response.body.error.code).toBe(code);
        expect(await invitesOf(fixture.tenant.id)).toEqual([]);
        expect(await app.db("pulse_runs").where({ tenant_id: fixture.tenant.id })).toEqual([]);
      }
    });
  });
});
