import { computePulseSummary } from "../src/modules/pulse/index.js";
import { settingsFromStorage } from "../src/platform/tenant-settings.schemas.js";
import { openDatabase } from "../src/platform/db.js";
import { migrateToLatest } from "../src/platform/migrator.js";
import { countTenantRows, findPulseTenant, seedPulseTenant } from "./pulse-tenant.js";
import { databaseUrl, dropDatabase, load, machine, productionAppEnv, recreateDatabase, saveResults, startServer, table, waitFor } from "./lib.js";

/**
 * Target: GET /pulse/summary?range=52w over 1,000,000 responses answers in <= 150 ms p95.
 * A tenant of 27,000 users in 20 teams, 5 questions, a year of weekly invites (about 1.4 million)
 * of which about 72% were answered (about a million responses), each week's answers released as
 * batches dated on a day of that week (every cell far above k). The app runs as in production
 * (PostgreSQL, Redis, JSON logs); an admin signed in by demo mode asks for the summary.
 */
const USERS = Number(process.env.BENCH_PULSE_USERS ?? 27_000);
const DATABASE = "qa_bench_pulse_summary";
const PORT = 3211;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function timed(samples: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const begin = performance.now();
    await fn();
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    samples,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) as number),
  };
}

async function seed(url: string): Promise<{ tenantId: string; teamId: string; responses: number; invites: number }> {
  const handle = await openDatabase({ url, poolMax: 4, dataDir: "" });
  try {
    const db = handle.db;
    await migrateToLatest(db);
    const tenant = await seedPulseTenant(db, { users: USERS, teams: 20 });
    await db.raw("vacuum analyze");
    return {
      tenantId: tenant.tenantId,
      teamId: tenant.teamIds[3] as string,
      responses: await countTenantRows(db, "pulse_responses", tenant.tenantId),
      invites: await countTenantRows(db, "pulse_invites", tenant.tenantId),
    };
  } finally {
    await handle.close();
  }
}

/** BENCH_REUSE=1 measures again on the database a BENCH_KEEP=1 run left (seeding takes minutes). */
async function existing(url: string) {
  const handle = await openDatabase({ url, poolMax: 2, dataDir: "" });
  try {
    const db = handle.db;
    const tenant = await findPulseTenant(db);
    return {
      tenantId: tenant.tenantId,
      teamId: tenant.teamIds[3] as string,
      responses: await countTenantRows(db, "pulse_responses", tenant.tenantId),
      invites: await countTenantRows(db, "pulse_invites", tenant.tenantId),
    };
  } finally {
    await handle.close();
  }
}

async function main() {
  const reuse = Boolean(process.env.BENCH_REUSE);
  const url = reuse ? databaseUrl(DATABASE) : await recreateDatabase(DATABASE);
  const seedStarted = performance.now();
  const data = reuse ? await existing(url) : await seed(url);
  console.log(
    `Data: ${data.responses} responses, ${data.invites} invites, ${USERS} users, 20 teams, 5 questions (${Math.round((performance.now() - seedStarted) / 1000)} s)\n`,
  );

  // The service alone, in this process: the database work and the suppression.
  const handle = await openDatabase({ url, poolMax: 4, dataDir: "" });
  const settings = settingsFromStorage({ pulse: { enabled: true } });
  const inProcess = await timed(100, () => computePulseSummary(handle.db, { id: data.tenantId }, settings, { rangeWeeks: 52 }));
  const inProcessTeam = await timed(100, () => computePulseSummary(handle.db, { id: data.tenantId }, settings, { rangeWeeks: 52, teamId: data.teamId }));
  await handle.close();

  const server = startServer(productionAppEnv(PORT, url, "qa-bench-pulse:", { SEED_DEMO_DATA: "false" }));
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/health/ready`);
    // Production cookies are Secure: the proxy header says the client spoke HTTPS.
    const login = await fetch(`${base}/auth/demo?user=admin&tenant=bench`, {
      redirect: "manual",
      headers: { "X-Forwarded-Proto": "https", "x-tenant-id": "bench" },
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    if (login.status !== 302 || !cookie) throw new Error(`demo login failed: ${login.status}`);
    const headers = { cookie, "X-Forwarded-Proto": "https", accept: "application/json" };
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const sample = (await get("/pulse/summary?range=52w")) as { summary: { totalResponses: number }; questions: unknown[] };
    await timed(30, () => get("/pulse/summary?range=52w"));
    const http = await timed(SAMPLES, () => get("/pulse/summary?range=52w"));
    const httpTeam = await timed(SAMPLES, () => get(`/pulse/summary?range=52w&team=${data.teamId}`));
    const http12 = await timed(SAMPLES, () => get("/pulse/summary"));
    const concurrent = await load("GET /pulse/summary?range=52w, 10 connections", {
      url: `${base}/pulse/summary?range=52w`,
      connections: 10,
      duration: 10,
      headers,
    });

    const rows = [
      ["service only (in process), all teams, 52w", inProcess],
      ["service only (in process), one team, 52w", inProcessTeam],
      ["HTTP GET /pulse/summary?range=52w", http],
      ["HTTP GET /pulse/summary?range=52w&team=<id>", httpTeam],
      ["HTTP GET /pulse/summary (12w)", http12],
    ] as const;
    console.log(`Machine: ${machine()}\nSummary answered: ${sample.summary.totalResponses} responses in range, ${sample.questions.length} questions\n`);
    console.log("| request, one at a time | samples | p50 ms | p95 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|");
    for (const [name, result] of rows) console.log(`| ${name} | ${result.samples} | ${result.p50} | ${result.p95} | ${result.p99} | ${result.max} |`);
    console.log(`\n${table([concurrent])}`);
    console.log(`\nGET /pulse/summary?range=52w p95: ${http.p95} ms (target <= 150 ms)`);
    saveResults("pulse-summary", { machine: machine(), data, inProcess, inProcessTeam, http, httpTeam, http12, concurrent });
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP) await dropDatabase(DATABASE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
