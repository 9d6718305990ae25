import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

function sessionCookie(setCookie: string[] | string | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith("qa.sid="));
}

describe("demo sign-in and sessions (development)", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  const clock = new ManualClock("2026-11-22T08:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  it("GET /auth/modes lists the demo accounts of the tenant and no OAuth provider", async () => {
    const response = await request(app.app).get("/auth/modes").expect(200);
    expect(response.body).toEqual({
      modes: ["demo"],
      demo: { enabled: true, users: ["admin", "moderator", "alice", "bob"] },
      oauth: { github: false, google: false },
      sso: { required: false, oidc: null, saml: null },
    });
  });

  it("signs in a seeded user, redirects with demo=true and sets an HttpOnly SameSite=Lax cookie", async () => {
    const response = await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`).expect(302);
    // FRONTEND_URL unset: a path, so the browser stays on the address it used (a LAN address works
    // as well as localhost) and no Host header can send it elsewhere.
    expect(response.headers.location).toBe("/?demo=true");
    const cookie = sessionCookie(response.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("GET /auth/me returns the session's user and tenant", async () => {
    const client = await signIn(app, fixture.tenant.slug, "member");
    const response = await client.get("/auth/me").expect(200);
    expect(response.body).toEqual({
      user: {
        id: fixture.users.member.id,
        email: fixture.users.member.email,
        name: fixture.users.member.name,
        role: "member",
        tenantId: fixture.tenant.id,
        primaryTeamId: fixture.teams.a.id,
        avatarUrl: null,
      },
      tenantSlug: fixture.tenant.slug,
    });
  });

  it("GET /auth/me/teams lists memberships and where the user moderates (CONTRACT §2)", async () => {
    const teams = async (username: string) => (await (await signIn(app, fixture.tenant.slug, username)).get("/auth/me/teams").expect(200)).body;
    expect(await teams("teammoderator")).toEqual([{ teamId: fixture.teams.a.id, role: "moderator", canModerate: true }]);
    expect(await teams("moderator")).toEqual([{ teamId: fixture.teams.a.id, role: "moderator", canModerate: true }]);
    expect(await teams("member")).toEqual([{ teamId: fixture.teams.a.id, role: "member", canModerate: false }]);
    expect(await teams("admin")).toEqual([{ teamId: fixture.teams.a.id, role: "member", canModerate: true }]);
    expect((await request(app.app).get("/auth/me/teams").set("x-tenant-id", fixture.tenant.slug).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
  });

  it("GET /auth/session answers a member with user and memberships, and a visitor with 200 and me: null", async () => {
    const member = await signIn(app, fixture.tenant.slug, "teammoderator");
    const session = (await member.get("/auth/session").expect(200)).body;
    expect(session).toEqual({ me: (await member.get("/auth/me")).body, memberships: (await member.get("/auth/me/teams")).body });
    expect(session.memberships).toEqual([{ teamId: fixture.teams.a.id, role: "moderator", canModerate: true }]);

    const visitor = await request(app.app).get("/auth/session").set("x-tenant-id", fixture.tenant.slug).expect(200);
    expect(visitor.body).toEqual({ me: null, memberships: [] });
    expect(visitor.headers["cache-control"]).toBe("no-store");
    // Asking creates no session for the visitor.
    expect(visitor.headers["set-cookie"]).toBeUndefined();
  });

  it("GET /auth/session answers for the session's own tenant, whatever tenant the request names", async () => {
    const other = await createTenantFixture(app.db);
    const member = await signIn(app, fixture.tenant.slug, "member");
    const across = (await member.get("/auth/session").set("x-tenant-id", other.tenant.slug).expect(200)).body;
    expect(across.me).toMatchObject({ tenantSlug: fixture.tenant.slug, user: { tenantId: fixture.tenant.id } });
    expect(across.memberships.map((membership: { teamId: string }) => membership.teamId)).toEqual([fixture.teams.a.id]);
  });

  it("an unknown username is 404 and creates no session", async () => {
    const response = await request(app.app).get(`/auth/demo?user=nobody&tenant=${fixture.tenant.slug}`).expect(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("an unknown tenant is 404 TENANT_NOT_FOUND; a missing user parameter is 400", async () => {
    expect((await request(app.app).get("/auth/demo?user=admin&tenant=no-such-tenant").expect(404)).body.error.code).toBe("TENANT_NOT_FOUND");
    const missing = await request(app.app).get("/auth/demo").expect(400);
    expect(missing.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "query.user" }] });
  });

  it("returnTo only accepts a path on this site (no open redirect)", async () => {
    const ok = await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}&returnTo=/alpha`).expect(302);
    expect(ok.headers.location).toBe("/alpha?demo=true");
    await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}&returnTo=//evil.example`).expect(400);
    await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}&returnTo=https://evil.example`).expect(400);
  });

  it("a visitor gets no session cookie from reading the API", async () => {
    const response = await request(app.app).get("/teams").set("x-tenant-id", fixture.tenant.slug).expect(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("every login issues a new session id (no fixation); the session signed in before is gone", async () => {
    const agent = request.agent(app.app);
    const before = sessionCookie((await agent.get(`/auth/demo?user=member&tenant=${fixture.tenant.slug}`)).headers["set-cookie"]);
    const after = sessionCookie((await agent.get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`)).headers["set-cookie"]);
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(after?.split(";")[0]).not.toBe(before?.split(";")[0]);
    expect((await agent.get("/auth/me").expect(200)).body.user.id).toBe(fixture.users.admin.id);
    await request(app.app)
      .get("/auth/me")
      .set("Cookie", before?.split(";")[0] ?? "")
      .expect(401);
  });

  it("writes user.login and user.logout to the audit log", async () => {
    const client = await signIn(app, fixture.tenant.slug, "viewer");
    await client.post("/auth/logout").expect(200, { success: true });
    const rows = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, user_id: fixture.users.viewer.id }).orderBy("created_at");
    expect(rows.map((row) => row.action)).toEqual(["user.login", "user.logout"]);
    expect(rows[0]).toMatchObject({ entity_type: "user", entity_id: fixture.users.viewer.id, metadata: expect.objectContaining({ provider: "demo" }) });
    expect(rows[0].ip_address).toBeTruthy();
  });

  it("logout needs the CSRF header, then destroys the session", async () => {
    const client = await signIn(app, fixture.tenant.slug, "member");
    const refused = await client.agent.post("/auth/logout").expect(403);
    expect(refused.body.error.code).toBe("CSRF_INVALID");
    await client.get("/auth/me").expect(200);
    const wrong = await client.agent.post("/auth/logout").set("x-csrf-token", "not-the-token").expect(403);
    expect(wrong.body.error.code).toBe("CSRF_INVALID");
    await client.post("/auth/logout").expect(200, { success: true });
    const after = await client.get("/auth/me").expect(401);
    expect(after.body.error.code).toBe("UNAUTHENTICATED");
  });

  it("a session ends at its fixed lifetime (sessionTimeout hours), however active it was", async () => {
    clock.set("2026-11-22T08:00:00Z");
    const client = await signIn(app, fixture.tenant.slug, "member");
    clock.advance(7 * 3600 * 1000);
    await client.get("/auth/me").expect(200);
    clock.advance(59 * 60 * 1000);
    await client.get("/auth/me").expect(200);
    clock.advance(61 * 1000);
    await client.get("/auth/me").expect(401);
  });

  it("admins and owners get adminSessionTimeout; members get sessionTimeout", async () => {
    const custom = await createTenantFixture(app.db, { settings: { security: { sessionTimeout: 2, adminSessionTimeout: 1 } } });
    clock.set("2026-11-22T08:00:00Z");
    const admin = await signIn(app, custom.tenant.slug, "admin");
    const member = await signIn(app, custom.tenant.slug, "member");
    clock.advance(90 * 60 * 1000);
    await admin.get("/auth/me").expect(401);
    await member.get("/auth/me").expect(200);
    clock.advance(31 * 60 * 1000);
    await member.get("/auth/me").expect(401);
  });

  it("a deactivated or deleted user's session stops working at once", async () => {
    clock.set("2026-11-22T08:00:00Z");
    const victim = await createTenantFixture(app.db);
    const client = await signIn(app, victim.tenant.slug, "member");
    const owner = await signIn(app, victim.tenant.slug, "owner");
    await client.get("/auth/me").expect(200);
    await owner.put(`/admin/users/${victim.users.member.id}`, { deactivated: true }).expect(200);
    await client.get("/auth/me").expect(401);
    // Signing in again is refused the way OAuth refuses it, and starts no session.
    const again = await request(app.app).get(`/auth/demo?user=member&tenant=${victim.tenant.slug}`).expect(403);
    expect(again.body.error.code).toBe("ACCOUNT_DEACTIVATED");
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("a role change applies to the next request", async () => {
    clock.set("2026-11-22T08:00:00Z");
    const promoted = await createTenantFixture(app.db);
    const client = await signIn(app, promoted.tenant.slug, "member");
    const owner = await signIn(app, promoted.tenant.slug, "owner");
    await client.get("/users").expect(403);
    await owner.put(`/admin/users/${promoted.users.member.id}`, { role: "admin" }).expect(200);
    await client.get("/users").expect(200);
  });

  it("a change made behind the service's back (SQL) reaches the signed-in user within the shared reads' 2 s", async () => {
    clock.set("2026-11-22T08:00:00Z");
    const victim = await createTenantFixture(app.db);
    const client = await signIn(app, victim.tenant.slug, "member");
    await client.get("/auth/me").expect(200);
    await app.db("users").where({ id: victim.users.member.id }).update({ deactivated_at: new Date() });
    expect(await eventually(() => client.get("/auth/me").expect(401))).toBeLessThan(2500);
  });
});

describe("demo sign-in with FRONTEND_URL set", () => {
  it("redirects to the configured frontend, whatever address the request used", async () => {
    const app = await createTestApp({ env: { FRONTEND_URL: "https://qa.example.com" } });
    try {
      const fixture = await createTenantFixture(app.db);
      const response = await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}&returnTo=/alpha`).expect(302);
      expect(response.headers.location).toBe("https://qa.example.com/alpha?demo=true");
    } finally {
      await app.close();
    }
  });
});

describe("sign-in in production", () => {
  const productionEnv = {
    NODE_ENV: "production",
    SESSION_SECRET: TEST_SESSION_SECRET,
    GITHUB_CLIENT_ID: "github-client",
    GITHUB_CLIENT_SECRET: "github-secret",
  };

  it("demo mode is off unless forced: /auth/demo is 403 DEMO_DISABLED and /auth/modes says so", async () => {
    const app = await createTestApp({ redis: true, env: productionEnv });
    try {
      const fixture = await createTenantFixture(app.db);
      const response = await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`).expect(403);
      expect(response.body.error.code).toBe("DEMO_DISABLED");
      expect(response.headers["set-cookie"]).toBeUndefined();
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
    } finally {
      await app.close();
    }
  });

  it("the session cookie is Secure, HttpOnly and SameSite=Lax behind a TLS proxy", async () => {
    const app = await createTestApp({ redis: true, env: { ...productionEnv, AUTH_MODE_DEMO: "true" } });
    try {
      const fixture = await createTenantFixture(app.db);
      const response = await request(app.app).get(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}`).set("X-Forwarded-Proto", "https").expect(302);
      const cookie = sessionCookie(response.headers["set-cookie"]);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    } finally {
      await app.close();
    }
  });

  it("sessions live in Redis: a session survives a restart of the app", async () => {
    const first = await createTestApp({ redis: true });
    const fixture = await createTenantFixture(first.db);
    const client = await signIn(first, fixture.tenant.slug, "admin");
    const cookie = (await client.agent.get("/auth/me")).request.cookies as unknown as string;
    const kvPrefix = first.config.kv.prefix;
    const keys = await first.kv!.keys(`${kvPrefix}sess:*`);
    expect(keys.length).toBeGreaterThan(0);
    const ttl = await first.kv!.ttl(keys[0]!);
    expect(ttl).toBeGreaterThan(7 * 3600);
    expect(ttl).toBeLessThanOrEqual(8 * 3600);
    await first.close();

    const second = await createTestApp({ redis: true, kvPrefix });
    try {
      const me = await request(second.app).get("/auth/me").set("Cookie", cookie).expect(200);
      expect(me.body.user.id).toBe(fixture.users.admin.id);
    } finally {
      await second.close();
    }
  });
});
