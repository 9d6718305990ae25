import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";

/**
 * The direct-email allowance (security.rateLimits.emailRecipientsPerHour) across two instances on
 * one database (PostgreSQL only: the embedded database is one per app).
 */
const addresses = (count: number, tag: string) => Array.from({ length: count }, (_, index) => `${tag}-${index}@example.org`);

describe("POST /admin/emails: the hourly allowance holds across instances", () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Two instances of the service on one database (each its own in-memory queue).
    [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("concurrent sends through two instances share one allowance, and a lowered setting applies on the other instance at once", async () => {
    const fixture = await createTenantFixture(first.db);
    const [adminOne, adminTwo] = await Promise.all([signIn(first, fixture.tenant.slug, "admin"), signIn(second, fixture.tenant.slug, "admin")]);
    await adminOne.post("/admin/tenant-settings", { security: { rateLimits: { emailRecipientsPerHour: 12 } } }).expect(200);
    // The second instance reads the tenant now, so its per-request cache holds the limit of 12.
    await adminTwo.get("/admin/email-queue").expect(200);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? adminOne : adminTwo).post("/admin/emails", { to: addresses(4, `pair${index}`), subject: "Hi", body: "x" }),
      ),
    );
    expect(responses.filter((response) => response.status === 202)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(7);
    const total = [first, second].reduce((sum, app) => sum + app.queue.waiting.filter((job) => job.data.tenantId === fixture.tenant.id).length, 0);
    expect(total).toBe(12);

    // Raise it on one instance, then lower it there: the other instance applies the lower value at once.
    await adminOne.post("/admin/tenant-settings", { security: { rateLimits: { emailRecipientsPerHour: 20 } } }).expect(200);
    await adminTwo.post("/admin/emails", { to: ["warm@example.org"], subject: "Hi", body: "x" }).expect(202);
    await adminOne.post("/admin/tenant-settings", { security: { rateLimits: { emailRecipientsPerHour: 13 } } }).expect(200);
    await adminTwo.post("/admin/emails", { to: ["over@example.org"], subject: "Hi", body: "x" }).expect(429);
  });
});
