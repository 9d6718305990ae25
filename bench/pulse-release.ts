import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import type autocannon from "autocannon";
import { ManualClock, systemClock } from "../src/platform/clock.js";
import type { RequestContext } from "../src/platform/context.js";
import { openDatabase, type Database } from "../src/platform/db.js";
import { createLogger } from "../src/platform/logger.js";
import { migrateToLatest } from "../src/platform/migrator.js";
import { createPulseReleaser, createPulseSealer, sealAnswer, type PulseReleaser } from "../src/modules/pulse/index.js";
import { createHeldAnswers, createPulsePrivacyService, createPulseRespondService, SCANNER_WINDOW_MS } from "../src/modules/pulse/index.js";
import { provisionTenant } from "../src/modules/provisioning/index.js";
import {
  dropDatabase,
  load,
  machine,
  productionAppEnv,
  recreateDatabase,
  saveResults,
  startServer,
  startBaseline,
  table,
  waitFor,
  type LoadResult,
} from "./lib.js";

/**
 * Pulse batch release (targets):
 * 1. Releasing the 10,000 answers of one send costs <= 5 s in all: (a) 10,000 one-tap answers
 *    through the respond service in this process, 8 at a time; an answer that completes its group
 *    releases the batch as the service does (every release timed); the same answers again with
 *    the release deferred, for the answering cost alone; (b) those 10,000 waiting answers (as after
 *    a crash or a lowered threshold) released by one `sweep()`, and 10,000 waiting answers in
 *    2,000 groups of k (many small groups: the sweep's worst case per answer); (c) a sweep that
 *    finds 2,000 groups of k - 1 and nothing to release (what every instance pays every 10 s).
 * 2. A one-tap answer under load keeps p99 <= 100 ms: the app in production mode, 150,000 open
 *    invites, autocannon sending `GET /pulse/respond?token=<new each time>&score=<1..5>` with
 *    `Accept: application/json` at 20 and 50 connections, beside a bare node:http server and plain
 *    Express answering the same bytes in the same run; then once more with k raised to 1,000 (no
 *    release during the run) for comparison. The server's CPU is read from /proc and the bench
 *    database's backends are sampled from pg_stat_activity during each app run.
 *
 * Every released batch is recorded by a statement trigger on pulse_responses that exists only in
 * the bench databases (one row per insert statement = one batch: its size and how many groups it
 * mixes), so the checks are "every batch >= k and of one group" and "released + waiting = answered".
 * Overrides: BENCH_SMALL=1 (reduced sizes), BENCH_PART=release|respond (one half),
 * BENCH_PULSE_USERS (send size), BENCH_CONCURRENCY, BENCH_PULSE_INVITES, BENCH_DURATION,
 * BENCH_KEEP=1 (keep the databases), BENCH_NODE_OPTIONS (Node options for the server, e.g.
 * `--require <a profiler preload>`; Node refuses --cpu-prof there).
 */
const SMALL = Boolean(process.env.BENCH_SMALL);
const PART = process.env.BENCH_PART ?? "all";
const TEAMS = 20;
const K = 5; // the default pulse.anonThreshold
const SEND = Number(process.env.BENCH_PULSE_USERS ?? (SMALL ? 1_000 : 10_000));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SMALL_GROUP_QUESTIONS = SMALL ? 10 : 100; // x 20 teams x k answers
const LOAD_INVITES = Number(process.env.BENCH_PULSE_INVITES ?? (SMALL ? 20_000 : 150_000));
const DURATION = Number(process.env.BENCH_DURATION ?? (SMALL ? 3 : 10));
const SECRET = "bench-session-secret-with-at-least-32-chars";
const RELEASE_DB = "qa_bench_pulse_release";
const RESPOND_DB = "qa_bench_pulse_respond";
const APP_PORT = 3221;
const BARE_PORT = 3222;
const EXPRESS_PORT = 3224;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A tenant with `users` members spread evenly over 20 teams, and `questions` questions. */
async function seedTenant(db: Database, users: number, questions: number) {
  await migrateToLatest(db);
  const teams = Array.from({ length: TEAMS }, (_, i) => ({ name: `Team ${String(i + 1).padStart(2, "0")}`, slug: `team-${i + 1}` }));
  const { tenant, teams: created } = await provisionTenant(db, { slug: "bench", name: "Bench", teams, settings: { pulse: { enabled: true } } });
  const teamIds = created.map((team) => team.id);
  await db.raw(
    `insert into users (tenant_id, email, name, role, primary_team_id)
     select ?, 'user' || g || '@bench.example', 'User ' || g, 'member', (?::uuid[])[1 + g % ${TEAMS}] from generate_series(1, ?) g`,
    [tenant.id, `{${teamIds.join(",")}}`, users],
  );
  const questionIds: string[] = [];
  for (let i = 0; i < questions; i += 1) {
    const [row] = await db("pulse_questions")
      .insert({ tenant_id: tenant.id, text: `Question ${i + 1}`, active: i === 0, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
      .returning("id");
    questionIds.push(row.id as string);
  }
  return { tenantId: tenant.id, teamIds, questionIds };
}

/** Bench-only: one row per statement inserting into pulse_responses (a release writes one batch per statement). */
async function installBatchLog(db: Database): Promise<void> {
  await db.raw(
    `create table bench_release_batches (id bigserial primary key, question_id uuid, groups int not null, n int not null, at timestamptz not null default clock_timestamp())`,
  );
  await db.raw(`create function bench_log_release_batch() returns trigger language plpgsql as $$
    begin
      insert into bench_release_batches (question_id, groups, n)
      select min(question_id::text)::uuid, count(distinct (question_id, team_id)), count(*) from new_rows having count(*) > 0;
      return null;
    end $$`);
  await db.raw(
    `create trigger bench_log_release_batch after insert on pulse_responses referencing new table as new_rows for each statement execute function bench_log_release_batch()`,
  );
}

/** One send: an open invite for every member, for one question; returns the tokens in random order. */
async function send(db: Database, tenantId: string, questionId: string): Promise<string[]> {
  const result = await db.raw(
    `insert into pulse_invites (tenant_id, token, user_id, question_id, cohort_name, team_id, sent_at, expires_at)
     select tenant_id, gen_random_uuid(), id, ?, 'cohort-0', primary_team_id, now(), now() + interval '7 days'
     from users where tenant_id = ? and role = 'member' returning token`,
    [questionId, tenantId],
  );
  const tokens = (result.rows as Array<{ token: string }>).map((row) => row.token);
  for (let i = tokens.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [tokens[i], tokens[j]] = [tokens[j] as string, tokens[i] as string];
  }
  return tokens;
}

interface BatchCheck {
  batches: number;
  released: number;
  smallest: number | null;
  largest: number | null;
  mixedGroups: number;
}

async function batchesSince(db: Database, afterId: number, questionIds?: string[]): Promise<BatchCheck & { lastId: number }> {
  const query = db("bench_release_batches").where("id", ">", afterId);
  if (questionIds) query.whereIn("question_id", questionIds);
  const row = await query
    .select(
      db.raw("count(*)::int as batches"),
      db.raw("coalesce(sum(n), 0)::int as released"),
      db.raw("min(n)::int as smallest"),
      db.raw("max(n)::int as largest"),
      db.raw("count(*) filter (where groups <> 1)::int as mixed"),
    )
    .first();
  const last = await db("bench_release_batches").max<{ m: number | null }>("id as m").first();
  return { batches: row.batches, released: row.released, smallest: row.smallest, largest: row.largest, mixedGroups: row.mixed, lastId: Number(last?.m ?? 0) };
}

async function countRows(db: Database, table: string, where: (query: ReturnType<Database>) => void): Promise<number> {
  const query = db(table);
  where(query);
  const row = await query.count<{ n: number }>("* as n").first();
  return Number(row?.n ?? 0);
}

/** Answers every token through the service, `CONCURRENCY` at a time; per-answer latency in ms. */
async function answerAll(service: ReturnType<typeof createPulseRespondService>, tokens: string[]) {
  const ctx = {} as RequestContext; // respond() reads nothing from it: the token authenticates
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const worker = async () => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= tokens.length) return;
      const begin = performance.now();
      try {
        await service.respond(ctx, { token: tokens[i], score: String(1 + randomInt(5)) });
      } catch (error) {
        failures += 1;
        if (failures <= 3) console.error("answer failed:", error);
      }
      latencies.push(performance.now() - begin);
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = performance.now() - begin;
  latencies.sort((a, b) => a - b);
  return {
    ms: Math.round(ms),
    answers: tokens.length,
    failures,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
  };
}

/** The releaser with every release call (made by an answer that completes its group) timed; `defer` makes release do nothing. */
function timedReleaser(inner: PulseReleaser, defer: boolean) {
  const calls: Array<{ ms: number; released: number; failed: boolean }> = [];
  const releaser: PulseReleaser = {
    async release(group, threshold) {
      if (defer) return 0;
      const begin = performance.now();
      try {
        const released = await inner.release(group, threshold);
        calls.push({ ms: performance.now() - begin, released, failed: false });
        return released;
      } catch (error) {
        calls.push({ ms: performance.now() - begin, released: 0, failed: true });
        throw error;
      }
    },
    sweep: () => inner.sweep(),
  };
  const report = () => {
    const releasing = calls.filter((call) => call.released > 0);
    const checking = calls.filter((call) => call.released === 0);
    const sorted = calls.map((call) => call.ms).sort((a, b) => a - b);
    return {
      calls: calls.length,
      failedCalls: calls.filter((call) => call.failed).length,
      totalMs: Math.round(sum(calls.map((call) => call.ms))),
      releasingCalls: releasing.length,
      releasingMs: Math.round(sum(releasing.map((call) => call.ms))),
      releasingMeanMs: releasing.length ? round(sum(releasing.map((call) => call.ms)) / releasing.length, 2) : 0,
      checkingMs: Math.round(sum(checking.map((call) => call.ms))),
      callP50: round(percentile(sorted, 50), 2),
      callP99: round(percentile(sorted, 99), 2),
    };
  };
  return { releaser, report };
}

async function releaseBench() {
  const url = await recreateDatabase(RELEASE_DB);
  const handle = await openDatabase({ url, poolMax: 20, dataDir: "" }); // the app's default DATABASE_POOL_MAX
  try {
    const db = handle.db;
    const seedStarted = performance.now();
    const { tenantId, teamIds, questionIds } = await seedTenant(db, SEND, 3 + SMALL_GROUP_QUESTIONS);
    await installBatchLog(db);
    const [questionA, questionB, questionC] = questionIds as [string, string, string];
    const tokensA = await send(db, tenantId, questionA);
    const tokensB = await send(db, tenantId, questionB);
    const tokensC = await send(db, tenantId, questionC);
    await db.raw("vacuum analyze");
    console.log(
      `Release data: ${SEND} users in ${TEAMS} teams, two sends of ${tokensA.length} invites, k = ${K} (${Math.round((performance.now() - seedStarted) / 1000)} s)`,
    );

    const logger = createLogger({ level: "silent" });
    const sealer = createPulseSealer([SECRET]);
    // Taps are committed at once here (no scanner window): this measures answering and releasing.
    const heldAnswers = createHeldAnswers({ db, sealer, clock: systemClock, windowMs: 0 });
    const privacy = createPulsePrivacyService({ db });
    const inner = createPulseReleaser({ db, sealer, clock: systemClock, logger, heldAnswers });
    const waitingOf = (questions: string[]) => countRows(db, "pulse_waiting_responses", (q) => void q.whereIn("question_id", questions));
    const releasedOf = (questions: string[]) => countRows(db, "pulse_responses", (q) => void q.whereIn("question_id", questions));
    const answeredOf = (question: string) => countRows(db, "pulse_invites", (q) => void q.where({ question_id: question }).whereNotNull("responded_at"));

    // Statements sent to PostgreSQL are counted (each one a round trip), and ROLLBACKs: a first tap
    // and a release open no transaction of their own, so those should stay 0.
    let rollbacks = 0;
    let statements = 0;
    db.on("query", (query: { sql?: string }) => {
      statements += 1;
      if (/^rollback/i.test(query.sql ?? "")) rollbacks += 1;
    });

    // (a) Answers that complete a group release it, as the service does.
    const withRelease = timedReleaser(inner, false);
    let mark = (await batchesSince(db, 0)).lastId;
    let counted = statements;
    const answersA = {
      ...(await answerAll(
        createPulseRespondService({ db, clock: systemClock, releaser: withRelease.releaser, heldAnswers, privacy, logger, sealer }),
        tokensA,
      )),
      statements: statements - counted,
    };
    const releaseCalls = { ...withRelease.report(), rolledBack: rollbacks };
    const batchesA = await batchesSince(db, mark, [questionA]);
    mark = batchesA.lastId;
    const checkA = { answered: await answeredOf(questionA), released: await releasedOf([questionA]), waiting: await waitingOf([questionA]) };
    // Nothing the answers left waiting could have been released (every group holds fewer than k).
    const leftover = await inner.sweep();
    mark = (await batchesSince(db, mark)).lastId;

    // The same answering with the release deferred: what answering costs by itself; leaves 10,000 waiting.
    const deferred = timedReleaser(inner, true);
    counted = statements;
    const answersB = {
      ...(await answerAll(createPulseRespondService({ db, clock: systemClock, releaser: deferred.releaser, heldAnswers, privacy, logger, sealer }), tokensB)),
      statements: statements - counted,
    };
    const waitingB = await waitingOf([questionB]);
    await db.raw("analyze pulse_waiting_responses");

    // (b) One sweep releases them: 20 groups of about 500.
    let begin = performance.now();
    const sweepLarge = await inner.sweep();
    const sweepLargeMs = Math.round(performance.now() - begin);
    const batchesB = await batchesSince(db, mark, [questionB]);
    mark = batchesB.lastId;
    const checkB = { answered: await answeredOf(questionB), released: await releasedOf([questionB]), waiting: await waitingOf([questionB]) };

    // (b') 10,000 waiting answers in 2,000 groups of exactly k (100 questions x 20 teams), sealed as the service seals them.
    const smallQuestions = questionIds.slice(3);
    const rows = smallQuestions.flatMap((questionId) =>
      teamIds.flatMap((teamId) =>
        Array.from({ length: K }, () => {
          const box = sealAnswer(sealer, 1 + randomInt(5));
          return { tenant_id: tenantId, question_id: questionId, team_id: teamId, key_id: box.keyId, sealed: box.sealed };
        }),
      ),
    );
    for (let i = 0; i < rows.length; i += 1000) await db("pulse_waiting_responses").insert(rows.slice(i, i + 1000));
    await db.raw("analyze pulse_waiting_responses");
    begin = performance.now();
    const sweepSmall = await inner.sweep();
    const sweepSmallMs = Math.round(performance.now() - begin);
    const batchesC = await batchesSince(db, mark, smallQuestions);
    mark = batchesC.lastId;
    const checkC = { inserted: rows.length, released: await releasedOf(smallQuestions), waiting: await waitingOf(smallQuestions) };

    // (a') The third send answered as in production: each tap is held against link scanners (one
    // statement); a minute later one sweep commits the whole send's answers and releases them.
    const heldClock = new ManualClock(new Date());
    const heldLive = createHeldAnswers({ db, sealer, clock: heldClock });
    const heldReleaser = createPulseReleaser({ db, sealer, clock: heldClock, logger, heldAnswers: heldLive });
    counted = statements;
    const answersHeld = {
      ...(await answerAll(
        createPulseRespondService({ db, clock: heldClock, releaser: heldReleaser, heldAnswers: heldLive, privacy, logger, sealer }),
        tokensC,
      )),
      statements: statements - counted,
    };
    const heldBefore = await countRows(db, "pulse_held_answers", () => undefined);
    heldClock.advance(SCANNER_WINDOW_MS);
    begin = performance.now();
    const sweepHeld = await heldReleaser.sweep();
    const sweepHeldMs = Math.round(performance.now() - begin);
    const batchesHeld = await batchesSince(db, mark, [questionC]);
    mark = batchesHeld.lastId;
    const checkHeld = {
      held: heldBefore,
      answered: await answeredOf(questionC),
      released: await releasedOf([questionC]),
      waiting: await waitingOf([questionC]),
      heldAfter: await countRows(db, "pulse_held_answers", () => undefined),
    };

    // (c) The steady state the sweep finds every 10 s: the same 2,000 groups each holding k - 1 answers, nothing to release.
    const below = smallQuestions.flatMap((questionId) =>
      teamIds.flatMap((teamId) =>
        Array.from({ length: K - 1 }, () => {
          const box = sealAnswer(sealer, 1 + randomInt(5));
          return { tenant_id: tenantId, question_id: questionId, team_id: teamId, key_id: box.keyId, sealed: box.sealed };
        }),
      ),
    );
    for (let i = 0; i < below.length; i += 1000) await db("pulse_waiting_responses").insert(below.slice(i, i + 1000));
    await db.raw("analyze pulse_waiting_responses");
    const idleTimes: number[] = [];
    let idleReleased = 0;
    for (let i = 0; i < 5; i += 1) {
      begin = performance.now();
      idleReleased += (await inner.sweep()).released;
      idleTimes.push(performance.now() - begin);
    }
    idleTimes.sort((a, b) => a - b);
    const idleSweep = {
      waiting: below.length,
      groups: smallQuestions.length * TEAMS,
      released: idleReleased,
      medianMs: round(idleTimes[2] as number),
      maxMs: round(idleTimes[4] as number),
    };

    return {
      answersA,
      releaseCalls,
      batchesA,
      checkA,
      leftover,
      answersB,
      answersHeld,
      sweepHeld: { ...sweepHeld, ms: sweepHeldMs },
      batchesHeld,
      checkHeld,
      waitingB,
      sweepLarge: { ...sweepLarge, ms: sweepLargeMs },
      batchesB,
      checkB,
      sweepSmall: { ...sweepSmall, ms: sweepSmallMs, groups: smallQuestions.length * TEAMS },
      batchesC,
      checkC,
      idleSweep,
    };
  } finally {
    await handle.close();
    if (!process.env.BENCH_KEEP) await dropDatabase(RELEASE_DB);
  }
}

function printRelease(r: Awaited<ReturnType<typeof releaseBench>>) {
  const ok = (check: BatchCheck) => (check.smallest ?? K) >= K && check.mixedGroups === 0;
  console.log(`\n(a) ${r.answersA.answers} answers through the respond service, ${CONCURRENCY} at a time, those completing a group releasing it:`);
  console.log(
    "| run | answers | wall ms | answers/s | answer p50 ms | answer p99 ms | statements per answer | failures |\n|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const [name, a] of [
    ["answers, releasing as the service does", r.answersA],
    ["the same answers, release deferred", r.answersB],
    ["taps held against link scanners (production), committed later", r.answersHeld],
  ] as const)
    console.log(
      `| ${name} | ${a.answers} | ${a.ms} | ${Math.round((a.answers * 1000) / a.ms)} | ${a.p50} | ${a.p99} | ${round(a.statements / a.answers, 2)} | ${a.failures} |`,
    );
  const c = r.releaseCalls;
  console.log(
    `\nrelease: ${c.calls} calls by answers that completed a group (${c.failedCalls} failed), ${c.totalMs} ms summed (p50 ${c.callP50} ms, p99 ${c.callP99} ms a call); ` +
      `${c.releasingCalls} released a batch: ${c.releasingMs} ms summed (${c.releasingMeanMs} ms each); the other ${c.calls - c.releasingCalls}: ${c.checkingMs} ms ` +
      `(they found the group's lock held, or its batch already released, by another answer; ${c.rolledBack} ROLLBACKs).` +
      `\nBatches: ${r.batchesA.batches}, ${r.batchesA.released} responses, sizes ${r.batchesA.smallest}–${r.batchesA.largest}, ${r.batchesA.mixedGroups} mixing groups (${ok(r.batchesA) ? "every batch >= k, one group each" : "CHECK FAILED"}).` +
      `\nInvites answered ${r.checkA.answered} = released ${r.checkA.released} + waiting ${r.checkA.waiting}: ${r.checkA.answered === r.checkA.released + r.checkA.waiting ? "yes" : "NO"}; a sweep afterwards released ${r.leftover.released} more.`,
  );
  const h = r.checkHeld;
  console.log(
    `\n(a') ${h.held} taps held; a minute later one sweep() committed and released them in ${r.sweepHeld.ms} ms: ${r.sweepHeld.batches} batches, ` +
      `${r.sweepHeld.released} responses, sizes ${r.batchesHeld.smallest}–${r.batchesHeld.largest} (${ok(r.batchesHeld) ? "every batch >= k, one group each" : "CHECK FAILED"}); ` +
      `invites answered ${h.answered} = released ${h.released} + waiting ${h.waiting}: ${h.answered === h.released + h.waiting ? "yes" : "NO"}; held left ${h.heldAfter}.`,
  );
  console.log(`\n(b) sweep() of the waiting answers:`);
  console.log(
    "| sweep | waiting answers | groups | sweep ms | batches | released | smallest batch | left waiting | answered = released + waiting |\n|---|---:|---:|---:|---:|---:|---:|---:|---|",
  );
  console.log(
    `| ${r.waitingB} answers left by the deferred run | ${r.waitingB} | ${TEAMS} | ${r.sweepLarge.ms} | ${r.sweepLarge.batches} | ${r.sweepLarge.released} | ${r.batchesB.smallest} | ${r.checkB.waiting} | ${r.checkB.answered === r.checkB.released + r.checkB.waiting ? "yes" : "NO"} |`,
  );
  console.log(
    `| ${r.checkC.inserted} sealed answers in groups of exactly k | ${r.checkC.inserted} | ${r.sweepSmall.groups} | ${r.sweepSmall.ms} | ${r.sweepSmall.batches} | ${r.sweepSmall.released} | ${r.batchesC.smallest} | ${r.checkC.waiting} | ${r.checkC.inserted === r.checkC.released + r.checkC.waiting ? "yes" : "NO"} |`,
  );
  console.log(`Batch checks: ${ok(r.batchesB) && ok(r.batchesC) ? "every batch >= k, one group each" : "CHECK FAILED"}.`);
  const idle = r.idleSweep;
  console.log(
    `(c) A sweep with nothing to release (${idle.waiting} answers waiting in ${idle.groups} groups of k - 1): median ${idle.medianMs} ms, max ${idle.maxMs} ms of 5; released ${idle.released}.`,
  );
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(stat[11]) + Number(stat[12])) / 100;
}

/**
 * What the bench database's backends are doing, sampled every 50 ms: busy on a wait event, busy
 * on CPU ("running"), or inside a transaction waiting for the app's next statement.
 */
function sampleWaits(db: Database) {
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const result = await db.raw(
        `select case when state = 'idle in transaction' then 'idle in transaction (waiting for the app)'
                     when wait_event_type = 'Lock' then 'Lock:' || wait_event || ' in "' || left(regexp_replace(query, '\\s+', ' ', 'g'), 24) || '…"'
                     else coalesce(wait_event_type || ':' || wait_event, 'running (CPU)') end as what, count(*)::int as n
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')
         group by 1`,
      );
      samples += 1;
      for (const row of result.rows as Array<{ what: string; n: number }>) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const busy = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([what, n]) => ({ what, avgBackends: round(n / Math.max(1, samples), 2) }));
      return { samples, busy };
    },
  };
}

async function respondBench() {
  const url = await recreateDatabase(RESPOND_DB);
  const seedStarted = performance.now();
  let tenantId = "";
  let tokens: string[] = [];
  {
    const handle = await openDatabase({ url, poolMax: 4, dataDir: "" });
    try {
      const seeded = await seedTenant(handle.db, LOAD_INVITES, 1);
      tenantId = seeded.tenantId;
      await installBatchLog(handle.db);
      tokens = await send(handle.db, tenantId, seeded.questionIds[0] as string);
      await handle.db.raw("vacuum analyze");
    } finally {
      await handle.close();
    }
  }
  console.log(
    `\nRespond data: ${LOAD_INVITES} users in ${TEAMS} teams, ${tokens.length} open invites, k = ${K} (${Math.round((performance.now() - seedStarted) / 1000)} s)`,
  );

  const nodeOptions: Record<string, string> = process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {};
  const app = startServer(productionAppEnv(APP_PORT, url, "qa-bench-pulse-release:", { SEED_DEMO_DATA: "false", ...nodeOptions }));
  const body = JSON.stringify({ ok: true });
  const bare = startBaseline("bare", BARE_PORT, { "/pulse/respond": body });
  const plainExpress = startBaseline("express", EXPRESS_PORT, { "/pulse/respond": body });
  const handle = await openDatabase({ url, poolMax: 2, dataDir: "" });
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/health/ready`);
    await waitFor(`http://127.0.0.1:${BARE_PORT}/pulse/respond`);
    await waitFor(`http://127.0.0.1:${EXPRESS_PORT}/pulse/respond`);
    const db = handle.db;
    const headers = { accept: "application/json", "x-tenant-id": "bench" };

    // Each app request takes the next unused token; when none is left it sends an unknown one (a 400) and counts it.
    let nextToken = 0;
    let exhausted = 0;
    const appRequests: autocannon.Request[] = [
      {
        method: "GET",
        setupRequest: (req) => {
          const token = tokens[nextToken];
          nextToken += 1;
          if (!token) exhausted += 1;
          return { ...req, path: `/pulse/respond?token=${token ?? randomUUID()}&score=${1 + (nextToken % 5)}` };
        },
      },
    ];
    // The baselines get the same kind of path (built the same way), and ignore it.
    let nextFake = 0;
    const baselineRequests: autocannon.Request[] = [
      {
        method: "GET",
        setupRequest: (req) => {
          nextFake += 1;
          return { ...req, path: `/pulse/respond?token=${tokens[nextFake % tokens.length]}&score=${1 + (nextFake % 5)}` };
        },
      },
    ];
    // One statement, one snapshot; called after in-flight answers have settled.
    const state = async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const result = await db.raw(
        `select (select count(*)::int from pulse_invites where tenant_id = :t and responded_at is not null) as answered,
                (select count(*)::int from pulse_held_answers where tenant_id = :t) as held,
                (select count(*)::int from pulse_waiting_responses where tenant_id = :t) as waiting,
                (select count(*)::int from pulse_responses where tenant_id = :t) as released,
                (select count(*)::int from bench_release_batches) as batches,
                (select coalesce(max(id), 0)::int from bench_release_batches) as last_id`,
        { t: tenantId },
      );
      const row = result.rows[0] as { answered: number; held: number; waiting: number; released: number; batches: number; last_id: number };
      return { answered: row.answered, held: row.held, waiting: row.waiting, released: row.released, batches: row.batches, lastId: row.last_id };
    };

    await load("warm-up app", { url: `http://127.0.0.1:${APP_PORT}/pulse/respond`, connections: 10, duration: 3, headers, requests: appRequests });
    await load("warm-up bare", { url: `http://127.0.0.1:${BARE_PORT}/pulse/respond`, duration: 2, headers, requests: baselineRequests });
    await load("warm-up express", { url: `http://127.0.0.1:${EXPRESS_PORT}/pulse/respond`, duration: 2, headers, requests: baselineRequests });

    const results: LoadResult[] = [];
    const appRuns: Array<{
      name: string;
      connections: number;
      heldNet: number;
      answered: number;
      batches: number;
      released: number;
      smallest: number | null;
      mixedGroups: number;
      waitingAfter: number;
      serverCpuPercent: number;
      databaseWaits: Awaited<ReturnType<ReturnType<typeof sampleWaits>["stop"]>>;
    }> = [];
    const appRun = async (name: string, connections: number) => {
      const before = await state();
      const cpuBefore = cpuSeconds(app.child.pid as number);
      const waits = sampleWaits(db);
      const result = await load(name, { url: `http://127.0.0.1:${APP_PORT}/pulse/respond`, connections, duration: DURATION, headers, requests: appRequests });
      const serverCpuPercent = Math.round(((cpuSeconds(app.child.pid as number) - cpuBefore) / DURATION) * 100);
      const databaseWaits = await waits.stop();
      results.push(result);
      const after = await state();
      const during = await batchesSince(db, before.lastId);
      appRuns.push({
        name,
        connections,
        heldNet: after.held - before.held,
        answered: after.answered - before.answered,
        batches: during.batches,
        released: during.released,
        smallest: during.smallest,
        mixedGroups: during.mixedGroups,
        waitingAfter: after.waiting,
        serverCpuPercent,
        databaseWaits,
      });
    };
    for (const connections of [20, 50]) {
      results.push(
        await load(`bare node:http, fixed bytes, ${connections} connections`, {
          url: `http://127.0.0.1:${BARE_PORT}/pulse/respond`,
          connections,
          duration: DURATION,
          headers,
          requests: baselineRequests,
        }),
      );
      results.push(
        await load(`plain Express 5, fixed bytes, ${connections} connections`, {
          url: `http://127.0.0.1:${EXPRESS_PORT}/pulse/respond`,
          connections,
          duration: DURATION,
          headers,
          requests: baselineRequests,
        }),
      );
      await appRun(`app GET /pulse/respond (one-tap, JSON), ${connections} connections`, connections);
    }
    // For comparison: k raised to 1,000, so no group reaches it during the run; each answer still
    // counts its group in the answering statement, but no release transaction runs. (k is read from the database.)
    await db("tenant_settings")
      .where({ tenant_id: tenantId })
      .update({ settings: db.raw(`jsonb_set(settings, '{pulse,anonThreshold}', '1000')`) });
    await appRun("app GET /pulse/respond, k = 1000 (no release during the run), 50 connections", 50);
    const final = { ...(await state()), check: await batchesSince(db, 0) };
    return { results, appRuns, final, invites: tokens.length, tokensDrawn: nextToken, exhausted };
  } finally {
    bare.kill();
    plainExpress.kill();
    await handle.close();
    await app.stop();
    if (!process.env.BENCH_KEEP) await dropDatabase(RESPOND_DB);
  }
}

function printRespond(r: Awaited<ReturnType<typeof respondBench>>) {
  console.log(`\n${table(r.results)}`);
  const byName = (name: string) => r.results.find((x) => x.name === name) as LoadResult;
  for (const connections of [20, 50]) {
    const app = byName(`app GET /pulse/respond (one-tap, JSON), ${connections} connections`);
    const bare = byName(`bare node:http, fixed bytes, ${connections} connections`);
    const plain = byName(`plain Express 5, fixed bytes, ${connections} connections`);
    console.log(
      `${connections} connections: app ${app.requestsPerSecond} req/s = ${Math.round((100 * app.requestsPerSecond) / bare.requestsPerSecond)}% of bare, ` +
        `${Math.round((100 * app.requestsPerSecond) / plain.requestsPerSecond)}% of plain Express; p99 ${app.p99} ms (target <= 100 ms)`,
    );
  }
  console.log(
    "\n| app run | taps still held after (net) | answered (invites consumed: taps of a minute before, by the sweep) | batches released | responses released | smallest batch | batches mixing groups | waiting after |\n|---|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const run of r.appRuns)
    console.log(
      `| ${run.name} | ${run.heldNet} | ${run.answered} | ${run.batches} | ${run.released} | ${run.smallest} | ${run.mixedGroups} | ${run.waitingAfter} |`,
    );
  console.log("\nServer CPU and what PostgreSQL's backends of the bench database were doing (average number of backends, sampled every 50 ms):");
  for (const run of r.appRuns)
    console.log(
      `- ${run.name}: server ${run.serverCpuPercent}% of one core; ${run.databaseWaits.busy
        .slice(0, 6)
        .map((w) => `${w.what} ${w.avgBackends}`)
        .join(", ")}`,
    );
  const f = r.final;
  console.log(
    `\nWhole run (warm-up included): ${f.held} taps still held against link scanners (committed a minute after their tap); ` +
      `${f.answered} invites answered = ${f.released} released + ${f.waiting} waiting: ${f.answered === f.released + f.waiting ? "yes" : "NO"}; ` +
      `${f.check.batches} batches, smallest ${f.check.smallest}, ${f.check.mixedGroups} mixing groups.` +
      `\nTokens: ${r.invites} open invites, ${r.tokensDrawn} drawn by the load generator, ${r.exhausted ? `EXHAUSTED: ${r.exhausted} requests sent an unknown token` : "never ran out"}.`,
  );
}

async function main() {
  console.log(`Machine: ${machine()}${SMALL ? " (BENCH_SMALL)" : ""}`);
  const release = PART === "respond" ? null : await releaseBench();
  if (release) printRelease(release);
  const respond = PART === "release" ? null : await respondBench();
  if (respond) printRespond(respond);
  saveResults(SMALL ? "pulse-release-small" : "pulse-release", {
    machine: machine(),
    send: SEND,
    concurrency: CONCURRENCY,
    k: K,
    release,
    respond,
    durationSeconds: DURATION,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
