import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { resealWebhookSecrets } from "../../src/modules/webhooks/index.js";
import { createSettingsSecrets } from "../../src/platform/settings-secrets.js";
import { createTestApp, signIn, signInMany, TEST_SESSION_SECRET, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { auditActions } from "../helpers/audit-log.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { WebhookReceiver } from "./webhook-receiver.js";

describe("Outgoing webhooks: the admin API (CONTRACT §11)", () => {
  let app: TestApp;
  let a: TenantFixture;
  let b: TenantFixture;
  let adminA: ApiClient;
  let adminB: ApiClient;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
    a = await createTenantFixture(app.db);
    b = await createTenantFixture(app.db);
    adminA = await signIn(app, a.tenant.slug, "admin");
    adminB = await signIn(app, b.tenant.slug, "admin");
    await receiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("POST /admin/webhooks creates an endpoint: 201 with a Standard Webhooks secret shown once, listed without it, stored sealed, audited", async () => {
    const created = await adminA
      .post("/admin/webhooks", { url: "https://hooks.example.com/qa", events: ["question.created", "poll.closed"], description: "  CRM  " })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: "https://hooks.example.com/qa",
      events: ["question.created", "poll.closed"],
      description: "CRM",
      createdAt: expect.any(String),
      disabledAt: null,
      failingSince: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    });
    const list = await adminA.get("/admin/webhooks").expect(200);
    expect(list.body).toContainEqual({ ...created.body, secret: undefined });
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    const row = await app.db("webhook_endpoints").where({ tenant_id: a.tenant.id, id: created.body.id }).first();
    expect(row.secret_sealed).not.toContain(created.body.secret.slice(6));
    expect(row.secret_sealed).toMatch(/^sealed\.v1\./);
    const audit = await auditActions(app.db, a.tenant.id, "webhook.create");
    expect(audit.some((entry) => entry.entity_id === created.body.id)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(created.body.secret);
  });

  it("PUT changes the URL, events and description; enabled:false disables and enabled:true re-enables; DELETE removes; both audited", async () => {
    const { body: hook } = await adminA.post("/admin/webhooks", { url: "https://hooks.example.com/a", events: ["question.created"] }).expect(201);
    const changed = await adminA
      .put(`/admin/webhooks/${hook.id}`, {
        url: "https://hooks.example.com/b",
        events: ["question.answered", "pulse.batch_released"],
        description: "Data lake",
      })
      .expect(200);
    expect(changed.body).toMatchObject({
      url: "https://hooks.example.com/b",
      events: ["question.answered", "pulse.batch_released"],
      description: "Data lake",
      disabledAt: null,
    });
    expect(changed.body.secret).toBeUndefined();
    const disabled = await adminA.put(`/admin/webhooks/${hook.id}`, { enabled: false }).expect(200);
    expect(disabled.body.disabledAt).toEqual(expect.any(String));
    await app
      .db("webhook_endpoints")
      .where({ tenant_id: a.tenant.id, id: hook.id })
      .update({ failing_since: new Date("2026-01-01") });
    const enabled = await adminA.put(`/admin/webhooks/${hook.id}`, { enabled: true }).expect(200);
    expect(enabled.body).toMatchObject({ disabledAt: null, failingSince: null });
    await adminA.delete(`/admin/webhooks/${hook.id}`).expect(204);
    expect((await adminA.get("/admin/webhooks").expect(200)).body.map((item: { id: string }) => item.id)).not.toContain(hook.id);
    await adminA.delete(`/admin/webhooks/${hook.id}`).expect(404);
    const actions = (await auditActions(app.db, a.tenant.id)).filter((entry) => entry.entity_id === hook.id).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["webhook.create", "webhook.update", "webhook.delete"]));
  });

  it("refuses bad input with 400 VALIDATION_FAILED and the contract's error body", async () => {
    const bad: object[] = [
      {},
      { url: "https://hooks.example.com/x", events: [] },
      { url: "https://hooks.example.com/x", events: ["question.upvoted"] },
      { url: "https://hooks.example.com/x", events: ["question.created", "question.created"] },
      { url: "https://hooks.example.com/x", events: ["webhook.test"] },
      { url: "not a url", events: ["question.created"] },
      { url: "ftp://hooks.example.com/x", events: ["question.created"] },
      { url: "https://user:pass@hooks.example.com/x", events: ["question.created"] },
      { url: "https://hooks.example.com/x", events: ["question.created"], secret: "whsec_mine" },
      { url: `https://hooks.example.com/${"x".repeat(2001)}`, events: ["question.created"] },
    ];
    for (const body of bad) {
      const response = await adminA.post("/admin/webhooks", body).expect(400);
      expect(response.body).toMatchObject({
        error: { code: "VALIDATION_FAILED", message: expect.any(String), details: expect.any(Array) },
        requestId: expect.any(String),
      });
    }
    const { body: hook } = await adminA.post("/admin/webhooks", { url: "https://hooks.example.com/x", events: ["question.created"] }).expect(201);
    await adminA.put(`/admin/webhooks/${hook.id}`, {}).expect(400);
    await adminA.put(`/admin/webhooks/${hook.id}`, { url: "javascript:alert(1)" }).expect(400);
    // A path id that is not a UUID names nothing (as everywhere in the API).
    await adminA.put("/admin/webhooks/not-a-uuid", { description: "x" }).expect(404);
    await adminA.get(`/admin/webhooks/${hook.id}/deliveries?limit=0`).expect(400);
  });

  it("another tenant's endpoint and deliveries are 404 to every route; its list is its own", async () => {
    const { body: hook } = await adminA.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    await adminA.post(`/admin/webhooks/${hook.id}/test`).expect(200);
    const [delivery] = (await adminA.get(`/admin/webhooks/${hook.id}/deliveries`).expect(200)).body.items;
    await adminB.put(`/admin/webhooks/${hook.id}`, { description: "mine now" }).expect(404);
    await adminB.delete(`/admin/webhooks/${hook.id}`).expect(404);
    await adminB.get(`/admin/webhooks/${hook.id}/deliveries`).expect(404);
    await adminB.post(`/admin/webhooks/${hook.id}/test`).expect(404);
    await adminB.post(`/admin/webhooks/${hook.id}/deliveries/${delivery.id}/replay`).expect(404);
    // B's own endpoint does not open A's delivery either.
    const { body: own } = await adminB.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    await adminB.post(`/admin/webhooks/${own.id}/deliveries/${delivery.id}/replay`).expect(404);
    expect((await adminB.get("/admin/webhooks").expect(200)).body.map((item: { id: string }) => item.id)).toEqual([own.id]);
  });

  it("members, moderators and viewers get 403; visitors 401", async () => {
    const others = await signInMany(app, a.tenant.slug, ["moderator", "member", "viewer"]);
    for (const client of Object.values(others)) {
      await client.get("/admin/webhooks").expect(403);
      await client.post("/admin/webhooks", { url: "https://hooks.example.com/x", events: ["question.created"] }).expect(403);
    }
    await visitor(app, { "x-tenant-id": a.tenant.slug }).get("/admin/webhooks").expect(401);
  });

  it("POST /admin/webhooks/:id/test sends webhook.test now, signed so the standardwebhooks library verifies it, and answers the outcome", async () => {
    const { body: hook } = await adminA.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    receiver.verifyWith(hook.secret);
    const before = receiver.received.length;
    const result = await adminA.post(`/admin/webhooks/${hook.id}/test`).expect(200);
    expect(result.body).toMatchObject({
      succeeded: true,
      delivery: { eventType: "webhook.test", status: "succeeded", attempts: 1, responseCode: 200, error: null },
    });
    expect(result.body.delivery.durationMs).toEqual(expect.any(Number));
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.id).toBe(result.body.delivery.id);
    expect(sent[0]?.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(hook.secret).verify(sent[0]?.body as string, sent[0]?.headers as Record<string, string>);
    expect(payload).toEqual({ type: "webhook.test", timestamp: expect.any(String), data: { endpointId: hook.id, message: expect.any(String) } });
    // Another endpoint's secret does not verify it.
    const { body: other } = await adminA.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    expect(() => new Webhook(other.secret).verify(sent[0]?.body as string, sent[0]?.headers as Record<string, string>)).toThrow();

    receiver.answer(500);
    const failed = await adminA.post(`/admin/webhooks/${hook.id}/test`).expect(200);
    expect(failed.body).toMatchObject({
      succeeded: false,
      delivery: { status: "failed", attempts: 1, responseCode: 500, error: expect.stringContaining("HTTP 500") },
    });
    const page = await adminA.get(`/admin/webhooks/${hook.id}/deliveries?limit=1`).expect(200);
    expect(page.body).toMatchObject({ total: 2, limit: 1, offset: 0, items: [{ id: failed.body.delivery.id, status: "failed" }] });
  });

  it("a receiver that answers slowly fails at the timeout, with no response code", async () => {
    const slow = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { webhookTimeoutMs: 300 } });
    try {
      const admin = await signIn(slow, a.tenant.slug, "admin");
      const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
      receiver.delayMs = 1500;
      const result = await admin.post(`/admin/webhooks/${hook.id}/test`).expect(200);
      expect(result.body).toMatchObject({ succeeded: false, delivery: { status: "failed", responseCode: null, error: "no answer within 300 ms" } });
      expect(result.body.delivery.durationMs).toBeLessThan(1500);
    } finally {
      receiver.delayMs = 0;
      await slow.close();
    }
  });

  it("a SESSION_SECRET rotation seals the signing secrets again: the endpoint keeps the secret its receiver verifies with", async () => {
    const t = await createTenantFixture(app.db);
    const admin = await signIn(app, t.tenant.slug, "admin");
    const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    const newSecret = "rotated-session-secret-of-at-least-32-characters";
    const rotated = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true", SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: TEST_SESSION_SECRET } });
    try {
      const secrets = createSettingsSecrets([newSecret, TEST_SESSION_SECRET]);
      const sealedBefore = (await app.db("webhook_endpoints").where({ tenant_id: t.tenant.id, id: hook.id }).first()).secret_sealed;
      expect(secrets.isCurrent(sealedBefore)).toBe(false);
      expect(await resealWebhookSecrets(rotated.db, secrets, { tenantIds: [t.tenant.id] })).toBe(1);
      expect(await resealWebhookSecrets(rotated.db, secrets, { tenantIds: [t.tenant.id] })).toBe(0);
      const sealedAfter = (await app.db("webhook_endpoints").where({ tenant_id: t.tenant.id, id: hook.id }).first()).secret_sealed;
      expect(secrets.isCurrent(sealedAfter)).toBe(true);
      // Only the new SESSION_SECRET from now on: the endpoint still signs with the secret its receiver has.
      const after = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true", SESSION_SECRET: newSecret } });
      try {
        receiver.verifyWith(hook.secret);
        const result = await (await signIn(after, t.tenant.slug, "admin")).post(`/admin/webhooks/${hook.id}/test`).expect(200);
        expect(result.body).toMatchObject({ succeeded: true, delivery: { responseCode: 200 } });
        expect(receiver.refused).toEqual([]);
      } finally {
        await after.close();
      }
    } finally {
      await rotated.close();
    }
  });
});
