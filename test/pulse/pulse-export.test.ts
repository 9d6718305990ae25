import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addPulseQuestion, addResponses, addWaiting } from "../helpers/pulse.js";

const NOW = "2026-11-25T12:00:00Z";
const W47 = "2026-11-16";
const W48 = "2026-11-23";

describe("GET /admin/export/pulse", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"admin" | "owner" | "moderator" | "member", ApiClient>;
  let happy: string;
  let formula: string;

  beforeAll(async () => {
    app = await createTestApp({ clock: new ManualClock(NOW) });
    t = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    happy = await addPulseQuestion(app.db, t.tenant.id, { text: "How happy are you?", createdAt: "2026-01-01T00:00:00Z" });
    formula = await addPulseQuestion(app.db, t.tenant.id, { text: '=HYPERLINK("http://evil.example","click")', createdAt: "2026-01-02T00:00:00Z" });
    await addResponses(app.db, t.tenant.id, [
      { questionId: happy, teamId: t.teams.a.id, week: W47, scores: [5, 4, 4, 3, 5, 4] },
      { questionId: happy, teamId: t.teams.a.id, week: W48, scores: [3, 4, 5, 4, 4] },
      { questionId: formula, teamId: t.teams.a.id, week: W48, scores: [4, 4, 4, 4, 4] },
    ]);
    // Team B's two answers wait for their group: they count in no figure of the export either.
    await addWaiting(app.db, t.tenant.id, [{ questionId: happy, teamId: t.teams.b.id, scores: [1, 2] }]);
    c = await signInMany(app, t.tenant.slug, ["admin", "owner", "moderator", "member"]);
  });
  afterAll(() => app.close());

  it("JSON rows carry exactly the summary's figures, suppressed groups included", async () => {
    const summary = (await c.admin.get("/pulse/summary").expect(200)).body;
    const response = await c.admin.get("/admin/export/pulse?format=json").expect(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="pulse-.*\.json"/);
    const rows = response.body as Array<Record<string, unknown>>;
    expect(rows[0]).toMatchObject({
      scope: "summary",
      responseCount: summary.summary.totalResponses,
      totalInvites: summary.summary.totalInvites,
      dateRangeStart: summary.summary.dateRange.start,
    });
    const question = summary.questions.find((q: { id: string }) => q.id === happy);
    expect(rows.find((row) => row.scope === "question" && row.questionId === happy)).toMatchObject({
      responseCount: question.responseCount,
      averageScore: question.averageScore,
    });
    const teamRows = rows.filter((row) => row.scope === "team" && row.questionId === happy);
    expect(teamRows.map((row) => [row.teamId, row.responseCount, row.averageScore])).toEqual(
      question.byTeam.map((team: { teamId: string; responseCount: number; averageScore: number | null }) => [
        team.teamId,
        team.responseCount,
        team.averageScore,
      ]),
    );
    const teamB = teamRows.find((row) => row.teamId === t.teams.b.id);
    expect(teamB).toMatchObject({ responseCount: 0, averageScore: null, suppressed: true, message: expect.stringMatching(/anonymity/i), waitingResponses: 2 });
    const weeks = rows.filter((row) => row.scope === "week" && row.questionId === happy);
    expect(weeks.map((row) => [row.week, row.responseCount, row.averageScore])).toEqual(
      question.trend.weekly.map((week: { week: string; count: number; avg: number | null }) => [week.week, week.count, week.avg]),
    );
    // No hidden average can be read from the export: no row holds team B's 1.5.
    expect(JSON.stringify(rows)).not.toContain("1.5");
  });

  it("CSV neutralises cells that a spreadsheet would run as a formula", async () => {
    const response = await c.owner.get("/admin/export/pulse").expect(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    const records = parse(response.text, { columns: true }) as Array<Record<string, string>>;
    const texts = records.filter((record) => record.questionId === formula).map((record) => record.questionText);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text?.startsWith("'=")).toBe(true);
  });

  it("a team filter keeps the same suppression; the threshold cannot be lowered by query", async () => {
    const rows = (await c.admin.get(`/admin/export/pulse?format=json&team=${t.teams.b.id}&threshold=1`).expect(200)).body as Array<Record<string, unknown>>;
    const teamB = rows.find((row) => row.scope === "team" && row.teamId === t.teams.b.id);
    expect(teamB).toMatchObject({ responseCount: 0, averageScore: null, suppressed: true, waitingResponses: 2 });
  });

  it("is for admins and owners only, audited, with bad input refused", async () => {
    await c.moderator.get("/admin/export/pulse").expect(403);
    await c.member.get("/admin/export/pulse").expect(403);
    expect((await c.admin.get("/admin/export/pulse?range=53w").expect(400)).body.error.code).toBe("VALIDATION_FAILED");
    await c.admin.get("/admin/export/pulse?format=xml").expect(400);
    await c.admin.get("/admin/export/pulse?team=00000000-0000-4000-8000-000000000000").expect(404);
    const entries = await app.db("audit_logs").where({ tenant_id: t.tenant.id, action: "data.export" });
    expect(entries.map((entry) => entry.metadata.dataset)).toContain("pulse");
  });
});
