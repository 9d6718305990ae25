import { dropDatabase, load, machine, productionAppEnv, recreateDemoDatabase, saveResults, startServer, table, type LoadResult, waitFor } from "./lib.js";
import { FakeOAuthProvider } from "../test/helpers/fake-oauth.js";

/**
 * What authentication costs per request, and what one OAuth sign-in costs.
 * The app runs as in production (PostgreSQL, Redis sessions, login limits on), with a fake GitHub
 * on loopback. GET /auth/me is measured signed in by session cookie and by API token, next to
 * GET /health/live (the same middleware without tenant, session or user).
 */
const APP_PORT = 3211;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 100);
const BASE = `http://127.0.0.1:${APP_PORT}`;
const HTTPS = { "X-Forwarded-Proto": "https" };

function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("qa.sid="));
  if (!cookie) throw new Error(`no session cookie from ${response.url} (${response.status})`);
  return cookie.split(";")[0] as string;
}

/** One complete GitHub sign-in through the real redirects, from its own client address. */
async function oauthSignIn(github: FakeOAuthProvider, index: number, name = `Bench User ${index}`): Promise<number> {
  const headers = { ...HTTPS, "X-Forwarded-For": `10.${Math.floor(index / 250) % 250}.${index % 250}.1` };
  github.signInAs({ id: String(900_000 + index), login: `bench${index}`, name, email: `bench${index}@example.org` });
  const started = performance.now();
  const start = await fetch(`${BASE}/auth/github?tenant=acme`, { headers, redirect: "manual" });
  const cookie = sessionCookie(start);
  const consent = await fetch(start.headers.get("location") as string, { redirect: "manual" });
  const back = new URL(consent.headers.get("location") as string);
  const callback = await fetch(`${BASE}${back.pathname}${back.search}`, { headers: { ...headers, Cookie: cookie }, redirect: "manual" });
  if (callback.status !== 302) throw new Error(`sign-in ${index} ended with ${callback.status}`);
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  return +(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
}

async function main() {
  const database = await recreateDemoDatabase("qa_bench_auth");
  const github = await FakeOAuthProvider.start("github");
  const app = startServer(productionAppEnv(APP_PORT, database, "qa-bench-auth:", { FRONTEND_URL: BASE, ...github.env(`${BASE}/auth/github/callback`) }));
  try {
    await waitFor(`${BASE}/health/ready`);
    const login = await fetch(`${BASE}/auth/demo?user=admin&tenant=acme`, { headers: { ...HTTPS, "X-Forwarded-For": "10.255.0.1" }, redirect: "manual" });
    const cookie = sessionCookie(login);
    const { csrfToken } = await (await fetch(`${BASE}/auth/csrf`, { headers: { ...HTTPS, Cookie: cookie } })).json();
    const created = await fetch(`${BASE}/auth/tokens`, {
      method: "POST",
      headers: { ...HTTPS, Cookie: cookie, "x-csrf-token": csrfToken, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "bench" }),
    });
    const { token } = await created.json();

    const results: LoadResult[] = [];
    await load("warmup", { url: `${BASE}/auth/me`, duration: 3, headers: { Authorization: `Bearer ${token}` } });
    await load("warmup", { url: `${BASE}/auth/me`, duration: 3, headers: { ...HTTPS, Cookie: cookie } });
    results.push(await load("GET /health/live (middleware only)", { url: `${BASE}/health/live`, duration: DURATION }));
    results.push(await load("GET /auth/me, session cookie (Redis)", { url: `${BASE}/auth/me`, duration: DURATION, headers: { ...HTTPS, Cookie: cookie } }));
    results.push(await load("GET /auth/me, API token", { url: `${BASE}/auth/me`, duration: DURATION, headers: { Authorization: `Bearer ${token}` } }));
    results.push(
      await load("GET /auth/me, session cookie, 10 connections", {
        url: `${BASE}/auth/me`,
        duration: DURATION,
        connections: 10,
        headers: { ...HTTPS, Cookie: cookie },
      }),
    );
    results.push(
      await load("GET /auth/me, API token, 10 connections", {
        url: `${BASE}/auth/me`,
        duration: DURATION,
        connections: 10,
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    results.push(
      await load("GET /auth/me, unknown API token (401)", {
        url: `${BASE}/auth/me`,
        duration: DURATION,
        headers: { Authorization: `Bearer qa_pat_${"x".repeat(43)}` },
      }),
    );

    // Sequential sign-ins: first logins (user created), then the same accounts again with a new
    // display name (profile refreshed). Each client address makes 4 attempts: under the limit.
    const firstLogins: number[] = [];
    for (let i = 0; i < SIGN_INS; i += 1) firstLogins.push(await oauthSignIn(github, i));
    const laterLogins: number[] = [];
    for (let i = 0; i < SIGN_INS; i += 1) laterLogins.push(await oauthSignIn(github, i, `Renamed User ${i}`));
    const signIns = [
      { name: `first GitHub sign-in (user created), n=${SIGN_INS}`, ms: firstLogins.sort((a, b) => a - b) },
      { name: `later GitHub sign-in (name refreshed), n=${SIGN_INS}`, ms: laterLogins.sort((a, b) => a - b) },
    ].map(({ name, ms }) => ({ name, p50: percentile(ms, 50), p95: percentile(ms, 95), max: +(ms.at(-1) ?? 0).toFixed(1) }));

    console.log(`Machine: ${machine()}\n`);
    console.log(table(results));
    console.log("\n| sign-in round trip (start, fake consent, callback) | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|");
    for (const s of signIns) console.log(`| ${s.name} | ${s.p50} | ${s.p95} | ${s.max} |`);
    saveResults("auth", { machine: machine(), durationSeconds: DURATION, results, signIns });
  } finally {
    await app.stop();
    await github.close();
    await dropDatabase("qa_bench_auth");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
