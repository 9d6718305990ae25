import fs from "node:fs";

/**
 * What the server and the machine did during a phase, to tell the app's own slowness from a busy
 * machine: the whole machine's CPU (every process, ours or not, from /proc/stat), and the
 * server's event-loop delay from its /metrics (prom-client resets it at each scrape, so a scrape
 * before and one after a phase give that phase's figures).
 */

function cpuTimes(): { busy: number; total: number } {
  const fields = (fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The machine's CPU busy share over the phase, in % of all its cores. */
export function sampleMachineCpu() {
  const start = cpuTimes();
  return {
    stop(): number {
      const end = cpuTimes();
      return Math.round(((end.busy - start.busy) / Math.max(1, end.total - start.total)) * 100);
    },
  };
}

/** The server's event-loop delay (ms) since the previous scrape: p50, p99, max. */
export async function eventLoopDelay(base: string, token: string): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const gauge = (name: string) => Math.round(1000 * Number(new RegExp(`^${name} ([\\d.e+-]+)$`, "m").exec(text)?.[1] ?? NaN) * 10) / 10;
  return {
    p50: gauge("qa_nodejs_eventloop_lag_p50_seconds"),
    p99: gauge("qa_nodejs_eventloop_lag_p99_seconds"),
    max: gauge("qa_nodejs_eventloop_lag_max_seconds"),
  };
}
