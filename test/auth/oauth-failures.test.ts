import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { auditActionsOn } from "../helpers/audit-log.js";
import { eventually } from "../helpers/eventually.js";
import { fakeAccount, FakeOAuthProvider, oauthSignIn, type FakeAccount } from "../helpers/fake-oauth.js";

const FRONTEND = "https://qa.example.test";
const GITHUB_CALLBACK = `${FRONTEND}/auth/github/callback`;
const GOOGLE_CALLBACK = `${FRONTEND}/auth/google/callback`;
const HTML = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

const account = fakeAccount;

describe("OAuth sign-in failures (development)", () => {
  let github: FakeOAuthProvider;
  let google: FakeOAuthProvider;
  let app: TestApp;
  let fixture: TenantFixture;

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    google = await FakeOAuthProvider.start("google");
    app = await createTestApp({ env: { FRONTEND_URL: FRONTEND, ...github.env(GITHUB_CALLBACK), ...google.env(GOOGLE_CALLBACK) } });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(async () => {
    await app.close();
    await github.close();
    await google.close();
  });

  describe("failures end on a clear page, never a 500", () => {
    /** Starts a sign-in in `agent` and returns the callback path the provider would send the browser to. */
    async function consentedCallback(agent: ReturnType<typeof request.agent>, provider: "github" | "google", who: FakeAccount): Promise<string> {
      (provider === "github" ? github : google).signInAs(who);
      const start = await agent.get(`/auth/${provider}?tenant=${fixture.tenant.slug}`).expect(302);
      const consent = await fetch(start.headers.location as string, { redirect: "manual" });
      const back = new URL(consent.headers.get("location") ?? "");
      return `${back.pathname}${back.search}`;
    }

    it("a callback in another browser (state not in this session) is 403 OAUTH_STATE_INVALID, before any code exchange", async () => {
      const path = await consentedCallback(request.agent(app.app), "github", account());
      const exchanges = github.tokenRequests.length;
      const stranger = request.agent(app.app);
      const response = await stranger.get(path).expect(403);
      expect(response.body).toEqual({ error: { code: "OAUTH_STATE_INVALID", message: expect.any(String) }, requestId: expect.any(String) });
      expect(github.tokenRequests.length).toBe(exchanges);
      await stranger.get("/auth/me").expect(401);
    });

    it("a tampered state is refused, and so is a callback replayed after success", async () => {
      const agent = request.agent(app.app);
      const path = await consentedCallback(agent, "google", account({ id: "g-state" }));
      const tampered = path.replace(/state=[^&]+/, "state=forged0123456789forged");
      expect((await agent.get(tampered).expect(403)).body.error.code).toBe("OAUTH_STATE_INVALID");

      const again = request.agent(app.app);
      const good = await consentedCallback(again, "google", account({ id: "g-replay" }));
      await again.get(good).expect(302);
      expect((await again.get(good).expect(403)).body.error.code).toBe("OAUTH_STATE_INVALID");
    });

    it("denied consent: 401 OAUTH_DENIED, as an HTML page for a browser with a link back to sign-in", async () => {
      github.denyNext();
      const agent = request.agent(app.app);
      const start = await agent.get(`/auth/github?tenant=${fixture.tenant.slug}`).expect(302);
      const consent = await fetch(start.headers.location as string, { redirect: "manual" });
      const back = new URL(consent.headers.get("location") ?? "");
      expect(back.searchParams.get("error")).toBe("access_denied");
      const page = await agent.get(`${back.pathname}${back.search}`).set(HTML).expect(401);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.text).toContain("Sign-in cancelled");
      expect(page.text).toContain(`href="${FRONTEND}/"`);
      expect(page.text).toContain("OAUTH_DENIED");
      await agent.get("/auth/me").expect(401);
    });

    it("denied consent asked for as JSON gets the contract's error body", async () => {
      google.denyNext();
      const agent = request.agent(app.app);
      const start = await agent.get("/auth/google").expect(302);
      const consent = await fetch(start.headers.location as string, { redirect: "manual" });
      const back = new URL(consent.headers.get("location") ?? "");
      const response = await agent.get(`${back.pathname}${back.search}`).set("Accept", "application/json").expect(401);
      expect(response.body).toEqual({ error: { code: "OAUTH_DENIED", message: expect.stringContaining("Google") }, requestId: expect.any(String) });
    });

    it("a bad code (right state) is 401 OAUTH_FAILED: the provider refused it", async () => {
      for (const provider of ["github", "google"] as const) {
        const agent = request.agent(app.app);
        const start = await agent.get(`/auth/${provider}`).expect(302);
        const state = new URL(start.headers.location as string).searchParams.get("state");
        const response = await agent.get(`/auth/${provider}/callback?code=not-a-real-code&state=${state}`).set(HTML).expect(401);
        expect(response.text).toContain("did not accept the sign-in code");
      }
    });

    it("a callback with neither code nor error is 400 VALIDATION_FAILED", async () => {
      const response = await request(app.app).get("/auth/github/callback").expect(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "query.code" }] });
    });

    it("an account without a verified email is 403 EMAIL_REQUIRED and creates nobody", async () => {
      const unverifiedGitHub = account({ email: null, emails: [{ email: "nope@example.org", primary: true, verified: false }] });
      const agent = request.agent(app.app);
      const path = await consentedCallback(agent, "github", unverifiedGitHub);
      const page = await agent.get(path).set(HTML).expect(403);
      expect(page.text).toContain("verified email address");

      const unverifiedGoogle = account({ id: "g-unverified", email: "unverified@example.org", emailVerified: false });
      const other = request.agent(app.app);
      const response = await other.get(await consentedCallback(other, "google", unverifiedGoogle)).expect(403);
      expect(response.body.error.code).toBe("EMAIL_REQUIRED");

      const noEmail = account({ id: "g-no-email", email: null });
      const third = request.agent(app.app);
      expect((await third.get(await consentedCallback(third, "google", noEmail)).expect(403)).body.error.code).toBe("EMAIL_REQUIRED");
      expect(await app.db("users").whereIn("email", ["nope@example.org", "unverified@example.org"])).toEqual([]);
      await third.get("/auth/me").expect(401);
    });

    it("a deactivated user cannot sign in (403 ACCOUNT_DEACTIVATED), and their open session stops at once", async () => {
      const octo = account();
      const active = request.agent(app.app);
      await active.get(await consentedCallback(active, "github", octo)).expect(302);
      const me = (await active.get("/auth/me").expect(200)).body.user;
      // Deactivated behind the service's back (SQL): the session ends within the shared reads' bound.
      await app.db("users").where({ id: me.id }).update({ deactivated_at: new Date() });
      await eventually(() => active.get("/auth/me").expect(401));

      const again = request.agent(app.app);
      const page = await again
        .get(await consentedCallback(again, "github", octo))
        .set(HTML)
        .expect(403);
      expect(page.text).toContain("Account deactivated");
      await again.get("/auth/me").expect(401);
      expect(await auditActionsOn(app.db, fixture.tenant.id, me.id)).toEqual(["user.create", "user.login"]);
    });

    it("a deleted user signing in again is a new user", async () => {
      const octo = account();
      const first = request.agent(app.app);
      await first.get(await consentedCallback(first, "github", octo)).expect(302);
      const original = (await first.get("/auth/me").expect(200)).body.user.id;
      await app.db("users").where({ id: original }).delete();
      await eventually(() => first.get("/auth/me").expect(401));
      const second = request.agent(app.app);
      await second.get(await consentedCallback(second, "github", octo)).expect(302);
      expect((await second.get("/auth/me").expect(200)).body.user.id).not.toBe(original);
    });
  });
});

describe("OAuth misconfiguration and enabled modes", () => {
  let github: FakeOAuthProvider;
  let google: FakeOAuthProvider;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    github = await FakeOAuthProvider.start("github");
    google = await FakeOAuthProvider.start("google");
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await github.close();
    await google.close();
  });

  async function appWith(env: Record<string, string>): Promise<TestApp> {
    const app = await createTestApp({ env: { FRONTEND_URL: FRONTEND, ...env } });
    apps.push(app);
    return app;
  }

  it("a wrong client secret ends on a page saying Invalid client (401 OAUTH_FAILED), for GitHub and Google alike", async () => {
    const app = await appWith({
      ...github.env(GITHUB_CALLBACK, { GITHUB_CLIENT_SECRET: "wrong-secret" }),
      ...google.env(GOOGLE_CALLBACK, { GOOGLE_CLIENT_SECRET: "wrong-secret" }),
    });
    for (const provider of [github, google]) {
      provider.signInAs(account({ id: `${provider.kind}-client` }));
      const agent = request.agent(app.app);
      const { callback } = await oauthSignIn(agent, `/auth/${provider.kind}`, HTML);
      expect(callback.status).toBe(401);
      expect(callback.text).toContain("Invalid client");
      expect(callback.text).toContain("OAUTH_FAILED");
      await agent.get("/auth/me").expect(401);
    }
    expect(app.logs.some((line) => line.msg === "OAuth sign-in failed at the provider" && line.level === 40)).toBe(true);
  });

  it("a callback URL the provider does not accept is 401 naming Invalid redirect URI", async () => {
    const app = await appWith(github.env(GITHUB_CALLBACK));
    github.signInAs(account());
    const agent = request.agent(app.app);
    const start = await agent.get("/auth/github").expect(302);
    const consent = await fetch((start.headers.location as string).replace(encodeURIComponent(GITHUB_CALLBACK), encodeURIComponent(`${FRONTEND}/elsewhere`)), {
      redirect: "manual",
    });
    const back = new URL(consent.headers.get("location") ?? "");
    const response = await agent.get(`/auth/github/callback${back.search}`).expect(401);
    expect(response.body.error).toMatchObject({ code: "OAUTH_FAILED", message: expect.stringContaining("Invalid redirect URI") });
  });

  it("errors the provider sends back on the redirect are named too (GitHub's redirect_uri_mismatch, others by code)", async () => {
    const app = await appWith(github.env(GITHUB_CALLBACK));
    const agent = request.agent(app.app);
    const state = new URL((await agent.get("/auth/github").expect(302)).headers.location as string).searchParams.get("state");
    const mismatch = await agent
      .get(`/auth/github/callback?error=redirect_uri_mismatch&error_description=The+redirect_uri+MUST+match&state=${state}`)
      .expect(401);
    expect(mismatch.body.error).toMatchObject({ code: "OAUTH_FAILED", message: expect.stringContaining("Invalid redirect URI") });
    const other = await agent.get("/auth/github/callback?error=temporarily_unavailable").expect(401);
    expect(other.body.error.message).toContain("temporarily_unavailable");
  });

  it("an unreachable provider is 502 OAUTH_PROVIDER_UNAVAILABLE, not a 500", async () => {
    const app = await appWith(github.env(GITHUB_CALLBACK, { GITHUB_TOKEN_URL: "http://127.0.0.1:1/login/oauth/access_token" }));
    github.signInAs(account());
    const { callback } = await oauthSignIn(request.agent(app.app), "/auth/github");
    expect(callback.status).toBe(502);
    expect(callback.body.error.code).toBe("OAUTH_PROVIDER_UNAVAILABLE");
  });

  it("a provider that is not configured has no sign-in: 404 on its start and callback", async () => {
    const app = await appWith(google.env(GOOGLE_CALLBACK));
    const start = await request(app.app).get("/auth/github").expect(404);
    expect(start.body.error).toEqual({ code: "NOT_FOUND", message: "GitHub sign-in is not enabled on this server." });
    await request(app.app).get("/auth/github/callback?code=x&state=y").expect(404);
    const page = await request(app.app).get("/auth/github").set(HTML).expect(404);
    expect(page.text).toContain("GitHub sign-in is not enabled");
  });

  it("/auth/modes and /health list exactly the modes that are on", async () => {
    const both = await appWith({ ...github.env(GITHUB_CALLBACK), ...google.env(GOOGLE_CALLBACK) });
    expect((await request(both.app).get("/auth/modes").expect(200)).body).toEqual({
      modes: ["demo", "oauth"],
      demo: { enabled: true, users: ["admin", "moderator", "alice", "bob"] },
      oauth: { github: true, google: true },
      sso: { required: false, oidc: null, saml: null },
    });
    expect((await request(both.app).get("/health").expect(200)).body.auth).toEqual({ mode: "development", strategies: ["demo", "github", "google"] });

    // SPEC keeps demo sign-in on in development: AUTH_MODE_DEMO=false does not switch it off there.
    const googleOnly = await appWith({ ...google.env(GOOGLE_CALLBACK), AUTH_MODE_DEMO: "false" });
    expect((await request(googleOnly.app).get("/auth/modes").expect(200)).body).toEqual({
      modes: ["demo", "oauth"],
      demo: { enabled: true, users: ["admin", "moderator", "alice", "bob"] },
      oauth: { github: false, google: true },
      sso: { required: false, oidc: null, saml: null },
    });
    expect((await request(googleOnly.app).get("/health").expect(200)).body.auth).toEqual({ mode: "development", strategies: ["demo", "google"] });
    await request(googleOnly.app).get("/auth/demo?user=admin").expect(302);
  });

  it("SPEC's PROVIDER_A_/PROVIDER_B_ names enable the same providers", async () => {
    const app = await appWith({
      PROVIDER_A_CLIENT_ID: "a-id",
      PROVIDER_A_CLIENT_SECRET: "a-secret",
      PROVIDER_B_CLIENT_ID: "b-id",
      PROVIDER_B_CLIENT_SECRET: "b-secret",
    });
    expect((await request(app.app).get("/auth/modes").expect(200)).body.oauth).toEqual({ github: true, google: true });
    const start = await request(app.app).get("/auth/github").expect(302);
    const location = new URL(start.headers.location as string);
    expect(location.origin).toBe("https://github.com");
    expect(location.searchParams.get("redirect_uri")).toBe(`${FRONTEND}/auth/github/callback`);
    const google = new URL((await request(app.app).get("/auth/google").expect(302)).headers.location as string);
    expect(google.origin).toBe("https://accounts.google.com");
    expect(google.searchParams.get("redirect_uri")).toBe(`${FRONTEND}/auth/google/callback`);
  });
});
