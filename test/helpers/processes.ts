import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { nodeArgsFor } from "./bundled-entry.js";
import { TEST_SESSION_SECRET } from "./secrets.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A Redis server of the test's own on a free port, so a test can stop and restart it without
 * touching the shared one. The append-only file survives a stop, as in production.
 */
export async function startPrivateRedis() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-redis-"));
  let child: ChildProcess | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
      socket.once("data", (data) => {
        socket.destroy();
        resolve(String(data).startsWith("+PONG"));
      });
      socket.once("error", () => resolve(false));
    });
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
      {
        stdio: "ignore",
      },
    );
    await waitUntil(ping, 10_000, "private redis");
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGTERM");
    });
    child = null;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server as a child process (`src/main.ts`, the production entry point, bundled once
 * (bundled-entry.ts), or through tsx with `options.tsx`; with `entry` "seeds/start.ts", what
 * `npm start` runs, which seeds an empty database), ready when it
 * says it listens and /health/ready answers 200. A free port can be taken by another test between
 * finding it and the server binding it (the server then stops, saying so): it starts again on
 * another port, so /health/ready is never answered by some other test's app. With `env.PORT` it
 * listens there (an instance restarted behind a proxy that knows its port): a taken port then fails.
 */
export async function startServerProcess(
  env: Record<string, string>,
  attempts = 3,
  entry = "src/main.ts",
  options: { tsx?: boolean } = {},
): Promise<ServerProcess> {
  const fixedPort = env.PORT ? Number(env.PORT) : null;
  const port = fixedPort ?? (await freePort());
  const output: string[] = [];
  const args = options.tsx ? ["--import", "tsx", path.join(ROOT, entry)] : await nodeArgsFor(entry);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", PORT: String(port), LOG_LEVEL: "info", SCHEDULER: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const portTaken = () => output.join("").includes(`cannot listen on port ${port}`);
  try {
    await waitUntil(
      async () => {
        if (portTaken()) return true;
        return output.join("").includes("listening on") && (await fetch(`${url}/health/ready`)).ok;
      },
      60_000,
      `server on ${port}`,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${output.join("").slice(-2000)}`, { cause: error });
  }
  if (portTaken()) {
    await exited;
    if (attempts > 1 && fixedPort === null) return startServerProcess(env, attempts - 1, entry, options);
    throw new Error(`${fixedPort === null ? "no free port for the server process" : `port ${port} is taken`}\n${output.join("").slice(-2000)}`);
  }
  return {
    url,
    child,
    output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * `npm run worker` as its own process (from the test bundle) on a test app's database, Redis
 * prefix and session secret: the background jobs of that app, run elsewhere. Kill it when done.
 */
export async function spawnStandaloneWorker(app: { config: { kv: { prefix: string } } }, env: Record<string, string>): Promise<ChildProcess> {
  return spawn(process.execPath, await nodeArgsFor("src/cli/worker.ts"), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      DATABASE_URL: inject("databaseUrl"),
      KVSTORE_URL: inject("redisUrl"),
      KV_PREFIX: app.config.kv.prefix,
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...env,
    },
    stdio: "ignore",
  });
}
