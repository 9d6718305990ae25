import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mixPendingResponses } from "../src/modules/pulse/pulse-responses.repository.js";
import { suppressGrid } from "../src/modules/pulse/pulse-suppression.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "./helpers/app.js";
import { createTenantFixture } from "./helpers/factories.js";
import { determinedUnknowns } from "./helpers/linear-inference.js";
import { addInvite, addPulseQuestion, addResponses } from "./helpers/pulse.js";

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe("pulse anonymity", () => {
  let app: TestApp;
  const clock = new ManualClock("2026-11-25T12:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  describe("from the database tables alone", () => {
    it("a response row has no user, invite, email or address column", async () => {
      const columns = await app.db("information_schema.columns").where({ table_name: "pulse_responses" }).pluck("column_name");
      expect([...columns].sort()).toEqual(["id", "pending", "question_id", "responded_at", "score", "team_id", "tenant_id"]);
    });

    it("after mixing, no response shares an id, a timestamp, a transaction id or its position with the invite it answered", async () => {
      const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
      const tenantId = fixture.tenant.id;
      const question = await addPulseQuestion(app.db, tenantId);
      const scores = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 1, 3, 5, 2, 4, 5, 1, 4, 2, 3];
      const invites = [];
      for (const [i, score] of scores.entries()) {
        const invite = await addInvite(app.db, { tenantId, userId: fixture.users.member.id, questionId: question, teamId: fixture.teams.a.id, sentAt: "2026-11-23T09:00:00Z" });
        clock.set(new Date(Date.UTC(2026, 10, 24, 9, i, 7, 5)));
        await request(app.app).post("/pulse/respond").send({ token: invite.token, score }).expect(200);
        invites.push(invite);
      }
      const linkedByTransaction = () =>
        app.db.raw(
          `select count(*)::int as n from pulse_responses r join pulse_invites i on i.xmin::text = r.xmin::text where r.tenant_id = ? and i.tenant_id = ?`,
          [tenantId, tenantId],
        );
      // The threat the mixer exists for: written in one transaction, each response carries its invite's xmin.
      expect((await linkedByTransaction()).rows[0].n).toBe(scores.length);
      const idsBefore = (await app.db("pulse_responses").where({ tenant_id: tenantId }).pluck("id")) as string[];
      const summaryBefore = (await (await signIn(app, fixture.tenant.slug, "admin")).get("/pulse/summary").expect(200)).body;

      expect(await mixPendingResponses(app.db, [tenantId])).toBe(scores.length);

      expect((await linkedByTransaction()).rows[0].n).toBe(0);
      const rows = (await app.db.raw(`select *, ctid::text as position from pulse_responses where tenant_id = ? order by ctid`, [tenantId])).rows;
      expect(rows).toHaveLength(scores.length);
      expect(rows.every((row: { pending: boolean }) => !row.pending)).toBe(true);
      // New ids, and the physical order no longer follows the order people answered in.
      expect(rows.filter((row: { id: string }) => idsBefore.includes(row.id))).toEqual([]);
      expect(rows.map((row: { score: number }) => row.score)).not.toEqual(scores);
      // No value of a response appears in any invite column that leads to a person or an invite.
      const inviteRows = await app.db("pulse_invites").where({ tenant_id: tenantId });
      const personal = new Set(inviteRows.flatMap((invite) => [invite.id, invite.token, invite.user_id]));
      const times = new Set(inviteRows.flatMap((invite) => [invite.sent_at, invite.expires_at, invite.responded_at].map((value) => new Date(value).getTime())));
      for (const row of rows) {
        for (const value of Object.values(row)) expect(personal.has(value as string)).toBe(false);
        expect(times.has(new Date(row.responded_at).getTime())).toBe(false);
        expect(new Date(row.responded_at).toISOString()).toBe("2026-11-23T00:00:00.000Z");
      }
      // Mixing moves rows, not figures.
      expect((await (await signIn(app, fixture.tenant.slug, "admin")).get("/pulse/summary").expect(200)).body).toEqual(summaryBefore);
      const rollup = await app.db("pulse_response_weeks").where({ tenant_id: tenantId });
      expect(rollup).toEqual([expect.objectContaining({ question_id: question, responses: scores.length, score_sum: scores.reduce((a, b) => a + b, 0) })]);
    });

    it("a later mix of the same week rewrites every row of the week together, old and new", async () => {
      const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
      const tenantId = fixture.tenant.id;
      const question = await addPulseQuestion(app.db, tenantId);
      clock.set("2026-11-24T10:00:00Z");
      for (const score of [2, 4]) {
        const invite = await addInvite(app.db, { tenantId, userId: fixture.users.member.id, questionId: question, teamId: fixture.teams.a.id, sentAt: "2026-11-23T09:00:00Z" });
        await request(app.app).post("/pulse/respond").send({ token: invite.token, score }).expect(200);
        await mixPendingResponses(app.db, [tenantId]);
      }
      const xmins = (await app.db.raw(`select distinct xmin::text from pulse_responses where tenant_id = ?`, [tenantId])).rows;
      expect(xmins).toHaveLength(1);
    });
  });

  describe("from the summary API", () => {
    it("no hidden figure of any view can be computed from the shown ones, and every shown one has enough responses", async () => {
      const threshold = 5;
      const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: threshold } } });
      const tenantId = fixture.tenant.id;
      const teams = [fixture.teams.a.id, fixture.teams.b.id];
      for (const name of ["Gamma", "Delta"]) teams.push((await app.db("teams").insert({ tenant_id: tenantId, name, slug: name.toLowerCase() }).returning("id"))[0].id);
      const weeks = ["2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"];
      const random = prng(20261125);
      const questions: string[] = [];
      const rows: Array<{ questionId: string; teamId: string | null; week: string; scores: number[] }> = [];
      for (let q = 0; q < 6; q += 1) {
        const questionId = await addPulseQuestion(app.db, tenantId, { createdAt: new Date(Date.UTC(2026, 0, 1 + q)) });
        questions.push(questionId);
        for (const teamId of [...teams, null]) {
          for (const week of weeks) {
            if (random() < 0.35) continue;
            const size = Math.floor(random() * random() * 11) + 1;
            rows.push({ questionId, teamId, week, scores: Array.from({ length: size }, () => 1 + Math.floor(random() * 5)) });
          }
        }
      }
      await addResponses(app.db, tenantId, rows);

      const owner = await signIn(app, fixture.tenant.slug, "owner");
      const full = (await owner.get("/pulse/summary?range=6w").expect(200)).body;
      const byTeamView = new Map<string, { questions: Array<{ id: string; trend: { weekly: Array<{ week: string; avg: number | null; count: number }> } }> }>();
      for (const teamId of teams) byTeamView.set(teamId, (await owner.get(`/pulse/summary?range=6w&team=${teamId}`).expect(200)).body);

      let hiddenFigures = 0;
      for (const question of full.questions) {
        // Every figure the API shows or hides: key -> {count, hidden}.
        const figures = new Map<string, { count: number; hidden: boolean }>();
        const note = (key: string, count: number, avg: number | null) => {
          figures.set(key, { count, hidden: avg === null });
          if (avg !== null) expect(count, key).toBeGreaterThanOrEqual(threshold);
        };
        note("T", question.responseCount, question.averageScore);
        for (const entry of question.byTeam) note(`R:${entry.teamId ?? "none"}`, entry.responseCount, entry.averageScore);
        for (const entry of question.trend.weekly) note(`C:${entry.week}`, entry.count, entry.avg);
        const cells = new Map<string, Map<string, number>>();
        for (const teamId of teams) {
          const view = byTeamView.get(teamId)?.questions.find((candidate) => candidate.id === question.id);
          for (const entry of view?.trend.weekly ?? []) {
            note(`X:${teamId}|${entry.week}`, entry.count, entry.avg);
            cells.set(entry.week, new Map([...(cells.get(entry.week) ?? []), [teamId, entry.count]]));
          }
        }
        // The attacker can count the teamless row's cells (column count minus team cells); it never shows an average.
        for (const entry of question.trend.weekly) {
          const teamCells = [...(cells.get(entry.week)?.values() ?? [])].reduce((a, b) => a + b, 0);
          if (entry.count > teamCells) figures.set(`X:none|${entry.week}`, { count: entry.count - teamCells, hidden: true });
        }
        const rowsOf = (teamKey: string) => [...figures.keys()].filter((key) => key.startsWith(`X:${teamKey}|`));
        const colsOf = (week: string) => [...figures.keys()].filter((key) => key.startsWith("X:") && key.endsWith(`|${week}`));
        const lines: Array<[string, string[]]> = [
          ["T", [...figures.keys()].filter((key) => key.startsWith("R:"))],
          ["T", [...figures.keys()].filter((key) => key.startsWith("C:"))],
          ...question.byTeam.map((entry: { teamId: string | null }) => [`R:${entry.teamId ?? "none"}`, rowsOf(entry.teamId ?? "none")] as [string, string[]]),
          ...question.trend.weekly.map((entry: { week: string }) => [`C:${entry.week}`, colsOf(entry.week)] as [string, string[]]),
        ];
        const unknowns = [...figures].filter(([, figure]) => figure.hidden).map(([key]) => key);
        hiddenFigures += unknowns.length;
        const equations = lines.map(([total, parts]) =>
          [[total, 1] as [string, number], ...parts.map((part) => [part, -1] as [string, number])].filter(([key]) => figures.get(key)?.hidden),
        );
        // Teamless cells never show an average, so they are unknowns here; one with enough responses may be
        // computable (it was never hidden), but no figure the API hid and no group below the threshold may be.
        const breaches = determinedUnknowns(equations, unknowns).filter(
          (key) => !key.startsWith("X:none|") || (figures.get(key)?.count ?? 0) < threshold,
        );
        expect(breaches, `question ${question.id}`).toEqual([]);
        // A line whose total is shown reveals the sum of its hidden parts: that must cover at least `threshold` responses.
        for (const [total, parts] of lines) {
          if (figures.get(total)?.hidden) continue;
          const hidden = parts.filter((part) => figures.get(part)?.hidden);
          const mass = hidden.reduce((sum, part) => sum + (figures.get(part)?.count ?? 0), 0);
          if (hidden.length > 0) expect(mass, `${total} in ${question.id}`).toBeGreaterThanOrEqual(threshold);
        }
      }
      // The fixture is small enough that the test exercises suppression, not just shown figures.
      expect(hiddenFigures).toBeGreaterThan(30);
    });

    it("the suppression pattern resists elimination on a thousand random grids", () => {
      const random = prng(7);
      for (let trial = 0; trial < 1000; trial += 1) {
        const threshold = 3 + Math.floor(random() * 4);
        const grid = new Map<string, Map<string, number>>();
        for (let row = 0; row < 1 + Math.floor(random() * 5); row += 1) {
          const cells = new Map<string, number>();
          for (let col = 0; col < 1 + Math.floor(random() * 6); col += 1) if (random() > 0.3) cells.set(`w${col}`, 1 + Math.floor(random() * random() * 12));
          grid.set(`t${row}`, cells);
        }
        const pattern = suppressGrid(grid, threshold);
        const hidden = new Map<string, boolean>();
        const rowParts = new Map<string, string[]>();
        const colParts = new Map<string, string[]>();
        let total = 0;
        for (const [row, cells] of grid) {
          for (const [col, count] of cells) {
            total += count;
            hidden.set(`X:${row}|${col}`, pattern.cellHidden(row, col));
            rowParts.set(row, [...(rowParts.get(row) ?? []), `X:${row}|${col}`]);
            colParts.set(col, [...(colParts.get(col) ?? []), `X:${row}|${col}`]);
          }
        }
        if (total === 0) continue;
        hidden.set("T", pattern.totalHidden);
        for (const row of rowParts.keys()) hidden.set(`R:${row}`, pattern.rowHidden(row));
        for (const col of colParts.keys()) hidden.set(`C:${col}`, pattern.colHidden(col));
        const lines: Array<[string, string[]]> = [
          ["T", [...rowParts.keys()].map((row) => `R:${row}`)],
          ["T", [...colParts.keys()].map((col) => `C:${col}`)],
          ...[...rowParts].map(([row, parts]) => [`R:${row}`, parts] as [string, string[]]),
          ...[...colParts].map(([col, parts]) => [`C:${col}`, parts] as [string, string[]]),
        ];
        const unknowns = [...hidden].filter(([, isHidden]) => isHidden).map(([key]) => key);
        const equations = lines.map(([t, parts]) => [[t, 1] as [string, number], ...parts.map((part) => [part, -1] as [string, number])].filter(([key]) => hidden.get(key)));
        expect(determinedUnknowns(equations, unknowns), JSON.stringify({ threshold, grid: [...grid].map(([r, c]) => [r, [...c]]) })).toEqual([]);
      }
    });
  });
});
