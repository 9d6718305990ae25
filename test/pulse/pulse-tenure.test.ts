import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createTestApp, ManualClock, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";

/**
 * CONTRACT §5 "Accounts made for the purpose", tried as the curious admin would: put the target
 * in a new team with two accounts of their own making, send the pulse, answer for the puppets
 * and read the team's figures. An answer counts toward k only if its invitee had been in the team
 * and the tenant for pulse.minTenureDays when invited.
 */
const DAY_MS = 86_400_000;

describe("pulse: accounts made for the purpose do not fill a group", () => {
  let app: TestApp;
  // Real time: the accounts the admin makes through the API are dated by the database's clock.
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  /** An established organisation (everyone joined a year ago) whose admin sets the probe's threshold of 3. */
  async function organisation(settings: Record<string, unknown> = {}): Promise<{ fixture: TenantFixture; admin: ApiClient }> {
    const fixture = await createTenantFixture(app.db, { joinedDaysAgo: 365, settings: { pulse: { enabled: true } } });
    // The owner: only owners may move people between teams (member.edit).
    const admin = await signIn(app, fixture.tenant.slug, "owner");
    await admin.post("/admin/tenant-settings", { pulse: { anonThreshold: 3, ...settings } }).expect(200);
    await admin
      .put("/admin/pulse/schedule", { enabled: true, cadence: "weekly", time: "00:00", timezone: "UTC", rotatingCohorts: true, numCohorts: 1 })
      .expect(200);
    await admin.post("/admin/pulse/questions", { text: "How supported do you feel by your manager?" }).expect(201);
    return { fixture, admin };
  }

  async function tokenOf(fixture: TenantFixture, userId: string): Promise<string> {
    const row = await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id, user_id: userId }).orderBy("sent_at", "desc").first("token");
    return row.token as string;
  }

  async function answer(token: string, score: number): Promise<void> {
    await request(app.app).get(`/pulse/respond?token=${token}&score=${score}`).set("Accept", "application/json").expect(200);
  }

  async function settle(fixture: TenantFixture): Promise<void> {
    clock.advance(SCANNER_WINDOW_MS);
    await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
  }

  async function teamFigures(admin: ApiClient, teamId: string) {
    const { body } = await admin.get(`/pulse/summary?range=1w&team=${teamId}`).expect(200);
    const [question] = body.questions;
    return { responseCount: question.responseCount, averageScore: question.averageScore, waiting: question.waitingResponses };
  }

  /** The probe of the issue, step by step through the API. */
  async function puppetProbe(admin: ApiClient, fixture: TenantFixture) {
    const tiger = (await admin.post("/admin/teams", { name: "Tiger" }).expect(201)).body;
    const puppets = [];
    for (const name of ["Puppet One", "Puppet Two"]) {
      const email = `${name.toLowerCase().replace(" ", ".")}.${fixture.tenant.slug}@example.com`;
      puppets.push((await admin.post("/admin/users", { email, name, primaryTeamId: tiger.id }).expect(201)).body);
    }
    await admin.put(`/admin/users/${fixture.users.member.id}`, { primaryTeamId: tiger.id }).expect(200);
    expect((await admin.post("/admin/pulse/run").expect(200)).body.invitesCreated).toBeGreaterThanOrEqual(3);
    for (const puppet of puppets) await answer(await tokenOf(fixture, puppet.id), 5);
    await answer(await tokenOf(fixture, fixture.users.member.id), 1);
    await settle(fixture);
    return tiger.id as string;
  }

  it("two accounts the admin made beside the target in a new team: the team shows no average, the three answers wait", async () => {
    const { fixture, admin } = await organisation();
    const tigerId = await puppetProbe(admin, fixture);
    expect(await teamFigures(admin, tigerId)).toEqual({ responseCount: 0, averageScore: null, waiting: 3 });
    // Read every way the summary allows: no figure anywhere has the three answers.
    const all = (await admin.get("/pulse/summary?range=52w").expect(200)).body;
    expect(all.summary.totalResponses).toBe(0);
    expect(await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id })).toEqual([]);
    // The accounts are in plain view of the team: they joined in the last 30 days.
    const invites = await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id, team_id: tigerId });
    expect(invites.map((invite) => invite.established)).toEqual([false, false, false]);
  });

  it("the same probe with the rule off (minTenureDays 0) gives the target's answer away, which is why it is on by default", async () => {
    const { fixture, admin } = await organisation({ minTenureDays: 0 });
    const tigerId = await puppetProbe(admin, fixture);
    expect(await teamFigures(admin, tigerId)).toEqual({ responseCount: 3, averageScore: 3.67, waiting: 0 });
  });

  it("established members release as before, and a newcomer's answer goes out with them without counting toward k", async () => {
    const { fixture, admin } = await organisation();
    const newcomer = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.b.id, joinedDaysAgo: 3 });
    const veterans = [];
    for (let i = 0; i < 2; i += 1) veterans.push(await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.b.id, joinedDaysAgo: 15 }));
    await admin.post("/admin/pulse/run").expect(200);
    // Team B: memberB (a year), two veterans (15 days) and the newcomer (3 days).
    await answer(await tokenOf(fixture, newcomer.id), 2);
    await answer(await tokenOf(fixture, veterans[0]!.id), 4);
    await answer(await tokenOf(fixture, veterans[1]!.id), 4);
    await settle(fixture);
    // Three answers, only two count toward k = 3: nothing is released.
    expect(await teamFigures(admin, fixture.teams.b.id)).toEqual({ responseCount: 0, averageScore: null, waiting: 3 });
    await answer(await tokenOf(fixture, fixture.users.memberB.id), 5);
    await settle(fixture);
    expect(await teamFigures(admin, fixture.teams.b.id)).toEqual({ responseCount: 4, averageScore: 3.75, waiting: 0 });
  });

  it("tenure is judged when the invite is made: a membership younger than minTenureDays then does not count later", async () => {
    const { fixture } = await organisation();
    const questionId = await addPulseQuestion(app.db, fixture.tenant.id);
    const joined = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.b.id, joinedDaysAgo: 13 });
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await admin.post("/admin/pulse/run").expect(200);
    const invite = await app.db("pulse_invites").where({ tenant_id: fixture.tenant.id, user_id: joined.id }).first();
    expect(invite.established).toBe(false);
    // Days later the person is established, but this invite was made before.
    clock.advance(3 * DAY_MS);
    await answer(invite.token, 3);
    await settle(fixture);
    const [waiting] = await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id, team_id: fixture.teams.b.id });
    expect(waiting.established).toBe(false);
    // An invite written by hand for the established case is counted (the flag is the invite's, not the answer's).
    const later = await addInvite(app.db, { tenantId: fixture.tenant.id, userId: joined.id, questionId, teamId: fixture.teams.b.id, sentAt: clock.now() });
    expect((await app.db("pulse_invites").where({ id: later.id }).first()).established).toBe(true);
    clock.set(new Date());
  });

  describe("the change of a rule that protects answers is shown to everyone for 30 days", () => {
    it("GET /pulse/privacy tells every member, viewers too, what protects their answers and what changed", async () => {
      const { fixture, admin } = await organisation();
      await admin.post("/admin/tenant-settings", { pulse: { minTenureDays: 0 } }).expect(200);
      for (const username of ["member", "viewer", "moderator"]) {
        const person = await signIn(app, fixture.tenant.slug, username);
        const { body } = await person.get("/pulse/privacy").expect(200);
        expect(body).toEqual({
          anonThreshold: 3,
          minTenureDays: 0,
          changes: [
            { setting: "minTenureDays", from: 14, to: 0, changedAt: expect.any(String) },
            { setting: "anonThreshold", from: 5, to: 3, changedAt: expect.any(String) },
          ],
        });
      }
      expect((await request(app.app).get("/pulse/privacy").set("x-tenant-id", fixture.tenant.slug).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
      // Another organisation's changes are its own.
      const other = await createTenantFixture(app.db);
      const outsider = await signIn(app, other.tenant.slug, "member");
      expect((await outsider.get("/pulse/privacy").expect(200)).body).toEqual({ anonThreshold: 5, minTenureDays: 14, changes: [] });
    });

    it("the respond page says what changed and when; after 30 days it no longer does", async () => {
      const { fixture, admin } = await organisation();
      await admin.post("/admin/tenant-settings", { pulse: { minTenureDays: 2 } }).expect(200);
      const questionId = await addPulseQuestion(app.db, fixture.tenant.id);
      const { token } = await addInvite(app.db, {
        tenantId: fixture.tenant.id,
        userId: fixture.users.member.id,
        questionId,
        teamId: fixture.teams.a.id,
        sentAt: clock.now(),
      });
      const page = await request(app.app).get(`/pulse/respond?token=${token}`).set("Accept", "text/html").expect(400);
      expect(page.text).toContain("Changed in the last 30 days");
      expect(page.text).toMatch(
        /an administrator changed how long someone must have been in a team before their answer counts toward that group \(days\) from 14 to 2/,
      );
      expect(page.text).toMatch(/an administrator changed the smallest group whose answers are counted from 5 to 3/);
      expect(page.text).toContain("at least 2 other people of your team");
      expect(page.text).toContain("at least 2 days");

      // Entries dated 29 and 31 days ago (the audit log takes inserts only): the older change is shown no more.
      const quiet = await createTenantFixture(app.db, { joinedDaysAgo: 365 });
      const change = (daysAgo: number, from: number, to: number) => ({
        tenant_id: quiet.tenant.id,
        action: "settings.update",
        entity_type: "settings",
        entity_id: quiet.tenant.id,
        before: JSON.stringify({ pulse: { anonThreshold: from, minTenureDays: 14 } }),
        after: JSON.stringify({ pulse: { anonThreshold: to, minTenureDays: 14 } }),
        metadata: JSON.stringify({ changed: ["pulse.anonThreshold"] }),
        created_at: new Date(Date.now() - daysAgo * DAY_MS),
      });
      await app.db("audit_logs").insert([change(31, 7, 6), change(29, 6, 5)]);
      const member = await signIn(app, quiet.tenant.slug, "member");
      expect((await member.get("/pulse/privacy").expect(200)).body.changes).toEqual([
        { setting: "anonThreshold", from: 6, to: 5, changedAt: expect.any(String) },
      ]);
    });
  });
});
