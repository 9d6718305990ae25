import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { Queue } from "bullmq";
import knexFactory from "knex";
import { Redis } from "ioredis";
import { provisionTenant } from "../src/modules/provisioning/index.js";
import { migrateToLatest } from "../src/platform/migrator.js";
import {
  BEHIND_TLS_PROXY,
  demoSignIn,
  dropDatabase,
  machine,
  pidsOf,
  productionAppEnv,
  recreateDatabase,
  REDIS_URL,
  sampleProcess,
  saveResults,
  startBaseline,
  startServer,
  startSmtpSink,
  waitFor,
  withClient,
  clearRedisPrefix,
} from "./lib.js";
import { eventLoopDelay, sampleMachineCpu } from "./observe.js";
import { delay, pacedLoad, type PhaseResult } from "./paced-load.js";
import { dmChannelOf, retryAfterChecks, SLACK_METHODS, startLimitedSlack } from "./slack-fake.js";

/**
 * Issue 35: a pulse send to PEOPLE people over Slack. The tenant has pulse.channelSlack on (set
 * through POST /admin/tenant-settings as its admin), `POST /admin/pulse/run` creates the invites
 * and queues one `pulse-invite-slack` job each on the system queue, and the server's email worker
 * (production mode: BullMQ, concurrency 5) sends each as a direct message through a fake Slack
 * (bench/slack-fake.ts) whose every method is rate limited by a token bucket. Measured: the time
 * to deliver them all against the least the limit allows, that every person got exactly one DM
 * (carrying their own invite) and nobody an e-mail instead, the 429s, whether each 429's
 * Retry-After was waited out (from the fake's log of arrival times), and what `GET /teams`
 * answers meanwhile (a paced probe) beside the same probe on the idle app and the baselines.
 */
const APP_PORT = 3261;
const BARE_PORT = 3262;
const EXPRESS_PORT = 3263;
const DATABASE = "qa_bench_slack_invites";
const KV_PREFIX = "qa-bench-slack:";
const TENANT = "bench";
const PEOPLE = Number(process.env.BENCH_SLACK_PEOPLE ?? 10_000);
/** Slack's Tier 4 ("100+ per minute", bursts allowed) scaled 30 times, so the send takes minutes, not hours. */
const LIMIT = {
  burst: Number(process.env.BENCH_SLACK_BURST ?? 100),
  perSecond: Number(process.env.BENCH_SLACK_RATE ?? 50),
  retryAfterSeconds: Number(process.env.BENCH_SLACK_RETRY_AFTER ?? 1),
};
const PROBE_RATE = Number(process.env.BENCH_PROBE_RATE ?? 10);
const PROBE_REQUESTS = Number(process.env.BENCH_PROBE_REQUESTS ?? 300);
/** Give up when no DM has been posted for this long. */
const STALL_MS = 120_000;
const METRICS_TOKEN = "bench-metrics-token";
const SLACK_APP = { botToken: "xoxb-bench-slack-invites", signingSecret: "bench-signing-secret-0123456789abcdef" };

/** The tenant: an admin (demo sign-in `admin`, opted out of the pulse) and PEOPLE members in one team. */
async function seed(url: string): Promise<string> {
  const db = knexFactory({ client: "pg", connection: url, pool: { min: 0, max: 2 } });
  try {
    await migrateToLatest(db);
    const { tenant, teams } = await provisionTenant(db, { slug: TENANT, name: "Bench", teams: [{ name: "Everyone" }], settings: { pulse: { enabled: true } } });
    await db("users").insert({
      tenant_id: tenant.id,
      email: "admin@bench.example",
      name: "Bench Admin",
      role: "admin",
      sso_provider: "demo",
      sso_id: "admin",
      primary_team_id: teams[0]!.id,
      email_opt_out_at: new Date(),
    });
    await db.raw(
      `insert into users (tenant_id, email, name, role, primary_team_id)
       select ?, 'person' || g || '@bench.example', 'Person ' || g, 'member', ? from generate_series(1, ?) g`,
      [tenant.id, teams[0]!.id, PEOPLE],
    );
    // The tenant asks its own question (added through the API below), not the starter library's.
    await db("pulse_questions").where({ tenant_id: tenant.id }).update({ active: false });
    await db.raw("vacuum analyze users");
    return tenant.id as string;
  } finally {
    await db.destroy();
  }
}

/** Counts of the server log's lines that carry these messages. */
function countLogLines(file: string, messages: string[]): Record<string, number> {
  const counts = Object.fromEntries(messages.map((message) => [message, 0]));
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    for (const message of messages) if (line.includes(`"msg":"${message}"`)) counts[message] = (counts[message] ?? 0) + 1;
  }
  return counts;
}

async function main() {
  const url = await recreateDatabase(DATABASE);
  const kv = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await clearRedisPrefix(kv, KV_PREFIX);
  const slack = await startLimitedSlack({ botToken: SLACK_APP.botToken, limit: LIMIT });
  // An invite Slack could not carry is e-mailed instead: the sink counts them, and none should come.
  const sink = await startSmtpSink();
  const logFile = path.join(os.tmpdir(), `qa-bench-slack-invites-${Date.now()}.log`);
  const base = `http://127.0.0.1:${APP_PORT}`;
  let app: ReturnType<typeof startServer> | undefined;
  const baselines: ChildProcess[] = [];
  const queue = new Queue("email", { connection: { url: REDIS_URL }, prefix: `${KV_PREFIX}bull` });
  try {
    const tenantId = await seed(url);
    app = startServer(
      productionAppEnv(APP_PORT, url, KV_PREFIX, {
        SLACK_API_URL: slack.url,
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(sink.port),
        METRICS_TOKEN,
      }),
      logFile,
    );
    await waitFor(`${base}/health/ready`);
    const admin = await demoSignIn(base, "admin", TENANT);
    const write = { cookie: admin.cookie, "x-csrf-token": admin.csrf, "content-type": "application/json", ...BEHIND_TLS_PROXY };
    const call = async (method: string, route: string, body: unknown, expected: number) => {
      const response = await fetch(`${base}${route}`, { method, headers: write, body: JSON.stringify(body) });
      const text = await response.text();
      if (response.status !== expected) throw new Error(`${method} ${route}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    await call(
      "POST",
      "/admin/tenant-settings",
      { slack: SLACK_APP, pulse: { enabled: true, channelSlack: true, channelEmail: false, minTenureDays: 0 } },
      200,
    );
    await call("POST", "/admin/pulse/questions", { text: "How is your week going?", scale: "agree5" }, 201);
    await call("PUT", "/admin/pulse/schedule", { enabled: true, cadence: "weekly", time: "09:00", timezone: "UTC", rotatingCohorts: true, numCohorts: 1 }, 200);

    // The probe: a visitor's GET /teams at a steady pace, against the baselines and the idle app first.
    const visitor = { "x-tenant-id": TENANT };
    const teamsBody = await (await fetch(`${base}/teams`, { headers: visitor })).text();
    baselines.push(startBaseline("bare", BARE_PORT, { "/teams": teamsBody }), startBaseline("express", EXPRESS_PORT, { "/teams": teamsBody }));
    await waitFor(`http://127.0.0.1:${BARE_PORT}/teams`);
    await waitFor(`http://127.0.0.1:${EXPRESS_PORT}/teams`);
    const probe = { rate: PROBE_RATE, requests: PROBE_REQUESTS };
    const probes: PhaseResult[] = [];
    probes.push(await pacedLoad("bare node:http, same bytes", { ...probe, url: `http://127.0.0.1:${BARE_PORT}/teams` }));
    probes.push(await pacedLoad("plain Express 5, same bytes", { ...probe, url: `http://127.0.0.1:${EXPRESS_PORT}/teams` }));
    probes.push(await pacedLoad("app GET /teams, idle", { ...probe, url: `${base}/teams`, headers: visitor }));

    // The send.
    const loadBefore = os.loadavg()[0]!;
    const cpu = sampleProcess(app.child.pid!);
    const others = { postgres: sampleProcess(pidsOf("postgres")), redis: sampleProcess(pidsOf("redis-server")), machine: sampleMachineCpu() };
    await eventLoopDelay(base, METRICS_TOKEN);
    let finished!: () => void;
    const sendDone = new Promise<void>((resolve) => (finished = resolve));
    const runStarted = performance.now();
    const run = await call("POST", "/admin/pulse/run", {}, 200);
    const runMs = performance.now() - runStarted;
    if (run.invitesCreated !== PEOPLE) throw new Error(`the run created ${run.invitesCreated} invites, not ${PEOPLE}`);
    // From the run's answer on: the invites are written and queued, the worker sends.
    const duringProbe = pacedLoad("app GET /teams, during the send", {
      rate: PROBE_RATE,
      url: `${base}/teams`,
      headers: visitor,
      stop: sendDone,
      windowSeconds: 20,
    });
    let lastCount = 0;
    let lastProgress = performance.now();
    while (slack.posts.length < PEOPLE) {
      await delay(250);
      if (slack.posts.length !== lastCount) [lastCount, lastProgress] = [slack.posts.length, performance.now()];
      if (performance.now() - lastProgress > STALL_MS) break;
    }
    const lastPostAt = slack.posts.at(-1)?.at ?? performance.now();
    // Late duplicates (a job run again) would come after the last first delivery: wait a little for them.
    await delay(5000);
    finished();
    const during = await duringProbe;
    probes.push(during);
    const server = { ...cpu.stop(), eventLoopDelayMs: await eventLoopDelay(base, METRICS_TOKEN) };
    const elsewhere = {
      postgresCpuPercent: others.postgres.stop().cpuPercentAvg,
      redisCpuPercent: others.redis.stop().cpuPercentAvg,
      machineBusyPercent: others.machine.stop(),
    };

    // Delivery checks.
    const people = await withClient(url, async (client) =>
      (
        await client.query("select u.email, i.token from pulse_invites i join users u on u.id = i.user_id where i.tenant_id = $1 and u.email like 'person%'", [
          tenantId,
        ])
      ).rows.map((row) => ({ email: row.email as string, token: row.token as string })),
    );
    const postsByChannel = new Map<string, Array<string | null>>();
    for (const post of slack.posts) postsByChannel.set(post.channel, [...(postsByChannel.get(post.channel) ?? []), post.token]);
    let exactlyOne = 0;
    let none = 0;
    let several = 0;
    let wrongInvite = 0;
    for (const person of people) {
      const tokens = postsByChannel.get(dmChannelOf(person.email)) ?? [];
      if (tokens.length === 0) none += 1;
      else if (tokens.length > 1) several += 1;
      else exactlyOne += 1;
      if (tokens.some((token) => token !== person.token)) wrongInvite += 1;
    }
    const firstCallAt = slack.calls[0]?.at ?? runStarted;
    const sendSeconds = (lastPostAt - runStarted) / 1000;
    const minimumSeconds = Math.max(0, PEOPLE - LIMIT.burst) / LIMIT.perSecond;
    // The steady rate: DMs a second between the 10th and the 90th percentile of the send (the burst left out).
    const tenth = slack.posts[Math.floor(slack.posts.length * 0.1)]?.at ?? 0;
    const ninetieth = slack.posts[Math.floor(slack.posts.length * 0.9)]?.at ?? 0;
    const steadyPerSecond = Math.round((Math.floor(slack.posts.length * 0.9) - Math.floor(slack.posts.length * 0.1)) / ((ninetieth - tenth) / 1000));
    const byMethod = Object.fromEntries(
      SLACK_METHODS.map((method) => {
        const of = slack.calls.filter((c) => c.method === method);
        return [method, { calls: of.length, ok: of.filter((c) => c.status === 200 && !c.error).length, refused429: of.filter((c) => c.status === 429).length }];
      }),
    );
    const checks = retryAfterChecks(slack.calls, LIMIT.retryAfterSeconds);
    // DMs and 429s per 20 s from the run's start, beside the probe's timeline.
    const timeline = (during.timeline ?? []).map((window) => {
      const from = runStarted + runMs + window.fromSecond * 1000;
      const inWindow = (at: number) => at >= from && at < from + 20_000;
      return {
        ...window,
        dms: slack.posts.filter((post) => inWindow(post.at)).length,
        refused429: slack.calls.filter((c) => c.status === 429 && inWindow(c.at)).length,
      };
    });
    const jobs = await queue.getJobCounts("completed", "failed", "waiting", "active", "delayed");
    const log = countLogLines(logFile, ["slack invite sent", "slack invite failed; the queue retries it", "slack rate limit: waiting as asked", "email sent"]);

    const summary = {
      machine: machine(),
      loadBefore: +loadBefore.toFixed(2),
      people: PEOPLE,
      limit: LIMIT,
      workerConcurrency: 5,
      runMs: Math.round(runMs),
      sendSeconds: +sendSeconds.toFixed(1),
      firstCallToLastPostSeconds: +((lastPostAt - firstCallAt) / 1000).toFixed(1),
      minimumSeconds: +minimumSeconds.toFixed(1),
      // The limit's minimum counts from a full bucket, so from the first call to Slack.
      ofMinimum: +((lastPostAt - firstCallAt) / 1000 / minimumSeconds).toFixed(3),
      steadyPerSecond,
      dms: { posted: slack.posts.length, exactlyOne, none, several, wrongInvite, emailedInstead: sink.times.length },
      byMethod,
      retryAfter: checks,
      jobs,
      log,
      serverDuringSend: server,
      elsewhereDuringSend: elsewhere,
      probes,
      timeline,
    };
    console.log(`Machine: ${summary.machine}; load average before the send ${summary.loadBefore}\n`);
    console.log(
      `${PEOPLE} people; fake Slack per method: burst ${LIMIT.burst}, ${LIMIT.perSecond}/s, Retry-After ${LIMIT.retryAfterSeconds} s; ` +
        `POST /admin/pulse/run answered in ${summary.runMs} ms`,
    );
    console.log(
      `Delivered: ${slack.posts.length} DMs in ${summary.sendSeconds} s from POST /admin/pulse/run (first call to last DM ${summary.firstCallToLastPostSeconds} s); ` +
        `least the limit allows ${summary.minimumSeconds} s (${summary.ofMinimum}×); ${steadyPerSecond} DMs/s between the 10th and 90th percentile`,
    );
    console.log(
      `People: ${exactlyOne} exactly one DM, ${none} none, ${several} more than one, ${wrongInvite} with another's invite; ${sink.times.length} e-mailed instead`,
    );
    console.log("\n| method | calls | ok | 429 |\n|---|---:|---:|---:|");
    for (const [method, figures] of Object.entries(byMethod)) console.log(`| ${method} | ${figures.calls} | ${figures.ok} | ${figures.refused429} |`);
    console.log(`\nRetry-After: ${JSON.stringify(checks)}`);
    console.log(`Jobs: ${JSON.stringify(jobs)}; log: ${JSON.stringify(log)}`);
    console.log(`Server during the send: ${JSON.stringify(server)}; elsewhere: ${JSON.stringify(elsewhere)}\n`);
    const bare = probes[0]!;
    const express = probes[1]!;
    console.log(`| GET /teams at ${PROBE_RATE}/s | requests | p50 ms | p95 ms | p99 ms | max ms | errors | non-2xx | p99 ÷ bare | p99 ÷ Express |`);
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const p of probes) {
      console.log(
        `| ${p.name} | ${p.requests} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.max} | ${p.errors} | ${p.non2xx} | ${(p.p99 / bare.p99).toFixed(1)}× | ${(p.p99 / express.p99).toFixed(1)}× |`,
      );
    }
    console.log("\n| seconds after the run's answer | DMs | 429s | probe requests | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|---:|");
    for (const w of timeline)
      console.log(`| ${w.fromSecond}–${w.fromSecond + 20} | ${w.dms} | ${w.refused429} | ${w.requests} | ${w.p50} | ${w.p99} | ${w.max} |`);
    const allDelivered = exactlyOne === PEOPLE && wrongInvite === 0 && sink.times.length === 0;
    console.log(
      `\nEvery person exactly one DM with their own invite, none e-mailed: ${allDelivered ? "yes" : "NO"}; ` +
        `each refused call retried after Retry-After: ${checks.perCall.retriedTooSoon === 0 && checks.perCall.neverRetried === 0 ? "yes" : "NO"}; ` +
        `no call of the refused method (of any method) sent within Retry-After: ${checks.perMethod.laterThanInFlight === 0 ? "yes" : "NO"} ` +
        `(${checks.anyMethod.laterThanInFlight === 0 ? "yes" : "NO"})`,
    );
    saveResults("slack-invites", summary);
  } finally {
    for (const child of baselines) child.kill();
    await app?.stop();
    await queue.close();
    await clearRedisPrefix(kv, KV_PREFIX);
    kv.disconnect();
    await slack.close();
    await sink.close();
    await dropDatabase(DATABASE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
