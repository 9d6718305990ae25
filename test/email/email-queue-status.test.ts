import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { DEV_QUEUE_MAX_WAITING } from "../../src/platform/queue.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { startWorker } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/**
 * The development queue (in memory, no worker) keeps only the newest jobs, counts what
 * it dropped, and the admin view says so, and says whether any email worker is sending.
 */
describe("GET /admin/email-queue in development: the in-memory queue is bounded and says it sends nothing", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  const pulseJobs = (tenantId: string, count: number) =>
    Array.from({ length: count }, () => ({ name: "pulse-invite" as const, data: { tenantId, inviteId: "4f9d3f0e-8f43-4a8e-9a51-2b1d5b7c9e10" } }));

  it("tells the admin that no worker runs, so nothing is sent, and how many waiting jobs are kept", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const view = await admin.get("/admin/email-queue").expect(200);
    expect(view.body.delivery).toEqual({ queue: "memory", workerRunning: false, maxWaiting: DEV_QUEUE_MAX_WAITING, dropped: 0 });
  });

  it("keeps the newest jobs only (daily pulses in development would pile up forever) and counts per tenant what it dropped", async () => {
    // Another tenant's jobs first: the oldest, so the first to go.
    await app.queue.addBulk(pulseJobs(other.tenant.id, 10));
    const before = await app.queue.addBulk(pulseJobs(fixture.tenant.id, DEV_QUEUE_MAX_WAITING - 10));
    const newest = await app.queue.add("direct-email", {
      tenantId: fixture.tenant.id,
      to: ["late@example.org"],
      subject: "Newest",
      body: "x",
      sentByUserId: fixture.users.admin.id,
    });
    await app.queue.addBulk(pulseJobs(fixture.tenant.id, 25));

    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const view = await admin.get("/admin/email-queue").expect(200);
    // 10 of the other tenant's and 16 of this tenant's oldest went, to keep the newest N.
    expect(view.body.metrics.waiting).toBe(DEV_QUEUE_MAX_WAITING);
    expect(view.body.delivery).toEqual({ queue: "memory", workerRunning: false, maxWaiting: DEV_QUEUE_MAX_WAITING, dropped: 16 });
    expect(app.queue.waiting).toHaveLength(DEV_QUEUE_MAX_WAITING);
    expect(app.queue.waiting.some((job) => job.id === before[0]?.id)).toBe(false);
    expect(app.queue.waiting.some((job) => job.id === newest.id)).toBe(true);
    // A dropped job is gone for retry too; the other tenant sees its own drop count only.
    await admin.post(`/admin/email-queue/${before[0]?.id}/retry`).expect(404);
    const theirs = await (await signIn(app, other.tenant.slug, "admin")).get("/admin/email-queue").expect(200);
    expect(theirs.body.metrics.waiting).toBe(0);
    expect(theirs.body.delivery.dropped).toBe(10);
  });

  it("admin-queued direct emails count against the same bound", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const before = (await admin.get("/admin/email-queue").expect(200)).body.delivery.dropped;
    await admin.post("/admin/emails", { to: ["a@example.org", "b@example.org"], subject: "Hi", body: "x" }).expect(202);
    const view = await admin.get("/admin/email-queue").expect(200);
    expect(view.body.metrics.waiting).toBe(DEV_QUEUE_MAX_WAITING);
    expect(view.body.delivery.dropped).toBe(before + 2);
  });
});

describe("GET /admin/email-queue on BullMQ: whether an email worker is consuming the queue", () => {
  let app: TestApp<BullEmailQueue>;
  let fixture: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ emailQueue: "bullmq" });
    fixture = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  it("says no worker runs while none does (development default), and that one does once a worker connects", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const idle = await admin.get("/admin/email-queue").expect(200);
    expect(idle.body.delivery).toEqual({ queue: "redis", workerRunning: false, maxWaiting: null, dropped: 0 });

    const worker = startWorker(app);
    try {
      await expect.poll(async () => (await admin.get("/admin/email-queue").expect(200)).body.delivery.workerRunning, { timeout: 5000 }).toBe(true);
    } finally {
      await worker.close();
    }
    await expect.poll(async () => (await admin.get("/admin/email-queue").expect(200)).body.delivery.workerRunning, { timeout: 5000 }).toBe(false);
  });
});
