import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { spawnStandaloneWorker } from "../helpers/processes.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { WebhookReceiver } from "./webhook-receiver.js";

/**
 * WEBHOOK_WORKER=false: the API queues webhook attempts on BullMQ and sends none; the standalone
 * worker (`npm run worker`), a process of its own, sends them, off the API's CPU.
 */
describe("webhook attempts in the standalone worker process", () => {
  let app: TestApp;
  let t: TenantFixture;
  let admin: ApiClient;
  let child: ChildProcess | undefined;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await createTestApp({ webhookQueue: "bullmq", env: { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_WORKER: "false" } });
    t = await createTenantFixture(app.db);
    admin = await signIn(app, t.tenant.slug, "admin");
    await receiver.start();
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await app.close();
    await receiver.close();
  });

  it("WEBHOOK_WORKER is on unless set to false; WEBHOOK_CONCURRENCY (1 to 100) is unset unless set: each process has its default", () => {
    expect(loadConfig({}).webhooks).toMatchObject({ workerInApi: true, concurrency: undefined });
    expect(loadConfig({ WEBHOOK_WORKER: "false", WEBHOOK_CONCURRENCY: "12" }).webhooks).toMatchObject({ workerInApi: false, concurrency: 12 });
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: "0" })).toThrow(/WEBHOOK_CONCURRENCY/);
    expect(() => loadConfig({ WEBHOOK_WORKER: "sometimes" })).toThrow(/WEBHOOK_WORKER/);
  });

  it("the API sends nothing itself; the worker process sends what waits, signed, once", { timeout: 60_000 }, async () => {
    const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    receiver.verifyWith(hook.secret);
    const question = await askQuestion(await signIn(app, t.tenant.slug, "member"), t.teams.a.id);
    // Time enough for a worker in this process to have sent it (a few ms on loopback).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toEqual([]);
    const [waiting] = (await admin.get(`/admin/webhooks/${hook.id}/deliveries`).expect(200)).body.items;
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
    // The job is on the queue, and no worker of this process takes it.
    expect(await app.kv?.keys(`${app.config.kv.prefix}bull:webhooks:*`)).not.toEqual([]);

    child = await spawnStandaloneWorker(app, { WEBHOOK_ALLOW_PRIVATE: "true" });
    await eventually(async () => expect(receiver.processed).toHaveLength(1), 30_000);
    expect(receiver.processed[0]?.payload).toMatchObject({ type: "question.created", data: { id: question.id } });
    expect(receiver.refused).toEqual([]);
    await eventually(async () => {
      const [delivery] = (await admin.get(`/admin/webhooks/${hook.id}/deliveries`).expect(200)).body.items;
      expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, responseCode: 200 });
    });
    expect(receiver.received).toHaveLength(1);
  });
});
