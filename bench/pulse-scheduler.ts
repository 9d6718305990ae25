import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { runPulseForTenant, type PulseSchedulerDeps } from "../src/modules/pulse/index.js";
import { provisionTenant } from "../src/modules/provisioning/index.js";
import { openDatabase } from "../src/platform/db.js";
import { createLogger } from "../src/platform/logger.js";
import { migrateToLatest } from "../src/platform/migrator.js";
import { InMemoryJobQueue, type JobQueue } from "../src/platform/queue.js";
import { dropDatabase, machine, recreateDatabase, REDIS_URL, saveResults } from "./lib.js";

/**
 * Target: one scheduler run for a cohort of 10,000 users creates its invites and queues
 * their email jobs in <= 5 s. A tenant of 50,000 users in 5 cohorts (each about 10,000) with a
 * week of earlier invites; each run is a different weekday, so a different cohort. Jobs go to
 * BullMQ on Redis (as in production) and, for comparison, to the in-memory queue.
 */
const USERS = Number(process.env.BENCH_PULSE_USERS ?? 50_000);
const DATABASE = "qa_bench_pulse_scheduler";

function bullQueue(name: string): { queue: JobQueue; bull: Queue; close(): Promise<void> } {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const bull = new Queue(name, { connection, prefix: "qa-bench" });
  const queue: JobQueue = {
    add: async (jobName, data) => {
      const job = await bull.add(jobName, data);
      return { id: String(job.id), name: jobName, data, timestamp: job.timestamp };
    },
    addBulk: async (jobs) => {
      const added = await bull.addBulk(jobs.map((job) => ({ name: job.name, data: job.data })));
      return added.map((job, i) => ({ id: String(job.id), name: jobs[i]!.name, data: jobs[i]!.data, timestamp: job.timestamp }));
    },
    close: async () => undefined,
  };
  return {
    queue,
    bull,
    close: async () => {
      await bull.obliterate({ force: true });
      await bull.close();
      connection.disconnect();
    },
  };
}

async function main() {
  const url = await recreateDatabase(DATABASE);
  const handle = await openDatabase({ url, poolMax: 10, dataDir: "" });
  const bull = bullQueue(`pulse-bench-${randomUUID().slice(0, 8)}`);
  try {
    const db = handle.db;
    await migrateToLatest(db);
    const teams = Array.from({ length: 20 }, (_, i) => ({ name: `Team ${i + 1}`, slug: `team-${i + 1}` }));
    const { tenant, settings, teams: created } = await provisionTenant(db, { slug: "bench", name: "Bench", teams, settings: { pulse: { enabled: true } } });
    const teamIds = created.map((team) => team.id);
    const started = performance.now();
    await db.raw(
      `insert into users (tenant_id, email, name, role, primary_team_id)
       select ?, 'user' || g || '@bench.example', 'User ' || g, 'member', (?::uuid[])[1 + g % 20]
       from generate_series(1, ?) g`,
      [tenant.id, `{${teamIds.join(",")}}`, USERS],
    );
    for (let i = 0; i < 5; i += 1) {
      await db("pulse_questions").insert({ tenant_id: tenant.id, text: `Question ${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const question = (await db("pulse_questions").where({ tenant_id: tenant.id }).first()).id;
    // The previous week: everybody was invited once (the anti-join looks at these).
    await db.raw(
      `insert into pulse_invites (tenant_id, token, user_id, question_id, cohort_name, team_id, sent_at, expires_at)
       select tenant_id, gen_random_uuid(), id, ?, 'cohort-' || pulse_cohort_index(id, 5), primary_team_id,
              timestamptz '2026-11-16 09:00Z' + pulse_cohort_index(id, 5) * interval '1 day', timestamptz '2026-11-23 09:00Z'
       from users where tenant_id = ?`,
      [question, tenant.id],
    );
    await db.raw("analyze");
    console.log(`Data: ${USERS} users, 20 teams, ${USERS} earlier invites (${Math.round(performance.now() - started)} ms)\n`);

    const logger = createLogger({ level: "silent" });
    const runs: Array<{ queue: string; day: string; cohort: string; invites: number; ms: number; jobsQueued: number }> = [];
    const days = (process.env.BENCH_DAYS ?? "2026-11-23,2026-11-24,2026-11-25,2026-11-26,2026-11-27").split(",");
    for (const [i, day] of days.entries()) {
      const memory = new InMemoryJobQueue(USERS);
      const useBull = i < 3;
      const deps: PulseSchedulerDeps = { db, queue: useBull ? bull.queue : memory, logger, clock: { now: () => new Date(`${day}T09:00:00Z`) } };
      const before = useBull ? await bull.bull.count() : 0;
      const begin = performance.now();
      const outcome = await runPulseForTenant(deps, { tenantId: tenant.id, settings }, { trigger: "scheduler", now: new Date(`${day}T09:00:00Z`) });
      const ms = Math.round(performance.now() - begin);
      if (outcome.status !== "sent") throw new Error(`run did not send: ${JSON.stringify(outcome)}`);
      const jobsQueued = useBull ? (await bull.bull.count()) - before : memory.waiting.length;
      runs.push({ queue: useBull ? "BullMQ (Redis)" : "in-memory", day, cohort: outcome.cohort, invites: outcome.invitesCreated, ms, jobsQueued });
    }
    console.log(`Machine: ${machine()}\n\n| run | queue | cohort | invites | jobs queued | time ms |\n|---|---|---|---:|---:|---:|`);
    for (const run of runs) console.log(`| ${run.day} | ${run.queue} | ${run.cohort} | ${run.invites} | ${run.jobsQueued} | ${run.ms} |`);
    const worst = Math.max(...runs.map((run) => run.ms));
    console.log(`\nSlowest run: ${worst} ms (target <= 5000 ms for about 10,000 invites)`);
    saveResults("pulse-scheduler", { machine: machine(), users: USERS, runs });
  } finally {
    await bull.close();
    await handle.close();
    if (!process.env.BENCH_KEEP) await dropDatabase(DATABASE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
