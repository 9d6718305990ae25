import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { ERROR_SCHEMA, entraUser, oktaUser, PATCH_SCHEMA, scimClient, scimToken, USER_SCHEMA, type ScimClient } from "./scim-helpers.js";

const email = (prefix = "person") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

describe("SCIM Users (CONTRACT §10, RFC 7644)", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let scim: ScimClient;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    scim = scimClient(app, await scimToken(app, fixture.tenant.slug));
  });
  afterAll(() => app.close());

  it("creates a user as Okta sends one: 201 in SCIM's shape, application/scim+json, audited as the identity provider's", async () => {
    const userName = email("okta");
    const response = await scim.post("/Users", oktaUser(userName, { externalId: `okta-${randomUUID()}` })).expect(201);
    expect(response.headers["content-type"]).toMatch(/^application\/scim\+json/);
    expect(response.body).toEqual({
      schemas: [USER_SCHEMA],
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      externalId: expect.stringMatching(/^okta-/),
      userName,
      name: { formatted: "Ada Lovelace", givenName: "Ada", familyName: "Lovelace" },
      displayName: "Ada Lovelace",
      emails: [{ value: userName, type: "work", primary: true }],
      active: true,
      meta: {
        resourceType: "User",
        location: `${app.config.baseUrl}/scim/v2/Users/${response.body.id}`,
        created: expect.any(String),
        lastModified: expect.any(String),
      },
    });
    const row = await app.db("users").where({ id: response.body.id }).first();
    expect(row).toMatchObject({ tenant_id: fixture.tenant.id, email: userName, name: "Ada Lovelace", deactivated_at: null });
    const created = (await auditActions(app.db, fixture.tenant.id, "user.create")).find((entry) => entry.entity_id === response.body.id);
    expect(created).toMatchObject({ user_id: null, metadata: expect.objectContaining({ via: "scim" }) });
  });

  it("creates a user as Entra ID sends one, and finds it by userName and by externalId", async () => {
    const upn = email("entra");
    const externalId = randomUUID();
    const created = await scim.post("/Users", entraUser(upn, externalId)).expect(201);
    expect(created.body).toMatchObject({ userName: upn, externalId, active: true, name: { formatted: "Grace Hopper" } });

    const byName = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${upn.toUpperCase()}"`)}`).expect(200);
    expect(byName.body).toEqual({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [expect.objectContaining({ id: created.body.id, userName: upn })],
    });
    const byExternal = await scim.get(`/Users?filter=${encodeURIComponent(`externalId eq "${externalId}"`)}`).expect(200);
    expect(byExternal.body.Resources.map((user: { id: string }) => user.id)).toEqual([created.body.id]);
    const none = await scim.get(`/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`).expect(200);
    expect(none.body).toMatchObject({ totalResults: 0, itemsPerPage: 0, Resources: [] });
  });

  it("a duplicate userName is 409 uniqueness in SCIM's error format", async () => {
    const response = await scim.post("/Users", oktaUser(fixture.users.member.email.toUpperCase())).expect(409);
    expect(response.headers["content-type"]).toMatch(/^application\/scim\+json/);
    expect(response.body).toEqual({ schemas: [ERROR_SCHEMA], status: "409", scimType: "uniqueness", detail: expect.any(String) });
  });

  it("a body that is not a user is 400 invalidSyntax; a userName that is not an e-mail address is 400 invalidValue", async () => {
    const missing = await scim.post("/Users", { schemas: [USER_SCHEMA], name: { givenName: "No" } }).expect(400);
    expect(missing.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidSyntax" });
    const notEmail = await scim.post("/Users", oktaUser("just-a-name")).expect(400);
    expect(notEmail.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidValue" });
    const broken = await scim.postText("/Users", '{"userName": "a@example.com"').expect(400);
    expect(broken.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidSyntax" });
  });

  it("GET /Users/:id answers the user; an unknown id, a malformed one and another tenant's user are 404", async () => {
    const user = await scim.post("/Users", oktaUser(email())).expect(201);
    await scim.get(`/Users/${user.body.id}`).expect(200);
    const other = await createTenantFixture(app.db);
    for (const id of [randomUUID(), "not-a-uuid", other.users.member.id]) {
      const response = await scim.get(`/Users/${id}`).expect(404);
      expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
      expect(response.body.scimType).toBeUndefined();
    }
  });

  it("pages with startIndex (1-based) and count", async () => {
    const tenant = await createTenantFixture(app.db);
    const client = scimClient(app, await scimToken(app, tenant.tenant.slug));
    const all = await client.get("/Users?count=200").expect(200);
    expect(all.body.totalResults).toBe(8);
    const page = await client.get("/Users?startIndex=3&count=2").expect(200);
    expect(page.body).toMatchObject({ totalResults: 8, startIndex: 3, itemsPerPage: 2 });
    expect(page.body.Resources.map((user: { id: string }) => user.id)).toEqual(all.body.Resources.slice(2, 4).map((user: { id: string }) => user.id));
    const past = await client.get("/Users?startIndex=50").expect(200);
    expect(past.body).toMatchObject({ totalResults: 8, startIndex: 50, itemsPerPage: 0, Resources: [] });
    const zero = await client.get("/Users?count=0").expect(200);
    expect(zero.body).toMatchObject({ totalResults: 8, itemsPerPage: 0 });
    const bad = await client.get("/Users?count=ten").expect(400);
    expect(bad.body).toMatchObject({ scimType: "invalidValue" });
  });

  it.each([
    ['userName eq "a" or 1 eq 1'],
    ['userName co "a"'],
    ['userName sw "a"'],
    ["userName pr"],
    ['userName eq "a'],
    ['userName eq "a" and active eq true'],
    ["userName eq 'a' OR '1'='1'"],
    ['userName eq "a"; drop table users; --'],
    ['emails eq "a@example.com"'],
    ['(userName eq "a")'],
    ["userName eq a"],
    ['userName eq "a\\"'],
    [""],
  ])("the filter %j is 400 invalidFilter", async (filter) => {
    const response = await scim.get(`/Users?filter=${encodeURIComponent(filter)}`).expect(400);
    expect(response.body).toEqual({ schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidFilter", detail: expect.any(String) });
  });

  it("a quote or SQL inside the value is only a value (bound, never SQL)", async () => {
    const response = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "x' or '1'='1"`)}`).expect(200);
    expect(response.body.totalResults).toBe(0);
    const escaped = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "a\\" or \\"1\\"=\\"1"`)}`).expect(200);
    expect(escaped.body.totalResults).toBe(0);
  });

  it("PUT replaces the user's name, userName and externalId", async () => {
    const user = await scim.post("/Users", oktaUser(email())).expect(201);
    const renamed = email("renamed");
    const response = await scim
      .put(`/Users/${user.body.id}`, { ...oktaUser(renamed, { givenName: "Augusta", familyName: "King", externalId: "okta-replaced" }), id: user.body.id })
      .expect(200);
    expect(response.body).toMatchObject({ userName: renamed, externalId: "okta-replaced", name: { formatted: "Augusta King" }, active: true });
    // Okta deactivates with a PUT of the whole user, active false.
    const deactivated = await scim.put(`/Users/${user.body.id}`, { ...oktaUser(renamed, { externalId: "okta-replaced" }), active: false }).expect(200);
    expect(deactivated.body.active).toBe(false);
    expect((await app.db("users").where({ id: user.body.id }).first()).deactivated_at).not.toBeNull();
    const taken = await scim.put(`/Users/${user.body.id}`, oktaUser(fixture.users.viewer.email)).expect(409);
    expect(taken.body.scimType).toBe("uniqueness");
  });

  it("PATCH as Entra ID sends it: Replace with a path, string booleans, name parts", async () => {
    const user = await scim.post("/Users", entraUser(email("entra"), randomUUID())).expect(201);
    const response = await scim
      .patch(`/Users/${user.body.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [
          { op: "Replace", path: "name.familyName", value: "Murray" },
          { op: "Add", path: 'emails[type eq "work"].value', value: "ignored@example.com" },
          { op: "Replace", path: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", value: "Navy" },
          { op: "Replace", path: "active", value: "False" },
        ],
      })
      .expect(200);
    expect(response.body).toMatchObject({ active: false, name: { formatted: "Grace Murray" } });
    const back = await scim
      .patch(`/Users/${user.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Replace", path: "active", value: "True" }] })
      .expect(200);
    expect(back.body.active).toBe(true);
    const wrong = await scim
      .patch(`/Users/${user.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Replace", path: "active", value: "maybe" }] })
      .expect(400);
    expect(wrong.body.scimType).toBe("invalidValue");
    const noOps = await scim.patch(`/Users/${user.body.id}`, { schemas: [PATCH_SCHEMA] }).expect(400);
    expect(noOps.body.scimType).toBe("invalidSyntax");
  });

  it("PATCH as Okta sends it: replace without a path, value {active: false}", async () => {
    const user = await scim.post("/Users", oktaUser(email())).expect(201);
    const response = await scim
      .patch(`/Users/${user.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { active: false } }] })
      .expect(200);
    expect(response.body.active).toBe(false);
    const entries = await auditActions(app.db, fixture.tenant.id, "user.update");
    expect(entries.find((entry) => entry.entity_id === user.body.id)).toMatchObject({ user_id: null, after: { deactivated: true } });
  });

  it("deactivation ends the person's open session and API tokens at once (the next request is 401)", async () => {
    const person = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.a.id });
    const session = await signIn(app, fixture.tenant.slug, person.username);
    const token = (await session.post("/auth/tokens", { name: "script" }).expect(201)).body.token as string;
    await session.get("/auth/me").expect(200);
    await request(app.app).get("/auth/me").set("Authorization", `Bearer ${token}`).expect(200);

    await scim.patch(`/Users/${person.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Replace", path: "active", value: "False" }] }).expect(200);

    expect((await session.get("/auth/me").expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    await request(app.app).get("/auth/me").set("Authorization", `Bearer ${token}`).expect(401);
  });

  it("DELETE deactivates (204): the person can no longer sign in and shows as inactive", async () => {
    const person = await insertUser(app.db, fixture.tenant.id);
    const session = await signIn(app, fixture.tenant.slug, person.username);
    await scim.delete(`/Users/${person.id}`).expect(204);
    await session.get("/auth/me").expect(401);
    expect((await scim.get(`/Users/${person.id}`).expect(200)).body.active).toBe(false);
    await scim.delete(`/Users/${randomUUID()}`).expect(404);
  });

  it("the tenant's last owner cannot be deactivated by SCIM either (409)", async () => {
    const tenant = await createTenantFixture(app.db);
    const client = scimClient(app, await scimToken(app, tenant.tenant.slug));
    const response = await client
      .patch(`/Users/${tenant.users.owner.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { active: false } }] })
      .expect(409);
    expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "409" });
  });
});
