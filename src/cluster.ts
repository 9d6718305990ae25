import cluster, { type Worker } from "node:cluster";
import { loadConfigOrExit } from "./config.js";
import { createLogger } from "./platform/logger.js";
import { prepareDatabase, runServer, type ServerOptions } from "./server.js";

/**
 * WEB_CONCURRENCY=N (N > 1): a primary process forks N workers that share the port (node:cluster
 * hands each new connection to the next worker), so one machine uses its cores. Each worker is an
 * instance as two instances behind a load balancer are: sessions, rate limits, live events and
 * their ids, stream slots and the shared-read versions go through Redis (config.ts refuses
 * WEB_CONCURRENCY > 1 without it). The background jobs (pulse scheduler, release sweeps, email
 * worker) run in one worker, not in each. The primary migrates and seeds once, then forks; it
 * serves nothing itself. SIGTERM (or SIGINT) to the primary drains every worker as one instance
 * drains; a worker that dies after it listened is replaced, one that cannot start stops the whole.
 */
const ROLE_ENV = "QA_WORKER_ROLE";
const WORKER_ID_ENV = "QA_WORKER_ID";
/** The primary waits this long for its workers' own drain (10 s deadline each) before it kills them. */
const PRIMARY_DEADLINE_MS = 15_000;
const RESTART_DELAY_MS = 1_000;

export async function runService(options: ServerOptions = {}): Promise<void> {
  if (cluster.isWorker) {
    return runServer({ ...options, worker: { id: Number(process.env[WORKER_ID_ENV]), runsJobs: process.env[ROLE_ENV] === "jobs" } });
  }
  const config = loadConfigOrExit();
  if (config.workers <= 1) return runServer(options);

  const logger = createLogger({ level: config.logLevel }).child({ primary: process.pid });
  const database = await prepareDatabase(config, logger, options.seedDemoData);
  await database.close();

  const listened = new Set<Worker>();
  const running = new Map<Worker, { id: number; role: "jobs" | "web" }>();
  let stopping = false;

  const fork = (id: number, role: "jobs" | "web") => {
    const worker = cluster.fork({ [ROLE_ENV]: role, [WORKER_ID_ENV]: String(id) });
    running.set(worker, { id, role });
    worker.once("listening", () => listened.add(worker));
    worker.once("exit", (code, signal) => {
      running.delete(worker);
      if (stopping) return;
      if (!listened.has(worker)) {
        // It never listened: a port it cannot have, a database it cannot reach. Another fork would fail the same way.
        logger.fatal({ worker: id, code, signal }, `worker ${id} stopped before it listened; stopping`);
        void stopAll("SIGTERM", code || 1);
        return;
      }
      logger.error({ worker: id, code, signal }, `worker ${id} exited; starting another`);
      setTimeout(() => !stopping && fork(id, role), RESTART_DELAY_MS).unref();
    });
  };

  const stopAll = async (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: running.size }, "stopping the workers");
    const deadline = setTimeout(() => {
      logger.error("workers did not stop in time; killing them");
      for (const worker of running.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, PRIMARY_DEADLINE_MS);
    deadline.unref();
    const exits = [...running.keys()].map((worker) => new Promise<number>((resolve) => worker.process.once("exit", (code) => resolve(code ?? 1))));
    // Each worker drains as a single instance does (server.ts): /health/ready fails, requests finish, streams end with a reconnect hint.
    for (const worker of running.keys()) worker.process.kill(signal);
    const codes = await Promise.all(exits);
    clearTimeout(deadline);
    process.exit(exitCode || (codes.some((code) => code !== 0) ? 1 : 0));
  };
  process.on("SIGTERM", () => void stopAll("SIGTERM"));
  process.on("SIGINT", () => void stopAll("SIGINT"));

  logger.info({ workers: config.workers }, `starting ${config.workers} workers on port ${config.port}`);
  for (let id = 1; id <= config.workers; id += 1) fork(id, id === 1 ? "jobs" : "web");
}
