import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite } from "../helpers/pulse.js";

/** CONTRACT §5 "Questions and scales" through the admin API: create, list, change, retire and re-activate with a scale. */
describe("pulse questions' scales in the admin API", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    other = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    admin = await signIn(app, fixture.tenant.slug, "admin");
  });
  afterAll(() => app.close());

  it("POST takes each scale (agree5 by default), GET lists it, and the audit row carries it", async () => {
    const enps = await admin.post("/admin/pulse/questions", { text: "How likely are you to recommend your team?", scale: "enps11" }).expect(201);
    expect(enps.body).toMatchObject({ scale: "enps11", active: true });
    const faces = await admin.post("/admin/pulse/questions", { text: "How was your week?", scale: "emoji5" }).expect(201);
    expect(faces.body.scale).toBe("emoji5");
    const plain = await admin.post("/admin/pulse/questions", { text: "My workload is fine." }).expect(201);
    expect(plain.body.scale).toBe("agree5");
    const listed = (await admin.get("/admin/pulse/questions").expect(200)).body;
    expect(listed.map((question: { id: string; scale: string }) => [question.id, question.scale])).toEqual([
      [enps.body.id, "enps11"],
      [faces.body.id, "emoji5"],
      [plain.body.id, "agree5"],
    ]);
    const audit = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "pulse_question.create", entity_id: enps.body.id }).first();
    expect(audit.after).toMatchObject({ scale: "enps11" });
  });

  it("an unknown or malformed scale is 400 VALIDATION_FAILED and nothing is written", async () => {
    for (const scale of ["stars", "", 5, null, "ENPS11"]) {
      const response = await admin.post("/admin/pulse/questions", { text: "Bad scale", scale }).expect(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    const question = (await admin.post("/admin/pulse/questions", { text: "Scale later" }).expect(201)).body;
    expect((await admin.put(`/admin/pulse/questions/${question.id}`, { scale: "nps" }).expect(400)).body.error.code).toBe("VALIDATION_FAILED");
    expect((await app.db("pulse_questions").where({ id: question.id }).first()).scale).toBe("agree5");
    expect(await app.db("pulse_questions").where({ tenant_id: fixture.tenant.id, text: "Bad scale" })).toEqual([]);
  });

  it("the scale can change until the question is first asked; then 409 SCALE_LOCKED and it stays", async () => {
    const question = (await admin.post("/admin/pulse/questions", { text: "Changing scale" }).expect(201)).body;
    expect((await admin.put(`/admin/pulse/questions/${question.id}`, { scale: "emoji5" }).expect(200)).body.scale).toBe("emoji5");
    await addInvite(app.db, { tenantId: fixture.tenant.id, userId: fixture.users.member.id, questionId: question.id, teamId: fixture.teams.a.id });
    const locked = await admin.put(`/admin/pulse/questions/${question.id}`, { scale: "enps11" }).expect(409);
    expect(locked.body.error.code).toBe("SCALE_LOCKED");
    // The same scale, or other fields, still save.
    await admin.put(`/admin/pulse/questions/${question.id}`, { scale: "emoji5", text: "Changed text" }).expect(200);
    expect((await app.db("pulse_questions").where({ id: question.id }).first()).scale).toBe("emoji5");
  });

  it("retire (DELETE or active false) and re-activate (active true) keep the scale", async () => {
    const question = (await admin.post("/admin/pulse/questions", { text: "Retire me", scale: "enps11" }).expect(201)).body;
    await admin.delete(`/admin/pulse/questions/${question.id}`).expect(204);
    expect((await app.db("pulse_questions").where({ id: question.id }).first()).active).toBe(false);
    const back = await admin.put(`/admin/pulse/questions/${question.id}`, { active: true }).expect(200);
    expect(back.body).toMatchObject({ active: true, scale: "enps11" });
  });

  it("another tenant's question is 404 for a scale change; members get 403", async () => {
    const theirs = (await (await signIn(app, other.tenant.slug, "admin")).post("/admin/pulse/questions", { text: "Theirs" }).expect(201)).body;
    expect((await admin.put(`/admin/pulse/questions/${theirs.id}`, { scale: "enps11" }).expect(404)).body.error.code).toBe("NOT_FOUND");
    expect((await app.db("pulse_questions").where({ id: theirs.id }).first()).scale).toBe("agree5");
    const member = await signIn(app, fixture.tenant.slug, "member");
    expect((await member.post("/admin/pulse/questions", { text: "Member's", scale: "enps11" }).expect(403)).body.error.code).toBe("FORBIDDEN");
  });
});
