import http from "node:http";
import autocannon from "autocannon";
import {
  BEHIND_TLS_PROXY,
  demoSignIn,
  dropDatabase,
  machine,
  productionAppEnv,
  recreateDemoDatabase,
  sampleProcess,
  saveResults,
  startServer,
  waitFor,
  withClient,
} from "./lib.js";
import { growQuestions, liftRateLimits, WORDS } from "./questions-data.js";

/**
 * A mixed scenario (browse, search, submit, upvote, SSE listeners, pulse responses)
 * against one production-mode instance on PostgreSQL and Redis. It looks for the highest request
 * rate this machine holds with p99 <= 50 ms and no errors (short steps), then holds that rate for
 * LOAD_MINUTES (default 10), sampling the server's RSS and CPU. With LOAD_GROWTH=1 it instead
 * measures how browse and search cost grows from 10k to 1M questions.
 */
const PORT = 3231;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = "qa_bench_load";
const MINUTES = Number(process.env.LOAD_MINUTES ?? 10);
const QUESTIONS = Number(process.env.LOAD_QUESTIONS ?? 10_000);
const SSE_LISTENERS = Number(process.env.LOAD_SSE ?? 200);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 20);
const P99_TARGET_MS = 50;

async function prepare(url: string): Promise<{ tokens: string[]; questionIds: string[]; teamId: string }> {
  await growQuestions(url, QUESTIONS);
  await liftRateLimits(url);
  return withClient(url, async (client) => {
    const tenant = (await client.query("select id from tenants where slug = 'default'")).rows[0].id;
    // Enough open invites for every pulse response of the run (each token answers once).
    const question = (await client.query("select id from pulse_questions where tenant_id = $1 and active order by created_at limit 1", [tenant])).rows[0].id;
    await client.query(
      `insert into pulse_invites (tenant_id, token, user_id, question_id, cohort_name, team_id, sent_at, expires_at)
       select $1, gen_random_uuid(), u.id, $2, 'cohort-0', u.primary_team_id, now(), now() + interval '7 days'
       from generate_series(1, 6000) g, users u where u.tenant_id = $1`,
      [tenant, question],
    );
    const tokens = (
      await client.query("select token from pulse_invites where tenant_id = $1 and responded_at is null and expires_at > now()", [tenant])
    ).rows.map((row) => row.token as string);
    const questionIds = (
      await client.query("select id from questions where tenant_id = $1 and status = 'OPEN' order by random() limit 5000", [tenant])
    ).rows.map((row) => row.id as string);
    const teamId = (await client.query("select id from teams where tenant_id = $1 and slug = 'engineering'", [tenant])).rows[0].id as string;
    await client.query("vacuum analyze");
    return { tokens, questionIds, teamId };
  });
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** The mix, per 20 requests: 9 browse, 3 search, 2 submit, 3 upvote, 3 pulse responses. */
function mixedRequests(session: { cookie: string; csrf: string }, data: { tokens: string[]; questionIds: string[]; teamId: string }): autocannon.Request[] {
  const json = { ...BEHIND_TLS_PROXY, cookie: session.cookie, accept: "application/json" };
  let nextToken = 0;
  const browse: autocannon.Request = {
    method: "GET",
    setupRequest: (req) => ({ ...req, path: `/questions?team=${pick(["engineering", "product"])}&limit=50&offset=${pick([0, 0, 0, 50, 100])}`, headers: json }),
  };
  const search: autocannon.Request = {
    method: "GET",
    setupRequest: (req) => ({ ...req, path: `/questions?search=${encodeURIComponent(`${pick(WORDS).slice(0, 5)} ${pick(WORDS)}`)}`, headers: json }),
  };
  const submit: autocannon.Request = {
    method: "POST",
    setupRequest: (req) => ({
      ...req,
      path: "/questions",
      headers: { ...json, "content-type": "application/json", "x-csrf-token": session.csrf },
      body: JSON.stringify({ body: `How will the ${pick(WORDS)} plan change the ${pick(WORDS)} next quarter?`, teamId: data.teamId }),
    }),
  };
  const upvote: autocannon.Request = {
    method: "POST",
    setupRequest: (req) => ({ ...req, path: `/questions/${pick(data.questionIds)}/upvote`, headers: { ...json, "x-csrf-token": session.csrf } }),
  };
  const respond: autocannon.Request = {
    method: "GET",
    setupRequest: (req) => ({
      ...req,
      path: `/pulse/respond?token=${data.tokens[nextToken++ % data.tokens.length]}&score=${1 + (nextToken % 5)}`,
      headers: { accept: "application/json" },
    }),
  };
  return [
    browse,
    search,
    browse,
    upvote,
    browse,
    respond,
    submit,
    browse,
    search,
    upvote,
    browse,
    respond,
    browse,
    browse,
    search,
    upvote,
    respond,
    browse,
    submit,
    browse,
  ];
}

function openListeners(count: number, cookie: string): { received: () => number; close(): void } {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let received = 0;
  const requests: http.ClientRequest[] = [];
  for (let i = 0; i < count; i += 1) {
    requests.push(
      http.get(`${BASE}/events?tenant=default`, { agent, headers: { cookie, accept: "text/event-stream", ...BEHIND_TLS_PROXY } }, (res) => {
        res.on("data", (chunk: Buffer) => {
          received += chunk.toString().split("question:").length - 1;
        });
      }),
    );
  }
  return { received: () => received, close: () => requests.forEach((req) => req.destroy()) };
}

/**
 * A closed loop of `connections` clients, each sending its next request when the last one is
 * answered. (autocannon's fixed-rate mode sends each second's requests in a burst, which measures
 * the burst, not the rate.) More connections, more load: the rate is what the server achieves.
 */
async function run(requests: autocannon.Request[], connections: number, seconds: number) {
  const result = await autocannon({ url: BASE, connections, duration: seconds, requests });
  return {
    connections,
    achieved: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function measureGrowth(url: string, session: { cookie: string }) {
  const rows: Array<Record<string, number>> = [];
  await liftRateLimits(url);
  for (const size of [10_000, 100_000, 1_000_000]) {
    await growQuestions(url, size);
    const headers = { ...BEHIND_TLS_PROXY, cookie: session.cookie, accept: "application/json" };
    const browse = await autocannon({ url: `${BASE}/questions?team=engineering&limit=50`, connections: 10, duration: 15, headers });
    const search = await autocannon({ url: `${BASE}/questions?search=migra%20secur`, connections: 10, duration: 15, headers });
    // One search at a time: what a single person waits, without the queue of the 10 connections.
    const lonelySearch = await autocannon({ url: `${BASE}/questions?search=migra%20secur`, connections: 1, duration: 10, headers });
    rows.push({
      questions: size,
      browseRps: Math.round(browse.requests.average),
      browseP50: browse.latency.p50,
      browseP99: browse.latency.p99,
      searchRps: Math.round(search.requests.average),
      searchP50: search.latency.p50,
      searchP99: search.latency.p99,
      oneSearchP50: lonelySearch.latency.p50,
      oneSearchP99: lonelySearch.latency.p99,
      errors: browse.errors + search.errors + lonelySearch.errors,
      non2xx: browse.non2xx + search.non2xx + lonelySearch.non2xx,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  return rows;
}

async function main() {
  const database = await recreateDemoDatabase(DB_NAME);
  const server = startServer(productionAppEnv(PORT, database, "qa-bench-load:", { EMAIL_WORKER: "false", LOG_LEVEL: "warn" }));
  try {
    await waitFor(`${BASE}/health/ready`);
    const session = await demoSignIn(BASE, "alice");
    if (process.env.LOAD_GROWTH) {
      const growth = await measureGrowth(database, session);
      saveResults("load-growth", { machine: machine(), growth });
      return;
    }
    const data = await prepare(database);
    const requests = mixedRequests(session, data);
    const listeners = openListeners(SSE_LISTENERS, session.cookie);

    // Warm up (JIT, connection pools, PostgreSQL's cache, the SSE listeners' connections) first.
    await run(requests, 4, 20);
    // Find the highest rate with p99 <= 50 ms and no errors: more concurrent clients until it breaks.
    const steps = [];
    let best = 1;
    for (const connections of [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64]) {
      const step = await run(requests, connections, STEP_SECONDS);
      steps.push(step);
      console.log(JSON.stringify(step));
      if (step.p99 > P99_TARGET_MS || step.errors > 0 || step.non2xx > 0) break;
      best = connections;
    }

    const sampler = sampleProcess(server.child.pid as number);
    const sustained = await run(requests, best, MINUTES * 60);
    const usage = sampler.stop();
    listeners.close();
    const summary = {
      machine: machine(),
      questions: QUESTIONS,
      sseListeners: SSE_LISTENERS,
      steps,
      sustained: { ...sustained, minutes: MINUTES, ...usage },
      sseEventsReceived: listeners.received(),
    };
    console.log(`Machine: ${summary.machine}`);
    console.log(JSON.stringify(summary.sustained));
    saveResults("load", summary);
  } finally {
    await server.stop();
    await dropDatabase(DB_NAME);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
