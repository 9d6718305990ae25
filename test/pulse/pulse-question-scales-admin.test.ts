import request from "supertest";
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

  describe("the e-mail preview", () => {
    const linksOf = (text: string) =>
      [...text.matchAll(/\/pulse\/respond\?token=([^&\s"]+)&(?:amp;)?score=(\d+)/g)].map((match) => ({ token: match[1], score: Number(match[2]) }));

    for (const [scale, scores] of [
      ["agree5", [1, 2, 3, 4, 5]],
      ["emoji5", [1, 2, 3, 4, 5]],
      ["enps11", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    ] as const) {
      it(`${scale}: the real template with the question, one link per score in HTML and text, none of them a working token`, async () => {
        const question = (await admin.post("/admin/pulse/questions", { text: `Preview of <${scale}>`, scale }).expect(201)).body;
        const preview = (await admin.get(`/admin/pulse/questions/${question.id}/email-preview`).expect(200)).body;
        expect(preview.subject).toBe("Weekly Pulse - How are you feeling?");
        expect(preview.text).toContain(`Preview of <${scale}>`);
        expect(preview.html).toContain(`Preview of &lt;${scale}&gt;`);
        expect(preview.html).not.toContain(`<${scale}>`);
        for (const part of [preview.html, preview.text]) {
          const links = linksOf(part);
          expect(links.map((link) => link.score)).toEqual(scores);
          for (const link of links) {
            expect(link.token).not.toMatch(/^[0-9a-f-]{36}$/);
            const tried = await request(app.app).get(`/pulse/respond?token=${link.token}&score=${link.score}`).set("Accept", "application/json");
            expect(tried.status).toBe(400);
          }
        }
        if (scale === "enps11") {
          expect(preview.text).toContain("0 – Not likely");
          expect(preview.text).toContain("10 – Very likely");
        }
        if (scale === "emoji5") {
          expect(preview.html).toContain('aria-label="1 – Very unhappy"');
          expect(preview.text).toContain("5 – Very happy");
        }
        const reminder = (await admin.get(`/admin/pulse/questions/${question.id}/email-preview?reminder=true`).expect(200)).body;
        expect(reminder.subject).toMatch(/^Reminder:/);
        expect(reminder.text).toContain("this is the only reminder");
      });
    }

    it("is for admins only, and another tenant's question is 404", async () => {
      const question = (await admin.post("/admin/pulse/questions", { text: "Preview access" }).expect(201)).body;
      for (const username of ["member", "moderator"]) {
        const client = await signIn(app, fixture.tenant.slug, username);
        expect((await client.get(`/admin/pulse/questions/${question.id}/email-preview`).expect(403)).body.error.code).toBe("FORBIDDEN");
      }
      await request(app.app).get(`/admin/pulse/questions/${question.id}/email-preview`).set("x-tenant-id", fixture.tenant.slug).expect(401);
      const stranger = await signIn(app, other.tenant.slug, "admin");
      expect((await stranger.get(`/admin/pulse/questions/${question.id}/email-preview`).expect(404)).body.error.code).toBe("NOT_FOUND");
    });
  });
});
