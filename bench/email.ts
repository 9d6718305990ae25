import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import knexFactory from "knex";
import { Redis } from "ioredis";
import { migrateToLatest } from "../src/platform/migrator.js";
import { BullEmailQueue } from "../src/platform/queue-bullmq.js";
import type { EmailJobName, EmailJobs } from "../src/platform/queue.js";
import { provisionTenant } from "../src/modules/provisioning/index.js";
import { clearRedisPrefix, dropDatabase, machine, recreateDatabase, REDIS_URL, ROOT, saveResults, startServer, startSmtpSink, waitFor } from "./lib.js";

/**
 * Target: the email worker sends >= 300 emails/s to a local SMTP sink. The worker runs
 * as in production (the built server, NODE_ENV=production, SPEC's concurrency 5, JSON logs to a
 * file); the jobs are queued before it starts, and the rate is taken at the sink, from the first
 * message accepted to the last. The sink (smtp-server) runs in this process and only counts.
 * The worker's CPU time per email (from /proc) is reported too: unlike the rate, it does not
 * depend on what else the machine is doing. A third run adds one standalone worker process.
 */
const PORT = 3205;
const KV_PREFIX = "qa-bench-email:";
const JOBS = Number(process.env.BENCH_EMAILS ?? 5000);
const USERS = 500;
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms: robust to other load on the machine. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function waitForCount(times: number[], count: number, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (times.length < count) {
    if (Date.now() - started > timeoutMs) throw new Error(`only ${times.length} of ${count} emails arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One tenant with answered questions by USERS authors (notifications on), as the answered-email job reads them. */
async function seed(databaseUrl: string) {
  const db = knexFactory({ client: "pg", connection: databaseUrl, pool: { min: 0, max: 4 } });
  await migrateToLatest(db);
  const { tenant, teams } = await provisionTenant(db, {
    slug: "bench",
    name: "Bench Corp",
    teams: [{ name: "Platform" }],
    settings: { features: { enableEmailNotifications: true } },
  });
  const team = teams[0]!;
  const users = await db("users")
    .insert(Array.from({ length: USERS }, (_, i) => ({ tenant_id: tenant.id, email: `user${i}@bench.example`, name: `User ${i}`, primary_team_id: team.id })))
    .returning(["id"]);
  const questions = await db("questions")
    .insert(
      users.map((user: { id: string }, i: number) => ({
        tenant_id: tenant.id,
        team_id: team.id,
        author_id: user.id,
        body: `Question number ${i}: how do we plan the next quarter?`,
        status: "ANSWERED",
        response_text: "We plan it together at the all-hands.",
        responder_id: users[0].id,
        responded_at: new Date(),
      })),
    )
    .returning(["id", "author_id"]);
  await db.destroy();
  return { tenantId: tenant.id, questions: questions as Array<{ id: string; author_id: string }> };
}

/** `npm run worker` as built: one more worker process on the same queue. */
function startStandaloneWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(ROOT, "dist/src/cli/worker.js")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: "ignore",
  });
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function run(name: string, databaseUrl: string, jobs: Array<{ name: EmailJobName; data: EmailJobs[EmailJobName] }>, extraWorkers = 0) {
  const loadBefore = os.loadavg()[0]!;
  const sink = await startSmtpSink();
  const kv = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await clearRedisPrefix(kv, KV_PREFIX);
  const queue = new BullEmailQueue({ kv, url: REDIS_URL, kvPrefix: KV_PREFIX, backoffMs: 2000 });
  for (let i = 0; i < jobs.length; i += 1000) await queue.addBulk(jobs.slice(i, i + 1000));
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    KVSTORE_URL: REDIS_URL,
    KV_PREFIX,
    SESSION_SECRET: "bench-session-secret-with-at-least-32-chars",
    AUTH_MODE_DEMO: "true",
    SEED_DEMO_DATA: "false",
    SCHEDULER: "false",
    LOG_LEVEL: "info",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
  };
  const server = startServer({ ...env, PORT: String(PORT) });
  const workers = Array.from({ length: extraWorkers }, () => startStandaloneWorker(env));
  const cpu = () => [server, ...workers].reduce((sum, process) => sum + cpuMs(process.child.pid), 0);
  try {
    await waitFor(`http://127.0.0.1:${PORT}/health/ready`);
    await waitForCount(sink.times, 1, 60_000);
    const cpuAtFirst = cpu();
    await waitForCount(sink.times, jobs.length, 300_000);
    const cpuAtLast = cpu();
    const first = sink.times[0]!;
    const last = sink.times[jobs.length - 1]!;
    const seconds = (last - first) / 1000;
    const cpuPerEmail = (cpuAtLast - cpuAtFirst) / (jobs.length - 1);
    return {
      scenario: name,
      emails: jobs.length,
      seconds: +seconds.toFixed(2),
      emailsPerSecond: Math.round((jobs.length - 1) / seconds),
      workerCpuMsPerEmail: +cpuPerEmail.toFixed(2),
      loadBefore: loadBefore.toFixed(1),
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await server.stop();
    await queue.close();
    await clearRedisPrefix(kv, KV_PREFIX);
    kv.disconnect();
    await sink.close();
  }
}

async function main() {
  const databaseUrl = await recreateDatabase("qa_bench_email");
  try {
    const { tenantId, questions } = await seed(databaseUrl);
    const answered = Array.from({ length: JOBS }, (_, i) => {
      const question = questions[i % questions.length]!;
      return { name: "question-answered" as const, data: { tenantId, questionId: question.id, recipientUserId: question.author_id, hideRecipient: false } };
    });
    const direct = Array.from({ length: JOBS }, (_, i) => ({
      name: "direct-email" as const,
      data: { tenantId, to: [`guest${i}@bench.example`], subject: "Bench", body: "Hello from the bench.", sentByUserId: questions[0]!.author_id },
    }));
    const results = [
      await run("question-answered (one query + templates + SMTP)", databaseUrl, answered),
      await run("direct-email to addresses", databaseUrl, direct),
      await run("question-answered, server + 1 `npm run worker` process", databaseUrl, answered, 1),
    ];
    console.log(`Machine: ${machine()}\n`);
    console.log("| scenario | emails | seconds | emails/s | worker CPU ms/email | load avg before |\n|---|---:|---:|---:|---:|---:|");
    for (const r of results) console.log(`| ${r.scenario} | ${r.emails} | ${r.seconds} | ${r.emailsPerSecond} | ${r.workerCpuMsPerEmail} | ${r.loadBefore} |`);
    const single = results.slice(0, 2);
    console.log(`\nTarget >= 300 emails/s from one worker: ${single.every((r) => r.emailsPerSecond >= 300) ? "met" : "NOT met"}`);
    saveResults("email", { machine: machine(), results });
  } finally {
    await dropDatabase("qa_bench_email");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
