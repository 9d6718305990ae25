import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion, addResponses } from "../helpers/pulse.js";

/**
 * CONTRACT §5: the summary's eNPS (per cent promoters 9..10 minus per cent detractors 0..6) counts
 * released batches only, under the same threshold as the averages; 1..5 averages never mix with 0..10.
 */
describe("eNPS in GET /pulse/summary", () => {
  let app: TestApp;
  const clock = new ManualClock("2099-12-02T10:00:00Z");

  beforeAll(async () => {
    // Answers commit at once: the hold against scanners is pulse-scanners.test.ts's subject.
    app = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
  });
  afterAll(() => app.close());

  async function enpsTenant(threshold: number) {
    const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: threshold } } });
    const [row] = await app
      .db("pulse_questions")
      .insert({ tenant_id: fixture.tenant.id, text: "How likely are you to recommend working in your team to a friend?", scale: "enps11" })
      .returning("id");
    return { fixture, questionId: row.id as string };
  }
  const answer = async (fixture: TenantFixture, questionId: string, scores: number[]) => {
    for (const score of scores) {
      const { token } = await addInvite(app.db, {
        tenantId: fixture.tenant.id,
        userId: fixture.users.member.id,
        questionId,
        teamId: fixture.teams.a.id,
        sentAt: "2099-12-02T09:00:00Z",
      });
      await request(app.app).post("/pulse/respond").send({ token, score }).expect(200);
    }
  };
  const summary = async (fixture: TenantFixture, query = "") =>
    (await (await signIn(app, fixture.tenant.slug, "admin")).get(`/pulse/summary${query}`).expect(200)).body;

  it("k-1 answers show no eNPS; the k-th releases the batch and the eNPS is exact (question, team and week)", async () => {
    const { fixture, questionId } = await enpsTenant(3);
    await answer(fixture, questionId, [10, 0]);
    let body = await summary(fixture);
    let question = body.questions.find((entry: { id: string }) => entry.id === questionId);
    expect(question).toMatchObject({ scale: "enps11", responseCount: 0, averageScore: null, enps: null, enpsBreakdown: null, waitingResponses: 2 });
    expect(question.byTeam.find((team: { teamId: string }) => team.teamId === fixture.teams.a.id)).toMatchObject({ enps: null, waitingResponses: 2 });

    await answer(fixture, questionId, [8]);
    body = await summary(fixture);
    question = body.questions.find((entry: { id: string }) => entry.id === questionId);
    // 1 promoter, 1 passive, 1 detractor of 3: 33% - 33% = 0; the average is on 0..10.
    expect(question).toMatchObject({ responseCount: 3, averageScore: 6, enps: 0, enpsBreakdown: { promoters: 1, passives: 1, detractors: 1 } });
    expect(question.byTeam.find((team: { teamId: string }) => team.teamId === fixture.teams.a.id)).toMatchObject({ responseCount: 3, enps: 0 });
    expect(question.trend.weekly).toEqual([{ week: "2099-W49", avg: 6, count: 3, enps: 0 }]);

    // A team filter gives the same figure for that team.
    const teamView = await summary(fixture, `?team=${fixture.teams.a.id}`);
    expect(teamView.questions.find((entry: { id: string }) => entry.id === questionId).enps).toBe(0);
  });

  it("a known mix: 7 promoters, 2 passives, 3 detractors of 12 is eNPS +33 (58.3% - 25%)", async () => {
    const { fixture, questionId } = await enpsTenant(3);
    await answer(fixture, questionId, [9, 10, 10, 9, 9, 10, 9, 7, 8, 6, 0, 3]);
    const question = (await summary(fixture)).questions.find((entry: { id: string }) => entry.id === questionId);
    expect(question).toMatchObject({ responseCount: 12, enps: 33, enpsBreakdown: { promoters: 7, passives: 2, detractors: 3 } });
    expect(question.averageScore).toBeCloseTo(90 / 12, 2);
  });

  it("a question below its threshold after k was raised shows neither average nor eNPS; agree5 questions carry no eNPS", async () => {
    const { fixture, questionId } = await enpsTenant(3);
    const agree = await addPulseQuestion(app.db, fixture.tenant.id, { text: "My workload is manageable." });
    await addResponses(app.db, fixture.tenant.id, [
      { questionId, teamId: fixture.teams.a.id, week: "2099-11-30", scores: [10, 9, 1] },
      { questionId: agree, teamId: fixture.teams.a.id, week: "2099-11-30", scores: [5, 4, 3] },
    ]);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    let body = (await admin.get("/pulse/summary").expect(200)).body;
    const agreeEntry = body.questions.find((entry: { id: string }) => entry.id === agree);
    expect(agreeEntry).toMatchObject({ scale: "agree5", averageScore: 4 });
    expect(agreeEntry).not.toHaveProperty("enps");
    expect(body.questions.find((entry: { id: string }) => entry.id === questionId)).toMatchObject({ enps: 33, averageScore: 6.67 });
    await admin.post("/admin/tenant-settings", { pulse: { anonThreshold: 4 } }).expect(200);
    body = (await admin.get("/pulse/summary").expect(200)).body;
    expect(body.questions.find((entry: { id: string }) => entry.id === questionId)).toMatchObject({ responseCount: 3, averageScore: null, enps: null });
  });

  it("the pulse export carries each question's scale and eNPS", async () => {
    const { fixture, questionId } = await enpsTenant(3);
    await answer(fixture, questionId, [10, 10, 2]);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const rows = (await admin.get("/admin/export/pulse?format=json").expect(200)).body;
    const items = Array.isArray(rows) ? rows : rows.items;
    const questionRow = items.find((row: { scope: string; questionId: string }) => row.scope === "question" && row.questionId === questionId);
    expect(questionRow).toMatchObject({ scale: "enps11", enps: 33, responseCount: 3 });
  });
});
