import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";
import { addPulseQuestion } from "../helpers/pulse.js";

/** GET /admin/pulse/send-preview: what "send now" would do, read before anyone is asked to confirm it. */
describe("GET /admin/pulse/send-preview", () => {
  let app: TestApp;
  const clock = new ManualClock("2026-11-25T10:00:00Z"); // a Wednesday

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  /** A pulse-enabled tenant whose schedule has `numCohorts` cohorts (one: everybody is due every day). */
  async function pulseTenant(numCohorts = 1, pulse: object = {}) {
    const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, ...pulse } } });
    await app.db("pulse_schedules").where({ tenant_id: fixture.tenant.id }).update({ num_cohorts: numCohorts, timezone: "UTC" });
    return fixture;
  }
  const activeUsers = (tenantId: string) => app.db("users").where({ tenant_id: tenantId }).whereNull("deactivated_at").whereNull("email_opt_out_at");

  it("says how many invites a send now creates, and the send then creates exactly that many; afterwards it says today's run happened", async () => {
    clock.set("2026-11-25T10:00:00Z");
    const fixture = await pulseTenant();
    await addPulseQuestion(app.db, fixture.tenant.id);
    const admin = await signIn(app, fixture.tenant.slug, "admin");

    const preview = await admin.get("/admin/pulse/send-preview").expect(200);
    const everyone = (await activeUsers(fixture.tenant.id)).length;
    expect(preview.body).toEqual({
      canSend: true,
      due: everyone,
      reason: null,
      cohort: "cohort-0",
      cohortLabel: "Everyone",
      cohortSize: expect.any(Number),
      localDate: "2026-11-25",
    });
    // Reading writes nothing: no run is claimed, nobody is invited.
    expect(await app.db("pulse_runs").where({ tenant_id: fixture.tenant.id })).toEqual([]);
    expect(await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id })).toEqual([]);

    const sent = await admin.post("/admin/pulse/run").expect(200);
    expect(sent.body.invitesCreated).toBe(preview.body.due);

    const after = await admin.get("/admin/pulse/send-preview").expect(200);
    expect(after.body).toMatchObject({ canSend: false, due: 0, reason: "already_ran", cohortLabel: "Everyone" });

    // The next day, in the same weekly period, everybody has been asked already.
    clock.set("2026-11-26T10:00:00Z");
    // (A new sign-in: an admin session does not last a day.)
    const tomorrow = await (await signIn(app, fixture.tenant.slug, "admin")).get("/admin/pulse/send-preview").expect(200);
    expect(tomorrow.body).toMatchObject({ canSend: false, due: 0, reason: "everyone_asked", localDate: "2026-11-26" });
  });

  it("says why nobody would be invited when the pulse cannot be sent", async () => {
    clock.set("2026-11-25T10:00:00Z");
    const off = await pulseTenant(1, { enabled: false });
    await addPulseQuestion(app.db, off.tenant.id);
    const offPreview = await (await signIn(app, off.tenant.slug, "owner")).get("/admin/pulse/send-preview").expect(200);
    expect(offPreview.body).toEqual({ canSend: false, due: 0, reason: "pulse_disabled", cohort: null, cohortLabel: null, cohortSize: 0, localDate: null });

    const noQuestion = await pulseTenant(5);
    const noQuestionPreview = await (await signIn(app, noQuestion.tenant.slug, "admin")).get("/admin/pulse/send-preview").expect(200);
    // Wednesday is the third weekday: the third of five cohorts, named by its day.
    expect(noQuestionPreview.body).toMatchObject({
      canSend: false,
      due: 0,
      reason: "no_active_questions",
      cohort: "cohort-2",
      cohortLabel: "Wednesday's group",
    });

    // A question only for a team nobody in the cohort belongs to.
    const teamOnly = await pulseTenant();
    const admin = await signIn(app, teamOnly.tenant.slug, "admin");
    const empty = await admin.post("/admin/teams", { name: "Nobody here" }).expect(201);
    await addPulseQuestion(app.db, teamOnly.tenant.id, { teamId: empty.body.id });
    expect((await admin.get("/admin/pulse/send-preview").expect(200)).body).toMatchObject({ canSend: false, due: 0, reason: "no_question_for_teams" });
    // And the send agrees: nobody is invited.
    expect((await admin.post("/admin/pulse/run").expect(200)).body.invitesCreated).toBe(0);
  });

  it("counts only this tenant's people: another tenant's send changes nothing here", async () => {
    clock.set("2026-11-25T10:00:00Z");
    const ours = await pulseTenant();
    const theirs = await pulseTenant();
    await addPulseQuestion(app.db, ours.tenant.id);
    await addPulseQuestion(app.db, theirs.tenant.id);
    const before = (await (await signIn(app, ours.tenant.slug, "admin")).get("/admin/pulse/send-preview").expect(200)).body;
    expect(before.due).toBe((await activeUsers(ours.tenant.id)).length);
    await (await signIn(app, theirs.tenant.slug, "admin")).post("/admin/pulse/run").expect(200);
    const after = (await (await signIn(app, ours.tenant.slug, "admin")).get("/admin/pulse/send-preview").expect(200)).body;
    expect(after).toEqual(before);
  });

  it("GET /admin/pulse/cohorts names each cohort by the first weekday it is invited on", async () => {
    const fixture = await pulseTenant(6);
    const cohorts = (await (await signIn(app, fixture.tenant.slug, "admin")).get("/admin/pulse/cohorts").expect(200)).body as Array<{
      name: string;
      label: string;
    }>;
    expect(cohorts.map((cohort) => cohort.label)).toEqual([
      "Monday's group",
      "Tuesday's group",
      "Wednesday's group",
      "Thursday's group",
      "Friday's group",
      "Weekend group",
    ]);
  });
});
