import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPulseReleaser, createPulseSealer, openAnswer } from "../../src/modules/pulse/pulse.release.service.js";
import { createHeldAnswers } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { systemClock } from "../../src/platform/clock.js";
import { openDatabase, openEmbeddedDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { createLogger } from "../../src/platform/logger.js";
import { migrateToLatest, migrateUpTo } from "../../src/platform/migrator.js";
import { TEST_SESSION_SECRET } from "../helpers/secrets.js";

/**
 * Existing databases move to batch release (CONTRACT §5, issue "Migration"): responses already
 * stored are regrouped per (question, team) into released batches of k by date; the rest wait.
 * Nothing is lost. And the pulse settings take over the schedule's switch, cadence, time and
 * rotation. Runs on a database of its own (PostgreSQL, or an in-memory PGlite in `embedded`).
 */
const BEFORE = "20261123080100_question_counts";

async function scratchDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE === "embedded") {
    const handle = await openEmbeddedDatabase("memory://");
    return { handle, drop: async () => undefined };
  }
  const server = new URL(inject("databaseUrl"));
  const name = `qa_test_${Date.now()}_${process.pid}_migration`;
  const admin = new pg.Client({ connectionString: new URL("/postgres", server).toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const handle = await openDatabase({ url: new URL(`/${name}`, server).toString(), poolMax: 2, dataDir: "" });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: new URL("/postgres", server).toString() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

describe("migrating existing pulse data to batch release", () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  const ids: Record<string, string> = {};
  // Per group: the scores stored before, by the Monday they were stored under.
  const stored: Array<{ tenant: string; question: string; team: string | null; week: string; scores: number[]; pending?: boolean }> = [];

  beforeAll(async () => {
    scratch = await scratchDatabase();
    const db = scratch.handle.db;
    await migrateUpTo(db, BEFORE);
    for (const [key, k, schedule] of [
      ["five", 5, { enabled: false, cadence: "monthly", time: "10:30", rotating_cohorts: false, num_cohorts: 12 }],
      ["three", 3, { enabled: true, cadence: "biweekly", time: "07:15", rotating_cohorts: true, num_cohorts: 4 }],
    ] as const) {
      const [tenant] = await db("tenants")
        .insert({ slug: `mig-${key}`, name: key })
        .returning("id");
      ids[key] = tenant.id;
      await db("tenant_settings").insert({ tenant_id: tenant.id, settings: JSON.stringify({ pulse: { enabled: true, anonThreshold: k } }) });
      await db("pulse_schedules").insert({ tenant_id: tenant.id, ...schedule, timezone: "Europe/Berlin" });
      const [team] = await db("teams").insert({ tenant_id: tenant.id, name: "Alpha", slug: "alpha" }).returning("id");
      ids[`${key}:team`] = team.id;
      const [question] = await db("pulse_questions").insert({ tenant_id: tenant.id, text: "How are you?" }).returning("id");
      ids[`${key}:question`] = question.id;
    }
    stored.push(
      // Twelve over four weeks in k=5: two batches of five, two left waiting.
      { tenant: "five", question: "five:question", team: "five:team", week: "2026-10-26", scores: [1, 2, 3] },
      { tenant: "five", question: "five:question", team: "five:team", week: "2026-11-02", scores: [4, 5, 1, 2] },
      { tenant: "five", question: "five:question", team: "five:team", week: "2026-11-09", scores: [3, 4] },
      { tenant: "five", question: "five:question", team: "five:team", week: "2026-11-16", scores: [5, 1, 2], pending: true },
      // Three people without a team: fewer than k, all wait.
      { tenant: "five", question: "five:question", team: null, week: "2026-11-16", scores: [5, 5, 4] },
      // k=3: seven responses, two batches of three, one waits.
      { tenant: "three", question: "three:question", team: "three:team", week: "2026-11-09", scores: [2, 2, 2, 3, 3] },
      { tenant: "three", question: "three:question", team: "three:team", week: "2026-11-16", scores: [4, 4] },
    );
    for (const entry of stored) {
      await db("pulse_responses").insert(
        entry.scores.map((score) => ({
          tenant_id: ids[entry.tenant],
          question_id: ids[entry.question],
          team_id: entry.team ? ids[entry.team] : null,
          score,
          responded_at: new Date(`${entry.week}T00:00:00Z`),
          pending: entry.pending ?? false,
        })),
      );
    }
    await migrateToLatest(db);
  });
  afterAll(() => scratch.drop());

  const released = (tenant: string) =>
    scratch.handle.db("pulse_responses").where({ tenant_id: ids[tenant] }).select("team_id", "score", scratch.handle.db.raw("responded_at::date::text as day"));
  const waiting = (tenant: string) => scratch.handle.db("pulse_waiting_responses").where({ tenant_id: ids[tenant] });
  const total = (scores: number[]) => scores.reduce((sum, score) => sum + score, 0);
  let carriedScores: number[] = [];

  it("regroups each (question, team) into batches of k by date, dated on their last response; the rest waits; nothing is lost", async () => {
    const five = await released("five");
    expect(five).toHaveLength(10);
    const days = new Map<string, number>();
    for (const row of five) days.set(row.day, (days.get(row.day) ?? 0) + 1);
    // The first batch ends in the week of 2026-11-02, the second in the week of 2026-11-16.
    expect(Object.fromEntries(days)).toEqual({ "2026-11-02": 5, "2026-11-16": 5 });
    const carried = await waiting("five");
    expect(carried.filter((row) => row.team_id === ids["five:team"])).toHaveLength(2);
    expect(carried.filter((row) => row.team_id === null)).toHaveLength(3);
    for (const row of carried) expect(row).toMatchObject({ sealed: null, key_id: null, legacy_score: expect.any(Number) });
    const fiveScores = stored.filter((entry) => entry.tenant === "five").flatMap((entry) => entry.scores);
    const waitingScores = carried.map((row) => Number(row.legacy_score));
    carriedScores = waitingScores;
    expect(total(five.map((row) => Number(row.score))) + total(waitingScores)).toBe(total(fiveScores));

    const three = await released("three");
    expect(three).toHaveLength(6);
    expect(await waiting("three")).toHaveLength(1);
    expect(total(three.map((row) => Number(row.score))) + Number((await waiting("three"))[0]?.legacy_score)).toBe(20);
  });

  it("every (question, team, week) cell holds at least k responses, and the rollup agrees with the rows", async () => {
    const db = scratch.handle.db;
    const cells = (
      await db.raw(
        `select tenant_id, question_id, team_id, date_trunc('week', responded_at at time zone 'UTC') as week, count(*)::int as n, sum(score)::int as s from pulse_responses group by 1, 2, 3, 4`,
      )
    ).rows;
    for (const cell of cells) expect(cell.n).toBeGreaterThanOrEqual(cell.tenant_id === ids.three ? 3 : 5);
    const rollup = await db("pulse_response_weeks").select("tenant_id", "question_id", "team_id", "responses", "score_sum");
    expect(rollup.map((row) => [row.responses, row.score_sum]).sort()).toEqual(cells.map((cell: { n: number; s: number }) => [cell.n, cell.s]).sort());
  });

  it("the server seals the carried-over scores at its first sweep, and they stay countable", async () => {
    const sealer = createPulseSealer([TEST_SESSION_SECRET]);
    const heldAnswers = createHeldAnswers({ db: scratch.handle.db, sealer, clock: systemClock });
    const releaser = createPulseReleaser({ db: scratch.handle.db, sealer, clock: systemClock, logger: createLogger({ level: "silent" }), heldAnswers });
    await releaser.sweep();
    const rows = await waiting("five");
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.legacy_score).toBeNull();
      expect(row.key_id).toBe(sealer.keyId);
    }
    const opened = rows.map((row) => openAnswer(sealer, { keyId: row.key_id, sealed: row.sealed }));
    expect(opened.every((score) => score !== null)).toBe(true);
    expect((opened as number[]).sort()).toEqual([...carriedScores].sort());
  });

  it("the pulse settings take the schedule's cadence, time and rotation; the pulse stays on only where both switches were on; cohorts are capped at 6", async () => {
    const db = scratch.handle.db;
    const settingsOf = async (key: string) => (await db("tenant_settings").where({ tenant_id: ids[key] }).first()).settings.pulse;
    expect(await settingsOf("five")).toMatchObject({
      enabled: false,
      anonThreshold: 5,
      defaultCadence: "monthly",
      defaultTime: "10:30",
      rotatingCohorts: false,
    });
    expect(await settingsOf("three")).toMatchObject({
      enabled: true,
      anonThreshold: 3,
      defaultCadence: "biweekly",
      defaultTime: "07:15",
      rotatingCohorts: true,
    });
    expect(Object.keys(await db("pulse_schedules").where({ tenant_id: ids.five }).first()).sort()).toEqual([
      "num_cohorts",
      "tenant_id",
      "timezone",
      "updated_at",
    ]);
    // More cohorts than weekdays were never invited: capped at 6, and the database now refuses more.
    expect(
      await db("pulse_schedules")
        .whereIn("tenant_id", [ids.five as string, ids.three as string])
        .orderBy("num_cohorts")
        .pluck("num_cohorts"),
    ).toEqual([4, 6]);
    await expect(db("pulse_schedules").where({ tenant_id: ids.three }).update({ num_cohorts: 7 })).rejects.toThrow(/num_cohorts_check/);
  });
});
