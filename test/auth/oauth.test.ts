import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { auditActionsOn } from "../helpers/audit-log.js";
import { fakeAccount, FakeOAuthProvider, oauthSignIn } from "../helpers/fake-oauth.js";

const FRONTEND = "https://qa.example.test";
const GITHUB_CALLBACK = `${FRONTEND}/auth/github/callback`;
const GOOGLE_CALLBACK = `${FRONTEND}/auth/google/callback`;

const account = fakeAccount;

describe("OAuth sign-in with GitHub and Google (development)", () => {
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

  describe("starting the flow", () => {
    it("GET /auth/github redirects to GitHub asking for user:email only, with the client id, the exact callback URL and a state", async () => {
      const response = await request(app.app).get(`/auth/github?tenant=${fixture.tenant.slug}`).expect(302);
      const location = new URL(response.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${github.baseUrl}/login/oauth/authorize`);
      expect(location.searchParams.get("scope")).toBe("user:email");
      expect(location.searchParams.get("client_id")).toBe(github.clientId);
      expect(location.searchParams.get("redirect_uri")).toBe(GITHUB_CALLBACK);
      expect(location.searchParams.get("response_type")).toBe("code");
      expect(location.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{16,}$/);
      expect(response.headers["set-cookie"]?.[0]).toMatch(/^qa\.sid=/);
    });

    it("GET /auth/google redirects to Google asking for profile and email only", async () => {
      const response = await request(app.app).get("/auth/google").expect(302);
      const location = new URL(response.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${google.baseUrl}/o/oauth2/v2/auth`);
      expect(location.searchParams.get("scope")).toBe("profile email");
      expect(location.searchParams.get("client_id")).toBe(google.clientId);
      expect(location.searchParams.get("redirect_uri")).toBe(GOOGLE_CALLBACK);
      expect(location.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{16,}$/);
    });

    it("every start issues a fresh state", async () => {
      const states = await Promise.all(
        [1, 2, 3].map(async () => new URL((await request(app.app).get("/auth/github").expect(302)).headers.location as string).searchParams.get("state")),
      );
      expect(new Set(states).size).toBe(3);
    });

    it("an unknown tenant is 404 TENANT_NOT_FOUND and nothing is sent to the provider", async () => {
      const before = github.authorizeRequests.length;
      const response = await request(app.app).get("/auth/github?tenant=no-such-tenant").expect(404);
      expect(response.body.error.code).toBe("TENANT_NOT_FOUND");
      expect(github.authorizeRequests.length).toBe(before);
    });

    it("in development sign-in attempts are not limited", async () => {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        await request(app.app).get(`/auth/github?tenant=${fixture.tenant.slug}`).set("X-Forwarded-For", "192.0.2.77").expect(302);
      }
    });

    it("returnTo must be a path on this site (no open redirect)", async () => {
      const response = await request(app.app).get("/auth/github?returnTo=//evil.example").expect(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "query.returnTo" }] });
    });
  });

  describe("first and later sign-ins", () => {
    it("GitHub: the first sign-in creates the user with email, name and avatar, default role and team, audits user.create and user.login, and lands on the frontend", async () => {
      const tenant = await createTenantFixture(app.db);
      await app
        .db("tenant_settings")
        .where({ tenant_id: tenant.tenant.id })
        .update({
          settings: JSON.stringify({ users: { defaultRole: "viewer", defaultTeamId: tenant.teams.b.id } }),
        });
      app.tenants.invalidate();
      const octo = account();
      github.signInAs(octo);
      const agent = request.agent(app.app);
      const { callback } = await oauthSignIn(agent, `/auth/github?tenant=${tenant.tenant.slug}&returnTo=/beta`);
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe(`${FRONTEND}/beta`);

      const me = await agent.get("/auth/me").expect(200);
      expect(me.body).toEqual({
        user: {
          id: expect.any(String),
          email: octo.email,
          name: octo.name,
          role: "viewer",
          tenantId: tenant.tenant.id,
          primaryTeamId: tenant.teams.b.id,
          avatarUrl: octo.avatarUrl,
        },
        tenantSlug: tenant.tenant.slug,
      });
      const row = await app.db("users").where({ id: me.body.user.id }).first();
      expect(row).toMatchObject({ sso_provider: "github", sso_id: octo.id });
      const membership = await app.db("team_members").where({ tenant_id: tenant.tenant.id, user_id: me.body.user.id });
      expect(membership).toEqual([expect.objectContaining({ team_id: tenant.teams.b.id, role: "member" })]);
      expect(await auditActionsOn(app.db, tenant.tenant.id, me.body.user.id)).toEqual(["user.create", "user.login"]);
      const login = await app.db("audit_logs").where({ tenant_id: tenant.tenant.id, entity_id: me.body.user.id, action: "user.login" }).first();
      expect(login).toMatchObject({ user_id: me.body.user.id, metadata: expect.objectContaining({ provider: "github", account: "created" }) });
      const created = await app.db("audit_logs").where({ tenant_id: tenant.tenant.id, entity_id: me.body.user.id, action: "user.create" }).first();
      expect(created).toMatchObject({ user_id: me.body.user.id, after: { role: "viewer", primaryTeamId: tenant.teams.b.id } });
    });

    it("GitHub: the code exchange sends the client credentials and the same callback URL", async () => {
      github.signInAs(account());
      await oauthSignIn(request.agent(app.app), `/auth/github?tenant=${fixture.tenant.slug}`);
      expect(github.tokenRequests.at(-1)).toMatchObject({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        redirect_uri: GITHUB_CALLBACK,
        grant_type: "authorization_code",
      });
    });

    it("a later sign-in refreshes name and avatar, keeps the email, and creates no second user", async () => {
      const octo = account();
      github.signInAs(octo);
      const first = request.agent(app.app);
      await oauthSignIn(first, `/auth/github?tenant=${fixture.tenant.slug}`);
      const userId = (await first.get("/auth/me").expect(200)).body.user.id;

      github.signInAs({ ...octo, name: "Renamed Cat", avatarUrl: "https://avatars.example.org/new.png", email: "changed@example.org" });
      const second = request.agent(app.app);
      const { callback } = await oauthSignIn(second, `/auth/github?tenant=${fixture.tenant.slug}`);
      expect(callback.status).toBe(302);
      const me = (await second.get("/auth/me").expect(200)).body.user;
      expect(me).toMatchObject({ id: userId, name: "Renamed Cat", avatarUrl: "https://avatars.example.org/new.png", email: octo.email });
      expect(await app.db("users").where({ tenant_id: fixture.tenant.id, sso_provider: "github", sso_id: octo.id })).toHaveLength(1);
      expect(await auditActionsOn(app.db, fixture.tenant.id, userId)).toEqual(["user.create", "user.login", "user.login"]);
      const last = await app.db("audit_logs").where({ entity_id: userId, action: "user.login" }).orderBy("created_at", "desc").first();
      expect(last.metadata).toMatchObject({ account: "existing", refreshed: ["name", "avatarUrl"] });
    });

    it("Google: first sign-in creates the user from the OpenID profile; a later one refreshes it", async () => {
      const person = account({ id: "g-109876543210", name: "Grace Hopper", email: "grace@example.org", avatarUrl: "https://lh3.example.org/a.jpg" });
      google.signInAs(person);
      const agent = request.agent(app.app);
      const { callback } = await oauthSignIn(agent, `/auth/google?tenant=${fixture.tenant.slug}`);
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe(`${FRONTEND}/`);
      const me = (await agent.get("/auth/me").expect(200)).body;
      expect(me).toMatchObject({
        user: { email: "grace@example.org", name: "Grace Hopper", avatarUrl: "https://lh3.example.org/a.jpg", role: "member", primaryTeamId: null },
        tenantSlug: fixture.tenant.slug,
      });
      expect(await app.db("users").where({ id: me.user.id }).first()).toMatchObject({ sso_provider: "google", sso_id: person.id });

      google.signInAs({ ...person, name: "Rear Admiral Hopper", avatarUrl: null });
      const again = request.agent(app.app);
      await oauthSignIn(again, `/auth/google?tenant=${fixture.tenant.slug}`);
      expect((await again.get("/auth/me").expect(200)).body.user).toMatchObject({ id: me.user.id, name: "Rear Admiral Hopper", avatarUrl: null });
    });

    it("GitHub: fetches the verified primary email when the profile shows none", async () => {
      const octo = account({
        email: null,
        emails: [
          { email: "old@example.org", primary: false, verified: true },
          { email: "Primary@Example.org", primary: true, verified: true },
        ],
      });
      github.signInAs(octo);
      const agent = request.agent(app.app);
      await oauthSignIn(agent, `/auth/github?tenant=${fixture.tenant.slug}`);
      expect((await agent.get("/auth/me").expect(200)).body.user.email).toBe("primary@example.org");
    });

    it("GitHub: a user without a display name is named after the login", async () => {
      const octo = account({ name: null, login: "nameless-octo" });
      github.signInAs(octo);
      const agent = request.agent(app.app);
      await oauthSignIn(agent, `/auth/github?tenant=${fixture.tenant.slug}`);
      expect((await agent.get("/auth/me").expect(200)).body.user.name).toBe("nameless-octo");
    });

    it("links an existing user of the tenant with the same email and no SSO id (the CLI's owner) instead of creating one", async () => {
      const [owner] = await app
        .db("users")
        .insert({ tenant_id: fixture.tenant.id, email: "Founder@Acme.example", name: "founder", role: "owner" })
        .returning(["id"]);
      const octo = account({ email: "founder@acme.example", name: "Fiona Founder" });
      github.signInAs(octo);
      const agent = request.agent(app.app);
      await oauthSignIn(agent, `/auth/github?tenant=${fixture.tenant.slug}`);
      const me = (await agent.get("/auth/me").expect(200)).body.user;
      expect(me).toMatchObject({ id: owner.id, role: "owner", name: "Fiona Founder", avatarUrl: octo.avatarUrl });
      expect(await app.db("users").where({ id: owner.id }).first()).toMatchObject({ sso_provider: "github", sso_id: octo.id });
      expect(await auditActionsOn(app.db, fixture.tenant.id, owner.id)).toEqual(["user.update", "user.login"]);
    });

    it("an email that already signs in another way is 409 ACCOUNT_EXISTS, and nothing changes", async () => {
      const taken = fixture.users.member;
      google.signInAs(account({ id: "g-taken", email: taken.email }));
      const agent = request.agent(app.app);
      const { callback } = await oauthSignIn(agent, `/auth/google?tenant=${fixture.tenant.slug}`);
      expect(callback.status).toBe(409);
      expect(callback.body.error.code).toBe("ACCOUNT_EXISTS");
      expect(callback.body.error.message).toContain("demo sign-in");
      expect(await app.db("users").where({ id: taken.id }).first()).toMatchObject({ sso_provider: "demo", sso_id: taken.username });
      await agent.get("/auth/me").expect(401);
    });

    it("the same provider account in two tenants is two users, each signed in to the tenant chosen at the start", async () => {
      const other = await createTenantFixture(app.db);
      const octo = account();
      github.signInAs(octo);
      const one = request.agent(app.app);
      await oauthSignIn(one, `/auth/github?tenant=${fixture.tenant.slug}`);
      github.signInAs(octo);
      const two = request.agent(app.app);
      // The tenant is the one resolved at the start (here by header); what the callback says does not matter.
      const start = await two.get("/auth/github").set("x-tenant-id", other.tenant.slug).expect(302);
      const consent = await fetch(start.headers.location as string, { redirect: "manual" });
      const back = new URL(consent.headers.get("location") ?? "");
      await two.get(`${back.pathname}${back.search}`).set("x-tenant-id", fixture.tenant.slug).expect(302);
      const first = (await one.get("/auth/me").expect(200)).body;
      const second = (await two.get("/auth/me").expect(200)).body;
      expect(first.tenantSlug).toBe(fixture.tenant.slug);
      expect(second.tenantSlug).toBe(other.tenant.slug);
      expect(second.user.id).not.toBe(first.user.id);
      expect(second.user.email).toBe(first.user.email);
    });

    it("signing in while signed in to another tenant replaces the session with a new one", async () => {
      const client = await signIn(app, fixture.tenant.slug, "admin");
      const other = await createTenantFixture(app.db);
      github.signInAs(account());
      const before = (await client.agent.get("/auth/csrf")).request.cookies;
      await oauthSignIn(client.agent, `/auth/github?tenant=${other.tenant.slug}`);
      const me = (await client.agent.get("/auth/me").expect(200)).body;
      expect(me.tenantSlug).toBe(other.tenant.slug);
      expect((await client.agent.get("/auth/csrf")).request.cookies).not.toBe(before);
    });
  });
});
