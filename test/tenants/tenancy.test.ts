import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantFromHost } from "../../src/platform/http/tenant.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

describe("tenant resolution and isolation", () => {
  let app: TestApp;
  let one: TenantFixture;
  let two: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ env: { BASE_DOMAIN: "qa.example.com" } });
    one = await createTenantFixture(app.db);
    two = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  const teamNames = (response: request.Response) => response.body.map((team: { id: string }) => team.id).sort();

  it("x-tenant-id accepts a slug or an id", async () => {
    const bySlug = await request(app.app).get("/teams").set("x-tenant-id", one.tenant.slug).expect(200);
    const byId = await request(app.app).get("/teams").set("x-tenant-id", one.tenant.id).expect(200);
    expect(teamNames(bySlug)).toEqual([one.teams.a.id, one.teams.b.id].sort());
    expect(teamNames(byId)).toEqual(teamNames(bySlug));
  });

  it("the subdomain names the tenant when it is one label under BASE_DOMAIN", async () => {
    const response = await request(app.app).get("/teams").set("Host", `${two.tenant.slug}.qa.example.com`).expect(200);
    expect(teamNames(response)).toEqual([two.teams.a.id, two.teams.b.id].sort());
  });

  it("without header or subdomain the `default` tenant answers", async () => {
    const response = await request(app.app).get("/teams").expect(200);
    expect(response.body.map((team: { slug: string }) => team.slug).sort()).toEqual(["engineering", "product"]);
  });

  it("the header wins over the subdomain", async () => {
    const response = await request(app.app).get("/teams").set("Host", `${two.tenant.slug}.qa.example.com`).set("x-tenant-id", one.tenant.slug).expect(200);
    expect(teamNames(response)).toEqual([one.teams.a.id, one.teams.b.id].sort());
  });

  it("an unknown tenant is 404 TENANT_NOT_FOUND with the error body", async () => {
    const response = await request(app.app).get("/teams").set("x-tenant-id", "no-such-tenant").expect(404);
    expect(response.body).toEqual({
      error: { code: "TENANT_NOT_FOUND", message: expect.any(String) },
      requestId: expect.any(String),
    });
    await request(app.app).get("/teams").set("Host", "unknown.qa.example.com").expect(404);
  });

  it("hosts only name a tenant under BASE_DOMAIN with exactly one more label; IPs and localhost never", () => {
    expect(tenantFromHost("acme.qa.example.com", "qa.example.com")).toBe("acme");
    expect(tenantFromHost("ACME.qa.example.com.", "qa.example.com")).toBe("acme");
    expect(tenantFromHost("a.b.qa.example.com", "qa.example.com")).toBeNull();
    expect(tenantFromHost("qa.example.com", "qa.example.com")).toBeNull();
    expect(tenantFromHost("acme.other.com", "qa.example.com")).toBeNull();
    expect(tenantFromHost("localhost", "qa.example.com")).toBeNull();
    expect(tenantFromHost("127.0.0.1", "qa.example.com")).toBeNull();
    expect(tenantFromHost("acme.qa.example.com", undefined)).toBeNull();
  });

  it("with a session, the session's tenant is used whatever the header says", async () => {
    const client = await signIn(app, one.tenant.slug, "admin");
    const response = await client.get("/teams").set("x-tenant-id", two.tenant.slug).expect(200);
    expect(teamNames(response)).toEqual([one.teams.a.id, one.teams.b.id].sort());
    const users = await client.get("/users").set("x-tenant-id", two.tenant.slug).expect(200);
    const ids = users.body.map((user: { id: string }) => user.id);
    expect(ids).toContain(one.users.admin.id);
    expect(ids).not.toContain(two.users.admin.id);
  });

  it("a demo login to another tenant replaces the session (one session never spans tenants)", async () => {
    const client = await signIn(app, one.tenant.slug, "admin");
    await client.agent.get(`/auth/demo?user=admin&tenant=${two.tenant.slug}`).expect(302);
    const me = await client.get("/auth/me").expect(200);
    expect(me.body).toMatchObject({ tenantSlug: two.tenant.slug, user: { id: two.users.admin.id } });
  });

  it("GET /tags lists only the tenant's tags: the six defaults", async () => {
    const response = await request(app.app).get("/tags").set("x-tenant-id", one.tenant.slug).expect(200);
    expect(response.body.map((tag: { name: string }) => tag.name).sort()).toEqual([
      "Bug",
      "Currently Presenting",
      "Feature Request",
      "Process",
      "Question",
      "Technical",
    ]);
    const otherIds = (await request(app.app).get("/tags").set("x-tenant-id", two.tenant.slug)).body.map((tag: { id: string }) => tag.id);
    for (const tag of response.body) expect(otherIds).not.toContain(tag.id);
  });

  it("GET /users is admin/owner only (member.view.all) and lists SPEC's fields", async () => {
    for (const username of ["moderator", "member", "viewer"]) {
      const client = await signIn(app, one.tenant.slug, username);
      expect((await client.get("/users").expect(403)).body.error.code).toBe("FORBIDDEN");
    }
    await request(app.app).get("/users").set("x-tenant-id", one.tenant.slug).expect(401);
    const owner = await signIn(app, one.tenant.slug, "owner");
    const response = await owner.get("/users").expect(200);
    expect(response.body).toHaveLength(8);
    expect(response.body[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      name: expect.any(String),
      role: expect.any(String),
      primaryTeamId: expect.any(String),
      avatarUrl: null,
      deactivated: false,
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it("visitors read teams and tags while anonymous questions are allowed, and get 401 when not", async () => {
    const closed = await createTenantFixture(app.db, { settings: { features: { allowAnonymousQuestions: false } } });
    await request(app.app).get("/teams").set("x-tenant-id", closed.tenant.slug).expect(401);
    await request(app.app).get("/tags").set("x-tenant-id", closed.tenant.slug).expect(401);
    const member = await signIn(app, closed.tenant.slug, "viewer");
    await member.get("/teams").expect(200);
  });

  it("the database refuses a reference to another tenant's record (composite keys)", async () => {
    await expect(
      app.db("team_members").insert({ tenant_id: one.tenant.id, team_id: two.teams.a.id, user_id: one.users.member.id, role: "member" }),
    ).rejects.toThrow(/foreign key/);
    await expect(app.db("users").where({ id: one.users.member.id }).update({ primary_team_id: two.teams.a.id })).rejects.toThrow(/foreign key/);
  });
});

describe("GET /tenant", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("gives any client the tenant's name, branding and question rules, and nothing else of the settings", async () => {
    const fixture = await createTenantFixture(app.db, {
      settings: { branding: { theme: "refined-teal", primaryColor: "#112233" }, questions: { minLength: 12 }, features: { allowAnonymousQuestions: false } },
    });
    const response = await request(app.app).get("/tenant").set("x-tenant-id", fixture.tenant.slug).expect(200);
    expect(response.body).toEqual({
      id: fixture.tenant.id,
      slug: fixture.tenant.slug,
      name: fixture.tenant.name,
      address: null,
      settings: {
        questions: { minLength: 12, maxLength: 2000 },
        features: { allowAnonymousQuestions: false, requireQuestionApproval: false },
        branding: { theme: "refined-teal", primaryColor: "#112233", accentColor: null, logoUrl: null, faviconUrl: null },
        pulse: { enabled: false },
      },
    });
    expect(JSON.stringify(response.body)).not.toContain("rateLimits");
    const member = await signIn(app, fixture.tenant.slug, "member");
    expect((await member.get("/tenant").expect(200)).body.slug).toBe(fixture.tenant.slug);
  });
});
