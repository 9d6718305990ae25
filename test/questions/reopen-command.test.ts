import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ManualClock, signIn, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { watchEvents } from "../helpers/commands.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/** The reopen command (questions.reopen.command.ts): the Undo of an answer, for moderators of the team. */
describe("POST /questions/:id/reopen (the reopen command)", () => {
  const clock = new ManualClock("2026-11-28T09:00:00.000Z");
  let app: TestApp;
  let t: TenantFixture;
  let other: TenantFixture;
  let c: Record<"admin" | "moderator" | "teammoderator" | "othermoderator" | "member" | "viewer", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    t = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["admin", "moderator", "teammoderator", "othermoderator", "member", "viewer"]);
  });
  afterAll(() => app.close());

  const reopenAudits = async (id: string) => (await auditActions(app.db, t.tenant.id, "question.reopen")).filter((entry) => entry.entity_id === id);
  const answered = async (responseText = "Answered live.") => {
    const question = await askQuestion(c.member, t.teams.a.id);
    await c.moderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);
    await c.moderator.post(`/questions/${question.id}/answer`, { responseText }).expect(200);
    return question;
  };

  it("takes an answered question back to OPEN with its answer cleared, keeps the answer in the audit entry, and tells boards it left Answered and is open", async () => {
    const question = await answered();
    const live = watchEvents(app, t.tenant.id);
    const response = await c.teammoderator.post(`/questions/${question.id}/reopen`).expect(200);
    live.stop();
    expect(response.body).toMatchObject({ id: question.id, status: "OPEN", responseText: null, respondedAt: null, responder: null, isPinned: true });
    expect((await c.member.get(`/questions/${question.id}`).expect(200)).body).toMatchObject({ status: "OPEN", responseText: null });
    const row = await app.db("questions").where({ id: question.id }).first("response_text", "responder_id", "responded_at", "updated_at");
    expect(row).toMatchObject({ response_text: null, responder_id: null, responded_at: null });
    expect(new Date(row.updated_at).toISOString()).toBe("2026-11-28T09:00:00.000Z");
    expect(await reopenAudits(question.id)).toEqual([
      expect.objectContaining({
        user_id: t.users.teamModerator.id,
        entity_type: "question",
        before: { status: "ANSWERED", responseText: "Answered live." },
        after: { status: "OPEN", responseText: null },
      }),
    ]);
    expect(live.received().map((event) => [event.type, (event.data as { id: string }).id])).toEqual([
      ["question:deleted", question.id],
      ["question:created", question.id],
    ]);
    expect(live.received()[1]?.data).toMatchObject({ status: "OPEN" });
    // It can be answered again, as any open question.
    await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "Yes." }).expect(200);
  });

  it("refuses a question that is not answered (409 NOT_ANSWERED) and a frozen one (409 QUESTION_FROZEN), changing nothing", async () => {
    const open = await askQuestion(c.member, t.teams.a.id);
    const live = watchEvents(app, t.tenant.id);
    expect((await c.moderator.post(`/questions/${open.id}/reopen`).expect(409)).body.error.code).toBe("NOT_ANSWERED");
    const frozen = await answered();
    await c.moderator.post(`/questions/${frozen.id}/freeze`, { frozen: true }).expect(200);
    const before = live.received().length;
    expect((await c.moderator.post(`/questions/${frozen.id}/reopen`).expect(409)).body.error.code).toBe("QUESTION_FROZEN");
    live.stop();
    expect(live.received().slice(before)).toEqual([]);
    expect((await c.member.get(`/questions/${frozen.id}`).expect(200)).body).toMatchObject({ status: "ANSWERED", responseText: "Answered live." });
    expect([...(await reopenAudits(open.id)), ...(await reopenAudits(frozen.id))]).toEqual([]);
  });

  it("only moderators of the question's team and admins reopen: others 403, a visitor 401, another tenant's admin or an unknown or malformed id 404", async () => {
    const question = await answered();
    for (const name of ["othermoderator", "member", "viewer"] as const) {
      expect((await c[name].post(`/questions/${question.id}/reopen`).expect(403)).body.error.code).toBe("FORBIDDEN");
    }
    await visitor(app, { "x-tenant-id": t.tenant.slug }).post(`/questions/${question.id}/reopen`).expect(401);
    const foreignAdmin = await signIn(app, other.tenant.slug, "admin");
    await foreignAdmin.post(`/questions/${question.id}/reopen`).expect(404);
    await c.admin.post("/questions/00000000-0000-4000-8000-000000000000/reopen").expect(404);
    // A malformed id names no question either.
    await c.admin.post("/questions/not-an-id/reopen").expect(404);
    expect((await c.member.get(`/questions/${question.id}`).expect(200)).body.status).toBe("ANSWERED");
    await c.admin.post(`/questions/${question.id}/reopen`).expect(200);
  });
});
