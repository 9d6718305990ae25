import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The run's slow builds (the web app, the embedded database's snapshot), each in a child process
 * that its project's global setup starts without waiting for it: they build side by side, while
 * the first test files run (Vitest runs the projects in the order of their names, so the api
 * files come first). A build writes `artifact`; when its process ends, `<artifact>.ready` or
 * `<artifact>.failed` (with the process's output) says how it went, and a test that needs the
 * artifact waits for that (builtArtifact).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SETTLED_SUFFIXES = [".ready", ".failed"] as const;

/**
 * Starts `node --import tsx <script> <artifact>` (with `env` added to the environment), without
 * waiting for it; `stop` ends it if it still runs (a run cut short) and waits until it has.
 */
export function startBackgroundBuild(name: string, script: string, artifact: string, env: Record<string, string | undefined> = {}): { stop(): Promise<void> } {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, script), artifact], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const finished = new Promise<void>((resolve) => {
    let settled = false;
    const settle = (problem: string | null) => {
      if (settled) return;
      settled = true;
      if (problem === null) fs.writeFileSync(`${artifact}.ready`, "");
      else fs.writeFileSync(`${artifact}.failed`, `${name} failed: ${problem}\n${output.join("").slice(-4000)}`);
      resolve();
    };
    child.once("error", (error) => settle(error.message));
    child.once("exit", (code, signal) => settle(code === 0 ? null : `exit ${code ?? signal}`));
  });
  return {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await finished;
    },
  };
}

/** The artifact once its build has ended well; throws the build's output if it failed. */
export async function builtArtifact(artifact: string, timeoutMs = 100_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const [ready, failed] = SETTLED_SUFFIXES.map((suffix) => fs.existsSync(`${artifact}${suffix}`));
    if (ready) return artifact;
    if (failed) throw new Error(fs.readFileSync(`${artifact}.failed`, "utf8"));
    if (Date.now() - started > timeoutMs) throw new Error(`${artifact}: not built after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
