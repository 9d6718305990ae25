import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";

/**
 * An admin's direct email may reach at most `security.rateLimits.emailRecipientsPerHour`
 * recipients per tenant in any rolling hour, counted from the audit trail (so across requests,
 * instances and in development, where the Redis rate limiter is off).
 */
const ERROR_BODY = { error: { code: expect.any(String), message: expect.any(String) }, requestId: expect.any(String) };

const addresses = (count: number, tag: string) => Array.from({ length: count }, (_, index) => `${tag}-${index}@example.org`);

describe("POST /admin/emails: recipients per tenant and hour", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function tenantWithLimit(limit?: number): Promise<{ fixture: TenantFixture; admin: ApiClient }> {
    const fixture = await createTenantFixture(app.db);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    if (limit !== undefined) await admin.post("/admin/tenant-settings", { security: { rateLimits: { emailRecipientsPerHour: limit } } }).expect(200);
    return { fixture, admin };
  }
  const queued = (tenantId: string) => app.queue.waiting.filter((job) => job.data.tenantId === tenantId && job.name === "direct-email").length;
  async function sendAudits(tenantId: string) {
    const rows = await app.db("audit_logs").where({ tenant_id: tenantId, action: "email.send" }).orderBy("created_at").select("metadata", "after");
    return rows.map((row) => (typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata) as { recipients?: number });
  }
  const send = (admin: ApiClient, to: string[], subject = "Update") => admin.post("/admin/emails", { to, subject, body: "Please read this." });

  it("over the hour's allowance: 429 RATE_LIMITED with Retry-After and how many are left; nothing queued or audited, and the refused count is not recorded", async () => {
    const { fixture, admin } = await tenantWithLimit(5);
    expect((await send(admin, addresses(3, "first")).expect(202)).body.queued).toBe(3);

    const refused = await send(admin, addresses(3, "second"));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ ...ERROR_BODY, error: { code: "RATE_LIMITED", message: expect.any(String), details: expect.any(Array) } });
    expect(refused.body.error.message).toMatch(/\b5 recipients per hour\b/);
    expect(refused.body.error.message).toMatch(/\b2 (are )?left\b/);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ path: "body.to", limit: 5, remaining: 2, requested: 3 })]);
    // The first send ages out of the window in about an hour.
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(queued(fixture.tenant.id)).toBe(3);
    expect(await sendAudits(fixture.tenant.id)).toHaveLength(1);

    // The refused three were not counted: two more still fit, then nothing does.
    expect((await send(admin, addresses(2, "third")).expect(202)).body.queued).toBe(2);
    const full = await send(admin, ["one-more@example.org"]).expect(429);
    expect(full.body.error.message).toMatch(/\b0 (are )?left\b/);
    expect(queued(fixture.tenant.id)).toBe(5);
    // Each send's audit entry carries its recipient count.
    expect((await sendAudits(fixture.tenant.id)).map((metadata) => metadata.recipients)).toEqual([3, 2]);
  });

  it("counts distinct recipients, as queued: a list that repeats an address counts it once", async () => {
    const { fixture, admin } = await tenantWithLimit(2);
    await send(admin, ["Same@example.org", "same@example.org", fixture.users.member.id, fixture.users.member.email]).expect(202);
    await send(admin, ["another@example.org"]).expect(429);
    expect((await sendAudits(fixture.tenant.id)).map((metadata) => metadata.recipients)).toEqual([2]);
  });

  it("Retry-After is the time until enough of the hour's recipients age out", async () => {
    const { fixture, admin } = await tenantWithLimit(5);
    // A send of three, fifty minutes ago (written as the service writes it).
    await app.db("audit_logs").insert({
      tenant_id: fixture.tenant.id,
      user_id: fixture.users.admin.id,
      action: "email.send",
      entity_type: "email",
      after: JSON.stringify({ to: addresses(3, "earlier"), subject: "Earlier", bodyLength: 5 }),
      metadata: JSON.stringify({ requestId: "earlier", recipients: 3 }),
      created_at: app.db.raw("now() - interval '50 minutes'"),
    });
    await send(admin, addresses(2, "now")).expect(202);
    // One more needs the earlier three gone: in about ten minutes.
    const soon = Number((await send(admin, ["x@example.org"]).expect(429)).headers["retry-after"]);
    expect(soon).toBeGreaterThan(560);
    expect(soon).toBeLessThanOrEqual(600);
    // Four more need the send of a moment ago gone too: in about an hour.
    const later = Number((await send(admin, addresses(4, "four")).expect(429)).headers["retry-after"]);
    expect(later).toBeGreaterThan(3500);
    expect(later).toBeLessThanOrEqual(3600);
    // Sends older than an hour count for nothing.
    const { fixture: other, admin: otherAdmin } = await tenantWithLimit(2);
    await app.db("audit_logs").insert({
      tenant_id: other.tenant.id,
      user_id: other.users.admin.id,
      action: "email.send",
      entity_type: "email",
      metadata: JSON.stringify({ requestId: "old", recipients: 2 }),
      created_at: app.db.raw("now() - interval '61 minutes'"),
    });
    await send(otherAdmin, addresses(2, "fresh")).expect(202);
  });

  it("tenants are independent: one tenant's sends use none of another's allowance", async () => {
    const one = await tenantWithLimit(3);
    const two = await tenantWithLimit(3);
    await send(one.admin, addresses(3, "one")).expect(202);
    await send(one.admin, ["one-more@example.org"]).expect(429);
    await send(two.admin, addresses(3, "two")).expect(202);
    expect(queued(two.fixture.tenant.id)).toBe(3);
  });

  it("the default is 500 recipients per hour", async () => {
    const { fixture, admin } = await tenantWithLimit();
    for (const batch of [0, 1]) await send(admin, addresses(200, `batch${batch}`)).expect(202);
    await send(admin, addresses(100, "batch2")).expect(202);
    const refused = await send(admin, ["the-501st@example.org"]).expect(429);
    expect(refused.body.error.message).toMatch(/\b500 recipients per hour\b/);
    expect(queued(fixture.tenant.id)).toBe(500);
  });

  it("a lowered setting applies to the very next send", async () => {
    const { fixture, admin } = await tenantWithLimit();
    await send(admin, addresses(4, "before")).expect(202);
    await admin.post("/admin/tenant-settings", { security: { rateLimits: { emailRecipientsPerHour: 3 } } }).expect(200);
    const refused = await send(admin, ["after@example.org"]).expect(429);
    expect(refused.body.error.message).toMatch(/\b0 (are )?left\b/);
    await admin.post("/admin/tenant-settings", { security: { rateLimits: { emailRecipientsPerHour: 10 } } }).expect(200);
    await send(admin, addresses(6, "raised")).expect(202);
    expect(queued(fixture.tenant.id)).toBe(10);
  });

  it("an email naming more recipients than the hourly limit itself is 400 at body.to (no wait would let it through)", async () => {
    const { fixture, admin } = await tenantWithLimit(2);
    const response = await send(admin, addresses(3, "too-many")).expect(400);
    expect(response.body).toEqual({
      ...ERROR_BODY,
      error: { code: "VALIDATION_FAILED", message: expect.any(String), details: [expect.objectContaining({ path: "body.to" })] },
    });
    expect(response.body.error.details[0].message).toMatch(/\b2 recipients per hour\b/);
    expect(queued(fixture.tenant.id)).toBe(0);
    expect(await sendAudits(fixture.tenant.id)).toHaveLength(0);
  });

  it("concurrent requests cannot both pass: exactly as many recipients as the limit allows are queued", async () => {
    const { fixture, admin } = await tenantWithLimit(10);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => send(admin, addresses(3, `race${index}`))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429, 429, 429]);
    expect(queued(fixture.tenant.id)).toBe(9);
    expect((await sendAudits(fixture.tenant.id)).map((metadata) => metadata.recipients)).toEqual([3, 3, 3]);
  });
});
