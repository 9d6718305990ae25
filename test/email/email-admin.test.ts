import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

const ERROR_BODY = { error: { code: expect.any(String), message: expect.any(String) }, requestId: expect.any(String) };

describe("email admin API (development queue: in memory, nothing sent)", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let other: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    other = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  const queuedFor = (tenantId: string) => app.queue.waiting.filter((job) => job.data.tenantId === tenantId);

  it("admin and owner only: moderator, member and viewer get 403, a visitor 401", async () => {
    for (const username of ["moderator", "teammoderator", "member", "viewer"]) {
      const client = await signIn(app, fixture.tenant.slug, username);
      expect((await client.get("/admin/email-queue").expect(403)).body.error.code).toBe("FORBIDDEN");
      await client.post("/admin/emails", { to: ["a@example.org"], subject: "Hi", body: "Hello" }).expect(403);
      await client.post("/admin/email-queue/whatever/retry").expect(403);
    }
    const anonymous = await request(app.app).get("/admin/email-queue").set("x-tenant-id", fixture.tenant.slug).expect(401);
    expect(anonymous.body).toEqual(ERROR_BODY);
    await request(app.app)
      .post("/admin/emails")
      .set("x-tenant-id", fixture.tenant.slug)
      .send({ to: ["a@example.org"], subject: "Hi", body: "x" })
      .expect(401);
    for (const username of ["admin", "owner"]) await (await signIn(app, fixture.tenant.slug, username)).get("/admin/email-queue").expect(200);
    expect(queuedFor(fixture.tenant.id)).toHaveLength(0);
  });

  it("POST /admin/emails queues one job per distinct recipient and audits it (202 {queued, jobIds})", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const response = await admin
      .post("/admin/emails", {
        to: [fixture.users.member.id, fixture.users.member.email.toUpperCase(), "guest@example.org", "GUEST@example.org", fixture.users.viewer.id],
        subject: "  Town hall  ",
        body: "See you there.",
      })
      .expect(202);
    expect(response.body).toEqual({ queued: 3, jobIds: expect.any(Array) });
    const jobs = queuedFor(fixture.tenant.id);
    expect(jobs.map((job) => job.id).sort()).toEqual([...response.body.jobIds].sort());
    expect(jobs.map((job) => job.data)).toEqual([
      { tenantId: fixture.tenant.id, to: [fixture.users.member.id], subject: "Town hall", body: "See you there.", sentByUserId: fixture.users.admin.id },
      { tenantId: fixture.tenant.id, to: ["guest@example.org"], subject: "Town hall", body: "See you there.", sentByUserId: fixture.users.admin.id },
      { tenantId: fixture.tenant.id, to: [fixture.users.viewer.id], subject: "Town hall", body: "See you there.", sentByUserId: fixture.users.admin.id },
    ]);
    const audit = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "email.send" }).first();
    expect(audit).toMatchObject({ user_id: fixture.users.admin.id, entity_type: "email" });
    expect(audit.after).toEqual({ to: [fixture.users.member.id, "guest@example.org", fixture.users.viewer.id], subject: "Town hall", bodyLength: 14 });
  });

  it("GET /admin/email-queue in development lists the tenant's queued jobs as waiting, and no other tenant's", async () => {
    await app.queue.add("pulse-invite", { tenantId: other.tenant.id, inviteId: "4f9d3f0e-8f43-4a8e-9a51-2b1d5b7c9e10" });
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const view = await admin.get("/admin/email-queue").expect(200);
    expect(view.body.metrics).toEqual({ active: 0, waiting: 3, completed: 0, failed: 0 });
    expect(view.body.recentJobs.completed).toEqual([]);
    expect(view.body.recentJobs.failed).toEqual([]);
    expect(view.body.recentJobs.waiting).toHaveLength(3);
    expect(view.body.recentJobs.waiting[0]).toEqual({
      id: expect.any(String),
      name: "direct-email",
      status: "waiting",
      timestamp: expect.any(Number),
      attemptsMade: 0,
      processedOn: null,
      finishedOn: null,
      failedReason: null,
      subject: "Town hall",
      to: [expect.any(String)],
      recipientHidden: false,
      outcome: null,
      skipReason: null,
    });
    const otherView = await (await signIn(app, other.tenant.slug, "owner")).get("/admin/email-queue").expect(200);
    expect(otherView.body.metrics.waiting).toBe(1);
    expect(otherView.body.recentJobs.waiting[0]).toMatchObject({ name: "pulse-invite", subject: "Weekly Pulse - How are you feeling?", to: null });
  });

  it("bad bodies are 400 VALIDATION_FAILED with details, and queue nothing", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const before = queuedFor(fixture.tenant.id).length;
    const bodies: unknown[] = [
      {},
      { to: [], subject: "Hi", body: "x" },
      { to: ["not-an-address"], subject: "Hi", body: "x" },
      { to: "a@example.org", subject: "Hi", body: "x" },
      { to: ["a@example.org"], subject: "Hi\r\nBcc: victim@example.org", body: "x" },
      { to: ["a@example.org"], subject: "   ", body: "x" },
      { to: ["a@example.org"], subject: "x".repeat(201), body: "x" },
      { to: ["a@example.org"], subject: "Hi", body: "" },
      { to: ["a@example.org"], subject: "Hi", body: "x".repeat(20_001) },
      { to: ["a@example.org"], subject: "Hi", body: "x", cc: ["b@example.org"] },
      { to: Array.from({ length: 201 }, (_, index) => `user${index}@example.org`), subject: "Hi", body: "x" },
      { to: [42], subject: "Hi", body: "x" },
    ];
    for (const body of bodies) {
      const response = await admin.post("/admin/emails", body as object);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toEqual({ ...ERROR_BODY, error: { code: "VALIDATION_FAILED", message: expect.any(String), details: expect.any(Array) } });
    }
    const malformed = await admin.post("/admin/emails").set("content-type", "application/json").send('{"to": [');
    expect(malformed.status).toBe(400);
    expect(queuedFor(fixture.tenant.id)).toHaveLength(before);
  });

  it("a user id of another tenant, or unknown, is 404; a deactivated user 400; nothing queued or audited", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const before = queuedFor(fixture.tenant.id).length;
    const audits = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "email.send" }).count<{ count: number }[]>("* as count");
    for (const id of [other.users.member.id, "0b6a2a4e-7d9f-4c41-8f0e-5a6b7c8d9e0f"]) {
      const response = await admin.post("/admin/emails", { to: ["ok@example.org", id], subject: "Hi", body: "x" }).expect(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    await app.db("users").where({ id: fixture.users.memberB.id }).update({ deactivated_at: new Date() });
    const deactivated = await admin.post("/admin/emails", { to: [fixture.users.memberB.id], subject: "Hi", body: "x" }).expect(400);
    expect(deactivated.body.error.details).toEqual([{ path: "body.to.0", message: "The user is deactivated." }]);
    expect(queuedFor(fixture.tenant.id)).toHaveLength(before);
    const after = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "email.send" }).count<{ count: number }[]>("* as count");
    expect(Number(after[0]?.count)).toBe(Number(audits[0]?.count));
  });

  it("retry: an unknown or another tenant's job is 404; a job that has not failed is 409 JOB_NOT_FAILED", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const mine = queuedFor(fixture.tenant.id)[0]!;
    const theirs = queuedFor(other.tenant.id)[0]!;
    expect((await admin.post(`/admin/email-queue/${theirs.id}/retry`).expect(404)).body).toEqual(ERROR_BODY);
    await admin.post("/admin/email-queue/no-such-job/retry").expect(404);
    expect((await admin.post(`/admin/email-queue/${mine.id}/retry`).expect(409)).body.error.code).toBe("JOB_NOT_FAILED");
    await admin.post(`/admin/email-queue/${"x".repeat(101)}/retry`).expect(404);
  });

  it("writes need the CSRF header like every other session write", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const response = await admin.agent
      .post("/admin/emails")
      .send({ to: ["a@example.org"], subject: "Hi", body: "x" })
      .expect(403);
    expect(response.body.error.code).toBe("CSRF_INVALID");
  });
});

describe("email admin API on BullMQ: tenants see only their own jobs", () => {
  let app: TestApp<BullEmailQueue>;
  let one: TenantFixture;
  let two: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ emailQueue: "bullmq" });
    one = await createTenantFixture(app.db);
    two = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  it("counts and lists per tenant, and another tenant's job id is 404 on retry", async () => {
    const mine = await (
      await signIn(app, one.tenant.slug, "admin")
    )
      .post("/admin/emails", { to: ["a@example.org", "b@example.org"], subject: "One", body: "x" })
      .expect(202);
    const theirs = await (await signIn(app, two.tenant.slug, "admin")).post("/admin/emails", { to: ["c@example.org"], subject: "Two", body: "x" }).expect(202);
    const admin = await signIn(app, one.tenant.slug, "admin");
    const view = await admin.get("/admin/email-queue").expect(200);
    expect(view.body.metrics).toEqual({ active: 0, waiting: 2, completed: 0, failed: 0 });
    expect(view.body.recentJobs.waiting.map((job: { id: string }) => job.id).sort()).toEqual([...mine.body.jobIds].sort());
    expect(JSON.stringify(view.body)).not.toContain("c@example.org");
    await admin.post(`/admin/email-queue/${theirs.body.jobIds[0]}/retry`).expect(404);
    await admin.post(`/admin/email-queue/${mine.body.jobIds[0]}/retry`).expect(409);
  });
  it("jobs that retention removed leave the tenant's counts and index", async () => {
    const sent = await (
      await signIn(app, one.tenant.slug, "admin")
    )
      .post("/admin/emails", { to: ["gone@example.org"], subject: "Gone", body: "x" })
      .expect(202);
    const admin = await signIn(app, one.tenant.slug, "admin");
    const before = (await admin.get("/admin/email-queue").expect(200)).body.metrics.waiting;
    await app.queue.queue.remove(sent.body.jobIds[0]);
    const indexKey = `${app.config.kv.prefix}email:tenant:${one.tenant.id}`;
    expect((await admin.get("/admin/email-queue").expect(200)).body.metrics.waiting).toBe(before - 1);
    // Just indexed: could be a job still being added, so it stays in the index for a minute.
    expect(await app.kv?.zscore(indexKey, sent.body.jobIds[0])).not.toBeNull();
    await app.kv?.zadd(indexKey, Date.now() - 5 * 60_000, sent.body.jobIds[0]);
    expect((await admin.get("/admin/email-queue").expect(200)).body.metrics.waiting).toBe(before - 1);
    expect(await app.kv?.zscore(indexKey, sent.body.jobIds[0])).toBeNull();
    await admin.post(`/admin/email-queue/${sent.body.jobIds[0]}/retry`).expect(404);
  });
  it("Redis down: 503 SERVICE_UNAVAILABLE with the error body, and no audit entry for an email that was not queued", async () => {
    const broken = await createTestApp({ emailQueue: "bullmq" });
    try {
      const admin = await signIn(broken, one.tenant.slug, "admin");
      const token = (await admin.post("/auth/tokens", { name: "email outage" }).expect(201)).body.token as string;
      broken.kv?.disconnect();
      const bearer = { Authorization: `Bearer ${token}` };
      const view = await request(broken.app).get("/admin/email-queue").set(bearer).expect(503);
      expect(view.body).toEqual({ error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) }, requestId: expect.any(String) });
      const before = await broken.db("audit_logs").where({ tenant_id: one.tenant.id, action: "email.send" }).count<{ count: number }[]>("* as count");
      await request(broken.app)
        .post("/admin/emails")
        .set(bearer)
        .send({ to: ["outage@example.org"], subject: "Hi", body: "x" })
        .expect(503);
      const after = await broken.db("audit_logs").where({ tenant_id: one.tenant.id, action: "email.send" }).count<{ count: number }[]>("* as count");
      expect(Number(after[0]?.count)).toBe(Number(before[0]?.count));
    } finally {
      await broken.close();
    }
  });
});
