import http from "node:http";
import pg from "pg";
import {
  BEHIND_TLS_PROXY,
  demoSignIn,
  dropDatabase,
  load,
  machine,
  productionAppEnv,
  recreateDemoDatabase,
  saveResults,
  startServer,
  startBaseline,
  table,
  type LoadResult,
  waitFor,
} from "./lib.js";
import { WORDS as SHARED_WORDS } from "./questions-data.js";

/**
 * Targets, with 100,000 questions in one tenant, at 50 connections: GET /questions (a page
 * of 50) p99 <= 20 ms; search and POST /questions p99 <= 30 ms; and 2,000 SSE clients on one
 * instance receiving a new question within 250 ms p99. The app runs as in production.
 */
const PORT = 3211;
const BARE_PORT = 3212;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 2000);
const SSE_ROUNDS = 20;
const DB_NAME = "qa_bench_questions";

/** The shared words, and more: this bench's searches look for rarer ones too. */
const WORDS = [...SHARED_WORDS, "kubernetes", "design", "testing", "documentation", "vacation", "strategy", "compliance", "feedback", "tooling", "quarter"];

async function seedQuestions(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tenant = (await client.query("select id from tenants where slug = 'default'")).rows[0].id;
    const teams = (await client.query("select id from teams where tenant_id = $1 order by slug", [tenant])).rows.map((row) => row.id);
    const users = (await client.query("select id from users where tenant_id = $1 order by id", [tenant])).rows.map((row) => row.id);
    await client.query(
      `insert into questions (tenant_id, team_id, author_id, body, status, upvote_count, is_pinned, submitted_at, response_text)
       select $1, ($2::uuid[])[1 + i % 2], ($3::uuid[])[1 + i % array_length($3::uuid[], 1)],
         'Question ' || i || ' about the ' || w[1 + i % 30] || ' and ' || w[1 + (i / 30) % 30] || ' plans for the ' || w[1 + (i / 900) % 30] || ' team?',
         case when i % 97 = 0 then 'UNDER_REVIEW' when i % 10 = 0 then 'ANSWERED' else 'OPEN' end,
         (i * 7919) % 250, i % 20000 = 0, now() - make_interval(secs => i),
         case when i % 10 = 0 and i % 97 <> 0 then 'We will share more about the ' || w[1 + (i / 7) % 30] || ' soon.' end
       from generate_series(1, $4::int) as i, (select $5::text[] as w) words`,
      [tenant, teams, users, QUESTIONS, WORDS],
    );
    // Make rate limits irrelevant to a load test (they are tested in the suite).
    await client.query(
      `update tenant_settings set settings = jsonb_set(settings, '{security,rateLimits}',
        '{"questionsPerHour": 100000, "upvotesPerMinute": 100000, "responsesPerHour": 100000, "searchPerMinute": 100000}')
       where tenant_id = $1`,
      [tenant],
    );
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Opens n SSE streams and measures, per posted question, how long until each stream has it. */
async function sseFanout(cookie: string, csrf: string, teamId: string) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const waiting = new Map<string, { sentAt: number; remaining: number; delays: number[] }>();
  let connected = 0;
  const requests: http.ClientRequest[] = [];
  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < SSE_CLIENTS; i += 1) {
      const req = http.get(`${BASE}/events?tenant=default`, { agent, headers: { cookie, accept: "text/event-stream", ...BEHIND_TLS_PROXY } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`SSE status ${res.statusCode}`));
        connected += 1;
        if (connected === SSE_CLIENTS) resolve();
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let boundary: number;
          while ((boundary = buffer.indexOf("\n\n")) >= 0) {
            const message = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const match = /"type":"question:created".*?"id":"([0-9a-f-]{36})"/.exec(message);
            const pending = match ? waiting.get(match[1] as string) : undefined;
            if (pending) {
              pending.delays.push(performance.now() - pending.sentAt);
              pending.remaining -= 1;
            }
          }
        });
      });
      req.on("error", reject);
      requests.push(req);
    }
  });
  const delays: number[] = [];
  let missing = 0;
  for (let round = 0; round < SSE_ROUNDS; round += 1) {
    const sentAt = performance.now();
    const entry = { sentAt, remaining: SSE_CLIENTS, delays: [] as number[] };
    const response = await fetch(`${BASE}/questions`, {
      method: "POST",
      headers: { cookie, "x-csrf-token": csrf, "content-type": "application/json", ...BEHIND_TLS_PROXY },
      body: JSON.stringify({ body: `Live fan-out question number ${round} for the room`, teamId }),
    });
    const created = (await response.json()) as { id: string };
    waiting.set(created.id, entry);
    // The event may arrive before the POST's response: count those too (delay from sentAt).
    const deadline = Date.now() + 5000;
    while (entry.remaining > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    missing += entry.remaining;
    delays.push(...entry.delays);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const req of requests) req.destroy();
  agent.destroy();
  delays.sort((a, b) => a - b);
  return {
    clients: SSE_CLIENTS,
    rounds: SSE_ROUNDS,
    deliveries: delays.length,
    missing,
    p50: +percentile(delays, 50).toFixed(1),
    p99: +percentile(delays, 99).toFixed(1),
    max: +(delays.at(-1) ?? NaN).toFixed(1),
  };
}

async function main() {
  const database = await recreateDemoDatabase(DB_NAME);
  const server = startServer(productionAppEnv(PORT, database, "qa-bench-questions:", { EMAIL_WORKER: "false", LOG_LEVEL: "warn" }));
  try {
    await waitFor(`${BASE}/health/ready`);
    const seeding = performance.now();
    await seedQuestions(database);
    console.log(`seeded ${QUESTIONS} questions in ${Math.round(performance.now() - seeding)} ms`);
    const { cookie, csrf } = await demoSignIn(BASE, "alice");
    const teams = (await (await fetch(`${BASE}/teams`, { headers: { cookie, ...BEHIND_TLS_PROXY } })).json()) as Array<{ id: string; slug: string }>;
    const engineering = teams.find((team) => team.slug === "engineering") as { id: string };
    const asMember = { cookie, ...BEHIND_TLS_PROXY };

    // The same page's bytes from memory in a bare node:http server: this machine's ceiling in this run.
    const pageBody = await (await fetch(`${BASE}/questions?team=engineering&limit=50`, { headers: asMember })).text();
    const bare = startBaseline("bare", BARE_PORT, { "/questions": pageBody });
    await waitFor(`http://127.0.0.1:${BARE_PORT}/questions`);
    const results: LoadResult[] = [];
    results.push(await load("bare node:http, the same page of 50 from memory", { url: `http://127.0.0.1:${BARE_PORT}/questions`, duration: DURATION }));
    bare.kill();
    await load("warmup", { url: `${BASE}/questions?team=engineering`, headers: asMember, duration: 3 });
    results.push(
      await load("GET /questions?team=engineering (page of 50, signed in)", {
        url: `${BASE}/questions?team=engineering&limit=50`,
        headers: asMember,
        duration: DURATION,
      }),
    );
    results.push(
      await load("GET /questions?team=engineering&offset=5000", {
        url: `${BASE}/questions?team=engineering&limit=50&offset=5000`,
        headers: asMember,
        duration: DURATION,
      }),
    );
    results.push(
      await load("GET /questions?search=deploy (common word, ~10,000 matches to rank)", {
        url: `${BASE}/questions?search=deploy`,
        headers: asMember,
        duration: DURATION,
      }),
    );
    results.push(
      await load("GET /questions?search=kubern+secur+migra (three prefixes)", {
        url: `${BASE}/questions?search=kubern%20secur%20migra`,
        headers: asMember,
        duration: DURATION,
      }),
    );
    results.push(
      await load("POST /questions", {
        url: `${BASE}/questions`,
        method: "POST",
        headers: { ...asMember, "x-csrf-token": csrf, "content-type": "application/json" },
        body: JSON.stringify({ body: "How will the new benchmark results change our capacity plan?", teamId: engineering.id }),
        duration: DURATION,
      }),
    );
    console.log(`Machine: ${machine()}\n`);
    console.log(table(results));

    const sse = await sseFanout(cookie, csrf, engineering.id);
    console.log(
      `\nSSE: ${sse.clients} clients x ${sse.rounds} questions: ${sse.deliveries} deliveries, ${sse.missing} missing, p50 ${sse.p50} ms, p99 ${sse.p99} ms, max ${sse.max} ms`,
    );
    saveResults("questions", { machine: machine(), questions: QUESTIONS, connections: 50, durationSeconds: DURATION, results, sse });
  } finally {
    await server.stop();
    await dropDatabase(DB_NAME);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
