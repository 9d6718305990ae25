import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The run's slow builds (the web app, the embedded database's snapshot), each in a child process
 * started by its project's global setup and awaited once every setup has started its own: they
 * build side by side instead of one after the other. A build writes `artifact`; when its process
 * ends, `<artifact>.ready` or `<artifact>.failed` (with the process's output) says how it went,
 * and the tests wait for that (builtArtifact) rather than trust the order of the setups.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const SETTLED_SUFFIXES = [".ready", ".failed"] as const;

interface Build {
  name: string;
  child: ChildProcess;
  finished: Promise<void>;
}

// One registry per run in the main process, shared by every project's setup (each loads this module on its own).
const registry = ((globalThis as { [key: symbol]: Build[] })[Symbol.for("qa-test.background-builds")] ??= []);

/** Starts `node --import tsx <script> <artifact>` (with `env` added to the environment), without waiting for it. */
export function startBackgroundBuild(name: string, script: string, artifact: string, env: Record<string, string | undefined> = {}): void {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, script), artifact], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const finished = new Promise<void>((resolve) => {
    const settle = (problem: string | null) => {
      if (problem === null) fs.writeFileSync(`${artifact}.ready`, "");
      else fs.writeFileSync(`${artifact}.failed`, `${name} failed: ${problem}\n${output.join("").slice(-4000)}`);
      resolve();
    };
    child.once("error", (error) => settle(error.message));
    child.once("exit", (code, signal) => settle(code === 0 ? null : `exit ${code ?? signal}`));
  });
  registry.push({ name, child, finished });
}

/** Every build started so far has ended (failures are the tests' to report, with the build's output). */
export async function backgroundBuildsFinished(): Promise<void> {
  await Promise.all(registry.map((build) => build.finished));
}

/** Stops a build still running (a run cut short) and waits for it. */
export async function stopBackgroundBuild(name: string): Promise<void> {
  const build = registry.find((candidate) => candidate.name === name);
  if (!build) return;
  if (build.child.exitCode === null && build.child.signalCode === null) build.child.kill("SIGTERM");
  await build.finished;
}

/** The artifact once its build has ended well; throws the build's output if it failed. */
export async function builtArtifact(artifact: string, timeoutMs = 300_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const [ready, failed] = SETTLED_SUFFIXES.map((suffix) => fs.existsSync(`${artifact}${suffix}`));
    if (ready) return artifact;
    if (failed) throw new Error(fs.readFileSync(`${artifact}.failed`, "utf8"));
    if (Date.now() - started > timeoutMs) throw new Error(`${artifact}: not built after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
