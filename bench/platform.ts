import { spawn } from "node:child_process";
import path from "node:path";
import { dropDatabase, load, machine, productionAppEnv, recreateDatabase, ROOT, saveResults, startServer, table, type LoadResult, waitFor } from "./lib.js";

/**
 * Target: GET /teams at >= 50% of a bare node:http server's throughput, p99 <= 10 ms,
 * at 50 connections. The app runs as in production (PostgreSQL, Redis, JSON request logs).
 */
const APP_PORT = 3201;
const BARE_PORT = 3202;
const EXPRESS_PORT = 3204;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

async function main() {
  const database = await recreateDatabase("qa_bench_platform");
  const app = startServer(productionAppEnv(APP_PORT, database, "qa-bench:"));
  let bare: ReturnType<typeof spawn> | undefined;
  let plainExpress: ReturnType<typeof spawn> | undefined;
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/health/ready`);
    const teamsBody = await (await fetch(`http://127.0.0.1:${APP_PORT}/teams`)).text();
    const healthBody = await (await fetch(`http://127.0.0.1:${APP_PORT}/health`)).text();
    bare = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "bench/bare-server.ts"), String(BARE_PORT), JSON.stringify({ "/teams": teamsBody, "/health": healthBody })],
      {
        cwd: ROOT,
        stdio: "ignore",
      },
    );
    plainExpress = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "bench/express-baseline.ts"), String(EXPRESS_PORT), JSON.stringify({ "/teams": teamsBody })],
      {
        cwd: ROOT,
        stdio: "ignore",
      },
    );
    await waitFor(`http://127.0.0.1:${BARE_PORT}/teams`);
    await waitFor(`http://127.0.0.1:${EXPRESS_PORT}/teams`);

    const results: LoadResult[] = [];
    // Warm both up (JIT, connection pools) before measuring.
    await load("warmup", { url: `http://127.0.0.1:${APP_PORT}/teams`, duration: 3 });
    await load("warmup", { url: `http://127.0.0.1:${BARE_PORT}/teams`, duration: 2 });
    results.push(await load("bare node:http GET /teams", { url: `http://127.0.0.1:${BARE_PORT}/teams`, duration: DURATION }));
    results.push(await load("app GET /teams", { url: `http://127.0.0.1:${APP_PORT}/teams`, duration: DURATION }));
    results.push(await load("bare node:http GET /health", { url: `http://127.0.0.1:${BARE_PORT}/health`, duration: DURATION }));
    results.push(await load("app GET /health", { url: `http://127.0.0.1:${APP_PORT}/health`, duration: DURATION }));
    results.push(await load("plain Express 5, fixed bytes (framework ceiling)", { url: `http://127.0.0.1:${EXPRESS_PORT}/teams`, duration: DURATION }));
    results.push(await load("app GET /teams at 10 connections", { url: `http://127.0.0.1:${APP_PORT}/teams`, duration: DURATION, connections: 10 }));

    const [bareTeams, appTeams, bareHealth, appHealth, expressCeiling] = results as [LoadResult, LoadResult, LoadResult, LoadResult, LoadResult];
    const summary = {
      machine: machine(),
      connections: 50,
      durationSeconds: DURATION,
      results,
      teamsThroughputRatio: +(appTeams.requestsPerSecond / bareTeams.requestsPerSecond).toFixed(2),
      healthThroughputRatio: +(appHealth.requestsPerSecond / bareHealth.requestsPerSecond).toFixed(2),
      expressCeilingRatio: +(expressCeiling.requestsPerSecond / bareTeams.requestsPerSecond).toFixed(2),
    };
    console.log(`Machine: ${summary.machine}\n`);
    console.log(table(results));
    console.log(`\nGET /teams: ${Math.round(summary.teamsThroughputRatio * 100)}% of bare throughput, p99 ${appTeams.p99} ms (target >= 50%, p99 <= 10 ms)`);
    console.log(`GET /health: ${Math.round(summary.healthThroughputRatio * 100)}% of bare throughput, p99 ${appHealth.p99} ms`);
    console.log(`Plain Express 5 with no middleware: ${Math.round(summary.expressCeilingRatio * 100)}% of bare throughput`);
    saveResults("platform", summary);
  } finally {
    bare?.kill();
    plainExpress?.kill();
    await app.stop();
    await dropDatabase("qa_bench_platform");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
