import { spawn } from "node:child_process";
import {
  BEHIND_TLS_PROXY,
  demoSignIn,
  dropDatabase,
  load,
  machine,
  productionAppEnv,
  recreateDemoDatabase,
  saveResults,
  startServer,
  startBaseline,
  table,
  type LoadResult,
  waitFor,
  withClient,
} from "./lib.js";

/**
 * Targets (issue 19): GET /teams at >= 50% of plain Express 5 answering fixed bytes, the board
 * page at >= 25%, in the same run, at 50 connections; bare node:http is the other yardstick.
 * The app runs as in production (PostgreSQL, Redis, JSON request logs).
 */
const APP_PORT = 3201;
const BARE_PORT = 3202;
const EXPRESS_PORT = 3204;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

async function main() {
  const database = await recreateDemoDatabase("qa_bench_platform");
  const app = startServer(productionAppEnv(APP_PORT, database, "qa-bench:"));
  let bare: ReturnType<typeof spawn> | undefined;
  let plainExpress: ReturnType<typeof spawn> | undefined;
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/health/ready`);
    const teamId = await addBoardQuestions(database, 2000);
    const member = await demoSignIn(`http://127.0.0.1:${APP_PORT}`, "alice");
    const signedIn = { cookie: member.cookie, ...BEHIND_TLS_PROXY };
    const boardUrl = `http://127.0.0.1:${APP_PORT}/questions?teamId=${teamId}&status=OPEN&sort=top&limit=50`;
    const teamsBody = await (await fetch(`http://127.0.0.1:${APP_PORT}/teams`)).text();
    const healthBody = await (await fetch(`http://127.0.0.1:${APP_PORT}/health`)).text();
    bare = startBaseline("bare", BARE_PORT, { "/teams": teamsBody, "/health": healthBody });
    plainExpress = startBaseline("express", EXPRESS_PORT, { "/teams": teamsBody });
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
    results.push(await load("app GET /teams, signed in", { url: `http://127.0.0.1:${APP_PORT}/teams`, duration: DURATION, headers: signedIn }));
    results.push(await load("app board page (50 open questions, signed in)", { url: boardUrl, duration: DURATION, headers: signedIn }));

    const [bareTeams, appTeams, bareHealth, appHealth, expressCeiling, , signedInTeams, boardPage] = results as LoadResult[] as [
      LoadResult,
      LoadResult,
      LoadResult,
      LoadResult,
      LoadResult,
      LoadResult,
      LoadResult,
      LoadResult,
    ];
    const ofExpress = (result: LoadResult) => +(result.requestsPerSecond / expressCeiling.requestsPerSecond).toFixed(2);
    const summary = {
      machine: machine(),
      connections: 50,
      durationSeconds: DURATION,
      results,
      teamsThroughputRatio: +(appTeams.requestsPerSecond / bareTeams.requestsPerSecond).toFixed(2),
      healthThroughputRatio: +(appHealth.requestsPerSecond / bareHealth.requestsPerSecond).toFixed(2),
      expressCeilingRatio: +(expressCeiling.requestsPerSecond / bareTeams.requestsPerSecond).toFixed(2),
      teamsOfExpress: ofExpress(appTeams),
      signedInTeamsOfExpress: ofExpress(signedInTeams),
      boardOfExpress: ofExpress(boardPage),
    };
    console.log(`Machine: ${summary.machine}\n`);
    console.log(table(results));
    console.log(`\nGET /teams: ${Math.round(summary.teamsThroughputRatio * 100)}% of bare throughput, p99 ${appTeams.p99} ms (target >= 50%, p99 <= 10 ms)`);
    console.log(`GET /health: ${Math.round(summary.healthThroughputRatio * 100)}% of bare throughput, p99 ${appHealth.p99} ms`);
    console.log(`Plain Express 5 with no middleware: ${Math.round(summary.expressCeilingRatio * 100)}% of bare throughput`);
    console.log(
      `Of plain Express 5: GET /teams ${Math.round(summary.teamsOfExpress * 100)}% (target >= 50%), signed in ${Math.round(summary.signedInTeamsOfExpress * 100)}%, board page ${Math.round(summary.boardOfExpress * 100)}% (target >= 25%)`,
    );
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

/** Gives the default tenant's first team `count` more open questions, so a board page holds 50. */
async function addBoardQuestions(url: string, count: number): Promise<string> {
  return withClient(url, async (client) => {
    const tenant = (await client.query("select id from tenants where slug = 'default'")).rows[0].id as string;
    const team = (await client.query("select id from teams where tenant_id = $1 order by slug limit 1", [tenant])).rows[0].id as string;
    const author = (await client.query("select id from users where tenant_id = $1 order by id limit 1", [tenant])).rows[0].id as string;
    await client.query(
      `insert into questions (tenant_id, team_id, author_id, body, status, upvote_count, submitted_at)
       select $1, $2, $3, 'Board question ' || i || ': what is the plan for the next quarter?', 'OPEN', (i * 7919) % 250, now() - make_interval(secs => i)
       from generate_series(1, $4::int) as i`,
      [tenant, team, author, count],
    );
    await client.query("vacuum analyze questions");
    return team;
  });
}
