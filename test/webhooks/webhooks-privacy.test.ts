import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, signInMany, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { openPoll, pollBodies } from "../helpers/polls.js";
import { pulseGroup } from "../helpers/pulse.js";
import { WebhookReceiver } from "./webhook-receiver.js";

const ALL_EVENTS = ["question.created", "question.answered", "question.deleted", "poll.closed", "pulse.batch_released"];

/**
 * CONTRACT §11: a payload never carries an anonymous question's author, nor anything of one pulse
 * response. Every event type is produced, by the person who is both the anonymous author and
 * a pulse respondent; then every stored and every sent payload is searched for them.
 */
describe("Outgoing webhooks: what a payload never carries", () => {
  let app: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { pulseScannerWindowMs: 0 } });
    await receiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("no stored or sent payload names the anonymous author or holds a pulse response's row, invite or single score", async () => {
    const { fixture: t, questionId: pulseQuestionId, invites } = await pulseGroup(app.db, 3);
    const author = t.users.member;
    const admin = await signIn(app, t.tenant.slug, "admin");
    const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ALL_EVENTS }).expect(201);
    receiver.verifyWith(hook.secret);
    const { member, moderator } = await signInMany(app, t.tenant.slug, ["member", "moderator"]);

    // The anonymous author's question: created, answered; another created then deleted.
    const asked = await member.post("/questions", { body: "Why are the salary bands not published?", teamId: t.teams.a.id, anonymous: true }).expect(201);
    expect(asked.body.author).toEqual({ id: author.id, name: author.name });
    await moderator.post(`/questions/${asked.body.id}/answer`, { responseText: "They will be in January." }).expect(200);
    const second = await member.post("/questions", { body: "Who decided the new travel policy?", teamId: t.teams.a.id, anonymous: true }).expect(201);
    await moderator.delete(`/questions/${second.body.id}`).expect(204);
    // A poll the author voted in.
    const poll = await openPoll(moderator, pollBodies.words(t.teams.a.id));
    await member.post(`/polls/${poll.id}/votes`, { text: "hopeful" }).expect(200);
    await moderator.post(`/polls/${poll.id}/close`).expect(200);
    // The author's pulse answers (and two colleagues' invites answered through the same member, k = 3).
    const tokens = await invites(3);
    for (const [index, token] of tokens.entries()) {
      await request(app.app)
        .post("/pulse/respond")
        .send({ token, score: [2, 5, 4][index] })
        .expect(200);
    }
    await app.pulseReleaser.sweep({ tenantIds: [t.tenant.id] });

    await eventually(async () => expect(receiver.processed.map((entry) => entry.payload.type).sort()).toEqual([...ALL_EVENTS, "question.created"].sort()));
    expect(receiver.refused).toEqual([]);

    const stored = await app.db("webhook_deliveries").where({ tenant_id: t.tenant.id }).select("payload");
    expect(stored).toHaveLength(6);
    const texts = [...stored.map((row) => JSON.stringify(row.payload)), ...receiver.received.map((entry) => entry.body + JSON.stringify(entry.headers))];
    const responses = await app.db("pulse_responses").where({ tenant_id: t.tenant.id }).select("id");
    const inviteRows = await app.db("pulse_invites").where({ tenant_id: t.tenant.id }).select("id", "token");
    expect(responses).toHaveLength(3);
    const secrets = [
      author.id,
      author.name,
      author.email,
      author.username,
      ...responses.map((row) => row.id),
      ...inviteRows.flatMap((row) => [row.id, row.token]),
    ];
    for (const text of texts) {
      for (const secret of secrets) expect(text.toLowerCase(), `payload carries ${secret}`).not.toContain(String(secret).toLowerCase());
    }

    const created = receiver.ofType("question.created").find((entry) => entry.payload.data.id === asked.body.id);
    expect(created?.payload.data).toMatchObject({ isAnonymous: true, author: null });
    expect(receiver.ofType("question.answered")[0]?.payload.data).toMatchObject({ isAnonymous: true, author: null });
    // The batch: its count and average only; no list of scores, no time of an answer.
    const batch = receiver.ofType("pulse.batch_released")[0]?.payload.data;
    expect(Object.keys(batch ?? {}).sort()).toEqual(["average", "count", "question", "questionId", "teamId", "week"]);
    expect(batch).toMatchObject({ questionId: pulseQuestionId, count: 3, average: 3.67 });
  });

  it("an event whose data carries an undeclared field (a score, an author of an anonymous question) is refused, not sent", async () => {
    const { fixture: t } = await pulseGroup(app.db, 3);
    const admin = await signIn(app, t.tenant.slug, "admin");
    const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ALL_EVENTS }).expect(201);
    const { createWebhookPublisher, InProcessWebhookQueue } = await import("../../src/modules/webhooks/index.js");
    const queue = new InProcessWebhookQueue(app.logger);
    const publish = createWebhookPublisher({ db: app.db, clock: app.clock, logger: app.logger, queue });
    const question = {
      id: t.teams.a.id,
      teamId: t.teams.a.id,
      body: "Anonymous",
      status: "OPEN",
      isAnonymous: true,
      author: { id: t.users.member.id, name: t.users.member.name },
      submittedAt: new Date().toISOString(),
      upvoteCount: 0,
      tags: [],
      responseText: null,
      respondedAt: null,
    };
    await publish(t.tenant.id, "question.created", question);
    await publish(t.tenant.id, "pulse.batch_released", {
      questionId: t.teams.a.id,
      question: "How is it going?",
      teamId: null,
      week: "2026-11-23",
      count: 3,
      average: 3,
      scores: [1, 3, 5],
    } as never);
    await queue.close();
    expect(await app.db("webhook_deliveries").where({ tenant_id: t.tenant.id, endpoint_id: hook.id })).toEqual([]);
    expect(app.logs.filter((line) => line.msg === "webhook event refused")).toHaveLength(2);
  });
});
