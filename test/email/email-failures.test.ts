import { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import type { EmailWorker } from "../../src/modules/email/email.worker.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { smtpEnv, startWorker, waitForJob } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startSilentServer, startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";

/** Queues one direct email to `address` through the queue interface, as the admin endpoint does. */
async function queueDirect(app: TestApp<BullEmailQueue>, fixture: TenantFixture, address: string) {
  return app.queue.add("direct-email", { tenantId: fixture.tenant.id, to: [address], subject: "Hello", body: "Body", sentByUserId: fixture.users.admin.id });
}

describe("email failures: classified, retried when it can help, visible to admins", () => {
  let sink: SmtpSink;
  let app: TestApp<BullEmailQueue>;
  let worker: EmailWorker;
  let fixture: TenantFixture;
  let serverBusy = true;

  beforeAll(async () => {
    sink = await startSmtpSink({
      rejectRecipient: (address) => {
        if (address.startsWith("busy") && serverBusy) return { code: 451, message: "4.7.1 Too many messages, slow down" };
        if (address.startsWith("nobody")) return { code: 550, message: "5.1.1 No such user here" };
        return null;
      },
    });
    app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(sink.port) });
    worker = startWorker(app);
    fixture = await createTenantFixture(app.db);
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
    await sink.close();
  });

  it("a server that keeps deferring: three attempts, then failed with 'Rate limit exceeded'", async () => {
    const job = await queueDirect(app, fixture, "busy@example.org");
    const failed = await waitForJob(app.queue, fixture.tenant.id, job.id);
    expect(failed).toMatchObject({ status: "failed", attemptsMade: 3, failedReason: "Rate limit exceeded" });
    expect(sink.recipientsTried.filter((address) => address === "busy@example.org")).toHaveLength(3);
  });

  it("a rejected recipient fails at once with 'Recipient rejected' (no pointless retries)", async () => {
    const job = await queueDirect(app, fixture, "nobody@example.org");
    expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({ status: "failed", attemptsMade: 1, failedReason: "Recipient rejected" });
    expect(sink.recipientsTried.filter((address) => address === "nobody@example.org")).toHaveLength(1);
  });

  it("GET /admin/email-queue shows failed jobs in SPEC's shape, and retry sends the email once the server accepts", async () => {
    const job = await queueDirect(app, fixture, "busy-retry@example.org");
    await waitForJob(app.queue, fixture.tenant.id, job.id);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const view = await admin.get("/admin/email-queue").expect(200);
    expect(view.body.metrics).toEqual({ active: 0, waiting: 0, completed: 0, failed: 3 });
    const item = view.body.recentJobs.failed.find((entry: { id: string }) => entry.id === job.id);
    expect(item).toMatchObject({ id: job.id, name: "direct-email", failedReason: "Rate limit exceeded", attemptsMade: 3, to: ["busy-retry@example.org"] });
    expect(Number.isInteger(item.finishedOn)).toBe(true);
    expect(view.body.recentJobs.failed.map((entry: { finishedOn: number }) => entry.finishedOn)).toEqual(
      [...view.body.recentJobs.failed.map((entry: { finishedOn: number }) => entry.finishedOn)].sort((a, b) => b - a),
    );

    serverBusy = false;
    const retried = await admin.post(`/admin/email-queue/${job.id}/retry`).expect(200);
    expect(retried.body).toMatchObject({ id: job.id, status: expect.stringMatching(/^(waiting|active|completed)$/) });
    expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({ status: "completed", attemptsMade: 1, result: { outcome: "sent" } });
    expect(sink.messages.some((message) => JSON.stringify(message.to).includes("busy-retry@example.org"))).toBe(true);
    const audit = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "email.retry", entity_id: job.id }).first();
    expect(audit).toMatchObject({ user_id: fixture.users.admin.id, entity_type: "email_job" });
    expect(audit.before).toMatchObject({ status: "failed", failedReason: "Rate limit exceeded", attemptsMade: 3 });

    const after = await admin.get("/admin/email-queue").expect(200);
    expect(after.body.recentJobs.completed.map((entry: { id: string }) => entry.id)).toContain(job.id);
    await admin.post(`/admin/email-queue/${job.id}/retry`).expect(409);
    serverBusy = true;
  });
});

describe("email failures at the connection: credentials and unreachable servers", () => {
  it("wrong SMTP credentials fail at once with 'Authentication failed'", async () => {
    const sink = await startSmtpSink({ auth: { user: "mailer", pass: "right" } });
    const app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(sink.port, { SMTP_USER: "mailer", SMTP_PASS: "wrong" }) });
    const worker = startWorker(app);
    try {
      const fixture = await createTenantFixture(app.db);
      const job = await queueDirect(app, fixture, "someone@example.org");
      expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({
        status: "failed",
        attemptsMade: 1,
        failedReason: "Authentication failed",
      });
      expect(sink.messages).toHaveLength(0);
    } finally {
      await worker.close();
      await app.close();
      await sink.close();
    }
  });

  it("the right credentials deliver", async () => {
    const sink = await startSmtpSink({ auth: { user: "mailer", pass: "right" } });
    const app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(sink.port, { SMTP_USER: "mailer", SMTP_PASS: "right" }) });
    const worker = startWorker(app);
    try {
      const fixture = await createTenantFixture(app.db);
      const job = await queueDirect(app, fixture, "someone@example.org");
      expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({ status: "completed" });
      expect(sink.messages).toHaveLength(1);
    } finally {
      await worker.close();
      await app.close();
      await sink.close();
    }
  });

  it("a server that never greets: three attempts, then 'SMTP connection timeout'", async () => {
    const silent = await startSilentServer();
    const app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(silent.port, { SMTP_TIMEOUT_MS: "150" }) });
    const worker = startWorker(app);
    try {
      const fixture = await createTenantFixture(app.db);
      const job = await queueDirect(app, fixture, "someone@example.org");
      expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({
        status: "failed",
        attemptsMade: 3,
        failedReason: "SMTP connection timeout",
      });
      expect(app.logs.some((line) => line.msg === "email delivery failed" && line.reason === "SMTP connection timeout")).toBe(true);
    } finally {
      await worker.close();
      await app.close();
      await silent.close();
    }
  });

  it("keeps SPEC's schedule by default: 3 attempts, backoff from 2 s, completed kept 24 h (1000), failed 7 days", async () => {
    expect(loadConfig({}).email.backoffMs).toBe(2000);
    const app = await createTestApp({ emailQueue: "bullmq" });
    try {
      const fixture = await createTenantFixture(app.db);
      const job = await queueDirect(app, fixture, "someone@example.org");
      const stored = await Job.fromId(app.queue.queue, job.id);
      expect(stored?.opts).toMatchObject({
        attempts: 3,
        backoff: { type: "exponential", delay: 2000 },
        removeOnComplete: { age: 86_400, count: 1000 },
        removeOnFail: { age: 604_800 },
      });
    } finally {
      await app.close();
    }
  });
});
