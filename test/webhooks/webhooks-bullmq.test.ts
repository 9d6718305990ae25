import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BullWebhookQueue } from "../../src/modules/webhooks/index.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { WebhookReceiver } from "./webhook-receiver.js";

/** With Redis the attempts go through BullMQ (the `webhooks` queue, beside the email queue) and its worker. */
describe("Outgoing webhooks on BullMQ", () => {
  let app: TestApp;
  let t: TenantFixture;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await createTestApp({ webhookQueue: "bullmq", env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { webhookRetryDelaysMs: [100, 100] } });
    t = await createTenantFixture(app.db);
    await receiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("delivers through the queue under the app's key prefix, retrying a failure with the same webhook-id", async () => {
    expect(app.webhooks.queue.kind).toBe("bullmq");
    const admin = await signIn(app, t.tenant.slug, "admin");
    const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    receiver.verifyWith(hook.secret).answer(502);
    const question = await askQuestion(await signIn(app, t.tenant.slug, "member"), t.teams.a.id);
    await eventually(async () => expect(receiver.processed).toHaveLength(1), 10_000);
    expect(receiver.processed[0]?.payload.data.id).toBe(question.id);
    expect(receiver.received).toHaveLength(2);
    expect(new Set(receiver.received.map((entry) => entry.id)).size).toBe(1);
    const [delivery] = (await admin.get(`/admin/webhooks/${hook.id}/deliveries`).expect(200)).body.items;
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 2, responseCode: 200 });
    expect(await app.kv?.keys(`${app.config.kv.prefix}bull:webhooks:*`)).not.toEqual([]);
  });

  it("an event for several endpoints is queued in one call, and each endpoint gets it once", async () => {
    const admin = await signIn(app, t.tenant.slug, "admin");
    const others = [new WebhookReceiver(), new WebhookReceiver(), new WebhookReceiver()];
    try {
      for (const other of others) {
        await other.start();
        const { body: hook } = await admin.post("/admin/webhooks", { url: other.url, events: ["question.answered"] }).expect(201);
        other.verifyWith(hook.secret);
      }
      const addBulk = vi.spyOn((app.webhooks.queue as BullWebhookQueue).queue, "addBulk");
      const question = await askQuestion(await signIn(app, t.tenant.slug, "member"), t.teams.a.id);
      const moderator = await signIn(app, t.tenant.slug, "moderator");
      await moderator.post(`/questions/${question.id}/answer`, { responseText: "Once each." }).expect(200);
      for (const other of others) await eventually(async () => expect(other.ofType("question.answered")).toHaveLength(1), 10_000);
      const answeredBatches = addBulk.mock.calls.filter(([jobs]) => jobs.length === others.length);
      expect(answeredBatches).toHaveLength(1);
      expect(others.map((other) => other.received.length)).toEqual([1, 1, 1]);
      expect(others.map((other) => other.processed[0]?.payload.data.id)).toEqual([question.id, question.id, question.id]);
      addBulk.mockRestore();
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});
