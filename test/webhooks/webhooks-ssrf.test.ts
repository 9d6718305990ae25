import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { checkWebhookUrl, isForbiddenAddress } from "../../src/modules/webhooks/webhooks.address.js";
import { sendWebhook } from "../../src/modules/webhooks/webhooks.sender.js";
import { createTestApp, signIn, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { WebhookReceiver } from "./webhook-receiver.js";

/**
 * CONTRACT §11: without WEBHOOK_ALLOW_PRIVATE a webhook never reaches a loopback, private,
 * link-local or metadata address: refused at creation when the URL names one, and refused at
 * connect time when a name resolves to one (so DNS cannot switch it after the check).
 */
describe("Outgoing webhooks: no private addresses (SSRF)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let admin: ApiClient;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await createTestApp({ tuning: { webhookRetryDelaysMs: [50] } });
    t = await createTenantFixture(app.db);
    admin = await signIn(app, t.tenant.slug, "admin");
    await receiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("refuses at creation and update, 400, a URL naming a loopback, private, link-local or metadata address, however written", async () => {
    const forbidden = [
      "http://127.0.0.1/hook",
      `http://127.0.0.1:${receiver.port}/hooks`,
      "https://10.1.2.3/hook",
      "https://172.16.0.9/hook",
      "https://192.168.1.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://[fd00::1]/hook",
      "http://[fe80::1]/hook",
      "http://0.0.0.0/hook",
      "http://2130706433/hook",
      "http://0x7f.1/hook",
      "http://127.1/hook",
      "http://100.100.100.200/hook",
    ];
    for (const url of forbidden) {
      const response = await admin.post("/admin/webhooks", { url, events: ["question.created"] });
      expect(response.status, url).toBe(400);
      expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "body.url" }] });
    }
    const { body: hook } = await admin.post("/admin/webhooks", { url: "https://hooks.example.com/x", events: ["question.created"] }).expect(201);
    await admin.put(`/admin/webhooks/${hook.id}`, { url: "http://169.254.169.254/latest/" }).expect(400);
    expect(await app.db("webhook_endpoints").where({ tenant_id: t.tenant.id }).whereIn("url", forbidden)).toEqual([]);
  });

  it("a name that resolves to loopback is refused when connecting: the delivery fails with the reason, nothing reaches the receiver", async () => {
    const url = `http://localhost:${receiver.port}/hooks`;
    const { body: hook } = await admin.post("/admin/webhooks", { url, events: ["question.created"] }).expect(201);
    const { member } = await signInMany(app, t.tenant.slug, ["member"]);
    await askQuestion(member, t.teams.a.id);
    await eventually(async () => {
      const [delivery] = (await admin.get(`/admin/webhooks/${hook.id}/deliveries`).expect(200)).body.items;
      expect(delivery).toMatchObject({ status: "failed", attempts: 2, responseCode: null, error: expect.stringContaining("not allowed") });
    });
    const tested = await admin.post(`/admin/webhooks/${hook.id}/test`).expect(200);
    expect(tested.body).toMatchObject({ succeeded: false, delivery: { responseCode: null, error: expect.stringContaining("private IP address") } });
    expect(receiver.received).toEqual([]);
  });

  it("DNS rebinding: a name checked when saved that later resolves to 127.0.0.1 is refused on the address actually connected", async () => {
    const rebinding = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
      else callback(null, "127.0.0.1", 4);
    }) as never;
    const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} });
    const input = {
      url: `http://rebind.example.com:${receiver.port}/hooks`,
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      messageId: "msg_1",
      timestamp: new Date(),
      body,
    };
    expect(checkWebhookUrl(input.url, { httpsOnly: false, allowPrivate: false }).ok).toBe(true);
    const refused = await sendWebhook(input, { httpsOnly: false, allowPrivate: false, timeoutMs: 2000, lookup: rebinding });
    expect(refused).toMatchObject({ ok: false, responseCode: null, error: expect.stringContaining("is not allowed") });
    expect(receiver.received).toEqual([]);
    // The same request where private addresses are allowed does reach it: the refusal above was the address rule.
    const allowed = await sendWebhook(input, { httpsOnly: false, allowPrivate: true, timeoutMs: 2000, lookup: rebinding });
    expect(allowed).toMatchObject({ ok: true, responseCode: 200 });
    expect(receiver.received).toHaveLength(1);
    receiver.received.length = 0;
  });

  it("redirects are not followed: a 3xx is a failed attempt, and its target gets nothing", async () => {
    const target = new WebhookReceiver();
    await target.start();
    const redirecting = await import("node:http").then(({ createServer }) => createServer((_req, res) => res.writeHead(307, { location: target.url }).end()));
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    try {
      const port = (redirecting.address() as { port: number }).port;
      const outcome = await sendWebhook(
        { url: `http://127.0.0.1:${port}/`, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", messageId: "msg_2", timestamp: new Date(), body: "{}" },
        { httpsOnly: false, allowPrivate: true, timeoutMs: 2000 },
      );
      expect(outcome).toMatchObject({ ok: false, responseCode: 307 });
      expect(target.received).toEqual([]);
    } finally {
      redirecting.close();
      await target.close();
    }
  });

  it("a huge answer is not buffered: at most a few KB are read", async () => {
    const { createServer } = await import("node:http");
    let written = 0;
    const flooding = createServer((_req, res) => {
      res.writeHead(500);
      const chunk = Buffer.alloc(64 * 1024, "x");
      const pump = () => {
        while (written < 64 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        if (written < 64 * 1024 * 1024) res.once("drain", pump);
        else res.end();
      };
      res.on("close", () => undefined);
      pump();
    });
    await new Promise<void>((resolve) => flooding.listen(0, "127.0.0.1", resolve));
    try {
      const port = (flooding.address() as { port: number }).port;
      const outcome = await sendWebhook(
        { url: `http://127.0.0.1:${port}/`, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", messageId: "msg_3", timestamp: new Date(), body: "{}" },
        { httpsOnly: false, allowPrivate: true, timeoutMs: 5000 },
      );
      expect(outcome).toMatchObject({ ok: false, responseCode: 500 });
      expect((outcome.error ?? "").length).toBeLessThan(400);
      expect(written).toBeLessThan(64 * 1024 * 1024);
    } finally {
      flooding.closeAllConnections();
      flooding.close();
    }
  });

  it("in production a URL must be https, at creation and again when sending", async () => {
    expect(checkWebhookUrl("http://hooks.example.com/x", { httpsOnly: true, allowPrivate: false })).toEqual({ ok: false, reason: "must be an https URL" });
    expect(checkWebhookUrl("https://hooks.example.com/x", { httpsOnly: true, allowPrivate: false }).ok).toBe(true);
    const outcome = await sendWebhook(
      {
        url: `http://127.0.0.1:${receiver.port}/hooks`,
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        messageId: "msg_4",
        timestamp: new Date(),
        body: "{}",
      },
      { httpsOnly: true, allowPrivate: true, timeoutMs: 2000 },
    );
    expect(outcome).toMatchObject({ ok: false, responseCode: null, error: expect.stringContaining("https") });
    expect(receiver.received).toEqual([]);
  });

  it("WEBHOOK_ALLOW_PRIVATE is off unless set to true; production requires https", () => {
    expect(loadConfig({}).webhooks).toMatchObject({ httpsOnly: false, allowPrivate: false });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "true" }).webhooks.allowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "false" }).webhooks.allowPrivate).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: "maybe" })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it("classifies addresses: public ones pass, the forbidden ranges do not", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "[2606:4700:4700::1111]", "hooks.example.com"]) expect(isForbiddenAddress(address), address).toBe(false);
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "[::1]",
      "::",
      "[::ffff:7f00:1]",
      "fc00::1",
      "[fe80::1]",
      "224.0.0.1",
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
  });
});

describe("Outgoing webhooks in production", () => {
  let app: TestApp;
  let t: TenantFixture;

  beforeAll(async () => {
    app = await createTestApp({ redis: true, env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true", WEBHOOK_ALLOW_PRIVATE: "true" } });
    t = await createTenantFixture(app.db);
  });
  afterAll(() => app.close());

  it("refuses an http URL with 400, even with WEBHOOK_ALLOW_PRIVATE", async () => {
    const admin = await signIn(app, t.tenant.slug, "admin");
    const response = await admin.post("/admin/webhooks", { url: "http://hooks.example.com/x", events: ["question.created"] }).expect(400);
    expect(response.body.error).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining("https") });
    await admin.post("/admin/webhooks", { url: "https://hooks.example.com/x", events: ["question.created"] }).expect(201);
  });
});
