import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createTestApp, ManualClock, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";

/**
 * CONTRACT §5 "Comments": the respondent's comment, sealed until its answer's batch is released,
 * the leads' reading and replies, and the private conversation on both sides, through the API.
 */
const K = 3;
const NOT_FOUND = { error: { code: "NOT_FOUND", message: expect.any(String) }, requestId: expect.any(String) };

describe("pulse comments and conversations", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let questionId: string;
  let admin: ApiClient;
  // Far ahead of the real date: other files' sweeps never find this file's held answers due.
  const clock = new ManualClock("2099-06-10T09:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: K, minTenureDays: 0 } } });
    questionId = await addPulseQuestion(app.db, fixture.tenant.id, { text: "How manageable was your workload this week?" });
    admin = await signIn(app, fixture.tenant.slug, "admin");
  });
  afterAll(() => app.close());

  const sweep = () => app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
  /** An invite for a new person of the team (so several answers of one group come from several people). */
  async function invite(team: "a" | "b" = "a") {
    const person = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams[team].id });
    return addInvite(app.db, { tenantId: fixture.tenant.id, userId: person.id, questionId, teamId: fixture.teams[team].id, sentAt: clock.now() });
  }
  /** One person's answer; returns the capability it gave. */
  async function answer(team: "a" | "b" = "a", score = 4): Promise<string> {
    const { token } = await invite(team);
    const response = await request(app.app).post("/pulse/respond").send({ token, score }).expect(200);
    expect(response.body).toMatchObject({ ok: true, answer: "received" });
    return response.body.conversation as string;
  }
  const comment = (conversation: string, body: string) => request(app.app).post("/pulse/comments").send({ conversation, body });
  const conversation = (capability: string) => request(app.app).get(`/pulse/conversations/${capability}`);
  /** The hold passes and the group's batch is released (when it has k answers). */
  async function release() {
    clock.advance(SCANNER_WINDOW_MS + 1000);
    await sweep();
  }

  it("an answer gives a private capability; with it the respondent comments once, and the comment waits sealed until the batch goes out", async () => {
    const capability = await answer();
    // URL-safe, far more than 128 random bits' worth of characters.
    expect(capability).toMatch(/^[A-Za-z0-9_-]{100,}$/);
    expect((await conversation(capability).expect(200)).body).toEqual({
      question: { text: "How manageable was your workload this week?" },
      comment: null,
      canComment: true,
      replies: [],
      // The tenant has no other question to follow up with (pulse-follow-ups.test.ts).
      followUps: [],
    });

    const body = "The release plan moved twice this week, so nobody could plan their work.";
    const written = await comment(capability, body).expect(201);
    expect(written.body).toMatchObject({ comment: { body, released: false }, canComment: false });
    const again = await comment(capability, "A second comment on the same answer is refused.").expect(409);
    expect(again.body.error.code).toBe("COMMENT_EXISTS");
    // Not in the database as text, and not shown to the leads before its batch.
    expect(JSON.stringify(await app.db("pulse_waiting_comments").where({ tenant_id: fixture.tenant.id }))).not.toContain("release plan");
    expect((await admin.get("/pulse/comments").expect(200)).body.items.map((item: { body: string }) => item.body)).not.toContain(body);
    const early = await request(app.app).post(`/pulse/conversations/${capability}/replies`).send({ body: "Anyone there?" }).expect(409);
    expect(early.body.error.code).toBe("COMMENT_NOT_RELEASED");

    // Two more answers of the team complete the group: the batch and its comment go out together.
    await answer();
    await answer();
    await release();
    expect((await conversation(capability).expect(200)).body.comment).toEqual({ body, released: true });
    const listed = await admin.get(`/pulse/comments?team=${fixture.teams.a.id}`).expect(200);
    const item = listed.body.items.find((entry: { body: string }) => entry.body === body);
    expect(item).toEqual({
      id: expect.any(String),
      questionId,
      teamId: fixture.teams.a.id,
      // The Monday of the ISO week of the release, and no finer time.
      week: "2099-06-08",
      body,
      replyCount: 0,
      lastReplyAt: null,
      unread: true,
    });
  });

  it("leads reply under their name, audited; the respondent reads it and answers as a colleague; unread markers follow", async () => {
    const capability = await answer();
    await comment(capability, "Our on-call rota is too thin for the number of services we run.").expect(201);
    await answer();
    await answer();
    await release();
    const moderator = await signIn(app, fixture.tenant.slug, "moderator");
    const listed = await moderator.get(`/pulse/comments?team=${fixture.teams.a.id}`).expect(200);
    const item = listed.body.items.find((entry: { body: string }) => entry.body.startsWith("Our on-call rota"));
    expect(item.unread).toBe(true);

    const reply = await moderator.post(`/pulse/comments/${item.id}/replies`, { body: "Thank you. Which services hurt most?" }).expect(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      body: "Thank you. Which services hurt most?",
      from: "lead",
      name: expect.any(String),
      createdAt: expect.any(String),
    });
    const audit = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "pulse.comment.reply", entity_id: item.id }).first();
    expect(audit.user_id).toBe(fixture.users.moderator.id);

    clock.advance(60_000);
    const seen = (await conversation(capability).expect(200)).body;
    expect(seen.replies).toEqual([{ ...reply.body }]);
    const back = await request(app.app).post(`/pulse/conversations/${capability}/replies`).send({ body: "Mostly billing and search." }).expect(201);
    expect(back.body).toMatchObject({ from: "colleague", name: null });
    // The respondent's reply is not audited: no row names who wrote it.
    expect(await app.db("audit_logs").where({ tenant_id: fixture.tenant.id }).whereRaw("after::text like ?", ["%billing and search%"])).toEqual([]);

    const after = await moderator.get(`/pulse/comments?team=${fixture.teams.a.id}`).expect(200);
    const marked = after.body.items.find((entry: { id: string }) => entry.id === item.id);
    expect(marked).toMatchObject({ unread: true, replyCount: 2 });
    const detail = await moderator.get(`/pulse/comments/${item.id}`).expect(200);
    expect(detail.body.replies.map((entry: { from: string }) => entry.from)).toEqual(["lead", "colleague"]);
    const read = await moderator.get(`/pulse/comments?team=${fixture.teams.a.id}`).expect(200);
    expect(read.body.items.find((entry: { id: string }) => entry.id === item.id).unread).toBe(false);
    // The summary counts the team's released comments and those with a conversation, beside its figures.
    const summary = (await moderator.get(`/pulse/summary?team=${fixture.teams.a.id}`).expect(200)).body;
    expect(summary.summary.comments).toEqual({ total: 2, conversations: 1 });
    expect(summary.questions.find((question: { id: string }) => question.id === questionId).comments).toEqual({ total: 2, conversations: 1 });
    // Another lead's markers are their own.
    expect(
      (await admin.get(`/pulse/comments?team=${fixture.teams.a.id}`).expect(200)).body.items.find((entry: { id: string }) => entry.id === item.id).unread,
    ).toBe(true);
  });

  it("filters by question and pages; permissions are the summary's; other tenants see nothing", async () => {
    const other = await addPulseQuestion(app.db, fixture.tenant.id, { text: "Do you feel recognised for your work?" });
    const page = await admin.get(`/pulse/comments?question=${other}`).expect(200);
    expect(page.body).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
    const all = await admin.get(`/pulse/comments?question=${questionId}&limit=1`).expect(200);
    expect(all.body.items).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const id = all.body.items[0].id as string;

    const member = await signIn(app, fixture.tenant.slug, "member");
    await member.get("/pulse/comments").expect(403);
    await member.get(`/pulse/comments/${id}`).expect(403);
    await member.post(`/pulse/comments/${id}/replies`, { body: "I am not a lead." }).expect(403);
    const moderatorOfB = await signIn(app, fixture.tenant.slug, fixture.users.otherModerator.username);
    await moderatorOfB.get("/pulse/comments").expect(403);
    await moderatorOfB.get(`/pulse/comments?team=${fixture.teams.a.id}`).expect(403);
    await moderatorOfB.get(`/pulse/comments?team=${fixture.teams.b.id}`).expect(200);
    await moderatorOfB.get(`/pulse/comments/${id}`).expect(403);
    await moderatorOfB.post(`/pulse/comments/${id}/replies`, { body: "Not my team." }).expect(403);

    const elsewhere = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    const foreignAdmin = await signIn(app, elsewhere.tenant.slug, "admin");
    expect((await foreignAdmin.get(`/pulse/comments/${id}`).expect(404)).body).toEqual(NOT_FOUND);
    await foreignAdmin.post(`/pulse/comments/${id}/replies`, { body: "A reply to another tenant's comment." }).expect(404);
    expect((await foreignAdmin.get("/pulse/comments").expect(200)).body.total).toBe(0);
    await admin.get("/pulse/comments?range=53w").expect(400);
    await admin.get("/pulse/comments?limit=101").expect(400);
    await admin.get("/pulse/comments/not-an-id").expect(404);
  });

  it("bad comments and replies: too short, invisible, too long, flagged; forged or altered capabilities learn nothing", async () => {
    const capability = await answer("b");
    for (const body of ["Too short", "\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b", "x".repeat(1001), 42]) {
      const refused = await comment(capability, body as string).expect(400);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    }
    await comment(capability, "fuck this shit, the bastard manager again and again").expect(422);
    // Bidirectional controls are taken out before the length is counted and the text saved.
    const tricky = await comment(capability, "Fine\u202e overall, but the office is too loud.").expect(201);
    expect(tricky.body.comment.body).toBe("Fine overall, but the office is too loud.");

    const altered = `${capability.slice(0, -2)}${capability.endsWith("AA") ? "BB" : "AA"}`;
    for (const forged of [altered, "A".repeat(140), "not-a-capability", capability.slice(0, 40)]) {
      expect((await conversation(forged).expect(404)).body).toEqual(NOT_FOUND);
      expect((await comment(forged, "A comment with a forged link.").expect(404)).body).toEqual(NOT_FOUND);
      expect((await request(app.app).post(`/pulse/conversations/${forged}/replies`).send({ body: "Hello?" }).expect(404)).body).toEqual(NOT_FOUND);
    }
    await comment("x".repeat(401), "A comment with a very long link.").expect(400);
  });

  it("no comment after its answer went out, nor a day after the answer; a repeated tap gives no second conversation", async () => {
    const late = await answer("b");
    await answer("b");
    await answer("b");
    await release();
    expect((await comment(late, "Added after the batch was released.").expect(409)).body.error.code).toBe("COMMENTS_CLOSED");
    expect((await conversation(late).expect(200)).body).toMatchObject({ comment: null, canComment: false });

    const { token } = await invite("b");
    const first = await request(app.app).post("/pulse/respond").send({ token, score: 2 }).expect(200);
    const repeat = await request(app.app).post("/pulse/respond").send({ token, score: 2 }).expect(200);
    expect(repeat.body).toEqual({ ok: true, answer: "received", retryAfterSeconds: null, conversation: null, followUps: [] });
    clock.advance(24 * 60 * 60 * 1000);
    expect((await comment(first.body.conversation, "A day later is too late for this.").expect(409)).body.error.code).toBe("COMMENTS_CLOSED");
  });

  it("the thank-you page offers the comment and the private address; the conversation page works without JavaScript", async () => {
    const { token } = await invite();
    const page = await request(app.app).get(`/pulse/respond?token=${token}&score=5`).set("Accept", "text/html").expect(200);
    const address = /action="(\/pulse\/conversation\/[A-Za-z0-9_-]+)"/.exec(page.text)?.[1] as string;
    expect(address).toBeDefined();
    expect(page.text).toContain(`href="${address}"`);
    expect(page.text).toContain(`at least ${K - 1} other people of your team`);

    const short = await request(app.app).post(address).type("form").send({ action: "comment", body: "Too short" }).expect(400);
    expect(short.text).toContain("at least 10 visible characters");
    expect(short.text).toContain("Too short");
    const sent = await request(app.app).post(address).type("form").send({ action: "comment", body: "More time for deep work, please." }).expect(303);
    expect(sent.headers.location).toBe(address);
    const shown = await request(app.app).get(address).expect(200);
    expect(shown.headers["cache-control"]).toBe("no-store");
    expect(shown.text).toContain("More time for deep work, please.");
    expect(shown.text).toContain("Waiting, sealed");
    const forged = await request(app.app).get("/pulse/conversation/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").expect(404);
    expect(forged.text).toContain("This conversation link does not work");
  });

  it("no log line of a respondent's comment, conversation or follow-up request carries the capability or the client address", async () => {
    const capability = await answer("b");
    const sent = [
      request(app.app).get(`/pulse/conversations/${capability}`),
      request(app.app).post("/pulse/comments").send({ conversation: capability, body: "Logged without a trace of who I am." }),
      request(app.app).post(`/pulse/conversations/${capability}/replies`).send({ body: "Hello?" }),
      request(app.app).post("/pulse/follow-ups").send({ conversation: capability, questionId: questionId, score: 3 }),
      request(app.app).get(`/pulse/conversation/${capability}`),
      request(app.app).post(`/pulse/conversation/${capability}`).type("form").send({ action: "reply", body: "Hi" }),
    ];
    for (const [i, pending] of sent.entries()) await pending.set("x-request-id", `conversation-log-${i}`).set("X-Forwarded-For", "203.0.113.77");
    const lines = app.logs.filter((line) => typeof line.requestId === "string" && line.requestId.startsWith("conversation-log-"));
    expect(lines.length).toBeGreaterThanOrEqual(sent.length);
    for (const line of lines) {
      const text = JSON.stringify(line);
      expect(text).not.toContain(capability);
      expect(text).not.toContain("203.0.113.77");
      expect(text).not.toContain("127.0.0.1");
    }
    expect(lines.map((line) => (line.req as { path: string }).path)).toEqual(
      expect.arrayContaining([
        "/pulse/conversations/:capability",
        "/pulse/comments",
        "/pulse/conversations/:capability/replies",
        "/pulse/follow-ups",
        "/pulse/conversation/:capability",
      ]),
    );
    expect(JSON.stringify(app.logs)).not.toContain(capability);
  });
});
