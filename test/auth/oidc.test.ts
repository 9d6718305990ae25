import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { TestOpenIdProvider, type IdpAccount } from "../helpers/oidc-provider.js";

type Agent = ReturnType<typeof request.agent>;

const person = (overrides: Partial<IdpAccount> = {}): IdpAccount => {
  const id = randomUUID().slice(0, 8);
  return { sub: `sub-${id}`, email: `person-${id}@corp.example`, email_verified: true, name: `Person ${id}`, ...overrides };
};

describe("OpenID Connect sign-in per tenant (CONTRACT §10), with a real OpenID provider", () => {
  let app: TestApp;
  let idp: TestOpenIdProvider;
  let fixture: TenantFixture;
  let owner: ApiClient;
  let redirectUri: string;

  /** The whole browser dance: our start, the provider's pages, back to our callback in the same browser. */
  async function oidcSignIn(agent: Agent, account: IdpAccount, options: { tenant?: string; query?: string } = {}) {
    const start = await agent.get(`/auth/oidc?tenant=${options.tenant ?? fixture.tenant.slug}&returnTo=/alpha${options.query ?? ""}`).expect(302);
    const back = await idp.signInAs(account).authorize(start.headers.location as string, redirectUri);
    return { callback: `${back.pathname}${back.search}`, response: await agent.get(`${back.pathname}${back.search}`) };
  }

  function configure(client: ApiClient, oidc: Record<string, unknown> | null, extra: Record<string, unknown> = {}) {
    return client.post("/admin/tenant-settings", { auth: { oidc, ...extra } });
  }

  beforeAll(async () => {
    app = await createTestApp();
    redirectUri = `${app.config.baseUrl}/auth/oidc/callback`;
    idp = await TestOpenIdProvider.start({ redirectUri });
    fixture = await createTenantFixture(app.db);
    owner = await signIn(app, fixture.tenant.slug, "owner");
    await configure(owner, { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, buttonLabel: "Sign in with Corp" }).expect(200);
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  describe("settings", () => {
    it("the client secret is write-only: answered as clientSecretSet, stored sealed, never in the audit log", async () => {
      const settings = (await owner.get("/admin/tenant-settings").expect(200)).body;
      expect(settings.auth.oidc).toEqual({
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecretSet: true,
        scopes: ["openid", "email", "profile"],
        buttonLabel: "Sign in with Corp",
      });
      const stored = await app.db("tenant_settings").where({ tenant_id: fixture.tenant.id }).first("settings");
      expect(JSON.stringify(stored.settings)).not.toContain(idp.clientSecret);
      expect(stored.settings.auth.oidc.clientSecret).toMatch(/^sealed\.v1\./);
      const audit = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id });
      expect(audit.length).toBeGreaterThan(0);
      expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
      expect(JSON.stringify(audit)).not.toContain(stored.settings.auth.oidc.clientSecret);
    });

    it("a change without the secret keeps it; the label changes alone", async () => {
      await owner.post("/admin/tenant-settings", { auth: { oidc: { buttonLabel: "Corp sign-in" } } }).expect(200);
      const { body } = await owner.get("/admin/tenant-settings").expect(200);
      expect(body.auth.oidc).toMatchObject({ buttonLabel: "Corp sign-in", clientSecretSet: true });
      await owner.post("/admin/tenant-settings", { auth: { oidc: { buttonLabel: "Sign in with Corp" } } }).expect(200);
    });

    it("an admin who is not an owner cannot change how people sign in (403), nor require company sign-in", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const attacker = await TestOpenIdProvider.start({ redirectUri });
      try {
        const refused = await configure(admin, { issuer: attacker.issuer, clientId: "mine", clientSecret: "mine-mine-mine" }).expect(403);
        expect(refused.body.error.code).toBe("FORBIDDEN");
        await admin.post("/admin/tenant-settings", { auth: { requireSso: true } }).expect(403);
        // Everything else stays an admin's to change.
        await admin.post("/admin/tenant-settings", { branding: { primaryColor: "#123456" } }).expect(200);
        expect((await owner.get("/admin/tenant-settings").expect(200)).body.auth.oidc.issuer).toBe(idp.issuer);
      } finally {
        await attacker.close();
      }
    });

    it("bad settings are 400 at their path and save nothing", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ issuer: "not a url", clientId: "x" }, "body.auth.oidc.issuer"],
        [{ issuer: "javascript:alert(1)", clientId: "x" }, "body.auth.oidc.issuer"],
        [{ issuer: idp.issuer, clientId: "" }, "body.auth.oidc.clientId"],
        [{ issuer: idp.issuer, clientId: "x", scopes: ["profile"] }, "body.auth.oidc.scopes"],
        [{ issuer: idp.issuer, clientId: "x", scopes: ["openid email"] }, "body.auth.oidc.scopes.0"],
        [{ issuer: idp.issuer, clientId: "x", clientSecret: "" }, "body.auth.oidc.clientSecret"],
        [{ issuer: idp.issuer, clientId: "x", surprise: true }, "body.auth.oidc"],
      ];
      const other = await createTenantFixture(app.db);
      const otherOwner = await signIn(app, other.tenant.slug, "owner");
      for (const [oidc, path] of cases) {
        const response = await configure(otherOwner, oidc).expect(400);
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
        expect(JSON.stringify(response.body.error.details)).toContain(path);
      }
      const refused = await otherOwner.post("/admin/tenant-settings", { auth: { requireSso: true } }).expect(400);
      expect(JSON.stringify(refused.body.error.details)).toContain("body.auth.requireSso");
      expect((await otherOwner.get("/admin/tenant-settings").expect(200)).body.auth).toEqual({ requireSso: false, oidc: null, saml: null });
    });

    it("GET /admin/sign-in gives the redirect URI to register; /auth/modes lists the company button with its label", async () => {
      const values = (await owner.get("/admin/sign-in").expect(200)).body;
      expect(values.oidc).toEqual({ redirectUri, signInUrl: `${app.config.baseUrl}/auth/oidc?tenant=${fixture.tenant.slug}` });
      const modes = (await request(app.app).get("/auth/modes").set("x-tenant-id", fixture.tenant.slug).expect(200)).body;
      expect(modes.modes).toEqual(["demo", "oidc"]);
      expect(modes.sso).toEqual({ required: false, oidc: { label: "Sign in with Corp", url: `/auth/oidc?tenant=${fixture.tenant.slug}` }, saml: null });
    });
  });

  describe("signing in", () => {
    it("the start redirects to the provider with PKCE (S256), state, nonce, the scopes and the registered redirect URI", async () => {
      const response = await request(app.app).get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
      const location = new URL(response.headers.location as string);
      expect(location.origin).toBe(idp.issuer);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        client_id: idp.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid email profile",
        code_challenge_method: "S256",
      });
      for (const name of ["state", "nonce", "code_challenge"]) expect(location.searchParams.get(name)).toMatch(/^[\w-]{32,}$/);
      expect(location.href).not.toContain(idp.clientSecret);
    });

    it("a new person signs in: created under the sign-up policy, lands on returnTo, signed in as themselves, audited", async () => {
      const agent = request.agent(app.app);
      const account = person();
      const { response } = await oidcSignIn(agent, account);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/alpha");
      const me = (await agent.get("/auth/me").expect(200)).body;
      expect(me.user).toMatchObject({ email: account.email, name: account.name, role: "member", tenantId: fixture.tenant.id });
      const user = await app.db("users").where({ tenant_id: fixture.tenant.id, id: me.user.id }).first();
      expect(user).toMatchObject({ sso_provider: "oidc", sso_id: `${idp.issuer}|${account.sub}` });
      const logins = await auditActions(app.db, fixture.tenant.id, "user.login");
      expect(logins.find((entry) => entry.entity_id === me.user.id)?.metadata).toMatchObject({ provider: "oidc", account: "created" });

      // The same person again: the same account.
      const again = request.agent(app.app);
      await oidcSignIn(again, account);
      expect((await again.get("/auth/me").expect(200)).body.user.id).toBe(me.user.id);
    });

    it("an existing account with the verified address is linked, even one that signed in another way (demo, here)", async () => {
      const agent = request.agent(app.app);
      const { response } = await oidcSignIn(agent, person({ email: fixture.users.member.email }));
      expect(response.status).toBe(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.id).toBe(fixture.users.member.id);
      const link = (await auditActions(app.db, fixture.tenant.id, "user.update")).find((entry) => entry.entity_id === fixture.users.member.id);
      expect(link?.metadata).toMatchObject({ reason: "sso_link", provider: "oidc" });
      expect(link?.before).toMatchObject({ ssoProvider: "demo" });
    });

    it("an unverified address is refused (403 EMAIL_REQUIRED): no session, no account", async () => {
      const agent = request.agent(app.app);
      const account = person({ email_verified: false });
      const { response } = await oidcSignIn(agent, account);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe("EMAIL_REQUIRED");
      await agent.get("/auth/me").expect(401);
      expect(await app.db("users").where({ tenant_id: fixture.tenant.id, email: account.email }).first()).toBeUndefined();
    });

    it("an unverified address cannot take over an existing account by its address", async () => {
      const agent = request.agent(app.app);
      const { response } = await oidcSignIn(agent, person({ email: fixture.users.admin.email, email_verified: false }));
      expect(response.status).toBe(403);
      await agent.get("/auth/me").expect(401);
    });

    it("the sign-up policy applies: a tenant by invitation refuses a new person (403 SIGNUP_NOT_ALLOWED) and lets its people in", async () => {
      const closed = await createTenantFixture(app.db, { settings: { users: { signup: "invite" } } });
      const closedOwner = await signIn(app, closed.tenant.slug, "owner");
      await configure(closedOwner, { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }).expect(200);
      const stranger = request.agent(app.app);
      const refused = await oidcSignIn(stranger, person(), { tenant: closed.tenant.slug });
      expect(refused.response.status).toBe(403);
      expect(refused.response.body.error.code).toBe("SIGNUP_NOT_ALLOWED");
      await stranger.get("/auth/me").expect(401);
      const known = request.agent(app.app);
      expect((await oidcSignIn(known, person({ email: closed.users.viewer.email }), { tenant: closed.tenant.slug })).response.status).toBe(302);
      expect((await known.get("/auth/me").expect(200)).body.user.id).toBe(closed.users.viewer.id);
    });

    it("a deactivated person is refused (403 ACCOUNT_DEACTIVATED)", async () => {
      const gone = await insertUser(app.db, fixture.tenant.id, { role: "member" });
      await app.db("users").where({ id: gone.id }).update({ deactivated_at: new Date() });
      const agent = request.agent(app.app);
      const { response } = await oidcSignIn(agent, person({ email: gone.email }));
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe("ACCOUNT_DEACTIVATED");
      await agent.get("/auth/me").expect(401);
    });

    it("a callback used twice, in another browser, with another state, or without a start is 403 OAUTH_STATE_INVALID", async () => {
      const agent = request.agent(app.app);
      const { callback, response } = await oidcSignIn(agent, person());
      expect(response.status).toBe(302);
      const replay = await agent.get(callback).expect(403);
      expect(replay.body.error.code).toBe("OAUTH_STATE_INVALID");

      const victim = request.agent(app.app);
      const start = await victim.get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
      const back = await idp.signInAs(person()).authorize(start.headers.location as string, redirectUri);
      // The attacker's browser brings the victim's code back: no session of its own, so nothing to complete.
      const elsewhere = request.agent(app.app);
      expect((await elsewhere.get(`${back.pathname}${back.search}`).expect(403)).body.error.code).toBe("OAUTH_STATE_INVALID");
      await elsewhere.get("/auth/me").expect(401);

      const forged = request.agent(app.app);
      const forgedStart = await forged.get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
      const forgedBack = await idp.signInAs(person()).authorize(forgedStart.headers.location as string, redirectUri);
      forgedBack.searchParams.set("state", "x".repeat(43));
      expect((await forged.get(`${forgedBack.pathname}${forgedBack.search}`).expect(403)).body.error.code).toBe("OAUTH_STATE_INVALID");
      await forged.get("/auth/me").expect(401);
    });

    it("the person cancelling at the provider is 401 OAUTH_DENIED", async () => {
      const agent = request.agent(app.app);
      const start = await agent.get(`/auth/oidc?tenant=${fixture.tenant.slug}`).expect(302);
      const state = new URL(start.headers.location as string).searchParams.get("state");
      const denied = await agent.get(`/auth/oidc/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`).expect(401);
      expect(denied.body.error.code).toBe("OAUTH_DENIED");
    });

    it("browsers get a page that says what went wrong, with a way back", async () => {
      const response = await request(app.app).get("/auth/oidc/callback?code=abc&state=def").set("accept", "text/html").expect(403);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.text).toContain("Start the sign-in again");
    });

    it("a wrong client secret is 401 OAUTH_FAILED naming the client; an unreachable provider is 502; no provider is 404", async () => {
      const wrong = await createTenantFixture(app.db);
      const wrongOwner = await signIn(app, wrong.tenant.slug, "owner");
      await configure(wrongOwner, { issuer: idp.issuer, clientId: idp.clientId, clientSecret: "not-the-secret" }).expect(200);
      const agent = request.agent(app.app);
      const { response } = await oidcSignIn(agent, person(), { tenant: wrong.tenant.slug });
      expect(response.status).toBe(401);
      expect(response.body.error).toMatchObject({ code: "OAUTH_FAILED", message: expect.stringContaining("Invalid client") });

      await configure(wrongOwner, { issuer: "http://127.0.0.1:9/", clientId: "x" }).expect(200);
      const down = await request(app.app).get(`/auth/oidc?tenant=${wrong.tenant.slug}`).expect(502);
      expect(down.body.error.code).toBe("OAUTH_PROVIDER_UNAVAILABLE");

      await configure(wrongOwner, null).expect(200);
      expect((await request(app.app).get(`/auth/oidc?tenant=${wrong.tenant.slug}`).expect(404)).body.error.code).toBe("NOT_FOUND");
    });
  });

  describe("Require SSO", () => {
    it("turns demo sign-in off for the tenant (403 SSO_REQUIRED), lists only the company button, and company sign-in still works", async () => {
      const sso = await createTenantFixture(app.db);
      const ssoOwner = await signIn(app, sso.tenant.slug, "owner");
      await configure(ssoOwner, { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }, { requireSso: true }).expect(200);
      const token = (await ssoOwner.post("/auth/tokens", { name: "CI" }).expect(201)).body.token as string;

      const demo = await request(app.app).get(`/auth/demo?user=member&tenant=${sso.tenant.slug}`).expect(403);
      expect(demo.body.error.code).toBe("SSO_REQUIRED");
      const modes = (await request(app.app).get("/auth/modes").set("x-tenant-id", sso.tenant.slug).expect(200)).body;
      expect(modes).toMatchObject({ modes: ["oidc"], demo: { enabled: false, users: [] }, oauth: { github: false, google: false }, sso: { required: true } });

      // The session that turned it on, and API tokens, keep working.
      await ssoOwner.get("/auth/me").expect(200);
      await request(app.app).get("/auth/me").set("authorization", `Bearer ${token}`).set("x-tenant-id", sso.tenant.slug).expect(200);

      const agent = request.agent(app.app);
      expect((await oidcSignIn(agent, person({ email: sso.users.member.email }), { tenant: sso.tenant.slug })).response.status).toBe(302);
      expect((await agent.get("/auth/me").expect(200)).body.user.id).toBe(sso.users.member.id);
      // Other tenants are not affected.
      await signIn(app, fixture.tenant.slug, "memberb");
    });
  });

  describe("test sign-in", () => {
    it("an admin's test reports what the provider answered and signs nobody in; the admin stays who they were", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const account = person({ email: fixture.users.viewer.email });
      const { response } = await oidcSignIn(admin.agent, account, { query: "&test=true" });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.text).toContain("Test sign-in succeeded");
      expect(response.text).toContain(fixture.users.viewer.email);
      expect(response.text).toContain("an existing account");
      expect((await admin.get("/auth/me").expect(200)).body.user.id).toBe(fixture.users.admin.id);
      const viewer = await app.db("users").where({ id: fixture.users.viewer.id }).first();
      expect(viewer.sso_provider).toBe("demo");
    });

    it("a test with an unverified address reports the refusal and the claims", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const { response } = await oidcSignIn(admin.agent, person({ email_verified: false }), { query: "&test=true" });
      expect(response.status).toBe(200);
      expect(response.text).toContain("Test sign-in refused");
      expect(response.text).toContain("EMAIL_REQUIRED");
      expect(response.text).toContain("email_verified");
    });

    it("only an admin of the tenant may start a test (a member, a visitor, another tenant's admin: 403)", async () => {
      const member = await signIn(app, fixture.tenant.slug, "memberb");
      expect((await member.get(`/auth/oidc?tenant=${fixture.tenant.slug}&test=true`).expect(403)).body.error.code).toBe("FORBIDDEN");
      await request(app.app).get(`/auth/oidc?tenant=${fixture.tenant.slug}&test=true`).expect(403);
      const other = await createTenantFixture(app.db);
      const otherAdmin = await signIn(app, other.tenant.slug, "admin");
      await otherAdmin.get(`/auth/oidc?tenant=${fixture.tenant.slug}&test=true`).expect(403);
    });
  });
});
