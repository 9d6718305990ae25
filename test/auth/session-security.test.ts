import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { fakeAccount, FakeOAuthProvider, oauthSignIn } from "../helpers/fake-oauth.js";

/**
 * Sign-in as an attacker or an unlucky operator would meet it: redirects that a forged Host
 * header could point elsewhere, visitors filling Redis with sessions through GET /auth/csrf, and
 * the production cookie over plain HTTP (docker compose).
 */

const EVIL = "evil.example";
const ORDINARY = "How will the new travel policy affect conference budgets next year?";
// The address the fake provider sends the browser back to (FRONTEND_URL stays unset).
const GITHUB_CALLBACK = "http://localhost:3000/auth/github/callback";

function sessionCookie(setCookie: string[] | string | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith("qa.sid="));
}

/** The session id inside a signed `qa.sid=s%3A<id>.<signature>` cookie. */
function sessionId(cookie: string | undefined): string {
  const value = decodeURIComponent(cookie?.split(";")[0]?.slice("qa.sid=".length) ?? "");
  return value.slice(2, value.lastIndexOf("."));
}

/** Every session key this app has in Redis. */
async function sessionKeys(app: TestApp): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await app.kv!.scan(cursor, "MATCH", `${app.config.kv.prefix}sess:*`, "COUNT", 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== "0");
  return keys;
}

const ERROR_BODY = { error: { code: expect.any(String), message: expect.any(String) }, requestId: expect.any(String) };

describe("sign-in redirects never follow the request's Host (FRONTEND_URL unset)", () => {
  let app: TestApp;
  let github: FakeOAuthProvider;
  let fixture: TenantFixture;

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    app = await createTestApp({ env: github.env(GITHUB_CALLBACK) });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(async () => {
    await app?.close();
    await github?.close();
  });

  it("GET /auth/demo with a forged Host answers a relative Location: /?demo=true", async () => {
    const response = await request(app.app).get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}`).set("Host", EVIL).expect(302);
    expect(response.headers.location).toBe("/?demo=true");
  });

  it("GET /auth/demo with X-Forwarded-Host and X-Forwarded-Proto from the trusted proxy still answers a path (returnTo kept)", async () => {
    const response = await request(app.app)
      .get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}&returnTo=/alpha?question=1`)
      .set("X-Forwarded-Host", EVIL)
      .set("X-Forwarded-Proto", "https")
      .expect(302);
    expect(response.headers.location).toBe("/alpha?question=1&demo=true");
  });

  it("a returnTo whose dot segments resolve to //host stays a path on this site", async () => {
    for (const returnTo of ["/a/../..//evil.example/x", "/..//evil.example", "/a/..\\..\\\\evil.example", "/%2e%2e//evil.example"]) {
      const response = await request(app.app)
        .get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent(returnTo)}`)
        .set("Host", EVIL)
        .expect(302);
      const location = response.headers.location as string;
      expect(location, returnTo).toMatch(/^\/(?![/\\])/);
      // Resolved by a browser on this site's address, it stays there.
      expect(new URL(location, "http://qa.local:3000/").host, returnTo).toBe("qa.local:3000");
    }
  });

  it("a returnTo naming another site is 400 VALIDATION_FAILED with the contract's error body", async () => {
    for (const returnTo of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const response = await request(app.app)
        .get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent(returnTo)}`)
        .set("Host", EVIL)
        .expect(400);
      expect(response.body).toEqual({ ...ERROR_BODY, error: { ...ERROR_BODY.error, code: "VALIDATION_FAILED", details: expect.any(Array) } });
      expect(response.headers.location).toBeUndefined();
    }
  });

  it("no sign-in answer (demo, OAuth start and callback, failures, logout) puts a foreign Host or X-Forwarded-Host in a Location or a link", async () => {
    const forged = { Host: EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" };
    const browserHtml = { ...forged, Accept: "text/html" };
    const agent = request.agent(app.app);
    github.signInAs(fakeAccount());
    const { start, callback } = await oauthSignIn(agent, `/auth/github?tenant=${fixture.tenant.slug}&returnTo=/beta`, forged);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(github.baseUrl);
    expect(authorize.searchParams.get("redirect_uri")).toBe(GITHUB_CALLBACK);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe("/beta");

    const answers: Array<[string, request.Response]> = [
      ["OAuth start", start],
      ["OAuth callback", callback],
      ["demo sign-in", await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`).set(forged)],
      ["demo, unknown user (page)", await request(app.app).get(`/auth/demo?user=nobody&tenant=${fixture.tenant.slug}`).set(browserHtml)],
      ["demo, foreign returnTo", await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}&returnTo=//${EVIL}`).set(browserHtml)],
      ["callback, forged state (page)", await request(app.app).get("/auth/github/callback?code=stolen&state=forged").set(browserHtml)],
      ["callback, consent refused (page)", await request(app.app).get("/auth/github/callback?error=access_denied").set(browserHtml)],
      ["provider not configured (page)", await request(app.app).get("/auth/google").set(browserHtml)],
      ["logout", await agent.post("/auth/logout").set(forged)],
    ];
    for (const [where, answer] of answers) {
      expect(answer.headers.location ?? "", where).not.toContain(EVIL);
      expect(answer.text ?? "", where).not.toContain(EVIL);
    }
    // The failure pages link back to sign-in with a path, not an address a client chose.
    const page = answers[3]![1];
    expect(page.status).toBe(404);
    expect(page.text).toContain('<a href="/">Back to sign-in</a>');
  });
});

describe("no stored session for a visitor (Redis)", () => {
  let app: TestApp;
  let github: FakeOAuthProvider;
  let fixture: TenantFixture;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    app = await createTestApp({ redis: true, clock, env: github.env(GITHUB_CALLBACK) });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(async () => {
    await app?.close();
    await github?.close();
  });

  it("300 anonymous GET /auth/csrf store 0 sessions and set no cookie: a visitor gets csrfToken null", async () => {
    const before = await sessionKeys(app);
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => request(app.app).get("/auth/csrf").set("x-tenant-id", fixture.tenant.slug).expect(200)),
      );
      for (const answer of answers) {
        expect(answer.body).toEqual({ csrfToken: null });
        expect(answer.headers["set-cookie"]).toBeUndefined();
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
    }
    expect(await sessionKeys(app)).toEqual(before);
  });

  it("a sign-in's session holds its CSRF token from its first save, so GET /auth/csrf (on any instance) reads it and writes nothing that the sign-in's last save could undo", async () => {
    const signedIn = await request(app.app).get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}`).expect(302);
    const cookie = sessionCookie(signedIn.headers["set-cookie"]);
    const key = `${app.config.kv.prefix}sess:${sessionId(cookie)}`;
    const stored = await app.kv!.get(key);
    const saved = JSON.parse(stored ?? "{}") as { csrfToken?: string };
    expect(saved.csrfToken).toEqual(expect.any(String));

    // Another instance answering the browser's next request: the same Redis, the same token.
    const other = await createTestApp({ redis: true, kvPrefix: app.config.kv.prefix });
    try {
      const asked = await request(other.app)
        .get("/auth/csrf")
        .set("Cookie", cookie?.split(";")[0] ?? "")
        .expect(200);
      expect(asked.body).toEqual({ csrfToken: saved.csrfToken });
      expect(await app.kv!.get(key)).toBe(stored);
    } finally {
      await other.close();
    }
  });

  it("forged or unknown session cookies on GET /auth/csrf store nothing either", async () => {
    const before = await sessionKeys(app);
    for (let index = 0; index < 50; index += 1) {
      const cookie = index % 2 ? `qa.sid=s%3Aforged-${index}.bad-signature` : `qa.sid=garbage-${index}`;
      const answer = await request(app.app).get("/auth/csrf").set("Cookie", cookie).expect(200);
      expect(answer.body).toEqual({ csrfToken: null });
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionKeys(app)).toEqual(before);
  });

  it("a visitor asks a question anonymously without any CSRF token, and still nothing is stored", async () => {
    const before = await sessionKeys(app);
    const agent = request.agent(app.app);
    const { body } = await agent.get("/auth/csrf").set("x-tenant-id", fixture.tenant.slug).expect(200);
    expect(body.csrfToken).toBeNull();
    const created = await agent.post("/questions").set("x-tenant-id", fixture.tenant.slug).send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(201);
    expect(created.body.author).toBeNull();
    expect(created.headers["set-cookie"]).toBeUndefined();
    expect(await sessionKeys(app)).toEqual(before);
  });

  it("a signed-in session gets a token bound to it; writes need it exactly as before", async () => {
    const before = await sessionKeys(app);
    const agent = request.agent(app.app);
    await agent.get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}`).expect(302);
    const first = (await agent.get("/auth/csrf").expect(200)).body.csrfToken;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await agent.get("/auth/csrf").expect(200)).body.csrfToken).toBe(first);
    expect((await sessionKeys(app)).length).toBe(before.length + 1);

    const missing = await agent.post("/questions").send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(403);
    expect(missing.body).toEqual({ ...ERROR_BODY, error: { code: "CSRF_INVALID", message: expect.any(String) } });
    const wrong = await agent.post("/questions").set("x-csrf-token", "0".repeat(64)).send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(403);
    expect(wrong.body.error.code).toBe("CSRF_INVALID");
    // A token from a visitor's answer ("null") is no token either.
    await agent.post("/questions").set("x-csrf-token", "null").send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(403);
    // Another signed-in session's token does not fit this one.
    const other = request.agent(app.app);
    await other.get(`/auth/demo?user=viewer&tenant=${fixture.tenant.slug}`).expect(302);
    const otherToken = (await other.get("/auth/csrf").expect(200)).body.csrfToken;
    await agent.post("/questions").set("x-csrf-token", otherToken).send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(403);
    await agent.post("/questions").set("x-csrf-token", first).send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(201);
  });

  it("an OAuth start keeps its state in a visitor session that lives 10 minutes, in Redis and in the cookie", async () => {
    const agent = request.agent(app.app);
    const start = await agent.get(`/auth/github?tenant=${fixture.tenant.slug}`).expect(302);
    const cookie = sessionCookie(start.headers["set-cookie"]);
    const key = `${app.config.kv.prefix}sess:${sessionId(cookie)}`;
    const ttl = await app.kv!.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie ?? "")?.[1] ?? 0).getTime() - Date.now();
    expect(expires).toBeGreaterThan(9 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(10 * 60 * 1000);
    // The pending sign-in is no signed-in session: no token, and nothing it sends is checked.
    expect((await agent.get("/auth/csrf").expect(200)).body).toEqual({ csrfToken: null });
    await agent.post("/questions").set("x-tenant-id", fixture.tenant.slug).send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(201);
  });

  it("the signed-in session keeps its own lifetime when it starts an OAuth sign-in (switching organisation)", async () => {
    const agent = request.agent(app.app);
    await agent.get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}`).expect(302);
    const start = await agent.get(`/auth/github?tenant=${fixture.tenant.slug}`).expect(302);
    const key = `${app.config.kv.prefix}sess:${sessionId(sessionCookie(start.headers["set-cookie"]))}`;
    expect(await app.kv!.ttl(key)).toBeGreaterThan(3600);
    await agent.get("/auth/me").expect(200);
  });

  it("a sign-in that comes back after more than 10 minutes is refused: 403 OAUTH_STATE_INVALID", async () => {
    clock.set(new Date());
    const agent = request.agent(app.app);
    github.signInAs(fakeAccount());
    const start = await agent.get(`/auth/github?tenant=${fixture.tenant.slug}`).expect(302);
    const consent = await fetch(start.headers.location as string, { redirect: "manual" });
    const back = new URL(consent.headers.get("location") ?? "");
    clock.advance(11 * 60 * 1000);
    const exchanges = github.tokenRequests.length;
    const late = await agent.get(`${back.pathname}${back.search}`).expect(403);
    expect(github.tokenRequests.length).toBe(exchanges);
    expect(late.body).toEqual({ ...ERROR_BODY, error: { code: "OAUTH_STATE_INVALID", message: expect.any(String) } });
    await agent.get("/auth/me").set("x-tenant-id", fixture.tenant.slug).expect(401);
    clock.set(new Date());
  });

  it("callbacks with a forged state from visitors store no session", async () => {
    const before = await sessionKeys(app);
    for (let index = 0; index < 30; index += 1) {
      const answer = await request(app.app).get(`/auth/github/callback?code=c${index}&state=forged${index}`).expect(403);
      expect(answer.body.error.code).toBe("OAUTH_STATE_INVALID");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionKeys(app)).toEqual(before);
  });
});

describe("production reached over plain HTTP (docker compose at http://localhost:3000)", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let nextAddress = 1;
  // Each test its own client address (X-Forwarded-For from loopback is trusted), so the login
  // limit of 5 attempts per 5 minutes counts each on its own.
  const client = () => `198.18.0.${nextAddress++}`;

  beforeAll(async () => {
    app = await createTestApp({ redis: true, env: { NODE_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET, AUTH_MODE_DEMO: "true" } });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(() => app?.close());

  it("demo sign-in over http sets a cookie without Secure that the next requests use: read, CSRF write, logout", async () => {
    const ip = client();
    const agent = request.agent(app.app);
    const login = await agent.get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`).set("X-Forwarded-For", ip).expect(302);
    expect(login.headers.location).toBe("/?demo=true");
    const cookie = sessionCookie(login.headers["set-cookie"]);
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);

    // supertest's cookie jar behaves as a browser would: it sends the cookie back over http.
    expect((await agent.get("/auth/me").set("X-Forwarded-For", ip).expect(200)).body.user.id).toBe(fixture.users.admin.id);
    const csrf = (await agent.get("/auth/csrf").set("X-Forwarded-For", ip).expect(200)).body.csrfToken;
    expect(csrf).toMatch(/^[0-9a-f]{64}$/);
    const refused = await agent.post("/questions").set("X-Forwarded-For", ip).send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(403);
    expect(refused.body.error.code).toBe("CSRF_INVALID");
    await agent.post("/questions").set("X-Forwarded-For", ip).set("x-csrf-token", csrf).send({ body: ORDINARY, teamId: fixture.teams.a.id }).expect(201);
    const logout = await agent.post("/auth/logout").set("X-Forwarded-For", ip).set("x-csrf-token", csrf).expect(200);
    expect(sessionCookie(logout.headers["set-cookie"])).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(sessionCookie(logout.headers["set-cookie"])).not.toMatch(/Secure/i);
    await agent.get("/auth/me").set("X-Forwarded-For", ip).expect(401);
  });

  it("through the trusted proxy with X-Forwarded-Proto: https the cookie is Secure (and so is its clearing at logout)", async () => {
    const ip = client();
    const https = { "X-Forwarded-Proto": "https", "X-Forwarded-For": ip };
    const login = await request(app.app).get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}`).set(https).expect(302);
    const cookie = sessionCookie(login.headers["set-cookie"]);
    expect(cookie).toMatch(/; Secure/);
    const pair = cookie?.split(";")[0] ?? "";
    const me = await request(app.app).get("/auth/me").set(https).set("Cookie", pair).expect(200);
    expect(me.body.user.id).toBe(fixture.users.member.id);
    const csrf = (await request(app.app).get("/auth/csrf").set(https).set("Cookie", pair).expect(200)).body.csrfToken;
    const logout = await request(app.app).post("/auth/logout").set(https).set("Cookie", pair).set("x-csrf-token", csrf).expect(200);
    expect(sessionCookie(logout.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it("a visitor's GET /auth/csrf stores no session in production either", async () => {
    const before = await sessionKeys(app);
    for (let index = 0; index < 50; index += 1) {
      const answer = await request(app.app).get("/auth/csrf").set("X-Forwarded-Proto", "https").expect(200);
      expect(answer.body).toEqual({ csrfToken: null });
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionKeys(app)).toEqual(before);
  });
});

describe("production: X-Forwarded-Proto counts only from a proxy TRUST_PROXY names", () => {
  it("from an untrusted address, X-Forwarded-Proto: https does not make the cookie Secure (the request is plain HTTP)", async () => {
    const app = await createTestApp({
      redis: true,
      env: { NODE_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET, AUTH_MODE_DEMO: "true", TRUST_PROXY: "10.0.0.0/8" },
    });
    try {
      const fixture = await createTenantFixture(app.db);
      const agent = request.agent(app.app);
      const login = await agent.get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}`).set("X-Forwarded-Proto", "https").expect(302);
      const cookie = sessionCookie(login.headers["set-cookie"]);
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/Secure/i);
      await agent.get("/auth/me").expect(200);
    } finally {
      await app.close();
    }
  });
});
