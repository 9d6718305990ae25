import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { FakeOAuthProvider, oauthSignIn, type FakeAccount } from "../helpers/fake-oauth.js";
import { eventually } from "../helpers/eventually.js";
import { HttpsBrowser } from "../helpers/https-browser.js";

const FRONTEND = "https://qa.example.test";
const HOUR = 3600 * 1000;

function sessionCookie(setCookie: string[] | string | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith("qa.sid="));
}

/** The session id inside a signed `qa.sid=s%3A<id>.<signature>` cookie. */
function sessionId(cookie: string | undefined): string {
  const value = decodeURIComponent(cookie?.split(";")[0]?.slice("qa.sid=".length) ?? "");
  return value.slice(2, value.lastIndexOf("."));
}

let nextId = 5000;
function account(overrides: Partial<FakeAccount> = {}): FakeAccount {
  nextId += 1;
  return { id: String(nextId), login: `prod${nextId}`, name: `Prod User ${nextId}`, email: `prod${nextId}@example.org`, ...overrides };
}

describe("sign-in in production (Redis sessions, HTTPS, login limits)", () => {
  let github: FakeOAuthProvider;
  let app: TestApp;
  let fixture: TenantFixture;
  const clock = new ManualClock(new Date());

  async function signInWithGitHub(who: FakeAccount, tenantSlug = fixture.tenant.slug) {
    const browser = new HttpsBrowser(app.app);
    github.signInAs(who);
    const result = await oauthSignIn(browser, `/auth/github?tenant=${tenantSlug}`);
    return { browser, ...result };
  }

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    app = await createTestApp({
      redis: true,
      clock,
      env: { NODE_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET, FRONTEND_URL: FRONTEND, ...github.env(`${FRONTEND}/auth/github/callback`) },
    });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(async () => {
    await app.close();
    await github.close();
  });

  describe("cookies and modes", () => {
    it("the session cookie of an OAuth sign-in is Secure, HttpOnly and SameSite=Lax, and lives as long as the session", async () => {
      const { start, callback } = await signInWithGitHub(account());
      expect(callback.status).toBe(302);
      for (const cookie of [sessionCookie(start.headers["set-cookie"]), sessionCookie(callback.headers["set-cookie"])]) {
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; SameSite=Lax/);
      }
      const expires = /Expires=([^;]+)/.exec(sessionCookie(callback.headers["set-cookie"]) ?? "")?.[1];
      const lifetime = new Date(expires ?? 0).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(8 * HOUR - 60_000);
      expect(lifetime).toBeLessThanOrEqual(8 * HOUR);
    });

    it("reached over plain HTTP (no TLS proxy in front) the cookies are not Secure, so the sign-in still completes; X-Forwarded-Proto: https makes them Secure again", async () => {
      // Secure exactly when the request is HTTPS as Express sees it through TRUST_PROXY (loopback here).
      const agent = request.agent(app.app);
      github.signInAs(account());
      const start = await agent.get(`/auth/github?tenant=${fixture.tenant.slug}`).set("X-Forwarded-For", "203.0.113.250").expect(302);
      expect(sessionCookie(start.headers["set-cookie"])).not.toMatch(/Secure/);
      const consent = await fetch(start.headers.location as string, { redirect: "manual" });
      const back = new URL(consent.headers.get("location") ?? "");
      const callback = await agent.get(`${back.pathname}${back.search}`).set("X-Forwarded-For", "203.0.113.250").expect(302);
      expect(sessionCookie(callback.headers["set-cookie"])).not.toMatch(/Secure/);
      expect((await agent.get("/auth/me").expect(200)).body.tenantSlug).toBe(fixture.tenant.slug);

      const { start: httpsStart, callback: httpsCallback } = await signInWithGitHub(account());
      expect(sessionCookie(httpsStart.headers["set-cookie"])).toMatch(/; Secure/);
      expect(sessionCookie(httpsCallback.headers["set-cookie"])).toMatch(/; Secure/);
    });

    it("demo mode is off: /auth/demo is 403 DEMO_DISABLED; /auth/modes and /health show OAuth only, rate limiting on", async () => {
      const demo = await new HttpsBrowser(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`).expect(403);
      expect(demo.body.error.code).toBe("DEMO_DISABLED");
      expect(sessionCookie(demo.headers["set-cookie"])).toBeUndefined();
      const modes = await request(app.app).get("/auth/modes").set("x-tenant-id", fixture.tenant.slug).expect(200);
      expect(modes.body).toEqual({
        modes: ["oauth"],
        demo: { enabled: false, users: [] },
        oauth: { github: true, google: false },
        sso: { required: false, oidc: null, saml: null },
      });
      const health = await request(app.app).get("/health").expect(200);
      expect(health.body.auth).toEqual({ mode: "production", strategies: ["github"] });
      expect(health.body.rateLimiting.status).toBe("enabled");
    });

    it("AUTH_MODE_DEMO=true forces demo mode on in production", async () => {
      const forced = await createTestApp({ redis: true, env: { NODE_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET, AUTH_MODE_DEMO: "true" } });
      try {
        const tenant = await createTenantFixture(forced.db);
        const login = await new HttpsBrowser(forced.app).get(`/auth/demo?user=member&tenant=${tenant.tenant.slug}`).expect(302);
        expect(sessionCookie(login.headers["set-cookie"])).toMatch(/; Secure/);
        const admin = await HttpsBrowser.demo(forced.app, tenant.tenant.slug, "admin");
        expect((await admin.get("/users").expect(200)).body.length).toBeGreaterThan(0);
        await admin.post("/auth/logout").expect(200, { success: true });
        await admin.get("/auth/me").expect(401);
        expect((await request(forced.app).get("/health").expect(200)).body.auth).toEqual({ mode: "production", strategies: ["demo"] });
      } finally {
        await forced.close();
      }
    });
  });

  describe("sessions in Redis", () => {
    it("every login gets a new session id; the pre-login session is gone from Redis", async () => {
      const { start, callback } = await signInWithGitHub(account());
      const before = sessionId(sessionCookie(start.headers["set-cookie"]));
      const after = sessionId(sessionCookie(callback.headers["set-cookie"]));
      expect(before).not.toBe("");
      expect(after).not.toBe(before);
      const prefix = `${app.config.kv.prefix}sess:`;
      expect(await app.kv!.exists(`${prefix}${before}`)).toBe(0);
      expect(await app.kv!.exists(`${prefix}${after}`)).toBe(1);
    });

    it("a session ends at sessionTimeout hours for members and adminSessionTimeout for admins, however active; Redis drops it then too", async () => {
      const tenant = await createTenantFixture(app.db, { settings: { security: { sessionTimeout: 3, adminSessionTimeout: 1 } } });
      await app.db("users").insert({ tenant_id: tenant.tenant.id, email: "boss@example.org", name: "Boss", role: "admin" });
      clock.set(new Date());
      const member = await signInWithGitHub(account(), tenant.tenant.slug);
      const admin = await signInWithGitHub(account({ email: "boss@example.org" }), tenant.tenant.slug);
      const memberKey = `${app.config.kv.prefix}sess:${sessionId(sessionCookie(member.callback.headers["set-cookie"]))}`;
      const adminKey = `${app.config.kv.prefix}sess:${sessionId(sessionCookie(admin.callback.headers["set-cookie"]))}`;
      expect(await app.kv!.ttl(memberKey)).toBeGreaterThan(3 * 3600 - 30);
      expect(await app.kv!.ttl(memberKey)).toBeLessThanOrEqual(3 * 3600);
      expect(await app.kv!.ttl(adminKey)).toBeGreaterThan(3600 - 30);
      expect(await app.kv!.ttl(adminKey)).toBeLessThanOrEqual(3600);
      expect((await admin.browser.get("/auth/me").expect(200)).body.user.role).toBe("admin");

      clock.advance(59 * 60 * 1000);
      await admin.browser.get("/auth/me").expect(200);
      await member.browser.get("/auth/me").expect(200);
      clock.advance(2 * 60 * 1000);
      await admin.browser.get("/auth/me").expect(401);
      expect(await app.kv!.exists(adminKey)).toBe(0);
      await member.browser.get("/auth/me").expect(200);

      clock.advance(2 * HOUR - 2 * 60 * 1000);
      await member.browser.get("/auth/me").expect(200);
      clock.advance(2 * 60 * 1000);
      await member.browser.get("/auth/me").expect(401);
      expect(await app.kv!.exists(memberKey)).toBe(0);
      clock.set(new Date());
    });

    it("logout destroys the session in Redis and clears the cookie", async () => {
      const { browser, callback } = await signInWithGitHub(account());
      const key = `${app.config.kv.prefix}sess:${sessionId(sessionCookie(callback.headers["set-cookie"]))}`;
      const stolen = browser.cookie;
      const csrf = (await browser.get("/auth/csrf").expect(200)).body.csrfToken;
      const logout = await browser.post("/auth/logout").set("x-csrf-token", csrf).expect(200);
      expect(sessionCookie(logout.headers["set-cookie"])).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(await app.kv!.exists(key)).toBe(0);
      await browser.get("/auth/me").expect(401);
      // A copy of the old cookie is worth nothing now.
      await request(app.app)
        .get("/auth/me")
        .set("X-Forwarded-Proto", "https")
        .set("Cookie", stolen ?? "")
        .expect(401);
    });

    it("a user deactivated or deleted behind the service's back (SQL) loses their sessions within the shared reads' bound", async () => {
      const first = await signInWithGitHub(account());
      const second = await signInWithGitHub(account());
      const firstId = (await first.browser.get("/auth/me").expect(200)).body.user.id;
      const secondId = (await second.browser.get("/auth/me").expect(200)).body.user.id;
      await app.db("users").where({ id: firstId }).update({ deactivated_at: new Date() });
      await app.db("users").where({ id: secondId }).delete();
      await eventually(() => first.browser.get("/auth/me").expect(401));
      await eventually(() => second.browser.get("/auth/me").expect(401));
    });

    it("API tokens work without CSRF while the cookie session still requires it", async () => {
      const { browser } = await signInWithGitHub(account());
      const csrf = (await browser.get("/auth/csrf").expect(200)).body.csrfToken;
      await browser.post("/auth/tokens").send({ name: "no csrf" }).expect(403);
      const created = await browser.post("/auth/tokens").set("x-csrf-token", csrf).send({ name: "deploy bot" }).expect(201);
      const spare = await browser.post("/auth/tokens").set("x-csrf-token", csrf).send({ name: "spare" }).expect(201);
      const revoke = await request(app.app)
        .delete(`/auth/tokens/${spare.body.id}`)
        .set("Authorization", `Bearer ${created.body.token}`)
        .set("X-Forwarded-Proto", "https");
      expect(revoke.status).toBe(204);
      expect(revoke.headers["set-cookie"]).toBeUndefined();
      const refused = await browser.delete(`/auth/tokens/${created.body.id}`).expect(403);
      expect(refused.body.error.code).toBe("CSRF_INVALID");
    });
  });

  describe("brute-force protection", () => {
    it("the 6th sign-in attempt in 5 minutes from one IP to one tenant is 429 with Retry-After; demo, start and callback all count", async () => {
      const tenant = await createTenantFixture(app.db);
      const browser = new HttpsBrowser(app.app);
      const statuses: number[] = [];
      statuses.push((await browser.get(`/auth/github?tenant=${tenant.tenant.slug}`)).status);
      // The callback counts against the tenant chosen at the start, whatever it resolves to itself.
      statuses.push((await browser.get("/auth/github/callback")).status);
      statuses.push((await browser.get(`/auth/demo?user=admin&tenant=${tenant.tenant.slug}`)).status);
      statuses.push((await browser.get(`/auth/demo?tenant=${tenant.tenant.slug}`)).status);
      statuses.push((await browser.get(`/auth/github?tenant=${tenant.tenant.slug}`)).status);
      expect(statuses).toEqual([302, 400, 403, 400, 302]);

      const limited = await browser.get(`/auth/github?tenant=${tenant.tenant.slug}`).expect(429);
      expect(limited.body).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) }, requestId: expect.any(String) });
      const retryAfter = Number(limited.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(300);
      await browser.get(`/auth/demo?user=admin&tenant=${tenant.tenant.slug}`).expect(429);
      await browser.get(`/auth/github/callback?code=x&state=y`).expect(429);

      const page = await browser.get(`/auth/github?tenant=${tenant.tenant.slug}`).set("Accept", "text/html").expect(429);
      expect(page.text).toContain("Too many sign-in attempts");
      expect(page.headers["retry-after"]).toBeDefined();
    });

    it("the limit is per IP and per tenant: another address, or another tenant, still signs in", async () => {
      const tenant = await createTenantFixture(app.db);
      const elsewhere = await createTenantFixture(app.db);
      const browser = new HttpsBrowser(app.app);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await browser.get(`/auth/github?tenant=${tenant.tenant.slug}`).expect(302);
      }
      await browser.get(`/auth/github?tenant=${tenant.tenant.slug}`).expect(429);
      await browser.get(`/auth/github?tenant=${elsewhere.tenant.slug}`).expect(302);
      github.signInAs(account());
      const { callback } = await oauthSignIn(new HttpsBrowser(app.app), `/auth/github?tenant=${tenant.tenant.slug}`);
      expect(callback.status).toBe(302);
    });
  });
});
