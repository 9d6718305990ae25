import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, insertQuestion, insertTeam, insertUser } from "../helpers/factories.js";
import { auditActions } from "../helpers/audit-log.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("team administration", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let admin: ApiClient;
  let owner: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    admin = await signIn(app, fixture.tenant.slug, "admin");
    owner = await signIn(app, fixture.tenant.slug, "owner");
  });
  afterAll(() => app.close());

  const teamCount = async (tenantId: string) => Number((await app.db("teams").where({ tenant_id: tenantId }).count("* as count").first())?.count);

  describe("POST /admin/teams", () => {
    it("creates a team with a slug derived from the name, answers 201 and audits team.create", async () => {
      const response = await admin.post("/admin/teams", { name: "Platform Engineering", description: "Infra and tooling" }).expect(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        name: "Platform Engineering",
        slug: "platform-engineering",
        description: "Infra and tooling",
        queueFrozen: false,
        createdAt: expect.any(String),
      });
      expect((await admin.get("/teams").expect(200)).body.map((team: { id: string }) => team.id)).toContain(response.body.id);
      const entry = (await auditActions(app.db, fixture.tenant.id, "team.create")).find((row) => row.entity_id === response.body.id);
      expect(entry).toMatchObject({
        user_id: fixture.users.admin.id,
        entity_type: "team",
        after: { name: "Platform Engineering", slug: "platform-engineering" },
      });
    });

    it("a derived slug that is taken or reserved gets a number; an explicit slug that is taken is 409 DUPLICATE", async () => {
      const first = await admin.post("/admin/teams", { name: "Sales" }).expect(201);
      const second = await admin.post("/admin/teams", { name: "Sales" }).expect(201);
      expect([first.body.slug, second.body.slug]).toEqual(["sales", "sales-2"]);
      expect((await admin.post("/admin/teams", { name: "Admin" }).expect(201)).body.slug).toBe("admin-2");
      const taken = await admin.post("/admin/teams", { name: "Other Sales", slug: "sales" }).expect(409);
      expect(taken.body.error.code).toBe("DUPLICATE");
    });

    it("the same slug in another tenant is fine", async () => {
      await admin.post("/admin/teams", { name: "Shared", slug: "shared-slug" }).expect(201);
      const otherAdmin = await signIn(app, other.tenant.slug, "admin");
      await otherAdmin.post("/admin/teams", { name: "Shared too", slug: "shared-slug" }).expect(201);
    });

    it.each([
      ["no name", { slug: "no-name" }, "body.name"],
      ["an empty name", { name: "  " }, "body.name"],
      ["a slug with capitals and spaces that cannot be a path", { name: "X", slug: "Bad Slug!" }, "body.slug"],
      ["a reserved slug", { name: "X", slug: "admin" }, "body.slug"],
      ["a name no slug can be derived from", { name: "🚀🚀" }, "body.slug"],
      ["a description that is not text", { name: "X", description: 42 }, "body.description"],
    ])("refuses %s with 400 and creates nothing", async (_name, body, path) => {
      const before = await teamCount(fixture.tenant.id);
      const response = await admin.post("/admin/teams", body).expect(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: expect.arrayContaining([expect.objectContaining({ path })]) });
      expect(await teamCount(fixture.tenant.id)).toBe(before);
    });
  });

  describe("PUT /admin/teams/:teamId", () => {
    it("renames and re-slugs a team; audits only what changed", async () => {
      const team = await insertTeam(app.db, fixture.tenant.id, "Support");
      const response = await admin.put(`/admin/teams/${team.id}`, { name: "Customer Support", slug: "customer-support" }).expect(200);
      expect(response.body).toMatchObject({ id: team.id, name: "Customer Support", slug: "customer-support", description: null });
      const entry = (await auditActions(app.db, fixture.tenant.id, "team.update")).find((row) => row.entity_id === team.id);
      expect(entry).toMatchObject({ before: { name: "Support", slug: team.slug }, after: { name: "Customer Support", slug: "customer-support" } });
      expect(Object.keys(entry?.after ?? {}).sort()).toEqual(["name", "slug"]);
    });

    it("a slug of another team is 409; an empty body 400; an unknown or another tenant's team 404", async () => {
      const team = await insertTeam(app.db, fixture.tenant.id);
      expect((await admin.put(`/admin/teams/${team.id}`, { slug: fixture.teams.a.slug }).expect(409)).body.error.code).toBe("DUPLICATE");
      expect((await admin.put(`/admin/teams/${team.id}`, {}).expect(400)).body.error.code).toBe("VALIDATION_FAILED");
      await admin.put(`/admin/teams/${UNKNOWN_ID}`, { name: "X" }).expect(404);
      expect((await admin.put(`/admin/teams/${other.teams.a.id}`, { name: "Hijacked" }).expect(404)).body.error.code).toBe("NOT_FOUND");
      expect((await app.db("teams").where({ id: other.teams.a.id }).first()).name).toBe(other.teams.a.name);
    });
  });

  describe("DELETE /admin/teams/:teamId", () => {
    it("deletes an empty team, its memberships, and audits team.delete", async () => {
      const team = await insertTeam(app.db, fixture.tenant.id);
      const user = await insertUser(app.db, fixture.tenant.id, { teamId: team.id });
      await admin.delete(`/admin/teams/${team.id}`).expect(204);
      expect(await app.db("teams").where({ id: team.id })).toHaveLength(0);
      expect(await app.db("team_members").where({ team_id: team.id })).toHaveLength(0);
      expect((await app.db("users").where({ id: user.id }).first()).primary_team_id).toBeNull();
      const entry = (await auditActions(app.db, fixture.tenant.id, "team.delete")).find((row) => row.entity_id === team.id);
      expect(entry).toMatchObject({ before: { name: team.name, slug: team.slug }, metadata: expect.objectContaining({ questionsMoved: 0 }) });
    });

    it("refuses a team with questions (409 TEAM_NOT_EMPTY) and deletes nothing", async () => {
      const team = await insertTeam(app.db, fixture.tenant.id);
      await insertQuestion(app.db, fixture.tenant.id, team.id);
      const response = await admin.delete(`/admin/teams/${team.id}`).expect(409);
      expect(response.body.error).toMatchObject({ code: "TEAM_NOT_EMPTY", details: [expect.objectContaining({ questions: 1 })] });
      expect(await app.db("teams").where({ id: team.id })).toHaveLength(1);
    });

    it("with ?moveQuestionsTo moves every question to that team, then deletes", async () => {
      const team = await insertTeam(app.db, fixture.tenant.id);
      const open = await insertQuestion(app.db, fixture.tenant.id, team.id);
      const review = await insertQuestion(app.db, fixture.tenant.id, team.id, { status: "UNDER_REVIEW" });
      await admin.delete(`/admin/teams/${team.id}?moveQuestionsTo=${fixture.teams.b.id}`).expect(204);
      const moved = await app.db("questions").whereIn("id", [open.id, review.id]);
      expect(moved.map((row) => row.team_id)).toEqual([fixture.teams.b.id, fixture.teams.b.id]);
      const entry = (await auditActions(app.db, fixture.tenant.id, "team.delete")).find((row) => row.entity_id === team.id);
      expect(entry?.metadata).toMatchObject({ questionsMovedTo: fixture.teams.b.id, questionsMoved: 2 });
    });

    it("moveQuestionsTo naming another tenant's team or an unknown team is 404; naming the team itself is 400; nothing changes", async () => {
      const team = await insertTeam(app.db, fixture.tenant.id);
      const question = await insertQuestion(app.db, fixture.tenant.id, team.id);
      await admin.delete(`/admin/teams/${team.id}?moveQuestionsTo=${other.teams.a.id}`).expect(404);
      await admin.delete(`/admin/teams/${team.id}?moveQuestionsTo=${UNKNOWN_ID}`).expect(404);
      await admin.delete(`/admin/teams/${team.id}?moveQuestionsTo=${team.id}`).expect(400);
      await admin.delete(`/admin/teams/${team.id}?moveQuestionsTo=nope`).expect(400);
      expect(await app.db("teams").where({ id: team.id })).toHaveLength(1);
      expect((await app.db("questions").where({ id: question.id }).first()).team_id).toBe(team.id);
    });

    it("an unknown or another tenant's team is 404 and stays", async () => {
      await admin.delete(`/admin/teams/${UNKNOWN_ID}`).expect(404);
      await admin.delete(`/admin/teams/${other.teams.b.id}`).expect(404);
      expect(await app.db("teams").where({ id: other.teams.b.id })).toHaveLength(1);
    });

    it("deleting the tenant's default team resets users.defaultTeamId to null", async () => {
      const own = await createTenantFixture(app.db);
      const ownAdmin = await signIn(app, own.tenant.slug, "admin");
      const team = await insertTeam(app.db, own.tenant.id);
      await ownAdmin.post("/admin/tenant-settings", { users: { defaultTeamId: team.id } }).expect(200);
      await ownAdmin.delete(`/admin/teams/${team.id}`).expect(204);
      expect((await ownAdmin.get("/admin/tenant-settings").expect(200)).body.users.defaultTeamId).toBeNull();
      const created = await ownAdmin.post("/admin/users", { email: "after-delete@example.com", name: "After" }).expect(201);
      expect(created.body.primaryTeamId).toBeNull();
    });
  });

  describe("members", () => {
    it("GET lists members with their membership role; unknown or foreign team 404", async () => {
      const { body } = await admin.get(`/admin/teams/${fixture.teams.a.id}/members`).expect(200);
      expect(body).toContainEqual({
        userId: fixture.users.teamModerator.id,
        name: fixture.users.teamModerator.name,
        email: fixture.users.teamModerator.email,
        role: "moderator",
      });
      expect(body.map((member: { userId: string }) => member.userId)).not.toContain(fixture.users.memberB.id);
      await admin.get(`/admin/teams/${other.teams.a.id}/members`).expect(404);
      await admin.get(`/admin/teams/${UNKNOWN_ID}/members`).expect(404);
    });

    it("POST adds a member (201), defaults the role to member and audits team_member.add on the team", async () => {
      const user = await insertUser(app.db, fixture.tenant.id);
      const response = await admin.post(`/admin/teams/${fixture.teams.b.id}/members`, { userId: user.id }).expect(201);
      expect(response.body).toEqual({ userId: user.id, name: user.name, email: user.email, role: "member" });
      const entry = (await auditActions(app.db, fixture.tenant.id, "team_member.add")).find((row) => row.metadata.userId === user.id);
      expect(entry).toMatchObject({ entity_type: "team", entity_id: fixture.teams.b.id, after: { userId: user.id, role: "member" } });
      const moderator = await insertUser(app.db, fixture.tenant.id);
      expect((await admin.post(`/admin/teams/${fixture.teams.b.id}/members`, { userId: moderator.id, role: "moderator" }).expect(201)).body.role).toBe(
        "moderator",
      );
    });

    it("POST: an existing member is 409 DUPLICATE; another tenant's user or team 404; a bad role 400", async () => {
      expect((await admin.post(`/admin/teams/${fixture.teams.a.id}/members`, { userId: fixture.users.member.id }).expect(409)).body.error.code).toBe(
        "DUPLICATE",
      );
      await admin.post(`/admin/teams/${fixture.teams.a.id}/members`, { userId: other.users.member.id }).expect(404);
      await admin.post(`/admin/teams/${other.teams.a.id}/members`, { userId: fixture.users.memberB.id }).expect(404);
      await admin.post(`/admin/teams/${fixture.teams.a.id}/members`, { userId: fixture.users.memberB.id, role: "admin" }).expect(400);
      await admin.post(`/admin/teams/${fixture.teams.a.id}/members`, {}).expect(400);
      expect(await app.db("team_members").where({ team_id: fixture.teams.a.id, user_id: fixture.users.memberB.id })).toHaveLength(0);
      expect(await app.db("team_members").where({ user_id: other.users.member.id, team_id: fixture.teams.a.id })).toHaveLength(0);
    });

    it("PUT changes the role (owner only) and audits team_member.role_change with old and new role", async () => {
      const user = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.b.id });
      expect((await admin.put(`/admin/teams/${fixture.teams.b.id}/members/${user.id}`, { role: "moderator" }).expect(403)).body.error.code).toBe("FORBIDDEN");
      const response = await owner.put(`/admin/teams/${fixture.teams.b.id}/members/${user.id}`, { role: "moderator" }).expect(200);
      expect(response.body).toMatchObject({ userId: user.id, role: "moderator" });
      const entry = (await auditActions(app.db, fixture.tenant.id, "team_member.role_change")).find((row) => row.metadata.userId === user.id);
      expect(entry).toMatchObject({ entity_id: fixture.teams.b.id, before: { role: "member" }, after: { role: "moderator" } });
    });

    it("PUT: a non-member, another tenant's user or team is 404; a bad role 400", async () => {
      await owner.put(`/admin/teams/${fixture.teams.b.id}/members/${fixture.users.member.id}`, { role: "viewer" }).expect(404);
      await owner.put(`/admin/teams/${fixture.teams.a.id}/members/${other.users.member.id}`, { role: "viewer" }).expect(404);
      await owner.put(`/admin/teams/${other.teams.a.id}/members/${other.users.member.id}`, { role: "viewer" }).expect(404);
      await owner.put(`/admin/teams/${fixture.teams.a.id}/members/${fixture.users.member.id}`, { role: "owner" }).expect(400);
      expect((await app.db("team_members").where({ team_id: other.teams.a.id, user_id: other.users.member.id }).first()).role).toBe("member");
    });

    it("DELETE removes the membership (owner only), clears it as primary team and audits team_member.remove", async () => {
      const user = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.b.id });
      await admin.delete(`/admin/teams/${fixture.teams.b.id}/members/${user.id}`).expect(403);
      await owner.delete(`/admin/teams/${fixture.teams.b.id}/members/${user.id}`).expect(204);
      expect(await app.db("team_members").where({ team_id: fixture.teams.b.id, user_id: user.id })).toHaveLength(0);
      expect((await app.db("users").where({ id: user.id }).first()).primary_team_id).toBeNull();
      const entry = (await auditActions(app.db, fixture.tenant.id, "team_member.remove")).find((row) => row.metadata.userId === user.id);
      expect(entry).toMatchObject({
        entity_id: fixture.teams.b.id,
        before: { userId: user.id, role: "member" },
        metadata: expect.objectContaining({ primaryTeamCleared: true }),
      });
      await owner.delete(`/admin/teams/${fixture.teams.b.id}/members/${user.id}`).expect(404);
      await owner.delete(`/admin/teams/${other.teams.a.id}/members/${other.users.member.id}`).expect(404);
      expect(await app.db("team_members").where({ team_id: other.teams.a.id, user_id: other.users.member.id })).toHaveLength(1);
    });
  });
});
