import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { TeamsReceiver } from "./teams-receiver.js";

/** With Redis the posts go through BullMQ (the `channels` queue) and its worker; the Teams URL never goes into Redis. */
describe("Team chat channels on BullMQ", () => {
  let app: TestApp;
  let t: TenantFixture;
  let receiver: TeamsReceiver;
  const SIG = "bullmq-sig-Pq8Rt5Vw3";

  beforeAll(async () => {
    receiver = await new TeamsReceiver().start();
    app = await createTestApp({ channelQueue: "bullmq", env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { channelRetryDelaysMs: [100, 100] } });
    t = await createTenantFixture(app.db);
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("posts through the queue under the app's key prefix, retrying a failure once, and keeps the URL out of Redis", async () => {
    expect(app.channels.queue.kind).toBe("bullmq");
    const admin = await signIn(app, t.tenant.slug, "admin");
    await admin.put(`/admin/teams/${t.teams.a.id}/channels`, { teamsWebhookUrl: receiver.url(SIG) }).expect(200);
    receiver.answer({ status: 502 });
    const seen: string[] = [];
    const stop = setInterval(() => {
      void app.kv?.keys(`${app.config.kv.prefix}bull:channels:*`).then(async (keys) => {
        for (const key of keys) if ((await app.kv?.type(key)) === "hash") seen.push(JSON.stringify(await app.kv?.hgetall(key)));
      });
    }, 20);
    try {
      await askQuestion(await signIn(app, t.tenant.slug, "member"), t.teams.a.id, "A question through BullMQ?");
      await eventually(async () => expect(receiver.posted).toHaveLength(1), 10_000);
    } finally {
      clearInterval(stop);
    }
    expect(receiver.received).toHaveLength(2);
    expect(JSON.stringify(receiver.posted[0]?.body)).toContain("A question through BullMQ?");
    expect(seen.join("\n")).toContain("A question through BullMQ?");
    expect(seen.join("\n")).not.toContain(SIG);
  });
});
