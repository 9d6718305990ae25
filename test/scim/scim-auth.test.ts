import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { ERROR_SCHEMA, GROUP_SCHEMA, oktaUser, scimClient, scimToken, USER_SCHEMA } from "./scim-helpers.js";

describe("SCIM tokens and discovery (CONTRACT §10)", () => {
  let app: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let tokenA: string;

  beforeAll(async () => {
    app = await createTestApp();
    a = await createTenantFixture(app.db);
    b = await createTenantFixture(app.db);
    tokenA = await scimToken(app, a.tenant.slug);
  });
  afterAll(() => app.close());

  it("an admin creates a token: shown once with the SCIM base URL, listed without its secret, stored hashed, audited", async () => {
    const admin = await signIn(app, a.tenant.slug, "admin");
    const created = await admin.post("/admin/scim-tokens", { name: "  Entra ID  " }).expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Entra ID",
      token: expect.stringMatching(/^qa_scim_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      scimBaseUrl: `${app.config.baseUrl}/scim/v2`,
    });
    const list = await admin.get("/admin/scim-tokens").expect(200);
    expect(list.body).toContainEqual({
      id: created.body.id,
      name: "Entra ID",
      prefix: created.body.token.slice(0, 14),
      createdAt: created.body.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    const row = await app.db("scim_tokens").where({ id: created.body.id }).first();
    expect(JSON.stringify(row)).not.toContain(created.body.token);

    await scimClient(app, created.body.token).get("/ServiceProviderConfig").expect(200);
    const used = await admin.get("/admin/scim-tokens").expect(200);
    expect(used.body.find((token: { id: string }) => token.id === created.body.id).lastUsedAt).toEqual(expect.any(String));

    await admin.delete(`/admin/scim-tokens/${created.body.id}`).expect(204);
    await scimClient(app, created.body.token).get("/Users").expect(401);
    await admin.delete(`/admin/scim-tokens/${created.body.id}`).expect(404);
    const actions = (await auditActions(app.db, a.tenant.id)).filter((entry) => entry.entity_id === created.body.id).map((entry) => entry.action);
    expect(actions.sort()).toEqual(["scim_token.create", "scim_token.revoke"]);
  });

  it("managing tokens needs an admin: a moderator or member gets 403; a blank name is 400", async () => {
    for (const role of ["moderator", "member"]) {
      const client = await signIn(app, a.tenant.slug, role);
      await client.get("/admin/scim-tokens").expect(403);
      await client.post("/admin/scim-tokens", { name: "x" }).expect(403);
    }
    const admin = await signIn(app, a.tenant.slug, "admin");
    expect((await admin.post("/admin/scim-tokens", { name: "  " }).expect(400)).body.error.code).toBe("VALIDATION_FAILED");
  });

  it("without a token, with a bad one, or with another scheme: 401 in SCIM's error format", async () => {
    for (const authorization of [undefined, "Bearer ", "Bearer qa_scim_nope", `Basic ${Buffer.from("a:b").toString("base64")}`]) {
      const req = request(app.app).get("/scim/v2/Users");
      const response = await (authorization ? req.set("Authorization", authorization) : req).expect(401);
      expect(response.headers["content-type"]).toMatch(/^application\/scim\+json/);
      expect(response.body).toEqual({ schemas: [ERROR_SCHEMA], status: "401", detail: expect.any(String) });
    }
  });

  it("a token of tenant A acts on A only, whatever the x-tenant-id or host, and never sees B's users", async () => {
    const attempts: Array<Record<string, string>> = [
      { "x-tenant-id": b.tenant.slug },
      { "x-tenant-id": b.tenant.id },
      { Host: `${b.tenant.slug}.example.com` },
    ];
    for (const headers of attempts) {
      const client = scimClient(app, tokenA, headers);
      const list = await client.get("/Users?count=200").expect(200);
      const ids = list.body.Resources.map((user: { id: string }) => user.id);
      expect(ids).toContain(a.users.member.id);
      expect(ids).not.toContain(b.users.member.id);
      await client.get(`/Users/${b.users.member.id}`).expect(404);
      const filtered = await client.get(`/Users?filter=${encodeURIComponent(`userName eq "${b.users.member.email}"`)}`).expect(200);
      expect(filtered.body.totalResults).toBe(0);
      await client.patch(`/Users/${b.users.member.id}`, { Operations: [{ op: "replace", value: { active: false } }] }).expect(404);
      await client.get(`/Groups/${b.teams.a.id}`).expect(404);
    }
    const created = await scimClient(app, tokenA, { "x-tenant-id": b.tenant.slug })
      .post("/Users", oktaUser(`cross-${Date.now()}@example.com`))
      .expect(201);
    expect((await app.db("users").where({ id: created.body.id }).first()).tenant_id).toBe(a.tenant.id);
    expect((await app.db("users").where({ id: b.users.member.id }).first()).deactivated_at).toBeNull();
  });

  it("an API token does not work on /scim/v2, and a SCIM token does not work on the API", async () => {
    const admin = await signIn(app, a.tenant.slug, "admin");
    const apiToken = (await admin.post("/auth/tokens", { name: "script" }).expect(201)).body.token as string;
    await request(app.app).get("/auth/me").set("Authorization", `Bearer ${apiToken}`).expect(200);
    const refused = await scimClient(app, apiToken).get("/Users").expect(401);
    expect(refused.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "401" });

    for (const path of ["/auth/me", "/users", "/admin/scim-tokens"]) {
      const response = await request(app.app).get(path).set("Authorization", `Bearer ${tokenA}`).expect(401);
      expect(response.body.error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("discovery: ServiceProviderConfig, ResourceTypes and Schemas", async () => {
    const scim = scimClient(app, tokenA);
    const config = await scim.get("/ServiceProviderConfig").expect(200);
    expect(config.headers["content-type"]).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: "oauthbearertoken" })],
    });
    const types = await scim.get("/ResourceTypes").expect(200);
    expect(types.body).toMatchObject({
      totalResults: 2,
      Resources: [
        { id: "User", endpoint: "/Users", schema: USER_SCHEMA },
        { id: "Group", endpoint: "/Groups", schema: GROUP_SCHEMA },
      ],
    });
    await scim.get("/ResourceTypes/User").expect(200);
    const schemas = await scim.get("/Schemas").expect(200);
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([USER_SCHEMA, GROUP_SCHEMA]);
    const user = await scim.get(`/Schemas/${USER_SCHEMA}`).expect(200);
    expect(user.body.attributes.map((attribute: { name: string }) => attribute.name)).toContain("userName");
    const missing = await scim.get("/Schemas/urn:nothing").expect(404);
    expect(missing.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
    expect((await scim.get("/Bulk").expect(404)).body.schemas).toEqual([ERROR_SCHEMA]);
  });

  it("the rest of the API keeps its own error body", async () => {
    const response = await request(app.app).get("/users").set("x-tenant-id", a.tenant.slug).expect(401);
    expect(response.body).toEqual({ error: { code: "UNAUTHENTICATED", message: expect.any(String) }, requestId: expect.any(String) });
  });
});
