import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_RETRY_DELAYS_MS } from "../../src/modules/webhooks/index.js";
import { createTestApp, signIn, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { openPoll, pollBodies } from "../helpers/polls.js";
import { addPulseQuestion, addWaiting } from "../helpers/pulse.js";
import { WebhookReceiver } from "./webhook-receiver.js";

const ALL_EVENTS = ["question.created", "question.answered", "question.deleted", "poll.closed", "pulse.batch_released"];
/** Test-speed retries: four attempts, 80 ms apart. */
const RETRY_DELAYS_MS = [80, 80, 80];

async function deliveriesOf(admin: ApiClient, endpointId: string) {
  return (await admin.get(`/admin/webhooks/${endpointId}/deliveries`).expect(200)).body.items as Array<Record<string, any>>;
}

describe("Outgoing webhooks: events, signatures, retries and replay (CONTRACT §11)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let admin: ApiClient;
  const receivers: WebhookReceiver[] = [];

  async function endpoint(events: string[], client = admin) {
    const receiver = new WebhookReceiver();
    receivers.push(receiver);
    await receiver.start();
    const { body } = await client.post("/admin/webhooks", { url: receiver.url, events }).expect(201);
    receiver.verifyWith(body.secret);
    return { receiver, id: body.id as string, secret: body.secret as string };
  }

  beforeAll(async () => {
    app = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { webhookRetryDelaysMs: RETRY_DELAYS_MS } });
    t = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: 5 } } });
    admin = await signIn(app, t.tenant.slug, "admin");
  });
  afterAll(async () => {
    await app.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  it("the default retry schedule spans more than 24 hours", () => {
    expect(WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(24 * 3600 * 1000);
    expect(WEBHOOK_RETRY_DELAYS_MS[0]).toBe(5000);
  });

  it("question created, answered and deleted, a closed poll with its results and a released pulse batch arrive, each signed and verified", async () => {
    const all = await endpoint(ALL_EVENTS);
    const pollsOnly = await endpoint(["poll.closed"]);
    const disabled = await endpoint(ALL_EVENTS);
    await admin.put(`/admin/webhooks/${disabled.id}`, { enabled: false }).expect(200);
    const { member, moderator } = await signInMany(app, t.tenant.slug, ["member", "moderator"]);

    const question = await askQuestion(member, t.teams.a.id, "What is the plan for the winter offsite?");
    await moderator.post(`/questions/${question.id}/answer`, { responseText: "Lisbon, in February." }).expect(200);
    const doomed = await askQuestion(member, t.teams.a.id, "Can we drop the Friday status meeting?");
    await moderator.delete(`/questions/${doomed.id}`).expect(204);
    const poll = await openPoll(moderator, pollBodies.single(t.teams.a.id));
    await member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[1]?.id] }).expect(200);
    await moderator.post(`/polls/${poll.id}/close`).expect(200);
    const pulseQuestion = await addPulseQuestion(app.db, t.tenant.id, { text: "How sustainable is your workload?", teamId: t.teams.a.id });
    await addWaiting(app.db, t.tenant.id, [{ questionId: pulseQuestion, teamId: t.teams.a.id, scores: [1, 2, 4, 4, 5] }]);
    await app.pulseReleaser.sweep({ tenantIds: [t.tenant.id] });

    // Two questions created (one then deleted), one answered, one deleted, one poll, one batch.
    await eventually(async () => expect(all.receiver.processed).toHaveLength(6));
    expect(all.receiver.refused).toEqual([]);
    const created = all.receiver.ofType("question.created").find((entry) => entry.payload.data.id === question.id);
    expect(created?.payload).toEqual({
      type: "question.created",
      timestamp: expect.any(String),
      data: expect.objectContaining({
        id: question.id,
        teamId: t.teams.a.id,
        body: "What is the plan for the winter offsite?",
        status: "OPEN",
        isAnonymous: false,
        author: { id: t.users.member.id, name: t.users.member.name },
      }),
    });
    expect(all.receiver.ofType("question.answered")[0]?.payload.data).toMatchObject({
      id: question.id,
      status: "ANSWERED",
      responseText: "Lisbon, in February.",
    });
    expect(all.receiver.ofType("question.deleted")[0]?.payload.data).toEqual({ id: doomed.id, teamId: t.teams.a.id });
    expect(all.receiver.ofType("poll.closed")[0]?.payload.data).toMatchObject({
      id: poll.id,
      teamId: t.teams.a.id,
      title: poll.title,
      voteCount: 1,
      results: { voteCount: 1, options: [{ votes: 0 }, { id: poll.options[1]?.id, votes: 1 }, { votes: 0 }] },
    });
    expect(all.receiver.ofType("pulse.batch_released")[0]?.payload.data).toEqual({
      questionId: pulseQuestion,
      question: "How sustainable is your workload?",
      teamId: t.teams.a.id,
      week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      count: 5,
      average: 3.2,
    });
    // Every request's webhook-id is its delivery's id, as the admin's list shows it.
    const listed = await deliveriesOf(admin, all.id);
    expect(listed.map((delivery) => delivery.id).sort()).toEqual(all.receiver.processed.map((entry) => entry.id).sort());
    expect(listed.every((delivery) => delivery.status === "succeeded" && delivery.attempts === 1 && delivery.responseCode === 200)).toBe(true);
    // Newest first.
    expect(listed[0]?.eventType).toBe("pulse.batch_released");

    await eventually(async () => expect(pollsOnly.receiver.processed).toHaveLength(1));
    expect(pollsOnly.receiver.processed[0]?.payload.type).toBe("poll.closed");
    expect(disabled.receiver.received).toEqual([]);
    expect(await deliveriesOf(admin, disabled.id)).toEqual([]);
  });

  it("a receiver that fails, then recovers: retried with the same webhook-id and body, processed once, nothing after the success", async () => {
    const hook = await endpoint(["question.created"]);
    hook.receiver.answer(500, 503);
    const { member } = await signInMany(app, t.tenant.slug, ["member"]);
    const question = await askQuestion(member, t.teams.a.id);
    await eventually(async () => expect(hook.receiver.processed).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(hook.receiver.received).toHaveLength(3);
    const ids = new Set(hook.receiver.received.map((entry) => entry.id));
    expect(ids.size).toBe(1);
    expect(new Set(hook.receiver.received.map((entry) => entry.body)).size).toBe(1);
    expect(hook.receiver.processed[0]?.payload.data.id).toBe(question.id);
    const timestamps = hook.receiver.received.map((entry) => Number(entry.timestamp));
    expect([...timestamps].sort()).toEqual(timestamps);
    const [delivery] = await deliveriesOf(admin, hook.id);
    expect(delivery).toMatchObject({ id: [...ids][0], status: "succeeded", attempts: 3, responseCode: 200, error: null, nextAttemptAt: null });
    const endpointView = (await admin.get("/admin/webhooks").expect(200)).body.find((item: { id: string }) => item.id === hook.id);
    expect(endpointView.failingSince).toBeNull();
  });

  it("after the last attempt the delivery has failed; a replay sends it again with the same webhook-id, audited; a pending one cannot be replayed", async () => {
    const hook = await endpoint(["question.created"]);
    hook.receiver.answer(500, 500, 500, 500);
    const { member } = await signInMany(app, t.tenant.slug, ["member"]);
    await askQuestion(member, t.teams.a.id);
    await eventually(async () => expect((await deliveriesOf(admin, hook.id))[0]).toMatchObject({ status: "failed", attempts: 4 }));
    const [failed] = await deliveriesOf(admin, hook.id);
    expect(failed).toMatchObject({ responseCode: 500, error: expect.stringContaining("HTTP 500"), nextAttemptAt: null });
    expect(hook.receiver.received).toHaveLength(4);
    expect(hook.receiver.processed).toHaveLength(0);
    const endpointView = (await admin.get("/admin/webhooks").expect(200)).body.find((item: { id: string }) => item.id === hook.id);
    expect(endpointView.failingSince).toEqual(expect.any(String));

    const replayed = await admin.post(`/admin/webhooks/${hook.id}/deliveries/${failed?.id}/replay`).expect(202);
    expect(replayed.body).toMatchObject({ id: failed?.id, status: "pending", attempts: 0 });
    await eventually(async () => expect(hook.receiver.processed).toHaveLength(1));
    expect(hook.receiver.processed[0]?.id).toBe(failed?.id);
    expect(hook.receiver.received.at(-1)?.body).toBe(hook.receiver.received[0]?.body);
    const [after] = await deliveriesOf(admin, hook.id);
    expect(after).toMatchObject({ id: failed?.id, status: "succeeded", attempts: 1 });
    const audit = await auditActions(app.db, t.tenant.id, "webhook.delivery_replay");
    expect(audit.some((entry) => entry.entity_id === hook.id && entry.metadata.deliveryId === failed?.id)).toBe(true);

    // Replaying what the receiver already has is allowed (it de-duplicates on the id): processed once still.
    await admin.post(`/admin/webhooks/${hook.id}/deliveries/${failed?.id}/replay`).expect(202);
    await eventually(async () => expect((await deliveriesOf(admin, hook.id))[0]).toMatchObject({ status: "succeeded" }));
    expect(hook.receiver.processed).toHaveLength(1);

    await app.db("webhook_deliveries").where({ tenant_id: t.tenant.id, id: failed?.id }).update({ status: "pending" });
    const pending = await admin.post(`/admin/webhooks/${hook.id}/deliveries/${failed?.id}/replay`).expect(409);
    expect(pending.body.error.code).toBe("DELIVERY_PENDING");
  });
});

describe("Outgoing webhooks: attempts lost with their process", () => {
  it("a pending delivery whose job was lost (the in-process queue ended with its process) is queued again at start, once", async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    const first = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { webhookRetryDelaysMs: RETRY_DELAYS_MS } });
    const t = await createTenantFixture(first.db);
    try {
      const admin = await signIn(first, t.tenant.slug, "admin");
      const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
      receiver.verifyWith(hook.secret).answer(500);
      // The first attempt fails; its retry waits in the process's memory, which then ends.
      const slow = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { webhookRetryDelaysMs: [60_000] } });
      const question = await askQuestion(await signIn(slow, t.tenant.slug, "member"), t.teams.a.id);
      await eventually(async () => expect(receiver.received).toHaveLength(1));
      await eventually(async () => expect((await deliveriesOf(admin, hook.id))[0]).toMatchObject({ status: "pending", attempts: 1 }));
      await slow.close();
      await first
        .db("webhook_deliveries")
        .where({ tenant_id: t.tenant.id })
        .update({ next_attempt_at: new Date(Date.now() - 1000) });

      expect(await first.webhooks.resumePending({ tenantIds: [t.tenant.id] })).toBe(1);
      expect(await first.webhooks.resumePending({ tenantIds: [t.tenant.id] })).toBe(1);
      await eventually(async () => expect(receiver.processed).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Queued twice, sent once: the second job found the delivery already past that attempt.
      expect(receiver.received).toHaveLength(2);
      expect(receiver.processed[0]?.payload.data.id).toBe(question.id);
      expect((await deliveriesOf(admin, hook.id))[0]).toMatchObject({ status: "succeeded", attempts: 2 });
    } finally {
      await first.close();
      await receiver.close();
    }
  });
});

describe("Outgoing webhooks: questions held for review", () => {
  it("a question under review goes out only once approved; one rejected under review never goes out", async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    const app = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
    try {
      const t = await createTenantFixture(app.db, { settings: { features: { requireQuestionApproval: true } } });
      const { admin, member, moderator } = await signInMany(app, t.tenant.slug, ["admin", "member", "moderator"]);
      const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ["question.created", "question.deleted"] }).expect(201);
      receiver.verifyWith(hook.secret);
      const held = await askQuestion(member, t.teams.a.id);
      const rejected = await askQuestion(member, t.teams.a.id);
      expect([held.status, rejected.status]).toEqual(["UNDER_REVIEW", "UNDER_REVIEW"]);
      await moderator.post(`/questions/${rejected.id}/reject`, {}).expect(204);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received).toEqual([]);
      await moderator.post(`/questions/${held.id}/approve`, {}).expect(200);
      await eventually(async () => expect(receiver.processed).toHaveLength(1));
      expect(receiver.processed[0]?.payload).toMatchObject({ type: "question.created", data: { id: held.id, status: "OPEN" } });
      expect(JSON.stringify(receiver.received)).not.toContain(rejected.id);
    } finally {
      await app.close();
      await receiver.close();
    }
  });
});
