import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, insertQuestion, insertUser } from "../helpers/factories.js";
import { auditActions } from "../helpers/audit-log.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("user administration", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  const countUsers = async (tenantId: string) => Number((await app.db("users").where({ tenant_id: tenantId }).count("* as count").first())?.count);

  describe("GET /users", () => {
    it("lists the tenant's users with SPEC's fields, deactivated ones flagged", async () => {
      const own = await createTenantFixture(app.db);
      await app.db("users").where({ id: own.users.viewer.id }).update({ deactivated_at: new Date() });
      const admin = await signIn(app, own.tenant.slug, "admin");
      const { body } = await admin.get("/users").expect(200);
      expect(body).toHaveLength(8);
      expect(body.find((user: { id: string }) => user.id === own.users.member.id)).toEqual({
        id: own.users.member.id,
        email: own.users.member.email,
        name: own.users.member.name,
        role: "member",
        primaryTeamId: own.teams.a.id,
        avatarUrl: null,
        deactivated: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      });
      expect(body.find((user: { id: string }) => user.id === own.users.viewer.id).deactivated).toBe(true);
    });
  });

  describe("POST /admin/users", () => {
    it("creates a member by default, answers 201 with the user and audits user.create", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const response = await admin.post("/admin/users", { email: "  Dana@Example.com ", name: " Dana Scully " }).expect(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        email: "dana@example.com",
        name: "Dana Scully",
        role: "member",
        primaryTeamId: null,
        avatarUrl: null,
        deactivated: false,
        createdAt: expect.any(String),
      });
      const listed = await admin.get("/users").expect(200);
      expect(listed.body.map((user: { id: string }) => user.id)).toContain(response.body.id);
      const [entry] = (await auditActions(app.db, fixture.tenant.id, "user.create")).filter((row) => row.entity_id === response.body.id);
      expect(entry).toMatchObject({ user_id: fixture.users.admin.id, entity_type: "user", after: { email: "dana@example.com", role: "member" } });
    });

    it("takes a role and a primary team, and gives the user a membership of that team", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const response = await admin
        .post("/admin/users", { email: "mod@example.com", name: "Mo Derator", role: "moderator", primaryTeamId: fixture.teams.b.id })
        .expect(201);
      expect(response.body).toMatchObject({ role: "moderator", primaryTeamId: fixture.teams.b.id });
      const membership = await app.db("team_members").where({ tenant_id: fixture.tenant.id, team_id: fixture.teams.b.id, user_id: response.body.id }).first();
      expect(membership?.role).toBe("member");
    });

    it("an admin cannot grant admin or owner (403); an owner can", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      for (const role of ["admin", "owner"]) {
        const refused = await admin.post("/admin/users", { email: `${role}-by-admin@example.com`, name: "Nope", role }).expect(403);
        expect(refused.body.error.code).toBe("FORBIDDEN");
      }
      expect(
        await app.db("users").where({ tenant_id: fixture.tenant.id }).whereIn("email", ["admin-by-admin@example.com", "owner-by-admin@example.com"]),
      ).toHaveLength(0);
      const owner = await signIn(app, fixture.tenant.slug, "owner");
      await owner.post("/admin/users", { email: "second-admin@example.com", name: "Second Admin", role: "admin" }).expect(201);
      await owner.post("/admin/users", { email: "second-owner@example.com", name: "Second Owner", role: "owner" }).expect(201);
    });

    it("an email already used in the tenant (any case) is 409 DUPLICATE; the same email in another tenant is fine", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const response = await admin.post("/admin/users", { email: fixture.users.member.email.toUpperCase(), name: "Copy" }).expect(409);
      expect(response.body.error.code).toBe("DUPLICATE");
      const otherAdmin = await signIn(app, other.tenant.slug, "admin");
      await otherAdmin.post("/admin/users", { email: fixture.users.member.email, name: "Same email, other tenant" }).expect(201);
    });

    it.each([
      ["no email", { name: "No Email" }, "body.email"],
      ["a malformed email", { email: "not-an-email", name: "X" }, "body.email"],
      ["an empty name", { email: "empty-name@example.com", name: "   " }, "body.name"],
      ["an unknown role", { email: "role@example.com", name: "X", role: "superuser" }, "body.role"],
      ["a primary team that is not a uuid", { email: "team@example.com", name: "X", primaryTeamId: "alpha" }, "body.primaryTeamId"],
    ])("refuses %s with 400 and creates nobody", async (_name, body, path) => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const before = await countUsers(fixture.tenant.id);
      const response = await admin.post("/admin/users", body).expect(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: expect.arrayContaining([expect.objectContaining({ path })]) });
      expect(await countUsers(fixture.tenant.id)).toBe(before);
    });

    it("a primary team of another tenant is 404 and creates nobody", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      const before = await countUsers(fixture.tenant.id);
      const response = await admin.post("/admin/users", { email: "foreign-team@example.com", name: "X", primaryTeamId: other.teams.a.id }).expect(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
      expect(await countUsers(fixture.tenant.id)).toBe(before);
    });
  });

  describe("PUT /admin/users/:id", () => {
    it("changes name, email, role and primary team; audits only the changed fields", async () => {
      const own = await createTenantFixture(app.db);
      const owner = await signIn(app, own.tenant.slug, "owner");
      const target = own.users.memberB;
      const response = await owner
        .put(`/admin/users/${target.id}`, { name: "Renamed", email: "Renamed@Example.com", role: "moderator", primaryTeamId: own.teams.a.id })
        .expect(200);
      expect(response.body).toMatchObject({ id: target.id, name: "Renamed", email: "renamed@example.com", role: "moderator", primaryTeamId: own.teams.a.id });
      const membership = await app.db("team_members").where({ tenant_id: own.tenant.id, team_id: own.teams.a.id, user_id: target.id }).first();
      expect(membership?.role).toBe("member");
      const [entry] = await auditActions(app.db, own.tenant.id, "user.update");
      expect(entry).toMatchObject({
        user_id: own.users.owner.id,
        entity_id: target.id,
        before: { name: target.name, email: target.email, role: "member", primaryTeamId: own.teams.b.id },
        after: { name: "Renamed", email: "renamed@example.com", role: "moderator", primaryTeamId: own.teams.a.id },
      });
      expect(Object.keys(entry?.after ?? {}).sort()).toEqual(["email", "name", "primaryTeamId", "role"]);
    });

    it("a role change applies to the user's next request", async () => {
      const own = await createTenantFixture(app.db);
      const owner = await signIn(app, own.tenant.slug, "owner");
      const member = await signIn(app, own.tenant.slug, "member");
      await member.get("/users").expect(403);
      await owner.put(`/admin/users/${own.users.member.id}`, { role: "admin" }).expect(200);
      await member.get("/users").expect(200);
    });

    it("deactivation signs the user out at once and keeps them out; reactivation lets them back in", async () => {
      const own = await createTenantFixture(app.db);
      const owner = await signIn(app, own.tenant.slug, "owner");
      const member = await signIn(app, own.tenant.slug, "member");
      const response = await owner.put(`/admin/users/${own.users.member.id}`, { deactivated: true }).expect(200);
      expect(response.body.deactivated).toBe(true);
      expect((await member.get("/auth/me").expect(401)).body.error.code).toBe("UNAUTHENTICATED");
      await request(app.app).get(`/auth/demo?user=member&tenant=${own.tenant.slug}`).expect(403);
      const [entry] = await auditActions(app.db, own.tenant.id, "user.update");
      expect(entry).toMatchObject({ before: { deactivated: false }, after: { deactivated: true } });
      await owner.put(`/admin/users/${own.users.member.id}`, { deactivated: false }).expect(200);
      const back = await signIn(app, own.tenant.slug, "member");
      await back.get("/auth/me").expect(200);
    });

    it("deactivation stops the user's API tokens at once too", async () => {
      const own = await createTenantFixture(app.db);
      const owner = await signIn(app, own.tenant.slug, "owner");
      const admin = await signIn(app, own.tenant.slug, "admin");
      const { body } = await admin.post("/auth/tokens", { name: "nightly audit pull" }).expect(201);
      const pull = () => request(app.app).get("/admin/audit?limit=1").set("authorization", `Bearer ${body.token}`);
      await pull().expect(200);
      await owner.put(`/admin/users/${own.users.admin.id}`, { deactivated: true }).expect(200);
      expect((await pull().expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    });

    it("the last active owner cannot be demoted or deactivated (409 LAST_OWNER); with a second owner they can", async () => {
      const own = await createTenantFixture(app.db);
      const owner = await signIn(app, own.tenant.slug, "owner");
      for (const change of [{ role: "admin" }, { deactivated: true }]) {
        const response = await owner.put(`/admin/users/${own.users.owner.id}`, change).expect(409);
        expect(response.body.error.code).toBe("LAST_OWNER");
      }
      expect((await app.db("users").where({ id: own.users.owner.id }).first()).role).toBe("owner");
      await owner.put(`/admin/users/${own.users.admin.id}`, { role: "owner" }).expect(200);
      await owner.put(`/admin/users/${own.users.owner.id}`, { role: "admin" }).expect(200);
    });

    it("two owners demoting each other at the same moment leave one owner", async () => {
      const own = await createTenantFixture(app.db);
      await app.db("users").where({ id: own.users.admin.id }).update({ role: "owner" });
      const first = await signIn(app, own.tenant.slug, "owner");
      const second = await signIn(app, own.tenant.slug, "admin");
      const results = await Promise.all([
        first.put(`/admin/users/${own.users.admin.id}`, { role: "member" }),
        second.put(`/admin/users/${own.users.owner.id}`, { role: "member" }),
      ]);
      const statuses = results.map((response) => response.status).sort();
      // Either one demotion wins and the other finds itself no longer owner (403) or the last owner (409).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await app.db("users").where({ tenant_id: own.tenant.id, role: "owner" }).whereNull("deactivated_at");
      expect(owners).toHaveLength(1);
    });

    it("an email of another user of the tenant is 409 DUPLICATE and nothing changes", async () => {
      const own = await createTenantFixture(app.db);
      const owner = await signIn(app, own.tenant.slug, "owner");
      const response = await owner.put(`/admin/users/${own.users.member.id}`, { email: own.users.viewer.email, name: "Changed" }).expect(409);
      expect(response.body.error.code).toBe("DUPLICATE");
      expect((await app.db("users").where({ id: own.users.member.id }).first()).name).toBe(own.users.member.name);
    });

    it("an empty body or bad values are 400; an unknown, or another tenant's, user or team is 404", async () => {
      const owner = await signIn(app, fixture.tenant.slug, "owner");
      expect((await owner.put(`/admin/users/${fixture.users.member.id}`, {}).expect(400)).body.error.code).toBe("VALIDATION_FAILED");
      await owner.put(`/admin/users/${fixture.users.member.id}`, { role: "root" }).expect(400);
      await owner.put(`/admin/users/${fixture.users.member.id}`, { deactivated: "yes" }).expect(400);
      expect((await owner.put("/admin/users/not-a-uuid", { name: "X" }).expect(404)).body.error.code).toBe("NOT_FOUND");
      expect((await owner.put(`/admin/users/${UNKNOWN_ID}`, { name: "X" }).expect(404)).body.error.code).toBe("NOT_FOUND");
      await owner.put(`/admin/users/${other.users.member.id}`, { name: "Hijacked" }).expect(404);
      await owner.put(`/admin/users/${fixture.users.member.id}`, { primaryTeamId: other.teams.a.id }).expect(404);
      expect((await app.db("users").where({ id: other.users.member.id }).first()).name).toBe(other.users.member.name);
    });

    it("admins may not edit users (member.edit is owner only)", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      expect((await admin.put(`/admin/users/${fixture.users.member.id}`, { name: "X" }).expect(403)).body.error.code).toBe("FORBIDDEN");
    });
  });

  describe("DELETE /admin/users/:id", () => {
    it("keeps the user's questions anonymised, answers, pulse responses and audit entries; removes invites, memberships and upvotes", async () => {
      const own = await createTenantFixture(app.db);
      const tenantId = own.tenant.id;
      const leaver = await insertUser(app.db, tenantId, { teamId: own.teams.a.id, role: "moderator" });
      const asked = await insertQuestion(app.db, tenantId, own.teams.a.id, { authorId: leaver.id, upvoteCount: 1 });
      const answered = await insertQuestion(app.db, tenantId, own.teams.a.id, { authorId: own.users.member.id, responderId: leaver.id, upvoteCount: 2 });
      await app.db("upvotes").insert([
        { tenant_id: tenantId, question_id: answered.id, user_id: leaver.id },
        { tenant_id: tenantId, question_id: answered.id, user_id: own.users.member.id },
        { tenant_id: tenantId, question_id: asked.id, user_id: own.users.member.id },
      ]);
      const [pulseQuestion] = await app.db("pulse_questions").insert({ tenant_id: tenantId, text: "How was your week?" }).returning(["id"]);
      await app.db("pulse_invites").insert({
        tenant_id: tenantId,
        token: randomUUID(),
        user_id: leaver.id,
        question_id: pulseQuestion.id,
        cohort_name: "cohort-0",
        team_id: own.teams.a.id,
        sent_at: new Date(),
        expires_at: new Date(Date.now() + 7 * 86400_000),
        responded_at: new Date(),
      });
      await app
        .db("pulse_responses")
        .insert({ tenant_id: tenantId, question_id: pulseQuestion.id, team_id: own.teams.a.id, score: 4, responded_at: new Date("2026-11-23T00:00:00Z") });
      const session = await signIn(app, own.tenant.slug, leaver.username);
      const auditBefore = (await auditActions(app.db, tenantId)).filter((row) => row.user_id === leaver.id).length;
      expect(auditBefore).toBeGreaterThan(0);
      const events: unknown[] = [];
      const unsubscribe = app.bus.subscribe((event) => events.push(event));

      const owner = await signIn(app, own.tenant.slug, "owner");
      await owner.delete(`/admin/users/${leaver.id}`).expect(204);
      unsubscribe();

      expect(await app.db("users").where({ id: leaver.id })).toHaveLength(0);
      const kept = await app.db("questions").where({ id: asked.id }).first();
      expect(kept).toMatchObject({ author_id: null, is_anonymous: true });
      const stillAnswered = await app.db("questions").where({ id: answered.id }).first();
      expect(stillAnswered).toMatchObject({ status: "ANSWERED", response_text: "Here is the answer.", responder_id: null, upvote_count: 1 });
      expect(await app.db("upvotes").where({ user_id: leaver.id })).toHaveLength(0);
      expect(await app.db("team_members").where({ user_id: leaver.id })).toHaveLength(0);
      expect(await app.db("pulse_invites").where({ user_id: leaver.id })).toHaveLength(0);
      expect(await app.db("pulse_responses").where({ tenant_id: tenantId })).toHaveLength(1);
      expect((await auditActions(app.db, tenantId)).filter((row) => row.user_id === leaver.id)).toHaveLength(auditBefore);
      expect(events).toContainEqual(expect.objectContaining({ type: "question:upvoted", tenantId, data: { questionId: answered.id, upvoteCount: 1 } }));
      const [entry] = await auditActions(app.db, tenantId, "user.delete");
      expect(entry).toMatchObject({
        user_id: own.users.owner.id,
        entity_id: leaver.id,
        before: { email: leaver.email, role: "moderator" },
        metadata: expect.objectContaining({ questionsAnonymised: 1 }),
      });
      await session.get("/auth/me").expect(401);
    });

    it("the last active owner cannot be deleted (409 LAST_OWNER); another owner can be", async () => {
      const own = await createTenantFixture(app.db);
      const owner = await signIn(app, own.tenant.slug, "owner");
      expect((await owner.delete(`/admin/users/${own.users.owner.id}`).expect(409)).body.error.code).toBe("LAST_OWNER");
      const second = await insertUser(app.db, own.tenant.id, { role: "owner" });
      await owner.delete(`/admin/users/${second.id}`).expect(204);
      expect(await app.db("users").where({ id: own.users.owner.id })).toHaveLength(1);
    });

    it("an unknown user, another tenant's or a malformed id is 404 and nothing is deleted", async () => {
      const owner = await signIn(app, fixture.tenant.slug, "owner");
      await owner.delete(`/admin/users/${UNKNOWN_ID}`).expect(404);
      expect((await owner.delete(`/admin/users/${other.users.member.id}`).expect(404)).body.error.code).toBe("NOT_FOUND");
      expect(await app.db("users").where({ id: other.users.member.id })).toHaveLength(1);
      await owner.delete("/admin/users/123").expect(404);
    });

    it("admins may not delete users (member.remove is owner only)", async () => {
      const admin = await signIn(app, fixture.tenant.slug, "admin");
      expect((await admin.delete(`/admin/users/${fixture.users.viewer.id}`).expect(403)).body.error.code).toBe("FORBIDDEN");
      expect(await app.db("users").where({ id: fixture.users.viewer.id })).toHaveLength(1);
    });
  });
});
