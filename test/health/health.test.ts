import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "../../src/platform/db.js";
import { formatUptime } from "../../src/modules/health/health.service.js";
import { createTestApp, type TestApp } from "../helpers/app.js";

describe("health probes", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ redis: true });
  });
  afterAll(() => app.close());

  it("GET /health reports every SPEC field with real round-trip latencies", async () => {
    const response = await request(app.app).get("/health").expect(200);
    expect(response.body).toEqual({
      status: "ok",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      uptime: expect.stringMatching(/^\d+s$|^\d+m \d+s$/),
      database: { status: "connected", latency: expect.stringMatching(/^\d+ms$/) },
      kvstore: { status: "connected", latency: expect.stringMatching(/^\d+ms$/) },
      rateLimiting: { status: "disabled", requestsInLastHour: expect.any(Number) },
      auth: { mode: "development", strategies: ["demo"] },
    });
  });

  it("GET /health/live and /health/ready answer 200", async () => {
    expect((await request(app.app).get("/health/live").expect(200)).body).toEqual({ status: "ok" });
    expect((await request(app.app).get("/health/ready").expect(200)).body).toEqual({
      status: "ready",
      checks: { database: "ok", kvstore: "ok", migrations: "ok" },
    });
  });

  it("health answers even when the tenant header names no tenant", async () => {
    await request(app.app).get("/health").set("x-tenant-id", "no-such-tenant").expect(200);
  });

  it("/health/ready is 503 naming the key-value store when Redis is unreachable, and /health degrades", async () => {
    const broken = await createTestApp({ env: { KVSTORE_URL: "redis://127.0.0.1:1" } });
    try {
      const ready = await request(broken.app).get("/health/ready").expect(503);
      expect(ready.body.status).toBe("not_ready");
      expect(ready.body.checks.kvstore).toMatch(/^failed/);
      expect(ready.body.checks.database).toBe("ok");
      const health = await request(broken.app).get("/health").expect(200);
      expect(health.body.status).toBe("degraded");
      expect(health.body.kvstore.status).toBe("disconnected");
    } finally {
      await broken.close();
    }
  });

  it("/health/ready is 503 naming pending migrations on an unmigrated database", async () => {
    const empty = await openEmbeddedDatabase("memory://");
    const unmigrated = await createTestApp({ database: empty });
    try {
      const ready = await request(unmigrated.app).get("/health/ready").expect(503);
      expect(ready.body.checks.database).toBe("ok");
      expect(ready.body.checks.migrations).toMatch(/^pending: 20261122000100_create_tenants/);
    } finally {
      await unmigrated.close();
      await empty.close();
    }
  });

  it("without Redis the key-value store is reported as not configured", async () => {
    const local = await createTestApp();
    try {
      const response = await request(local.app).get("/health").expect(200);
      expect(response.body.kvstore).toEqual({ status: "not_configured", latency: "0ms" });
      expect((await request(local.app).get("/health/ready").expect(200)).body.checks.kvstore).toBe("not_configured");
    } finally {
      await local.close();
    }
  });

  it("uptime is a human-readable duration", () => {
    expect(formatUptime(0)).toBe("0s");
    expect(formatUptime(59)).toBe("59s");
    expect(formatUptime(3661)).toBe("1h 1m 1s");
    expect(formatUptime(2 * 86400 + 5)).toBe("2d 0h 0m 5s");
  });
});
