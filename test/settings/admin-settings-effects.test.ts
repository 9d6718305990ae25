import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";
import { fakeAccount, FakeOAuthProvider, oauthSignIn } from "../helpers/fake-oauth.js";
import { addPulseQuestion, addResponses } from "../helpers/pulse.js";

/** Pulse flags and sign-in defaults changed through POST /admin/tenant-settings, observed where they apply. */
describe("pulse settings changed through the admin API take effect", () => {
  let app: TestApp;
  // Wednesday of ISO week 2026-W48 (Monday 2026-11-23).
  const clock = new ManualClock("2026-11-25T12:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  async function pulseTenant(settings: object = {}) {
    const own = await createTenantFixture(app.db, { settings });
    await addPulseQuestion(app.db, own.tenant.id, { text: "How was your week?" });
    return { own, admin: await signIn(app, own.tenant.slug, "admin") };
  }

  it("pulse.enabled: a send is refused while off (409 PULSE_DISABLED) and runs once turned on", async () => {
    const { admin } = await pulseTenant();
    expect((await admin.post("/admin/pulse/run").expect(409)).body.error.code).toBe("PULSE_DISABLED");
    await admin.post("/admin/tenant-settings", { pulse: { enabled: true } }).expect(200);
    const run = await admin.post("/admin/pulse/run").expect(200);
    expect(run.body).toEqual({ cohort: expect.stringMatching(/^cohort-\d+$/), invitesCreated: expect.any(Number) });
  });

  it("pulse.channelEmail: with email delivery off there is no channel to send on (409 PULSE_NO_CHANNEL)", async () => {
    const { admin } = await pulseTenant({ pulse: { enabled: true } });
    await admin.post("/admin/tenant-settings", { pulse: { channelEmail: false } }).expect(200);
    expect((await admin.post("/admin/pulse/run").expect(409)).body.error.code).toBe("PULSE_NO_CHANNEL");
  });

  it("pulse.anonThreshold: raising it hides a team's average that was shown", async () => {
    const { own, admin } = await pulseTenant({ pulse: { enabled: true } });
    const questionId = (await app.db("pulse_questions").where({ tenant_id: own.tenant.id }).first()).id;
    await addResponses(app.db, own.tenant.id, [
      { questionId, teamId: own.teams.a.id, week: "2026-11-23", scores: [4, 4, 5, 3, 4] },
      { questionId, teamId: own.teams.b.id, week: "2026-11-23", scores: [2, 3, 3, 2, 4, 3] },
    ]);
    const teamA = async () => {
      const { body } = await admin.get("/pulse/summary").expect(200);
      return body.questions[0].byTeam.find((entry: { teamId: string }) => entry.teamId === own.teams.a.id);
    };
    expect(await teamA()).toMatchObject({ responseCount: 5, averageScore: 4 });
    await admin.post("/admin/tenant-settings", { pulse: { anonThreshold: 6 } }).expect(200);
    expect(await teamA()).toMatchObject({ responseCount: 5, averageScore: null, message: expect.any(String) });
  });

  it("pulse.defaultCadence, defaultTime and rotatingCohorts: a tenant without a schedule gets them", async () => {
    const { own, admin } = await pulseTenant();
    await app.db("pulse_schedules").where({ tenant_id: own.tenant.id }).delete();
    await admin.post("/admin/tenant-settings", { pulse: { defaultCadence: "monthly", defaultTime: "07:30", rotatingCohorts: false } }).expect(200);
    const { body } = await admin.get("/admin/pulse/schedule").expect(200);
    expect(body).toMatchObject({ cadence: "monthly", time: "07:30", rotatingCohorts: false });
  });
});

describe("users.defaultRole and users.defaultTeamId apply to a first OAuth sign-in", () => {
  const FRONTEND = "https://qa.example.test";
  let github: FakeOAuthProvider;
  let app: TestApp;

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    app = await createTestApp({ env: { FRONTEND_URL: FRONTEND, ...github.env(`${FRONTEND}/auth/github/callback`) } });
  });
  afterAll(async () => {
    await app.close();
    await github.close();
  });

  it("a viewer in the default team, as set a moment before by an admin", async () => {
    const own = await createTenantFixture(app.db);
    const admin = await signIn(app, own.tenant.slug, "admin");
    await admin.post("/admin/tenant-settings", { users: { defaultRole: "viewer", defaultTeamId: own.teams.b.id } }).expect(200);
    const newcomer = fakeAccount();
    github.signInAs(newcomer);
    const agent = request.agent(app.app);
    const { callback } = await oauthSignIn(agent, `/auth/github?tenant=${own.tenant.slug}`);
    expect(callback.status).toBe(302);
    const me = await agent.get("/auth/me").expect(200);
    expect(me.body.user).toMatchObject({ email: newcomer.email, role: "viewer", primaryTeamId: own.teams.b.id });
    const members = await admin.get(`/admin/teams/${own.teams.b.id}/members`).expect(200);
    // CONTRACT §8: a `member` membership; the tenant role keeps the newcomer read-only.
    expect(members.body).toContainEqual(expect.objectContaining({ userId: me.body.user.id, role: "member" }));
    const csrf = (await agent.get("/auth/csrf").expect(200)).body.csrfToken;
    await agent.post("/questions").set("x-csrf-token", csrf).send({ body: "May a viewer ask this question at all?", teamId: own.teams.b.id }).expect(403);
  });
});
