import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion, addResponses, addWaiting } from "../helpers/pulse.js";

// "Now" is Wednesday 2026-11-25: the current ISO week is 2026-W48 (Monday 2026-11-23).
const NOW = "2026-11-25T12:00:00Z";
const W47 = "2026-11-16";
const W48 = "2026-11-23";

describe("GET /pulse/summary", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let admin: ApiClient;
  let q1: string;
  let q2: string;
  let teamC: string;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    // Answers commit at once: this file is about the figures (the hold is pulse-scanners.test.ts's).
    app = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    const tenantId = fixture.tenant.id;
    const { a, b } = fixture.teams;
    [{ id: teamC }] = await app.db("teams").insert({ tenant_id: tenantId, name: "Team Gamma", slug: "gamma" }).returning("id");
    q1 = await addPulseQuestion(app.db, tenantId, { text: "How happy are you?", createdAt: "2026-01-01T00:00:00Z" });
    q2 = await addPulseQuestion(app.db, tenantId, { text: "How manageable is your workload?", createdAt: "2026-01-02T00:00:00Z" });
    await addResponses(app.db, tenantId, [
      { questionId: q1, teamId: a.id, week: W47, scores: [5, 4, 4, 3, 5, 4] },
      { questionId: q1, teamId: a.id, week: W48, scores: [3, 4, 5, 4, 4] },
      { questionId: q1, teamId: b.id, week: W47, scores: [2, 3, 3, 2, 4] },
      { questionId: q1, teamId: b.id, week: W48, scores: [3, 3, 4, 2, 3, 3] },
      { questionId: q2, teamId: a.id, week: W48, scores: [4, 4, 5, 5, 3, 4, 4] },
      { questionId: q2, teamId: teamC, week: W47, scores: [5, 5, 4, 4, 5, 5, 4, 4] },
      // Twelve weeks before the current one: outside the default range (12w), inside 13w and the previous period.
      { questionId: q1, teamId: a.id, week: "2026-08-31", scores: [1, 1, 1, 1, 1] },
    ]);
    // Two answers of Beta to q2 wait for three more before they count anywhere.
    await addWaiting(app.db, tenantId, [{ questionId: q2, teamId: b.id, scores: [1, 2] }]);
    // Invites of the range: team A 10 sent, 6 answered; team B 5 sent, 1 answered.
    for (let i = 0; i < 15; i += 1) {
      const user = i < 10 ? fixture.users.member : fixture.users.memberB;
      const answered = i < 6 || i === 10;
      await addInvite(app.db, {
        tenantId,
        userId: user.id,
        questionId: q1,
        teamId: i < 10 ? a.id : b.id,
        sentAt: "2026-11-17T09:00:00Z",
        respondedAt: answered ? "2026-11-17T10:00:00Z" : null,
      });
    }
    admin = await signIn(app, fixture.tenant.slug, "admin");
  });
  afterAll(() => app.close());

  const hidden = { averageScore: null, message: "Insufficient responses to protect anonymity: no answers counted yet." };
  const waitingTwo = { averageScore: null, message: "Insufficient responses to protect anonymity: 2 answers are waiting until 5 can be counted together." };
  const none = { responseCount: 0, averageScore: null };

  it("matches the hand-computed fixture: totals, participation, date ranges, averages, weekly trend, teams, waiting answers", async () => {
    const response = await admin.get("/pulse/summary").expect(200);
    expect(response.body.summary).toEqual({
      totalResponses: 37,
      totalInvites: 15,
      participationRate: 46.7,
      // Nobody was reminded: every answered invite was answered without one.
      participation: { reminded: 0, answeredBeforeReminder: 7, answeredAfterReminder: 0 },
      dateRange: { start: "2026-09-07", end: "2026-11-25" },
      previousDateRange: { start: "2026-06-15", end: "2026-09-06" },
      anonThreshold: 5,
      waitingResponses: 2,
      // No comment was written in this fixture (pulse-comments.test.ts counts them).
      comments: { total: 0, conversations: 0 },
    });
    const [first, second] = response.body.questions;
    expect(first).toEqual({
      id: q1,
      text: "How happy are you?",
      scale: "agree5",
      responseCount: 22,
      averageScore: 3.5,
      trend: {
        weekly: [
          { week: "2026-W47", avg: 3.55, count: 11 },
          { week: "2026-W48", avg: 3.45, count: 11 },
        ],
      },
      byTeam: [
        {
          teamId: fixture.teams.a.id,
          teamName: "Team Alpha",
          responseCount: 11,
          averageScore: 4.09,
          waitingResponses: 0,
          previousPeriod: { responseCount: 5, averageScore: 1 },
        },
        { teamId: fixture.teams.b.id, teamName: "Team Beta", responseCount: 11, averageScore: 2.91, waitingResponses: 0, previousPeriod: none },
        // An active question lists every team it is asked in, answered or not.
        { teamId: teamC, teamName: "Team Gamma", responseCount: 0, ...hidden, waitingResponses: 0, previousPeriod: none },
      ],
      waitingResponses: 0,
      previousPeriod: { responseCount: 5, averageScore: 1 },
      comments: { total: 0, conversations: 0 },
    });
    expect(second).toEqual({
      id: q2,
      text: "How manageable is your workload?",
      scale: "agree5",
      responseCount: 15,
      averageScore: 4.33,
      trend: {
        weekly: [
          { week: "2026-W47", avg: 4.5, count: 8 },
          { week: "2026-W48", avg: 4.14, count: 7 },
        ],
      },
      byTeam: [
        { teamId: fixture.teams.a.id, teamName: "Team Alpha", responseCount: 7, averageScore: 4.14, waitingResponses: 0, previousPeriod: none },
        { teamId: fixture.teams.b.id, teamName: "Team Beta", responseCount: 0, ...waitingTwo, waitingResponses: 2, previousPeriod: none },
        { teamId: teamC, teamName: "Team Gamma", responseCount: 8, averageScore: 4.5, waitingResponses: 0, previousPeriod: none },
      ],
      waitingResponses: 2,
      previousPeriod: none,
      comments: { total: 0, conversations: 0 },
    });
  });

  it("a team view shows that team's figures, exactly as the full view shows them", async () => {
    const alpha = (await admin.get(`/pulse/summary?team=${fixture.teams.a.id}`).expect(200)).body;
    expect(alpha.summary).toMatchObject({ totalResponses: 18, totalInvites: 10, participationRate: 60, waitingResponses: 0 });
    const [first, second] = alpha.questions;
    expect(first).toMatchObject({
      id: q1,
      responseCount: 11,
      averageScore: 4.09,
      trend: {
        weekly: [
          { week: "2026-W47", avg: 4.17, count: 6 },
          { week: "2026-W48", avg: 4, count: 5 },
        ],
      },
      byTeam: [{ teamId: fixture.teams.a.id, responseCount: 11, averageScore: 4.09 }],
      previousPeriod: { responseCount: 5, averageScore: 1 },
    });
    expect(second).toMatchObject({ id: q2, responseCount: 7, averageScore: 4.14, trend: { weekly: [{ week: "2026-W48", avg: 4.14, count: 7 }] } });
    const beta = (await admin.get(`/pulse/summary?team=${fixture.teams.b.id}`).expect(200)).body;
    expect(beta.summary.waitingResponses).toBe(2);
    expect(beta.questions.find((question: { id: string }) => question.id === q2)).toMatchObject({
      ...none,
      waitingResponses: 2,
      byTeam: [{ teamId: fixture.teams.b.id, ...none, waitingResponses: 2 }],
    });
    const gamma = (await admin.get(`/pulse/summary?team=${teamC}`).expect(200)).body;
    expect(gamma.questions.find((question: { id: string }) => question.id === q2)).toMatchObject({ responseCount: 8, averageScore: 4.5 });
  });

  it("range: <n>w from 1 to 52, default 12w; older responses are outside", async () => {
    const thirteen = (await admin.get("/pulse/summary?range=13w").expect(200)).body;
    expect(thirteen.summary.dateRange).toEqual({ start: "2026-08-31", end: "2026-11-25" });
    expect(thirteen.summary.totalResponses).toBe(42);
    const one = (await admin.get("/pulse/summary?range=1w").expect(200)).body;
    expect(one.summary).toMatchObject({
      totalResponses: 18,
      totalInvites: 0,
      participationRate: 0,
      dateRange: { start: W48, end: "2026-11-25" },
      previousDateRange: { start: W47, end: "2026-11-22" },
    });
    expect(one.questions[0].previousPeriod).toEqual({ responseCount: 11, averageScore: 3.55 });
    await admin.get("/pulse/summary?range=52w").expect(200);
    for (const range of ["0w", "53w", "12", "w", "12d", "-1w", "1.5w", "abc"]) {
      const response = await admin.get(`/pulse/summary?range=${range}`).expect(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "query.range" }] });
    }
  });

  it("the threshold comes from the tenant setting only: ?threshold= changes nothing", async () => {
    const plain = (await admin.get("/pulse/summary").expect(200)).body;
    for (const threshold of ["1", "0", "100"]) expect((await admin.get(`/pulse/summary?threshold=${threshold}`).expect(200)).body).toEqual(plain);
  });

  it("thresholds 4, 5 and 6 against a released batch of exactly 5 (a raised threshold hides what an older, smaller threshold released)", async () => {
    const shown: Record<number, unknown> = {};
    for (const threshold of [4, 5, 6]) {
      const tenant = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: threshold } } });
      const question = await addPulseQuestion(app.db, tenant.tenant.id);
      await addResponses(app.db, tenant.tenant.id, [{ questionId: question, teamId: tenant.teams.a.id, week: W48, scores: [4, 4, 4, 5, 3] }]);
      const owner = await signIn(app, tenant.tenant.slug, "owner");
      const [summary] = (await owner.get("/pulse/summary").expect(200)).body.questions;
      shown[threshold] = { average: summary.averageScore, team: summary.byTeam[0].averageScore, week: summary.trend.weekly[0].avg };
    }
    expect(shown).toEqual({ 4: { average: 4, team: 4, week: 4 }, 5: { average: 4, team: 4, week: 4 }, 6: { average: null, team: null, week: null } });
  });

  it("access: visitors 401; members and viewers 403 whatever they ask; admins and owners any team", async () => {
    await request(app.app).get("/pulse/summary").set("x-tenant-id", fixture.tenant.slug).expect(401);
    for (const username of ["member", "viewer", "memberb"]) {
      const client = await signIn(app, fixture.tenant.slug, username);
      for (const query of ["", `?team=${fixture.teams.a.id}`, "?range=nonsense"]) {
        expect((await client.get(`/pulse/summary${query}`).expect(403)).body.error.code, `${username} ${query}`).toBe("FORBIDDEN");
      }
    }
    const owner = await signIn(app, fixture.tenant.slug, "owner");
    await owner.get(`/pulse/summary?team=${fixture.teams.b.id}`).expect(200);
  });

  it("a moderator sees only their own teams, and must name one", async () => {
    const other = await createTenantFixture(app.db);
    const moderator = await signIn(app, fixture.tenant.slug, "moderator");
    expect((await moderator.get("/pulse/summary").expect(403)).body.error.code).toBe("FORBIDDEN");
    await moderator.get(`/pulse/summary?team=${fixture.teams.a.id}`).expect(200);
    await moderator.get(`/pulse/summary?team=${fixture.teams.b.id}`).expect(403);
    await moderator.get(`/pulse/summary?team=${other.teams.a.id}`).expect(403);
    const teamModerator = await signIn(app, fixture.tenant.slug, "teammoderator");
    await teamModerator.get(`/pulse/summary?team=${fixture.teams.a.id}`).expect(200);
    await teamModerator.get(`/pulse/summary?team=${fixture.teams.b.id}`).expect(403);
  });

  it("a team of another tenant or an unknown team is 404 for an admin; a malformed one 400", async () => {
    const other = await createTenantFixture(app.db);
    expect((await admin.get(`/pulse/summary?team=${other.teams.a.id}`).expect(404)).body.error.code).toBe("NOT_FOUND");
    await admin.get(`/pulse/summary?team=${randomUUID()}`).expect(404);
    await admin.get("/pulse/summary?team=alpha").expect(400);
  });

  it("another tenant's responses and invites never count", async () => {
    const twin = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    const question = await addPulseQuestion(app.db, twin.tenant.id);
    await addResponses(app.db, twin.tenant.id, [{ questionId: question, teamId: twin.teams.a.id, week: W48, scores: [1, 1, 1, 1, 1, 1] }]);
    await addInvite(app.db, {
      tenantId: twin.tenant.id,
      userId: twin.users.member.id,
      questionId: question,
      teamId: twin.teams.a.id,
      sentAt: "2026-11-24T09:00:00Z",
    });
    const body = (await admin.get("/pulse/summary").expect(200)).body;
    expect(body.summary).toMatchObject({ totalResponses: 37, totalInvites: 15, waitingResponses: 2 });
    expect(body.questions.map((entry: { id: string }) => entry.id)).not.toContain(question);
  });

  it("responses of a deleted team stay, counted under 'No team' (teamId null) with the same rules", async () => {
    const tenant = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    const question = await addPulseQuestion(app.db, tenant.tenant.id);
    const [{ id: doomed }] = await app.db("teams").insert({ tenant_id: tenant.tenant.id, name: "Doomed", slug: "doomed" }).returning("id");
    await addResponses(app.db, tenant.tenant.id, [
      { questionId: question, teamId: tenant.teams.a.id, week: W48, scores: [4, 4, 4, 4, 4, 4] },
      { questionId: question, teamId: doomed, week: W48, scores: [2, 2, 2, 2, 2, 2] },
    ]);
    await app.db("teams").where({ tenant_id: tenant.tenant.id, id: doomed }).delete();
    const owner = await signIn(app, tenant.tenant.slug, "owner");
    const [summary] = (await owner.get("/pulse/summary").expect(200)).body.questions;
    expect(summary).toMatchObject({ responseCount: 12, averageScore: 3 });
    expect(summary.byTeam).toEqual([
      expect.objectContaining({ teamId: tenant.teams.a.id, teamName: "Team Alpha", responseCount: 6, averageScore: 4 }),
      expect.objectContaining({ teamId: tenant.teams.b.id, teamName: "Team Beta", responseCount: 0, averageScore: null }),
      expect.objectContaining({ teamId: null, teamName: "No team", responseCount: 6, averageScore: 2 }),
    ]);
  });

  it("answers count only when their group reaches the threshold, all together; participation counts them at once", async () => {
    const tenant = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: 3 } } });
    const question = await addPulseQuestion(app.db, tenant.tenant.id);
    const owner = await signIn(app, tenant.tenant.slug, "owner");
    const tokens = [];
    for (let i = 0; i < 4; i += 1) {
      tokens.push(
        (
          await addInvite(app.db, {
            tenantId: tenant.tenant.id,
            userId: tenant.users.member.id,
            questionId: question,
            teamId: tenant.teams.a.id,
            sentAt: "2026-11-24T09:00:00Z",
          })
        ).token,
      );
    }
    for (const [i, score] of [5, 4].entries()) {
      await request(app.app).post("/pulse/respond").send({ token: tokens[i], score }).expect(200);
      const waiting = (await owner.get("/pulse/summary").expect(200)).body;
      expect(waiting.summary).toMatchObject({ totalResponses: 0, totalInvites: 4, participationRate: (i + 1) * 25, waitingResponses: i + 1 });
      expect(waiting.questions[0]).toMatchObject({ responseCount: 0, averageScore: null, waitingResponses: i + 1, trend: { weekly: [] } });
    }
    await request(app.app).post("/pulse/respond").send({ token: tokens[2], score: 3 }).expect(200);
    const released = (await owner.get("/pulse/summary").expect(200)).body;
    expect(released.summary).toMatchObject({ totalResponses: 3, totalInvites: 4, participationRate: 75, waitingResponses: 0 });
    expect(released.questions[0]).toMatchObject({
      responseCount: 3,
      averageScore: 4,
      waitingResponses: 0,
      trend: { weekly: [{ week: "2026-W48", avg: 4, count: 3 }] },
    });
    expect(released.questions[0].byTeam[0]).toMatchObject({ teamId: tenant.teams.a.id, responseCount: 3, averageScore: 4 });
  });
});
