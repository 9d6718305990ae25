import os from "node:os";
import { DateTime } from "luxon";
import type { Database } from "../src/platform/db.js";
import { openDatabase } from "../src/platform/db.js";
import { migrateToLatest } from "../src/platform/migrator.js";
import {
  databaseUrl,
  dropDatabase,
  loadPercentiles,
  machine,
  pidsOf,
  productionAppEnv,
  recreateDatabase,
  sampleProcess,
  saveResults,
  startBaseline,
  startServer,
  waitFor,
  type PercentileResult,
} from "./lib.js";
import { countTenantRows, findPulseTenant, PULSE_TENANT_SLUG, seedPulseTenant, type PulseTenant } from "./pulse-tenant.js";

/**
 * Targets (issue 33): in a tenant of 10,000 people with 52 weeks of answers and 20,000 released
 * comments, the summary with its comment counts answers at p95 <= 150 ms and a page of comments at
 * p95 <= 100 ms, at 10 connections. The app runs from dist/ as in production (PostgreSQL, Redis,
 * JSON logs) and an admin signed in by demo mode asks; beside it, in the same run, bare node:http
 * and plain Express 5 answer the same bytes from memory (the machine's and the framework's
 * ceilings). BENCH_KEEP=1 keeps the database, BENCH_REUSE=1 measures again on it.
 */
const USERS = Number(process.env.BENCH_PULSE_USERS ?? 10_000);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 20_000);
const TEAMS = 20;
const WEEKS = 52;
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const BASELINE_DURATION = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 10;
const DATABASE = "qa_bench_pulse_comments";
const PORT = 3212;
const BARE_PORT = 3213;
const EXPRESS_PORT = 3214;

/**
 * 20,000 released comments spread evenly over the weeks, teams and questions (one in three with a
 * conversation of 1 to 4 replies, lead and colleague in turn), and the admin's read marks on half
 * of them, some followed by a colleague's reply (unread again).
 */
async function seedComments(db: Database, tenant: PulseTenant): Promise<void> {
  const thisMonday = DateTime.utc().startOf("week").toISODate();
  // Weeks step by 15 (prime to 52), so (question, team, week) combinations come round evenly.
  await db.raw(
    `insert into pulse_comments (id, tenant_id, question_id, team_id, week, body, conversation_hash)
     select gen_random_uuid(), ?, (?::uuid[])[1 + g % ?], (?::uuid[])[1 + (g / ?) % ?], ?::date - ((g * 15) % ?) * 7,
            'Comment ' || g || '. ' || repeat('The weekly planning meeting runs long and the notes arrive late. ', 1 + g % 5),
            encode(sha256(convert_to('bench-comment-' || g, 'UTF8')), 'hex')
     from generate_series(1, ?) g`,
    [
      tenant.tenantId,
      `{${tenant.questionIds.join(",")}}`,
      tenant.questionIds.length,
      `{${tenant.teamIds.join(",")}}`,
      tenant.questionIds.length,
      tenant.teamIds.length,
      thisMonday,
      WEEKS,
      COMMENTS,
    ],
  );
  // A comment's own dice: the first byte of its conversation hash.
  const dice = `get_byte(decode(c.conversation_hash, 'hex'), 0)`;
  const released = `(c.week::timestamp at time zone 'UTC')`;
  await db.raw(
    `insert into pulse_comment_replies (tenant_id, comment_id, author, lead_user_id, body, created_at)
     select c.tenant_id, c.id, case when n % 2 = 1 then 'lead' else 'colleague' end, case when n % 2 = 1 then ?::uuid end,
            'Reply ' || n || ': thank you, we will look at it in the next retro.',
            least(${released} + interval '2 days' + n * interval '3 hours', now() - interval '1 minute')
     from pulse_comments c cross join lateral generate_series(1, 1 + (${dice} / 3) % 4) n
     where c.tenant_id = ? and ${dice} % 3 = 0`,
    [tenant.adminId, tenant.tenantId],
  );
  await db.raw(
    `update pulse_comments c set reply_count = r.replies, last_reply_at = r.last_reply, last_colleague_reply_at = r.last_colleague_reply
     from (select comment_id, count(*)::int as replies, max(created_at) as last_reply,
                  max(created_at) filter (where author = 'colleague') as last_colleague_reply
           from pulse_comment_replies where tenant_id = ? group by comment_id) r
     where c.tenant_id = ? and c.id = r.comment_id`,
    [tenant.tenantId, tenant.tenantId],
  );
  // Read after the lead's first reply (+3 h) and before a colleague's (+6 h): those are unread again.
  await db.raw(
    `insert into pulse_comment_reads (tenant_id, comment_id, user_id, read_at)
     select c.tenant_id, c.id, ?, least(${released} + interval '2 days 4 hours', now() - interval '1 minute')
     from pulse_comments c where c.tenant_id = ? and ${dice} % 2 = 0`,
    [tenant.adminId, tenant.tenantId],
  );
}

async function prepare(url: string, reuse: boolean) {
  const handle = await openDatabase({ url, poolMax: 4, dataDir: "" });
  try {
    const db = handle.db;
    let tenant: PulseTenant;
    if (reuse) {
      tenant = await findPulseTenant(db);
    } else {
      await migrateToLatest(db);
      tenant = await seedPulseTenant(db, { users: USERS, teams: TEAMS });
      await seedComments(db, tenant);
      await db.raw("vacuum analyze");
    }
    const count = (table: string) => countTenantRows(db, table, tenant.tenantId);
    const data = {
      users: await count("users"),
      invites: await count("pulse_invites"),
      responses: await count("pulse_responses"),
      responseWeeks: await count("pulse_response_weeks"),
      comments: await count("pulse_comments"),
      replies: await count("pulse_comment_replies"),
      conversations: Number(
        (await db("pulse_comments").where({ tenant_id: tenant.tenantId }).andWhere("reply_count", ">", 0).count<{ c: number }[]>("* as c"))[0]?.c,
      ),
      adminReads: await count("pulse_comment_reads"),
    };
    return { tenant, data };
  } finally {
    await handle.close();
  }
}

interface Scenario {
  name: string;
  path: string;
  /** The path the baselines answer this scenario's bytes on (they match on the path alone). */
  baselinePath: string;
  targetP95: number;
}

async function main() {
  const loadAtStart = os.loadavg().map((value) => value.toFixed(2));
  const startedAt = new Date().toISOString();
  const reuse = Boolean(process.env.BENCH_REUSE);
  const url = reuse ? databaseUrl(DATABASE) : await recreateDatabase(DATABASE);
  const seedStarted = performance.now();
  const { tenant, data } = await prepare(url, reuse);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  console.log(`Data (${seedSeconds} s): ${JSON.stringify(data)}\n`);

  const team = tenant.teamIds[3] as string;
  const question = tenant.questionIds[1] as string;
  const scenarios: Scenario[] = [
    { name: "GET /pulse/summary?range=12w (all teams)", path: "/pulse/summary?range=12w", baselinePath: "/summary-12w", targetP95: 150 },
    { name: "GET /pulse/summary?range=52w&team=<team>", path: `/pulse/summary?range=52w&team=${team}`, baselinePath: "/summary-52w-team", targetP95: 150 },
    { name: "GET /pulse/comments?range=12w (first page)", path: "/pulse/comments?range=12w", baselinePath: "/comments-12w", targetP95: 100 },
    {
      name: "GET /pulse/comments?range=52w&team=<team>&question=<q>&offset=40",
      path: `/pulse/comments?range=52w&team=${team}&question=${question}&offset=40`,
      baselinePath: "/comments-52w-page",
      targetP95: 100,
    },
  ];

  const server = startServer(productionAppEnv(PORT, url, "qa-bench-pulse-comments:", { SEED_DEMO_DATA: "false" }));
  const helpers: Array<{ kill(): boolean }> = [];
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/health/ready`);
    // Production cookies are Secure: the proxy header says the client spoke HTTPS.
    const login = await fetch(`${base}/auth/demo?user=admin&tenant=${PULSE_TENANT_SLUG}`, {
      redirect: "manual",
      headers: { "X-Forwarded-Proto": "https", "x-tenant-id": PULSE_TENANT_SLUG },
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    if (login.status !== 302 || !cookie) throw new Error(`demo login failed: ${login.status}`);
    const headers = { cookie, "X-Forwarded-Proto": "https", accept: "application/json" };

    // What each request answers: checked here, and the bytes the baselines serve.
    const bodies: Record<string, string> = {};
    for (const scenario of scenarios) {
      const response = await fetch(`${base}${scenario.path}`, { headers });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${scenario.path}: ${response.status} ${body}`);
      bodies[scenario.baselinePath] = body;
    }
    const answered = Object.fromEntries(
      scenarios.map((scenario) => {
        const body = JSON.parse(bodies[scenario.baselinePath] as string);
        const shape = body.summary
          ? { totalResponses: body.summary.totalResponses, comments: body.summary.comments, questions: body.questions.length }
          : { items: body.items.length, total: body.total, unread: body.items.filter((item: { unread: boolean }) => item.unread).length };
        return [scenario.name, { bytes: Buffer.byteLength(bodies[scenario.baselinePath] as string), ...shape }];
      }),
    );
    console.log(`Answers: ${JSON.stringify(answered, null, 2)}\n`);

    const run = async (name: string, target: string, duration: number, requestHeaders?: Record<string, string>) => {
      const options = { url: target, connections: CONNECTIONS, headers: requestHeaders };
      await loadPercentiles(`${name} (warm-up)`, { ...options, duration: WARM_UP_SECONDS });
      return loadPercentiles(name, { ...options, duration });
    };

    const app: Array<PercentileResult & { serverCpu: number; postgresCpu: number; serverRssMb: number }> = [];
    for (const scenario of scenarios) {
      const serverSampler = sampleProcess(server.child.pid as number);
      const postgresSampler = sampleProcess(pidsOf("postgres"));
      const result = await run(scenario.name, `${base}${scenario.path}`, DURATION, headers);
      const serverSample = serverSampler.stop();
      app.push({ ...result, serverCpu: serverSample.cpuPercentAvg, postgresCpu: postgresSampler.stop().cpuPercentAvg, serverRssMb: serverSample.rssMbMax });
      console.log(`${scenario.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} / p95 ${result.p95} / p99 ${result.p99} ms`);
    }

    const bare = startBaseline("bare", BARE_PORT, bodies);
    const plainExpress = startBaseline("express", EXPRESS_PORT, bodies);
    helpers.push(bare, plainExpress);
    const anyPath = scenarios[0]?.baselinePath as string;
    await waitFor(`http://127.0.0.1:${BARE_PORT}${anyPath}`);
    await waitFor(`http://127.0.0.1:${EXPRESS_PORT}${anyPath}`);
    const baselines: Array<{ bare: PercentileResult; express: PercentileResult }> = [];
    for (const scenario of scenarios) {
      baselines.push({
        bare: await run(`bare node:http ${scenario.baselinePath}`, `http://127.0.0.1:${BARE_PORT}${scenario.baselinePath}`, BASELINE_DURATION),
        express: await run(`plain Express 5 ${scenario.baselinePath}`, `http://127.0.0.1:${EXPRESS_PORT}${scenario.baselinePath}`, BASELINE_DURATION),
      });
    }

    const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((part / whole) * 100).toFixed(1)}%`);
    const lines = [
      `Run of ${startedAt}, load average at start ${loadAtStart.join(" / ")}; ${machine()}`,
      `${data.users} users in ${TEAMS} teams, ${data.responses} responses (${data.invites} invites), ${data.comments} comments (${data.conversations} with replies, ${data.replies} replies), ${data.adminReads} read marks of the admin; ${CONNECTIONS} connections, ${DURATION} s each (baselines ${BASELINE_DURATION} s), after ${WARM_UP_SECONDS} s of warm-up`,
      "",
      "| request, 10 connections | req/s | p50 ms | p95 ms | p99 ms | errors / non-2xx | server CPU % | PostgreSQL CPU % | bare node:http req/s (p95 ms) | app of bare | plain Express 5 req/s (p95 ms) | app of Express | target p95 |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ];
    scenarios.forEach((scenario, i) => {
      const result = app[i] as (typeof app)[number];
      const baseline = baselines[i] as (typeof baselines)[number];
      const met = result.p95 <= scenario.targetP95 && result.errors === 0 && result.non2xx === 0;
      lines.push(
        `| ${scenario.name} | ${result.requestsPerSecond} | ${result.p50} | ${result.p95} | ${result.p99} | ${result.errors} / ${result.non2xx} | ${result.serverCpu} | ${result.postgresCpu} | ` +
          `${baseline.bare.requestsPerSecond} (${baseline.bare.p95}) | ${percent(result.requestsPerSecond, baseline.bare.requestsPerSecond)} | ` +
          `${baseline.express.requestsPerSecond} (${baseline.express.p95}) | ${percent(result.requestsPerSecond, baseline.express.requestsPerSecond)} | ` +
          `≤ ${scenario.targetP95}: ${met ? "met" : "**not met**"} |`,
      );
    });
    lines.push("", `Server RSS (max while measured): ${Math.max(...app.map((result) => result.serverRssMb))} MB`);
    console.log(`\n${lines.join("\n")}`);
    saveResults("pulse-comments", { startedAt, loadAtStart, machine: machine(), seedSeconds, data, answered, scenarios, app, baselines });
  } finally {
    for (const helper of helpers) helper.kill();
    await server.stop();
    if (!process.env.BENCH_KEEP) await dropDatabase(DATABASE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
