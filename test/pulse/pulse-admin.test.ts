import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cohortIndex } from "../../src/modules/pulse/pulse.calendar.js";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addPulseQuestion } from "../helpers/pulse.js";

const ERROR_BODY = { error: { code: expect.any(String), message: expect.any(String) }, requestId: expect.any(String) };

describe("pulse administration", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let admin: ApiClient;
  let owner: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    other = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    admin = await signIn(app, fixture.tenant.slug, "admin");
    owner = await signIn(app, fixture.tenant.slug, "owner");
  });
  afterAll(() => app.close());

  const auditRows = (action: string) => app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action }).orderBy("created_at");

  describe("access", () => {
    const endpoints: Array<[method: "get" | "post" | "put" | "delete", path: string, body?: object]> = [
      ["get", "/admin/pulse/questions"],
      ["post", "/admin/pulse/questions", { text: "How are you?" }],
      ["put", "/admin/pulse/questions/00000000-0000-4000-8000-000000000000", { text: "How are you?" }],
      ["delete", "/admin/pulse/questions/00000000-0000-4000-8000-000000000000"],
      ["get", "/admin/pulse/schedule"],
      ["put", "/admin/pulse/schedule", { enabled: true, cadence: "weekly", time: "09:00", timezone: "UTC", rotatingCohorts: true, numCohorts: 5 }],
      ["get", "/admin/pulse/cohorts"],
      ["get", "/admin/pulse/send-preview"],
      ["post", "/admin/pulse/run"],
    ];

    it("visitors get 401 on every pulse admin endpoint", async () => {
      for (const [method, path, body] of endpoints) {
        const response = await request(app.app)[method](path).set("x-tenant-id", fixture.tenant.slug).send(body);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body).toEqual(ERROR_BODY);
      }
    });

    it("moderators (tenant or team), members and viewers get 403 on every pulse admin endpoint", async () => {
      for (const username of ["moderator", "teammoderator", "member", "viewer"]) {
        const client = await signIn(app, fixture.tenant.slug, username);
        for (const [method, path, body] of endpoints) {
          const response = await client[method](path, body);
          expect(response.status, `${username}: ${method} ${path}`).toBe(403);
          expect(response.body.error.code).toBe("FORBIDDEN");
        }
      }
      expect(await app.db("pulse_questions").where({ tenant_id: fixture.tenant.id, text: "How are you?" })).toEqual([]);
    });

    it("admins and owners may use them", async () => {
      await admin.get("/admin/pulse/questions").expect(200);
      await owner.get("/admin/pulse/schedule").expect(200);
      await owner.get("/admin/pulse/cohorts").expect(200);
    });
  });

  describe("questions", () => {
    it("POST creates a question (201) with the contract's fields, trimmed, and audits it", async () => {
      const response = await admin.post("/admin/pulse/questions", { text: "  How clear are this week's priorities?  " }).expect(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        text: "How clear are this week's priorities?",
        active: true,
        teamId: null,
        scale: "agree5",
        createdAt: expect.stringMatching(/Z$/),
      });
      const [audit] = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "pulse_question.create", entity_id: response.body.id });
      expect(audit).toMatchObject({ entity_type: "pulse_question", user_id: fixture.users.admin.id, after: { text: "How clear are this week's priorities?" } });
    });

    it("a question may belong to a team and start inactive", async () => {
      const response = await owner.post("/admin/pulse/questions", { text: "Team Alpha only", teamId: fixture.teams.a.id, active: false }).expect(201);
      expect(response.body).toMatchObject({ teamId: fixture.teams.a.id, active: false });
    });

    it("text is at most 200 characters, counted in code points after trimming", async () => {
      const emoji = "😀".repeat(200);
      const ok = await admin.post("/admin/pulse/questions", { text: ` ${emoji} ` }).expect(201);
      expect(ok.body.text).toBe(emoji);
      const tooLong = await admin.post("/admin/pulse/questions", { text: "x".repeat(201) }).expect(400);
      expect(tooLong.body).toEqual({
        ...ERROR_BODY,
        error: { code: "VALIDATION_FAILED", message: expect.any(String), details: [{ path: "body.text", message: expect.any(String) }] },
      });
      await admin.post("/admin/pulse/questions", { text: "   " }).expect(400);
      await admin.post("/admin/pulse/questions", {}).expect(400);
      await admin.post("/admin/pulse/questions", { text: 42 }).expect(400);
      await admin.post("/admin/pulse/questions", { text: "Fine", colour: "red" }).expect(400);
      await admin.post("/admin/pulse/questions", { text: "Fine", teamId: "not-a-uuid" }).expect(400);
      expect(await app.db("pulse_questions").where({ tenant_id: fixture.tenant.id }).where("text", "like", "x%")).toEqual([]);
    });

    it("a teamId of another tenant is 404 like an unknown one, and nothing is written", async () => {
      const before = await app.db("pulse_questions").where({ tenant_id: fixture.tenant.id }).count<{ count: number }[]>("* as count");
      const response = await admin.post("/admin/pulse/questions", { text: "Sneaky", teamId: other.teams.a.id }).expect(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
      const after = await app.db("pulse_questions").where({ tenant_id: fixture.tenant.id }).count<{ count: number }[]>("* as count");
      expect(Number(after[0]?.count)).toBe(Number(before[0]?.count));
    });

    it("GET lists the tenant's questions as a bare array in creation order, inactive ones included", async () => {
      const response = await admin.get("/admin/pulse/questions").expect(200);
      expect(Array.isArray(response.body)).toBe(true);
      const created = response.body.map((question: { createdAt: string }) => question.createdAt);
      expect(created).toEqual([...created].sort());
      expect(response.body.some((question: { active: boolean }) => !question.active)).toBe(true);
      const otherIds = (await app.db("pulse_questions").where({ tenant_id: other.tenant.id })).map((row) => row.id);
      for (const question of response.body) expect(otherIds).not.toContain(question.id);
    });

    it("PUT changes only the fields sent and audits before and after", async () => {
      const id = (await admin.post("/admin/pulse/questions", { text: "Before the edit" }).expect(201)).body.id;
      const moved = await admin.put(`/admin/pulse/questions/${id}`, { teamId: fixture.teams.b.id }).expect(200);
      expect(moved.body).toMatchObject({ id, text: "Before the edit", teamId: fixture.teams.b.id, active: true });
      const edited = await admin.put(`/admin/pulse/questions/${id}`, { text: "After the edit", teamId: null }).expect(200);
      expect(edited.body).toMatchObject({ text: "After the edit", teamId: null });
      const rows = await auditRows("pulse_question.update");
      const last = rows.filter((row) => row.entity_id === id).at(-1);
      expect(last).toMatchObject({ before: { text: "Before the edit" }, after: { text: "After the edit" } });
      await admin.put(`/admin/pulse/questions/${id}`, {}).expect(400);
      await admin.put(`/admin/pulse/questions/${id}`, { text: "y".repeat(201) }).expect(400);
      expect((await app.db("pulse_questions").where({ id }).first()).text).toBe("After the edit");
    });

    it("DELETE deactivates (204), keeps the question, and repeating it is harmless", async () => {
      const id = (await admin.post("/admin/pulse/questions", { text: "Soon inactive" }).expect(201)).body.id;
      await admin.delete(`/admin/pulse/questions/${id}`).expect(204);
      const listed = (await admin.get("/admin/pulse/questions").expect(200)).body.find((question: { id: string }) => question.id === id);
      expect(listed).toMatchObject({ id, active: false, text: "Soon inactive" });
      await admin.delete(`/admin/pulse/questions/${id}`).expect(204);
      expect((await auditRows("pulse_question.deactivate")).filter((row) => row.entity_id === id)).toHaveLength(1);
      const reactivated = await admin.put(`/admin/pulse/questions/${id}`, { active: true }).expect(200);
      expect(reactivated.body.active).toBe(true);
    });

    it("another tenant's question, an unknown id and a malformed id are 404 for PUT and DELETE", async () => {
      const foreign = await addPulseQuestion(app.db, other.tenant.id, { text: "Theirs" });
      for (const id of [foreign, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        expect((await admin.put(`/admin/pulse/questions/${id}`, { text: "Mine now" }).expect(404)).body.error.code).toBe("NOT_FOUND");
        expect((await admin.delete(`/admin/pulse/questions/${id}`).expect(404)).body.error.code).toBe("NOT_FOUND");
      }
      expect(await app.db("pulse_questions").where({ id: foreign }).first()).toMatchObject({ text: "Theirs", active: true });
    });
  });

  describe("schedule", () => {
    const valid = { enabled: true, cadence: "biweekly", time: "08:30", timezone: "Europe/Berlin", rotatingCohorts: true, numCohorts: 4 };

    it("GET returns SPEC's fields for the tenant", async () => {
      const response = await admin.get("/admin/pulse/schedule").expect(200);
      expect(response.body).toEqual({
        tenantId: fixture.tenant.id,
        enabled: true,
        cadence: "weekly",
        time: "09:00",
        timezone: "UTC",
        rotatingCohorts: true,
        numCohorts: 5,
      });
    });

    it("PUT replaces the schedule, returns it, and audits before and after", async () => {
      const response = await admin.put("/admin/pulse/schedule", valid).expect(200);
      expect(response.body).toEqual({ tenantId: fixture.tenant.id, ...valid });
      expect((await admin.get("/admin/pulse/schedule").expect(200)).body).toEqual(response.body);
      const [audit] = await auditRows("pulse_schedule.update");
      expect(audit).toMatchObject({ entity_type: "pulse_schedule", before: { timezone: "UTC" }, after: { timezone: "Europe/Berlin", cadence: "biweekly" } });
    });

    it("PUT accepts what GET returned, tenantId included, and never moves the schedule to another tenant", async () => {
      const current = (await admin.get("/admin/pulse/schedule").expect(200)).body;
      await admin.put("/admin/pulse/schedule", { ...current, tenantId: other.tenant.id, time: "10:15", timezone: "Asia/Tokyo" }).expect(200);
      const otherAdmin = await signIn(app, other.tenant.slug, "admin");
      expect((await otherAdmin.get("/admin/pulse/schedule").expect(200)).body).toMatchObject({ tenantId: other.tenant.id, time: "09:00", timezone: "UTC" });
      expect((await admin.get("/admin/pulse/schedule").expect(200)).body).toMatchObject({ tenantId: fixture.tenant.id, time: "10:15", timezone: "Asia/Tokyo" });
    });

    it("rejects a bad time zone, time, cadence, cohort count or a missing field with 400 and changes nothing", async () => {
      const before = (await admin.get("/admin/pulse/schedule").expect(200)).body;
      const bad: object[] = [
        { ...valid, timezone: "Mars/Olympus" },
        { ...valid, time: "9:00" },
        { ...valid, time: "24:00" },
        { ...valid, cadence: "daily" },
        { ...valid, numCohorts: 0 },
        { ...valid, numCohorts: 7 },
        { ...valid, numCohorts: 2.5 },
        { ...valid, enabled: "yes" },
        { ...valid, extra: true },
        { enabled: true },
      ];
      for (const body of bad) {
        const response = await admin.put("/admin/pulse/schedule", body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
      }
      expect((await admin.get("/admin/pulse/schedule").expect(200)).body).toEqual(before);
    });
  });

  describe("cohorts", () => {
    it("lists every cohort with its active members; each user is in exactly the cohort of the hash", async () => {
      await admin
        .put("/admin/pulse/schedule", { enabled: true, cadence: "weekly", time: "09:00", timezone: "UTC", rotatingCohorts: true, numCohorts: 3 })
        .expect(200);
      const response = await admin.get("/admin/pulse/cohorts").expect(200);
      expect(response.body.map((cohort: { name: string }) => cohort.name)).toEqual(["cohort-0", "cohort-1", "cohort-2"]);
      const users = Object.values(fixture.users);
      const seen = response.body.flatMap((cohort: { userIds: string[] }) => cohort.userIds);
      expect([...seen].sort()).toEqual(users.map((user) => user.id).sort());
      for (const [index, cohort] of (response.body as Array<{ name: string; size: number; userIds: string[] }>).entries()) {
        expect(cohort.size).toBe(cohort.userIds.length);
        for (const userId of cohort.userIds) expect(cohortIndex(userId, 3)).toBe(index);
      }
    });

    it("the TypeScript hash, the stored users.pulse_hash and the SQL pulse_cohort_index() agree", async () => {
      const rows = await app.db("users").select("id", "pulse_hash", app.db.raw("pulse_cohort_index(id, 7) as cohort")).limit(200);
      expect(rows.length).toBeGreaterThan(8);
      for (const row of rows) {
        expect(cohortIndex(row.id, 7)).toBe(Number(row.cohort));
        expect(Number(row.pulse_hash) % 7).toBe(Number(row.cohort));
      }
    });

    it("deactivated users are in no cohort", async () => {
      await app.db("users").where({ id: fixture.users.memberB.id }).update({ deactivated_at: new Date() });
      try {
        const response = await admin.get("/admin/pulse/cohorts").expect(200);
        expect(response.body.flatMap((cohort: { userIds: string[] }) => cohort.userIds)).not.toContain(fixture.users.memberB.id);
      } finally {
        await app.db("users").where({ id: fixture.users.memberB.id }).update({ deactivated_at: null });
      }
    });
  });
});
