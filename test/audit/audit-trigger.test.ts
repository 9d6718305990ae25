import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { recordAudit } from "../../src/modules/audit/audit.repository.js";

describe("audit log is append-only in the database", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  beforeAll(async () => {
    app = await createTestApp();
    fixture = await createTenantFixture(app.db);
    await recordAudit(
      app.db,
      { tenant: fixture.tenant, user: { id: fixture.users.admin.id }, ip: "203.0.113.5", userAgent: "vitest", requestId: "r-1" },
      { action: "settings.update", entityType: "settings", before: { a: 1 }, after: { a: 2 } },
    );
  });
  afterAll(() => app.close());

  it("records before/after, ip, user agent and request id", async () => {
    const row = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id, action: "settings.update" }).first();
    expect(row).toMatchObject({ before: { a: 1 }, after: { a: 2 }, ip_address: "203.0.113.5", user_agent: "vitest", metadata: { requestId: "r-1" } });
  });

  it("refuses UPDATE", async () => {
    await expect(app.db("audit_logs").where({ tenant_id: fixture.tenant.id }).update({ action: "tampered" })).rejects.toThrow(/append-only/);
  });

  it("refuses DELETE", async () => {
    await expect(app.db("audit_logs").where({ tenant_id: fixture.tenant.id }).delete()).rejects.toThrow(/append-only/);
  });

  it("refuses TRUNCATE", async () => {
    await expect(app.db.raw("truncate audit_logs")).rejects.toThrow(/append-only/);
  });

  it("the rows are still there", async () => {
    const rows = await app.db("audit_logs").where({ tenant_id: fixture.tenant.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe("settings.update");
  });
});
