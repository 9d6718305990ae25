import { createHash } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signIn, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function createToken(client: ApiClient, body: object = { name: "CI script" }): Promise<{ id: string; token: string; scope: string; expiresAt: string }> {
  const response = await client.post("/auth/tokens", body).expect(201);
  return response.body;
}

describe("API tokens (CONTRACT §6)", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  const clock = new ManualClock("2026-11-23T09:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  describe("issuing, listing and revoking", () => {
    it("POST /auth/tokens answers 201 {id, name, token, scope, createdAt, expiresAt}; only a hash is stored", async () => {
      const client = await signIn(app, fixture.tenant.slug, "admin");
      const response = await client.post("/auth/tokens", { name: "  Audit export  ", expiresInDays: 30 }).expect(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: "Audit export",
        token: expect.stringMatching(/^qa_pat_[A-Za-z0-9_-]{43}$/),
        scope: "full",
        createdAt: "2026-11-23T09:00:00.000Z",
        expiresAt: "2026-12-23T09:00:00.000Z",
      });
      const row = await app.db("api_tokens").where({ id: response.body.id }).first();
      expect(row.token_hash).toBe(createHash("sha256").update(response.body.token).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(response.body.token);
      expect(row).toMatchObject({ tenant_id: fixture.tenant.id, user_id: fixture.users.admin.id });
    });

    it("every token expires: without expiresInDays (or with null) after 90 days, at most after 365", async () => {
      clock.set("2026-11-23T09:00:00Z");
      const client = await signIn(app, fixture.tenant.slug, "member");
      expect((await createToken(client)).expiresAt).toBe("2027-02-21T09:00:00.000Z");
      expect((await createToken(client, { name: "default", expiresInDays: null })).expiresAt).toBe("2027-02-21T09:00:00.000Z");
      expect((await createToken(client, { name: "a year", expiresInDays: 365 })).expiresAt).toBe("2027-11-23T09:00:00.000Z");
      expect((await client.post("/auth/tokens", { name: "forever", expiresInDays: 366 }).expect(400)).body.error.details[0].path).toBe("body.expiresInDays");
    });

    it("GET /auth/tokens lists the caller's own tokens, newest first, never the secret", async () => {
      const tenant = await createTenantFixture(app.db);
      const owner = await signIn(app, tenant.tenant.slug, "moderator");
      const someoneElse = await signIn(app, tenant.tenant.slug, "admin");
      clock.set("2026-11-23T09:00:00Z");
      const first = await createToken(owner, { name: "first" });
      clock.advance(60_000);
      const second = await createToken(owner, { name: "second", expiresInDays: 1 });
      await createToken(someoneElse, { name: "not yours" });
      const list = await owner.get("/auth/tokens").expect(200);
      expect(list.body).toEqual([
        {
          id: second.id,
          name: "second",
          prefix: second.token.slice(0, 13),
          scope: "full",
          createdAt: "2026-11-23T09:01:00.000Z",
          expiresAt: "2026-11-24T09:01:00.000Z",
          lastUsedAt: null,
          expired: false,
        },
        expect.objectContaining({ id: first.id, name: "first", expiresAt: "2027-02-21T09:00:00.000Z" }),
      ]);
      expect(JSON.stringify(list.body)).not.toContain(first.token);
    });

    it("DELETE /auth/tokens/:id revokes at once (204), audited; the token stops working", async () => {
      const client = await signIn(app, fixture.tenant.slug, "member");
      const { id, token } = await createToken(client, { name: "to revoke" });
      await request(app.app).get("/auth/me").set(bearer(token)).expect(200);
      await client.delete(`/auth/tokens/${id}`).expect(204);
      const refused = await request(app.app).get("/auth/me").set(bearer(token)).expect(401);
      expect(refused.body.error.code).toBe("UNAUTHENTICATED");
      expect((await client.get("/auth/tokens").expect(200)).body.map((item: { id: string }) => item.id)).not.toContain(id);
      const actions = (await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, entity_id: id }).orderBy("created_at")).map((row) => row.action);
      expect(actions).toEqual(["api_token.create", "api_token.revoke"]);
    });

    it("another user's token, another tenant's token or an unknown id is 404 and stays valid", async () => {
      const mine = await signIn(app, fixture.tenant.slug, "owner");
      const colleague = await signIn(app, fixture.tenant.slug, "viewer");
      const stranger = await signIn(app, other.tenant.slug, "owner");
      const colleagues = await createToken(colleague);
      const strangers = await createToken(stranger);
      for (const id of [colleagues.id, strangers.id, "00000000-0000-4000-8000-000000000000"]) {
        const response = await mine.delete(`/auth/tokens/${id}`).expect(404);
        expect(response.body.error.code).toBe("NOT_FOUND");
      }
      await request(app.app).get("/auth/me").set(bearer(colleagues.token)).expect(200);
      await request(app.app).get("/auth/me").set(bearer(strangers.token)).expect(200);
      expect((await mine.delete("/auth/tokens/not-a-uuid").expect(404)).body.error.code).toBe("NOT_FOUND");
    });

    it("every role may hold tokens; a visitor may not (401)", async () => {
      for (const username of ["owner", "admin", "moderator", "member", "viewer"]) {
        const client = await signIn(app, fixture.tenant.slug, username);
        await createToken(client, { name: `${username}'s token` });
        await client.get("/auth/tokens").expect(200);
      }
      const anonymous = visitor(app, { "x-tenant-id": fixture.tenant.slug });
      expect((await anonymous.agent.post("/auth/tokens").set("x-tenant-id", fixture.tenant.slug).send({ name: "x" }).expect(401)).body.error.code).toBe(
        "UNAUTHENTICATED",
      );
      await anonymous.get("/auth/tokens").expect(401);
      await anonymous.agent.delete("/auth/tokens/00000000-0000-4000-8000-000000000000").set("x-tenant-id", fixture.tenant.slug).expect(401);
    });

    it("bad input is 400 VALIDATION_FAILED naming the field, and creates nothing", async () => {
      const tenant = await createTenantFixture(app.db);
      const client = await signIn(app, tenant.tenant.slug, "member");
      const cases: Array<[object | string, string]> = [
        [{}, "body.name"],
        [{ name: "   " }, "body.name"],
        [{ name: "x".repeat(101) }, "body.name"],
        [{ name: 42 }, "body.name"],
        [{ name: "ok", expiresInDays: 0 }, "body.expiresInDays"],
        [{ name: "ok", expiresInDays: -3 }, "body.expiresInDays"],
        [{ name: "ok", expiresInDays: 1.5 }, "body.expiresInDays"],
        [{ name: "ok", expiresInDays: "7" }, "body.expiresInDays"],
        [{ name: "ok", expiresInDays: 366 }, "body.expiresInDays"],
        [{ name: "ok", scope: "write" }, "body.scope"],
        [{ name: "ok", scope: "READ" }, "body.scope"],
      ];
      for (const [body, path] of cases) {
        const response = await client.post("/auth/tokens", body as object).expect(400);
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
        expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toContain(path);
      }
      const empty = await client.agent
        .post("/auth/tokens")
        .set("x-csrf-token", client.csrfToken)
        .set("Content-Type", "application/json")
        .send("[]")
        .expect(400);
      expect(empty.body.error.code).toBe("VALIDATION_FAILED");
      expect(await app.db("api_tokens").where({ tenant_id: tenant.tenant.id })).toEqual([]);
    });

    it("a user holds at most 50 tokens (409 TOKEN_LIMIT)", async () => {
      const tenant = await createTenantFixture(app.db);
      const client = await signIn(app, tenant.tenant.slug, "member");
      await app.db("api_tokens").insert(
        Array.from({ length: 50 }, (_, i) => ({
          tenant_id: tenant.tenant.id,
          user_id: tenant.users.member.id,
          name: `bulk ${i}`,
          token_hash: createHash("sha256").update(`bulk-${tenant.tenant.id}-${i}`).digest("hex"),
          token_prefix: "qa_pat_bulk",
          expires_at: new Date("2027-01-01T00:00:00Z"),
        })),
      );
      const response = await client.post("/auth/tokens", { name: "one too many" }).expect(409);
      expect(response.body.error.code).toBe("TOKEN_LIMIT");
      expect(await app.db("api_tokens").where({ tenant_id: tenant.tenant.id })).toHaveLength(50);
    });
  });

  describe("bearer authentication", () => {
    it("a token acts as its user with the user's role: admin routes for an admin's token, 403 for a member's", async () => {
      const admin = await createToken(await signIn(app, fixture.tenant.slug, "admin"));
      const member = await createToken(await signIn(app, fixture.tenant.slug, "member"));
      const me = await request(app.app).get("/auth/me").set(bearer(admin.token)).expect(200);
      expect(me.body).toMatchObject({ user: { id: fixture.users.admin.id, role: "admin" }, tenantSlug: fixture.tenant.slug });
      const users = await request(app.app).get("/users").set(bearer(admin.token)).expect(200);
      expect(users.body.map((user: { id: string }) => user.id)).toContain(fixture.users.member.id);
      expect((await request(app.app).get("/users").set(bearer(member.token)).expect(403)).body.error.code).toBe("FORBIDDEN");
      await request(app.app).get("/users").set("x-tenant-id", fixture.tenant.slug).expect(401);
    });

    it("a token carries its tenant: it wins over x-tenant-id and never reaches another tenant's data", async () => {
      const admin = await createToken(await signIn(app, fixture.tenant.slug, "admin"));
      const users = await request(app.app).get("/users").set(bearer(admin.token)).set("x-tenant-id", other.tenant.slug).expect(200);
      const ids = users.body.map((user: { id: string }) => user.id);
      expect(ids).toContain(fixture.users.admin.id);
      expect(ids).not.toContain(other.users.admin.id);
      const teams = await request(app.app).get("/teams").set(bearer(admin.token)).expect(200);
      expect(teams.body.map((team: { id: string }) => team.id).sort()).toEqual([fixture.teams.a.id, fixture.teams.b.id].sort());
      // Even a header naming no tenant at all: the token says which.
      const me = await request(app.app).get("/auth/me").set(bearer(admin.token)).set("x-tenant-id", "no-such-tenant").expect(200);
      expect(me.body).toMatchObject({ tenantSlug: fixture.tenant.slug, user: { id: fixture.users.admin.id } });
      // Without a usable token, the unknown tenant is refused as before.
      expect((await request(app.app).get("/auth/me").set("x-tenant-id", "no-such-tenant").expect(404)).body.error.code).toBe("TENANT_NOT_FOUND");
      expect((await request(app.app).get("/auth/me").set(bearer("qa_wrong")).set("x-tenant-id", "no-such-tenant").expect(401)).body.error.code).toBe(
        "UNAUTHENTICATED",
      );
    });

    it("a role change applies to the token's next request", async () => {
      const tenant = await createTenantFixture(app.db);
      const { token } = await createToken(await signIn(app, tenant.tenant.slug, "member"));
      const owner = await signIn(app, tenant.tenant.slug, "owner");
      await request(app.app).get("/users").set(bearer(token)).expect(403);
      await owner.put(`/admin/users/${tenant.users.member.id}`, { role: "admin" }).expect(200);
      await request(app.app).get("/users").set(bearer(token)).expect(200);
    });

    it("a deactivated user's tokens stop at once; a deleted user's tokens are gone", async () => {
      const tenant = await createTenantFixture(app.db);
      const viewer = await createToken(await signIn(app, tenant.tenant.slug, "viewer"));
      const member = await createToken(await signIn(app, tenant.tenant.slug, "member"));
      const owner = await signIn(app, tenant.tenant.slug, "owner");
      await owner.put(`/admin/users/${tenant.users.viewer.id}`, { deactivated: true }).expect(200);
      await request(app.app).get("/auth/me").set(bearer(viewer.token)).expect(401);
      await owner.delete(`/admin/users/${tenant.users.member.id}`).expect(204);
      await request(app.app).get("/auth/me").set(bearer(member.token)).expect(401);
      expect(await app.db("api_tokens").where({ id: member.id })).toEqual([]);
    });

    it("a token stops working when it expires", async () => {
      clock.set("2026-11-23T09:00:00Z");
      const { token } = await createToken(await signIn(app, fixture.tenant.slug, "member"), { name: "short", expiresInDays: 1 });
      clock.advance(24 * 3600 * 1000 - 1000);
      await request(app.app).get("/auth/me").set(bearer(token)).expect(200);
      clock.advance(1000);
      const response = await request(app.app).get("/auth/me").set(bearer(token)).expect(401);
      expect(response.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
    });

    it("unknown, malformed or empty bearer credentials are 401 with the error body, even on public routes", async () => {
      for (const header of ["Bearer qa_pat_" + "A".repeat(43), "Bearer not-a-token", "Bearer", "bearer    ", `Bearer ${"x".repeat(5000)}`]) {
        const response = await request(app.app).get("/teams").set("Authorization", header).set("x-tenant-id", fixture.tenant.slug).expect(401);
        expect(response.body).toEqual({ error: { code: "UNAUTHENTICATED", message: expect.any(String) }, requestId: expect.any(String) });
        expect(response.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
      }
      // Other schemes are not API tokens: the request is a visitor's.
      await request(app.app).get("/teams").set("Authorization", "Basic dXNlcjpwYXNz").set("x-tenant-id", fixture.tenant.slug).expect(200);
    });

    it("records when a token was last used", async () => {
      clock.set("2026-11-23T10:00:00Z");
      const client = await signIn(app, fixture.tenant.slug, "member");
      const { id, token } = await createToken(client, { name: "usage" });
      await request(app.app).get("/auth/me").set(bearer(token)).expect(200);
      const used = (await client.get("/auth/tokens").expect(200)).body.find((item: { id: string }) => item.id === id);
      expect(used.lastUsedAt).toBe("2026-11-23T10:00:00.000Z");
    });

    it("state-changing bearer requests need no CSRF token, while the same user's cookie session still does", async () => {
      const client = await signIn(app, fixture.tenant.slug, "member");
      const { token } = await createToken(client, { name: "writer" });
      const victim = await createToken(client, { name: "revoked by bearer" });
      await request(app.app).delete(`/auth/tokens/${victim.id}`).set(bearer(token)).expect(204);
      const withoutCsrf = await client.agent.delete(`/auth/tokens/00000000-0000-4000-8000-000000000000`).expect(403);
      expect(withoutCsrf.body.error.code).toBe("CSRF_INVALID");
      expect((await request(app.app).post("/auth/logout").set(bearer(token)).expect(200)).body).toEqual({ success: true });
      // The bearer "logout" ended nothing: the session and the token both still work.
      await client.get("/auth/me").expect(200);
      await request(app.app).get("/auth/me").set(bearer(token)).expect(200);
    });

    it("a read-only token reads what its user may read and changes nothing: every write is 403 TOKEN_SCOPE", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const { id, token, scope } = await createToken(admin, { name: "dashboard", scope: "read" });
      expect(scope).toBe("read");
      expect((await admin.get("/auth/tokens").expect(200)).body.find((item: { id: string }) => item.id === id)).toMatchObject({ scope: "read" });
      await request(app.app).get("/auth/me").set(bearer(token)).expect(200);
      await request(app.app).get("/admin/audit-logs").set(bearer(token)).expect(200);
      await request(app.app).head("/teams").set(bearer(token)).expect(200);
      const writes: Array<[string, string, object?]> = [
        ["post", `/teams/${fixture.teams.a.slug}/questions`, { body: "A question from a read-only token?" }],
        ["post", "/questions", { teamId: fixture.teams.a.id, body: "A question from a read-only token?" }],
        ["post", "/admin/tenant-settings", { features: { allowAnonymousQuestions: false } }],
        ["put", `/admin/users/${fixture.users.member.id}`, { role: "viewer" }],
        ["delete", `/admin/users/${fixture.users.member.id}`],
        ["post", "/admin/tags", { name: "From a token", color: "#112233" }],
        ["patch", "/auth/me", { name: "x" }],
        ["options", "/teams"],
      ];
      for (const [method, path, body] of writes) {
        const call = (request(app.app) as unknown as Record<string, (path: string) => request.Test>)[method]!(path).set(bearer(token));
        const response = await (body ? call.send(body) : call);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.error.code, `${method} ${path}`).toBe("TOKEN_SCOPE");
      }
      expect(await app.db("users").where({ id: fixture.users.member.id }).first()).toMatchObject({ role: "member", deactivated_at: null });
      expect(await app.db("tags").where({ tenant_id: fixture.tenant.id, name: "From a token" })).toEqual([]);
      expect((await app.db("tenant_settings").where({ tenant_id: fixture.tenant.id }).first()).settings.features?.allowAnonymousQuestions).not.toBe(false);
    });

    it("a token cannot mint more tokens (403): new tokens need a signed-in session", async () => {
      const { token } = await createToken(await signIn(app, fixture.tenant.slug, "owner"));
      const response = await request(app.app).post("/auth/tokens").set(bearer(token)).send({ name: "child" }).expect(403);
      expect(response.body.error.code).toBe("FORBIDDEN");
      await request(app.app).get("/auth/tokens").set(bearer(token)).expect(200);
    });
  });
});
