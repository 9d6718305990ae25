import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDuePulses, type PulseSchedulerDeps } from "../../src/modules/pulse/pulse.scheduler.service.js";
import { provisionTenant } from "../../src/modules/provisioning/provisioning.service.js";
import { createLogger } from "../../src/platform/logger.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, uniqueSlug } from "../helpers/factories.js";
import { addPulseQuestion, scheduleEveryoneInOneGroup } from "../helpers/pulse.js";

/**
 * CONTRACT §8 "Pulse settings act": pulse.enabled, defaultCadence, defaultTime and
 * rotatingCohorts are what the scheduler uses; the schedule's own fields are the same values, so
 * an admin changing either screen sees the other follow.
 */
describe("pulse settings act", () => {
  let app: TestApp;
  const clock = new ManualClock("2026-11-23T08:00:00Z"); // a Monday
  let deps: PulseSchedulerDeps;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    deps = { db: app.db, queue: app.queue, logger: createLogger({ level: "silent" }), clock };
  });
  afterAll(() => app.close());

  const tick = async (at: string, tenantId: string) => {
    clock.set(at);
    return runDuePulses(deps, [tenantId]);
  };
  const invites = (tenantId: string) => app.db("pulse_invites").where({ tenant_id: tenantId });

  it("settings saved in Settings show in the schedule, and the schedule saved shows in Settings, both audited", async () => {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await admin
      .post("/admin/tenant-settings", { pulse: { enabled: true, defaultCadence: "monthly", defaultTime: "07:30", rotatingCohorts: false } })
      .expect(200);
    expect((await admin.get("/admin/pulse/schedule").expect(200)).body).toEqual({
      tenantId: fixture.tenant.id,
      enabled: true,
      cadence: "monthly",
      time: "07:30",
      timezone: "UTC",
      rotatingCohorts: false,
      numCohorts: 5,
    });

    await admin
      .put("/admin/pulse/schedule", { enabled: false, cadence: "biweekly", time: "16:45", timezone: "America/Chicago", rotatingCohorts: true, numCohorts: 3 })
      .expect(200);
    expect((await admin.get("/admin/tenant-settings").expect(200)).body.pulse).toMatchObject({
      enabled: false,
      defaultCadence: "biweekly",
      defaultTime: "16:45",
      rotatingCohorts: true,
    });
    const actions = (await app.db("audit_logs").where({ tenant_id: fixture.tenant.id }).orderBy("created_at").pluck("action")) as string[];
    expect(actions.filter((action) => action === "settings.update")).toHaveLength(2);
    expect(actions).toContain("pulse_schedule.update");
    const [settingsAudit] = await app
      .db("audit_logs")
      .where({ tenant_id: fixture.tenant.id, action: "settings.update" })
      .orderBy("created_at", "desc")
      .limit(1);
    expect(settingsAudit.metadata.changed).toEqual(["pulse.defaultCadence", "pulse.defaultTime", "pulse.enabled", "pulse.rotatingCohorts"]);
  });

  it("a tenant made as the CLI makes it starts sending once an admin ticks 'Pulse check-ins enabled', at the send time the settings say", async () => {
    const { tenant } = await provisionTenant(app.db, { slug: uniqueSlug("cli"), name: "CLI made", teams: [{ name: "General" }] });
    await app
      .db("users")
      .insert({ tenant_id: tenant.id, email: `admin.${tenant.slug}@example.com`, name: "Admin", role: "admin", sso_provider: "demo", sso_id: "admin" });
    await app
      .db("users")
      .insert(Array.from({ length: 10 }, (_, i) => ({ tenant_id: tenant.id, email: `p${i}.${tenant.slug}@example.com`, name: `P${i}`, role: "member" })));
    await addPulseQuestion(app.db, tenant.id);
    expect(await tick("2026-11-23T09:30:00Z", tenant.id)).toEqual([]);

    const admin = await signIn(app, tenant.slug, "admin");
    await admin.post("/admin/tenant-settings", { pulse: { enabled: true, defaultTime: "11:00" } }).expect(200);
    expect(await tick("2026-11-23T10:59:00Z", tenant.id)).toEqual([]);
    const [sent] = await tick("2026-11-23T11:00:00Z", tenant.id);
    expect(sent?.outcome).toMatchObject({ status: "sent", cohort: "cohort-0" });
    expect((await invites(tenant.id)).length).toBe(sent?.outcome.status === "sent" ? sent.outcome.invitesCreated : -1);
  });

  it("turning rotation off in Settings stops automatic sends; the cadence in Settings decides who is invited again", async () => {
    const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    await addPulseQuestion(app.db, fixture.tenant.id);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    // One cohort: every weekday's run reaches the same people.
    await scheduleEveryoneInOneGroup(admin);

    await admin.post("/admin/tenant-settings", { pulse: { rotatingCohorts: false } }).expect(200);
    expect(await tick("2026-11-23T09:05:00Z", fixture.tenant.id)).toEqual([]);
    await admin.post("/admin/tenant-settings", { pulse: { rotatingCohorts: true, defaultCadence: "monthly" } }).expect(200);
    const [monday] = await tick("2026-11-23T09:06:00Z", fixture.tenant.id);
    expect(monday?.outcome.status).toBe("sent");
    const first = (await invites(fixture.tenant.id)).length;
    expect(first).toBeGreaterThan(0);
    // Monthly: a week later nobody is invited again; December is a new period.
    const [nextWeek] = await tick("2026-11-30T09:05:00Z", fixture.tenant.id);
    expect(nextWeek?.outcome).toMatchObject({ status: "sent", invitesCreated: 0 });
    // A week on, the session of the Monday has ended (8 hours): sign in again.
    await (await signIn(app, fixture.tenant.slug, "admin")).post("/admin/tenant-settings", { pulse: { defaultCadence: "weekly" } }).expect(200);
    const [weekly] = await tick("2026-12-01T09:05:00Z", fixture.tenant.id);
    expect(weekly?.outcome).toMatchObject({ status: "sent", invitesCreated: first });
  });

  it("the schedule accepts 1 to 6 cohorts and says why not 7; a refused schedule changes neither screen", async () => {
    const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const before = {
      schedule: (await admin.get("/admin/pulse/schedule").expect(200)).body,
      settings: (await admin.get("/admin/tenant-settings").expect(200)).body,
    };
    for (const numCohorts of [0, 7, 50]) {
      const response = await admin
        .put("/admin/pulse/schedule", { enabled: false, cadence: "monthly", time: "06:00", timezone: "UTC", rotatingCohorts: true, numCohorts })
        .expect(400);
      expect(response.body.error.details).toEqual([expect.objectContaining({ path: "body.numCohorts" })]);
    }
    expect((await admin.put("/admin/pulse/schedule", { ...before.schedule, numCohorts: 7 }).expect(400)).body.error.details[0].message).toMatch(/weekday/);
    expect((await admin.get("/admin/pulse/schedule").expect(200)).body).toEqual(before.schedule);
    expect((await admin.get("/admin/tenant-settings").expect(200)).body).toEqual(before.settings);
    await admin.put("/admin/pulse/schedule", { ...before.schedule, numCohorts: 6 }).expect(200);
  });
});
