import { execFileSync, fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import {
  BEHIND_TLS_PROXY,
  demoSignIn,
  dropDatabase,
  machine,
  pidsOf,
  productionAppEnv,
  recreateDemoDatabase,
  REDIS_URL,
  sampleProcess,
  saveResults,
  startBaseline,
  startServer,
  waitFor,
  withClient,
  clearRedisPrefix,
} from "./lib.js";
import { eventLoopDelay, sampleMachineCpu } from "./observe.js";
import { cannonUntil, delay, pacedLoad } from "./paced-load.js";

/**
 * Issue 35: what a webhook fan-out does to the API. ENDPOINTS endpoints (POST /admin/webhooks,
 * `question.created`) point at HTTPS receivers on loopback (bench/webhook-receivers.ts, a process
 * of their own, verifying every signature with the `standardwebhooks` package); EVENTS questions
 * created through the API at EVENT_RATE a second make EVENTS × ENDPOINTS deliveries, sent by the
 * server's webhook worker (BullMQ, in the server process as production runs it). A steady load
 * of a visitor's GET /teams runs throughout, in two shapes: open loop at RATE requests a second
 * (is the p99 unchanged?) and closed loop at CONNECTIONS connections (how much throughput does the
 * fan-out take?). Phases of each shape, in one run: bare node:http and plain Express 5 answering
 * the same bytes, the app alone, the app while the questions are created with no webhook
 * (the events' own cost), then with the endpoints: while the questions are created, and after,
 * until the last delivery is in. Checked: every delivery arrived once (by `webhook-id`), every
 * signature verified, every question reached every endpoint, and the database's record of them.
 * The server runs in production mode, so webhook URLs must be https: the receivers' self-signed
 * certificate is trusted by the server through NODE_EXTRA_CA_CERTS, and WEBHOOK_ALLOW_PRIVATE=true
 * lets it reach loopback.
 */
const APP_PORT = 3271;
const BARE_PORT = 3272;
const EXPRESS_PORT = 3273;
const DATABASE = "qa_bench_webhook_fanout";
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 10);
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
/** What this app sustains with the GET load beside it and no webhook (50/s was not: POSTs queued for seconds, some were shed). */
const EVENT_RATE = Number(process.env.BENCH_EVENT_RATE ?? 20);
/** How long the receivers take to answer: 0 is the worst case for the server (no wait, all its time is CPU). */
const RECEIVER_DELAY_MS = Number(process.env.BENCH_RECEIVER_DELAY_MS ?? 0);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SHAPES = (process.env.BENCH_SHAPES ?? "open,closed").split(",");
/** Where the attempts run: `api`, the server's process (the default deployment), or `process`, `npm run worker`'s (WEBHOOK_WORKER=false on the server). */
const WORKER = process.env.BENCH_WEBHOOK_WORKER === "process" ? "process" : "api";
/** The worker's WEBHOOK_CONCURRENCY; unset, the service's default. */
const CONCURRENCY = process.env.BENCH_WEBHOOK_CONCURRENCY;
const METRICS_TOKEN = "bench-metrics-token";
const KV_PREFIX = "qa-bench-webhooks:";
/** Give up waiting for deliveries when none has arrived for this long. */
const STALL_MS = 60_000;

const epoch = () => performance.timeOrigin + performance.now();

type Session = { cookie: string; csrf: string };

/** A self-signed certificate for 127.0.0.1, which the server is told to trust. */
function makeCertificate(dir: string) {
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "2"].concat([
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ]),
    { stdio: "ignore" },
  );
  return { certFile, keyFile };
}

/** The receivers' process, and a way to ask it something and wait for its answer. */
function startReceivers() {
  const child = fork(path.join(import.meta.dirname, "webhook-receivers.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = <T>(message: Record<string, unknown>, reply: string) =>
    new Promise<T>((resolve) => {
      const listener = (answer: { type: string }) => {
        if (answer.type !== reply) return;
        child.off("message", listener);
        resolve(answer as T);
      };
      child.on("message", listener);
      child.send(message);
    });
  return { child, ask };
}

interface ReceiverReport {
  received: number;
  unique: number;
  duplicated: number;
  badSignatures: number;
  subjects: string[];
  firstAt: number | null;
  lastAt: number | null;
}

/** The team of the member who asks every question of the run. */
async function memberTeam(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const tenant = (await client.query("select id from tenants where slug = 'default'")).rows[0].id as string;
    return (await client.query("select primary_team_id from users where tenant_id = $1 and sso_id = 'alice'", [tenant])).rows[0].primary_team_id as string;
  });
}

/** EVENTS questions through POST /questions at EVENT_RATE a second (open loop); their ids and what the POSTs cost. */
async function askQuestions(base: string, member: Session, teamId: string, label: string) {
  const headers = { cookie: member.cookie, "x-csrf-token": member.csrf, "content-type": "application/json", ...BEHIND_TLS_PROXY };
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const visible: string[] = [];
  const startedAt = epoch();
  const started = performance.now();
  const posts: Array<Promise<void>> = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const due = started + (i * 1000) / EVENT_RATE;
    await delay(due - performance.now());
    posts.push(
      (async () => {
        let key: string;
        try {
          const response = await fetch(`${base}/questions`, {
            method: "POST",
            headers,
            body: JSON.stringify({ teamId, body: `Fan-out question ${label} number ${i}: what should we plan for the next release?` }),
          });
          const body = (await response.json()) as { id?: string; status?: string };
          key = response.status === 201 ? String(body.status) : `HTTP ${response.status}`;
          if (response.status === 201 && body.status === "OPEN" && body.id) visible.push(body.id);
        } catch (error) {
          key = `failed: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`;
        }
        times.push(performance.now() - due);
        statuses[key] = (statuses[key] ?? 0) + 1;
      })(),
    );
  }
  await Promise.all(posts);
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.max(0, Math.ceil((p / 100) * times.length) - 1)] ?? 0) * 10) / 10;
  return { visible, statuses, startedAt, endedAt: epoch(), post: { p50: at(50), p95: at(95), p99: at(99), max: Math.round((times.at(-1) ?? 0) * 10) / 10 } };
}

async function main() {
  const url = await recreateDemoDatabase(DATABASE);
  const kv = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await clearRedisPrefix(kv, KV_PREFIX);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-bench-webhooks-"));
  const tls = makeCertificate(dir);
  const receivers = startReceivers();
  const base = `http://127.0.0.1:${APP_PORT}`;
  const baselines: ChildProcess[] = [];
  let app: ReturnType<typeof startServer> | undefined;
  let worker: ReturnType<typeof startServer> | undefined;
  try {
    const teamId = await memberTeam(url);
    const { urls } = await receivers.ask<{ urls: string[] }>({ type: "start", count: ENDPOINTS, delayMs: RECEIVER_DELAY_MS, ...tls }, "ready");
    const env = productionAppEnv(APP_PORT, url, KV_PREFIX, {
      WEBHOOK_ALLOW_PRIVATE: "true",
      NODE_EXTRA_CA_CERTS: tls.certFile,
      METRICS_TOKEN,
      ...(CONCURRENCY ? { WEBHOOK_CONCURRENCY: CONCURRENCY } : {}),
      ...(WORKER === "process" ? { WEBHOOK_WORKER: "false" } : {}),
    });
    app = startServer(env, path.join(os.tmpdir(), `qa-bench-webhook-fanout-${Date.now()}.log`));
    await waitFor(`${base}/health/ready`);
    if (WORKER === "process") worker = startServer(env, path.join(os.tmpdir(), `qa-bench-webhook-worker-${Date.now()}.log`), "dist/src/cli/worker.js");
    const admin = await demoSignIn(base, "admin");
    const member = await demoSignIn(base, "alice");
    const adminHeaders = { cookie: admin.cookie, "x-csrf-token": admin.csrf, "content-type": "application/json", ...BEHIND_TLS_PROXY };
    // One member asks every question of the run, far more than a person's hourly limit: lifted (to its maximum).
    const limits = await fetch(`${base}/admin/tenant-settings`, {
      method: "POST",
      headers: adminHeaders,
      body: JSON.stringify({ security: { rateLimits: { questionsPerHour: 100_000 } } }),
    });
    if (limits.status !== 200) throw new Error(`POST /admin/tenant-settings: ${limits.status} ${await limits.text()}`);
    const teamsBody = await (await fetch(`${base}/teams`)).text();
    baselines.push(startBaseline("bare", BARE_PORT, { "/teams": teamsBody }), startBaseline("express", EXPRESS_PORT, { "/teams": teamsBody }));
    await waitFor(`http://127.0.0.1:${BARE_PORT}/teams`);
    await waitFor(`http://127.0.0.1:${EXPRESS_PORT}/teams`);
    const serverPid = app.child.pid!;

    /** One phase of the steady load on `target` until `stop`, with the server's and PostgreSQL's CPU meanwhile. */
    async function phase(shape: string, name: string, target: string, stop: Promise<unknown>) {
      await eventLoopDelay(base, METRICS_TOKEN);
      const cpu = sampleProcess(serverPid);
      const workerCpu = worker ? sampleProcess(worker.child.pid!) : null;
      const database = sampleProcess(pidsOf("postgres"));
      const wholeMachine = sampleMachineCpu();
      const result =
        shape === "open" ? await pacedLoad(name, { url: target, rate: RATE, stop }) : await cannonUntil(name, { url: target, connections: CONNECTIONS, stop });
      return {
        ...result,
        serverCpu: cpu.stop().cpuPercentAvg,
        workerCpu: workerCpu ? workerCpu.stop().cpuPercentAvg : null,
        postgresCpu: database.stop().cpuPercentAvg,
        machineBusy: wholeMachine.stop(),
        eventLoopDelayMs: await eventLoopDelay(base, METRICS_TOKEN),
      };
    }

    // Warm-up: JIT, pools and caches of both the app and the baselines.
    await cannonUntil("warm-up", { url: `${base}/teams`, connections: CONNECTIONS, stop: delay(3000) });
    await cannonUntil("warm-up", { url: `http://127.0.0.1:${BARE_PORT}/teams`, connections: CONNECTIONS, stop: delay(1000) });
    await cannonUntil("warm-up", { url: `http://127.0.0.1:${EXPRESS_PORT}/teams`, connections: CONNECTIONS, stop: delay(1000) });

    const rounds = [];
    for (const shape of SHAPES) {
      const load = shape === "open" ? `open loop, ${RATE} req/s` : `closed loop, ${CONNECTIONS} connections`;
      const phases: Array<Awaited<ReturnType<typeof phase>>> = [];
      const fixed = () => delay(DURATION * 1000);
      phases.push(await phase(shape, "bare node:http, same bytes", `http://127.0.0.1:${BARE_PORT}/teams`, fixed()));
      phases.push(await phase(shape, "plain Express 5, same bytes", `http://127.0.0.1:${EXPRESS_PORT}/teams`, fixed()));
      phases.push(await phase(shape, "app, no webhooks", `${base}/teams`, fixed()));

      // The events' own cost: the same questions, no endpoint to send them to.
      const control = askQuestions(base, member, teamId, `${shape}-control`);
      phases.push(await phase(shape, `app, ${EVENTS} questions created at ${EVENT_RATE}/s, no webhooks`, `${base}/teams`, control));
      const controlQuestions = await control;

      // The endpoints, their secrets given to the receivers.
      const endpoints: Array<{ id: string; secret: string }> = [];
      for (const [i, receiverUrl] of urls.entries()) {
        const response = await fetch(`${base}/admin/webhooks`, {
          method: "POST",
          headers: adminHeaders,
          body: JSON.stringify({ url: receiverUrl, events: ["question.created"], description: `bench receiver ${i}` }),
        });
        if (response.status !== 201) throw new Error(`POST /admin/webhooks: ${response.status} ${await response.text()}`);
        endpoints.push((await response.json()) as { id: string; secret: string });
      }
      await receivers.ask({ type: "secrets", secrets: endpoints.map((endpoint) => endpoint.secret) }, "secrets-set");

      const fanOut = askQuestions(base, member, teamId, `${shape}-fanout`);
      phases.push(await phase(shape, `app, ${EVENTS} questions created at ${EVENT_RATE}/s, fan-out running`, `${base}/teams`, fanOut));
      const asked = await fanOut;
      if (asked.visible.length === 0) throw new Error(`no question was published: ${JSON.stringify(asked.statuses)}`);
      const expected = asked.visible.length * ENDPOINTS;
      const drained = (async () => {
        let last = -1;
        let progressAt = performance.now();
        for (;;) {
          const stats = await receivers.ask<{ unique: number }>({ type: "stats" }, "stats");
          if (stats.unique >= expected) return true;
          if (stats.unique !== last) [last, progressAt] = [stats.unique, performance.now()];
          if (performance.now() - progressAt > STALL_MS) return false;
          await delay(200);
        }
      })();
      phases.push(await phase(shape, "app, after the last question, until the last delivery", `${base}/teams`, drained));
      const complete = await drained;
      // Duplicates (a job run twice) would come late: a few seconds more to see them.
      await delay(3000);
      const { receivers: report } = await receivers.ask<{ receivers: ReceiverReport[] }>({ type: "report" }, "report");
      const questionSet = new Set(asked.visible);
      const everyQuestionEverywhere = report.every(
        (receiver) => receiver.subjects.length === questionSet.size && receiver.subjects.every((id) => questionSet.has(id)),
      );
      const lastDeliveryAt = Math.max(...report.map((receiver) => receiver.lastAt ?? 0));
      const firstDeliveryAt = Math.min(...report.map((receiver) => receiver.firstAt ?? Number.POSITIVE_INFINITY));
      const recorded = await withClient(url, async (client) =>
        (
          await client.query(
            "select status, attempts, count(*)::int as count from webhook_deliveries where endpoint_id = any($1::uuid[]) group by status, attempts order by status, attempts",
            [endpoints.map((endpoint) => endpoint.id)],
          )
        ).rows.map((row) => `${row.status} after ${row.attempts} attempt(s): ${row.count}`),
      );
      const delivery = {
        complete,
        questionsVisible: asked.visible.length,
        questionStatuses: asked.statuses,
        expected,
        received: report.reduce((sum, receiver) => sum + receiver.received, 0),
        unique: report.reduce((sum, receiver) => sum + receiver.unique, 0),
        duplicated: report.reduce((sum, receiver) => sum + receiver.duplicated, 0),
        badSignatures: report.reduce((sum, receiver) => sum + receiver.badSignatures, 0),
        everyQuestionEverywhere,
        recorded,
        drainSecondsFromFirstQuestion: +((lastDeliveryAt - asked.startedAt) / 1000).toFixed(1),
        drainSecondsAfterLastQuestion: +((lastDeliveryAt - asked.endedAt) / 1000).toFixed(1),
        firstDeliveryAfterFirstQuestionMs: Math.round(firstDeliveryAt - asked.startedAt),
        deliveriesPerSecond: Math.round(expected / ((lastDeliveryAt - firstDeliveryAt) / 1000)),
        postQuestions: { noWebhooks: controlQuestions.post, withWebhooks: asked.post },
      };
      rounds.push({ shape, load, phases, delivery });

      for (const endpoint of endpoints) {
        const response = await fetch(`${base}/admin/webhooks/${endpoint.id}`, { method: "DELETE", headers: adminHeaders });
        if (response.status !== 204) throw new Error(`DELETE /admin/webhooks: ${response.status}`);
      }
      await receivers.ask({ type: "reset" }, "reset-done");

      const where = WORKER === "process" ? "a worker process" : "the API process";
      console.log(`\n### ${load} on GET /teams (a visitor), ${ENDPOINTS} endpoints, ${EVENTS} questions at ${EVENT_RATE}/s, attempts in ${where}\n`);
      const [bare, express, alone] = [phases[0]!, phases[1]!, phases[2]!];
      console.log(
        "| phase | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors / non-2xx | server CPU % | worker CPU % | PostgreSQL CPU % | machine busy % | server loop delay p99 / max ms | req/s ÷ bare | req/s ÷ Express | p99 ÷ app alone |",
      );
      console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (const p of phases) {
        console.log(
          `| ${p.name} | ${p.requests} | ${p.requestsPerSecond} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.max} | ${p.errors} / ${p.non2xx} | ${p.serverCpu} | ${p.workerCpu ?? ""} | ${p.postgresCpu} | ` +
            `${p.machineBusy} | ${p.eventLoopDelayMs.p99} / ${p.eventLoopDelayMs.max} | ` +
            `${((p.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}% | ${((p.requestsPerSecond / express.requestsPerSecond) * 100).toFixed(1)}% | ${(p.p99 / alone.p99).toFixed(2)}× |`,
        );
      }
      console.log(`\nDeliveries: ${JSON.stringify(delivery)}`);
    }

    const summary = {
      machine: machine(),
      loadAverage: os.loadavg(),
      worker: WORKER,
      concurrency: CONCURRENCY ?? "default",
      endpoints: ENDPOINTS,
      events: EVENTS,
      eventRate: EVENT_RATE,
      rate: RATE,
      connections: CONNECTIONS,
      duration: DURATION,
      rounds,
    };
    console.log(`\nMachine: ${summary.machine}; load average at the end ${summary.loadAverage.map((value) => value.toFixed(2)).join(" / ")}`);
    for (const round of rounds) {
      const d = round.delivery;
      const ok = d.complete && d.unique === d.expected && d.duplicated === 0 && d.badSignatures === 0 && d.everyQuestionEverywhere;
      console.log(
        `${round.load}: ${d.unique} of ${d.expected} delivered once each, ${d.duplicated} duplicated, ${d.badSignatures} bad signatures: ${ok ? "all good" : "NOT all good"}`,
      );
    }
    saveResults(WORKER === "process" ? "webhook-fanout-worker-process" : "webhook-fanout", summary);
  } finally {
    for (const child of baselines) child.kill();
    await worker?.stop();
    await app?.stop();
    receivers.child.send({ type: "stop" });
    fs.rmSync(dir, { recursive: true, force: true });
    await clearRedisPrefix(kv, KV_PREFIX);
    kv.disconnect();
    await dropDatabase(DATABASE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
