import type { ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import {
  BEHIND_TLS_PROXY,
  demoSignIn,
  dropDatabase,
  machine,
  productionAppEnv,
  recreateDemoDatabase,
  saveResults,
  startServer,
  startBaseline,
  waitFor,
} from "./lib.js";
import { growQuestions, liftRateLimits } from "./questions-data.js";

/**
 * Search in a large tenant (issue 19): 1,000,000 questions in `default` (100,000 with
 * BENCH_SMALL=1), a signed-in member, 10 connections for 15 s per search, then one connection
 * (what one person waits). Targets: a two-prefix search p99 <= 300 ms, a common word <= 500 ms.
 * Baselines of the same run: bare node:http and plain Express 5 answering the two-prefix
 * search's bytes from memory.
 */
const PORT = 3251;
const BARE_PORT = 3252;
const EXPRESS_PORT = 3253;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = "qa_bench_search";
const QUESTIONS = process.env.BENCH_SMALL ? 100_000 : Number(process.env.SEARCH_QUESTIONS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 15);

const SEARCHES = [
  { name: "two prefixes `migra secur` (1.4% match)", query: "migra secur" },
  { name: "a common word `deploy` (14% match)", query: "deploy" },
  { name: "three common prefixes, rare together `travel pricing hiring`", query: "travel pricing hiring" },
  { name: "a rare word `123456`", query: "123456" },
];

interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, connections: number, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections, duration: SECONDS, headers });
  return {
    name,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const database = await recreateDemoDatabase(DB_NAME);
  const server = startServer(productionAppEnv(PORT, database, "qa-bench-search:", { EMAIL_WORKER: "false", LOG_LEVEL: "warn" }));
  const baselines: ChildProcess[] = [];
  try {
    await waitFor(`${BASE}/health/ready`);
    await growQuestions(database, QUESTIONS);
    await liftRateLimits(database);
    const session = await demoSignIn(BASE, "alice");
    const headers = { ...BEHIND_TLS_PROXY, cookie: session.cookie, accept: "application/json" };
    const searchUrl = (query: string) => `${BASE}/questions?search=${encodeURIComponent(query)}`;
    const body = await (await fetch(searchUrl(SEARCHES[0]!.query), { headers })).text();
    baselines.push(startBaseline("bare", BARE_PORT, { "/search": body }), startBaseline("express", EXPRESS_PORT, { "/search": body }));
    await waitFor(`http://127.0.0.1:${BARE_PORT}/search`);
    await waitFor(`http://127.0.0.1:${EXPRESS_PORT}/search`);

    // Warm PostgreSQL's cache and the JIT before measuring.
    for (const search of SEARCHES) await measure("warm-up", searchUrl(search.query), 4, headers);
    const rows: Row[] = [
      await measure("bare node:http, the same bytes", `http://127.0.0.1:${BARE_PORT}/search`, 10),
      await measure("plain Express 5, the same bytes", `http://127.0.0.1:${EXPRESS_PORT}/search`, 10),
    ];
    for (const search of SEARCHES) rows.push(await measure(search.name, searchUrl(search.query), 10, headers));
    for (const search of SEARCHES.slice(0, 2)) rows.push(await measure(`${search.name}, one at a time`, searchUrl(search.query), 1, headers));

    console.log(`Machine: ${machine()}; ${QUESTIONS.toLocaleString("en")} questions\n`);
    console.log("| scenario | connections | req/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---:|---:|---:|---:|---:|---:|");
    for (const row of rows) console.log(`| ${row.name} | ${row.connections} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`);
    saveResults("search", { machine: machine(), questions: QUESTIONS, rows });
  } finally {
    for (const child of baselines) child.kill();
    await server.stop();
    await dropDatabase(DB_NAME);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
