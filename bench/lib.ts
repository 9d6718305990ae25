import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import pg from "pg";
import type { Redis } from "ioredis";
import { SMTPServer } from "smtp-server";
import { seedDemoData } from "../seeds/demo.js";
import { createPulseSealer } from "../src/modules/pulse/index.js";
import { openDatabase } from "../src/platform/db.js";
import { migrateToLatest } from "../src/platform/migrator.js";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const PG_SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

export function databaseUrl(name: string): string {
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh benchmark database (dropped first if a previous run left it). */
export async function recreateDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
  return databaseUrl(name);
}

const BENCH_SESSION_SECRET = "bench-session-secret-with-at-least-32-chars";

/**
 * A fresh benchmark database, migrated, with the demo tenants and accounts the scenarios sign in
 * as. The server under test is the production build, which carries no demo data.
 */
export async function recreateDemoDatabase(name: string): Promise<string> {
  const url = await recreateDatabase(name);
  const handle = await openDatabase({ url, poolMax: 2, dataDir: "" });
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { emailDomain: "example.com", sealer: createPulseSealer([BENCH_SESSION_SECRET]) });
  } finally {
    await handle.close();
  }
  return url;
}

export async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
}

/** Runs `work` on a connection of its own to `url`, closed afterwards whatever happens. */
/** Deletes a run's keys (sessions, caches, queues) under its prefix, so nothing of an earlier run is left to run. */
export async function clearRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== "0");
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Production cookies are Secure: this header says the client spoke HTTPS to a proxy in front. */
export const BEHIND_TLS_PROXY = { "x-forwarded-proto": "https" };

/** One app in production mode on the local PostgreSQL and Redis, demo sign-in on, no scheduler (the demo data: recreateDemoDatabase). */
export function productionAppEnv(port: number, database: string, kvPrefix: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: database,
    KVSTORE_URL: REDIS_URL,
    KV_PREFIX: kvPrefix,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    AUTH_MODE_DEMO: "true",
    SCHEDULER: "false",
    LOG_LEVEL: "info",
    ...overrides,
  };
}

/** Signs a demo user in; returns the session cookie and its CSRF token. */
export async function demoSignIn(base: string, user: string, tenant = "default"): Promise<{ cookie: string; csrf: string }> {
  // The tenant named by header too: a database without a `default` tenant resolves no tenant otherwise.
  const login = await fetch(`${base}/auth/demo?user=${user}&tenant=${tenant}`, { redirect: "manual", headers: { ...BEHIND_TLS_PROXY, "x-tenant-id": tenant } });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  // The whole answer first: the session's second save ends with it, and a CSRF token asked for before could be overwritten by it.
  await login.arrayBuffer();
  if (login.status !== 302 || !cookie) throw new Error(`demo sign-in of ${user} failed: ${login.status}`);
  const { csrfToken } = (await (await fetch(`${base}/auth/csrf`, { headers: { cookie, ...BEHIND_TLS_PROXY } })).json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

/**
 * A baseline answering the given bodies from memory, by path: bare `node:http`
 * (bench/bare-server.ts) or Express 5 with no middleware (bench/express-baseline.ts).
 */
export function startBaseline(kind: "bare" | "express", port: number, bodies: Record<string, string>): ChildProcess {
  const script = kind === "bare" ? "bench/bare-server.ts" : "bench/express-baseline.ts";
  // Large bodies go by file: one argument of a new process may hold at most 128 KiB on Linux.
  const file = path.join(os.tmpdir(), `qa-bench-baseline-${kind}-${port}.json`);
  fs.writeFileSync(file, JSON.stringify(bodies));
  return spawn(process.execPath, ["--import", "tsx", path.join(ROOT, script), String(port), `@${file}`], { cwd: ROOT, stdio: "ignore" });
}

export interface ServerProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built server (node dist/src/main.js) with the given environment; logs go to a file. */
export function startServer(
  env: Record<string, string>,
  logFile = path.join(os.tmpdir(), `qa-bench-${Date.now()}.log`),
  /** The built entry point: the server, or another process of the build (`dist/src/cli/worker.js`). */
  builtEntry = "dist/src/main.js",
): ServerProcess {
  const entry = path.join(ROOT, builtEntry);
  if (!fs.existsSync(entry)) throw new Error("Build the server first: npm run build:server");
  const out = fs.openSync(logFile, "w");
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_FLAGS: more Node flags for the server, e.g. "--trace-gc" (its lines go to the log file).
  const flags = (process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...profile, ...flags, entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", out, out],
  });
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface LoadOptions {
  url: string;
  connections?: number;
  duration?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  requests?: autocannon.Request[];
}

function cannonOptions(options: LoadOptions): autocannon.Options {
  const settings: autocannon.Options = {
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
  };
  // autocannon treats a present-but-undefined option as set: only pass what was given.
  if (options.headers) settings.headers = options.headers;
  if (options.method) settings.method = options.method as autocannon.Options["method"];
  if (options.body) settings.body = options.body;
  if (options.requests) settings.requests = options.requests;
  return settings;
}

export async function load(name: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon(cannonOptions(options));
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface PercentileResult extends LoadResult {
  p95: number;
  requests: number;
}

/**
 * As load(), with p50, p95 and p99 (ms, one decimal) taken from every response's own time:
 * autocannon's summary has no p95 and rounds to whole milliseconds.
 */
export async function loadPercentiles(name: string, options: LoadOptions): Promise<PercentileResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(cannonOptions(options), (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _statusCode, _bytes, ms) => void times.push(ms));
  });
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round((times[Math.max(0, Math.ceil((p / 100) * times.length) - 1)] ?? 0) * 10) / 10;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    requests: times.length,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function table(results: LoadResult[]): string {
  const lines = ["| scenario | req/s | p50 ms | p99 ms | errors | non-2xx |", "|---|---:|---:|---:|---:|---:|"];
  for (const r of results) lines.push(`| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
  return lines.join("\n");
}

/**
 * RSS (MB) and CPU (% of one core) of a process, or summed over several (the client processes,
 * PostgreSQL's), sampled from /proc every second. A process that has gone counts no more.
 */
export function sampleProcess(pidOrPids: number | number[]) {
  const pids = typeof pidOrPids === "number" ? [pidOrPids] : pidOrPids;
  const samples: Array<{ rssMb: number; cpu: number }> = [];
  const read = (pid: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return { cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100, systemSeconds: Number(stat[12]) / 100, rssMb: (Number(stat[21]) * 4096) / 2 ** 20 };
    } catch {
      return null;
    }
  };
  const first = new Map(pids.map((pid) => [pid, read(pid)]));
  const last = new Map(pids.map((pid) => [pid, first.get(pid)?.cpuSeconds ?? 0]));
  const started = performance.now();
  let lastTime = performance.now();
  const timer = setInterval(() => {
    const time = performance.now();
    let cpuSeconds = 0;
    let rssMb = 0;
    for (const pid of pids) {
      const current = read(pid);
      if (!current) continue;
      cpuSeconds += current.cpuSeconds - (last.get(pid) ?? current.cpuSeconds);
      rssMb += current.rssMb;
      last.set(pid, current.cpuSeconds);
    }
    samples.push({ rssMb, cpu: (cpuSeconds / ((time - lastTime) / 1000)) * 100 });
    lastTime = time;
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      const cpu = samples.map((sample) => sample.cpu);
      // The kernel's share (system time): on loopback a socket write also does the receiving side's TCP work.
      const seconds = (performance.now() - started) / 1000;
      const system = pids.reduce((sum, pid) => sum + ((read(pid)?.systemSeconds ?? 0) - (first.get(pid)?.systemSeconds ?? 0)), 0);
      return {
        rssMbMax: Math.round(Math.max(0, ...samples.map((sample) => sample.rssMb))),
        rssMbEnd: Math.round(samples.at(-1)?.rssMb ?? 0),
        cpuPercentAvg: Math.round(cpu.reduce((sum, value) => sum + value, 0) / Math.max(1, cpu.length)),
        systemCpuPercentAvg: Math.round((system / Math.max(seconds, 1)) * 100),
      };
    },
  };
}

/** The ids of the running processes of a program (e.g. "postgres"), for sampleProcess. */
export function pidsOf(program: string): number[] {
  try {
    return execFileSync("pgrep", ["-x", program], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function saveResults(name: string, data: unknown): void {
  const dir = path.join(ROOT, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(data, null, 2));
}

/** An SMTP sink on loopback that accepts every message and keeps when each arrived (performance.now()). */
export function startSmtpSink(): Promise<{ port: number; times: number[]; close(): Promise<void> }> {
  const times: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on("end", () => {
        times.push(performance.now());
        callback();
      });
      stream.resume();
    },
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({ port: (server.server.address() as AddressInfo).port, times, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}
