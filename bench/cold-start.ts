import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machine, ROOT, saveResults, waitFor } from "./lib.js";

/**
 * Target: cold start to ready on the embedded default in under 10 s. Runs exactly what
 * `npm start` runs (tsx seeds/start.ts) on an empty DATA_DIR (migrate + seed), then again on the
 * now-populated one, timing spawn -> GET /health/ready = 200.
 */
const PORT = 3203;

async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "seeds/start.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/health/ready`, 60_000);
    return Math.round(performance.now() - started);
  } finally {
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

async function main() {
  const runs: Array<{ kind: string; ms: number }> = [];
  for (let i = 0; i < 3; i += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-cold-"));
    runs.push({ kind: "cold (empty data dir: migrate + seed)", ms: await timeStart(dataDir) });
    runs.push({ kind: "warm (existing data dir)", ms: await timeStart(dataDir) });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Machine: ${machine()}\n`);
  console.log("| start | run 1 | run 2 | run 3 |\n|---|---:|---:|---:|");
  for (const kind of [...new Set(runs.map((run) => run.kind))]) {
    console.log(
      `| ${kind} | ${runs
        .filter((run) => run.kind === kind)
        .map((run) => `${run.ms} ms`)
        .join(" | ")} |`,
    );
  }
  saveResults("cold-start", { machine: machine(), runs });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
