import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { databaseUrl, dropDatabase, machine, productionAppEnv, recreateDemoDatabase, saveResults, startServer, waitFor } from "./lib.js";

/**
 * Target: GET /admin/export/audit-logs streams 1,000,000 audit rows without the server
 * process growing past 200 MB RSS. The server runs as in production (PostgreSQL, Redis, JSON
 * logs); its RSS is sampled from /proc every 50 ms while the export streams. Three downloads:
 * CSV and JSON read as fast as possible, and a slow reader (1 MB/s for 15 s, then gone) to show
 * that backpressure, not buffering, absorbs a slow client.
 */
const PORT = 3207;
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const DB_NAME = "qa_bench_export";
const TLS = { "x-forwarded-proto": "https" };
const MB = 1024 * 1024;
/** BENCH_KEEP_DB=true keeps the seeded database for the next run (seeding a million rows takes a minute). */
const KEEP_DB = process.env.BENCH_KEEP_DB === "true";

function rssOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

async function seedAuditRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>("select id from tenants where slug = 'default'");
    const tenantId = rows[0]?.id;
    const started = performance.now();
    // Realistic rows: JSON before/after, every tenth one a formula-looking text the CSV must neutralise.
    await client.query(
      `insert into audit_logs (tenant_id, user_id, action, entity_type, entity_id, before, after, ip_address, user_agent, metadata, created_at)
       select $1, u.ids[1 + n % array_length(u.ids, 1)], (array['question.create','question.answer','upvote.add','user.login','settings.update'])[1 + n % 5],
              'question', gen_random_uuid(),
              jsonb_build_object('body', 'Question ' || n || ': what is the plan for the roadmap and next year''s budget?'),
              jsonb_build_object('body', case when n % 10 = 0 then '=HYPERLINK("http://example.com","' || n || '")' else 'Edited question ' || n end, 'status', 'OPEN'),
              '203.0.113.' || (n % 250), 'Mozilla/5.0 (X11; Linux x86_64) bench/1.0', jsonb_build_object('requestId', 'bench-' || n),
              now() - n * interval '1 second'
       from generate_series(1, $2::int) n
       cross join (select array_agg(id order by id) as ids from users where tenant_id = $1) u`,
      [tenantId, ROWS],
    );
    await client.query("analyze audit_logs");
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

async function signInAsAdmin(): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${PORT}/auth/demo?user=admin&tenant=default`, { redirect: "manual", headers: TLS });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (login.status !== 302 || !cookie) throw new Error(`sign-in failed: ${login.status}`);
  return cookie;
}

interface DownloadResult {
  name: string;
  status: number;
  bytes: number;
  lines: number;
  seconds: number;
  baselineRssMb: number;
  peakRssMb: number;
  endRssMb: number;
}

async function download(
  name: string,
  pid: number,
  cookie: string,
  path: string,
  options: { bytesPerSecond?: number; stopAfterMs?: number } = {},
): Promise<DownloadResult> {
  const baseline = rssOf(pid).rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid).rss);
  }, 50);
  const started = performance.now();
  const controller = new AbortController();
  let bytes = 0;
  let lines = 0;
  let status = 0;
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { ...TLS, cookie }, signal: controller.signal });
    status = response.status;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
      const elapsed = performance.now() - started;
      if (options.stopAfterMs && elapsed > options.stopAfterMs) {
        controller.abort();
        break;
      }
      if (options.bytesPerSecond) {
        const due = (bytes / options.bytesPerSecond) * 1000 - elapsed;
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));
  peak = Math.max(peak, rssOf(pid).rss);
  return {
    name,
    status,
    bytes,
    lines,
    seconds: +seconds.toFixed(1),
    baselineRssMb: Math.round(baseline / MB),
    peakRssMb: Math.round(peak / MB),
    endRssMb: Math.round(rssOf(pid).rss / MB),
  };
}

async function existingRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: number }>("select count(*)::int as count from audit_logs");
    return rows[0]?.count ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The server runs twice: with V8's default heap settings, and with a heap maximum. On a host with
 * plenty of RAM, V8 lets the old generation grow to about four times its live size before a full
 * collection; with a maximum of 512 MB or less it collects at about 1.3-1.4 times. The export's live
 * memory is the same in both; the second shows what a production setting of NODE_OPTIONS gives.
 */
const CONFIGURATIONS: Array<{ label: string; nodeOptions?: string }> = [
  { label: "default V8 heap settings", nodeOptions: process.env.BENCH_NODE_OPTIONS },
  { label: "NODE_OPTIONS=--max-old-space-size=512", nodeOptions: [process.env.BENCH_NODE_OPTIONS, "--max-old-space-size=512"].filter(Boolean).join(" ") },
];

async function runConfiguration(url: string, configuration: (typeof CONFIGURATIONS)[number], seed: boolean) {
  const server = startServer(
    productionAppEnv(PORT, url, "qa-bench-export:", { ...(configuration.nodeOptions ? { NODE_OPTIONS: configuration.nodeOptions } : {}) }),
  );
  try {
    await waitFor(`http://127.0.0.1:${PORT}/health/ready`);
    const pid = server.child.pid as number;
    if (seed) {
      const seedMs = await seedAuditRows(url);
      console.log(`Seeded ${ROWS.toLocaleString("en")} audit rows in ${(seedMs / 1000).toFixed(1)} s`);
    }
    const cookie = await signInAsAdmin();
    // Warm-up: JIT and pool, a small export.
    await download("warm-up", pid, cookie, "/admin/export/audit-logs?format=csv&action=settings.update&startDate=2000-01-01&endDate=2000-01-02");
    const results: DownloadResult[] = [];
    results.push(await download("CSV, fast reader", pid, cookie, "/admin/export/audit-logs?format=csv"));
    results.push(await download("JSON, fast reader", pid, cookie, "/admin/export/audit-logs?format=json"));
    results.push(
      await download("CSV, slow reader (1 MB/s, leaves after 15 s)", pid, cookie, "/admin/export/audit-logs?format=csv", {
        bytesPerSecond: MB,
        stopAfterMs: 15_000,
      }),
    );
    const after = await fetch(`http://127.0.0.1:${PORT}/admin/audit-logs?limit=1`, { headers: { ...TLS, cookie } });
    return { configuration: configuration.label, results, healthyAfter: after.status === 200, hwmMb: Math.round(rssOf(pid).hwm / MB) };
  } finally {
    await server.stop();
  }
}

async function main() {
  const reuse = KEEP_DB && (await existingRows(databaseUrl(DB_NAME))) >= ROWS;
  const url = reuse ? databaseUrl(DB_NAME) : await recreateDemoDatabase(DB_NAME);
  if (reuse) console.log("Reusing the seeded database");
  try {
    const runs = [];
    for (const [index, configuration] of CONFIGURATIONS.entries()) runs.push(await runConfiguration(url, configuration, !reuse && index === 0));
    console.log(
      `Machine: ${machine()}; load average at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(", ")}\n`,
    );
    console.log("| server | download | rows | MB | seconds | rows/s | RSS before MB | peak RSS MB | RSS after MB |");
    console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const run of runs) {
      for (const r of run.results) {
        const rows = r.name.startsWith("CSV") ? r.lines - 1 : r.lines - 2;
        console.log(
          `| ${run.configuration} | ${r.name}${r.status === 200 ? "" : ` (status ${r.status})`} | ${rows} | ${(r.bytes / MB).toFixed(0)} | ${r.seconds} | ${Math.round(rows / r.seconds)} | ${r.baselineRssMb} | ${r.peakRssMb} | ${r.endRssMb} |`,
        );
      }
    }
    for (const run of runs) {
      const worst = Math.max(...run.results.map((r) => r.peakRssMb));
      console.log(
        `${run.configuration}: peak ${worst} MB (target < 200 MB: ${worst < 200 ? "met" : "NOT met"}); VmHWM since start ${run.hwmMb} MB; answers afterwards: ${run.healthyAfter}`,
      );
    }
    saveResults("export", { machine: machine(), rows: ROWS, runs });
  } finally {
    if (!KEEP_DB) await dropDatabase(DB_NAME);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
