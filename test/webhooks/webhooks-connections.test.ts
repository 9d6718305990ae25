import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "../../src/modules/webhooks/index.js";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { WebhookReceiver } from "./webhook-receiver.js";

const OPEN_RULES = { httpsOnly: false, allowPrivate: true, timeoutMs: 5_000 };

/**
 * A receiver speaking HTTP/1.1 by hand: it answers each request on a connection with 200 and
 * keeps the connection, except that the `dropAt`-th request overall is met with the connection
 * closed unanswered, as a receiver that timed out an idle connection just as it was reused.
 */
async function startDroppingReceiver(dropAt: number) {
  let requests = 0;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      for (;;) {
        const headerEnd = buffered.indexOf("\r\n\r\n");
        if (headerEnd < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(buffered.slice(0, headerEnd))?.[1] ?? 0);
        if (buffered.length < headerEnd + 4 + length) return;
        buffered = buffered.slice(headerEnd + 4 + length);
        requests += 1;
        if (requests === dropAt) {
          socket.destroy();
          return;
        }
        socket.write("HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks`,
    stats: () => ({ requests, connections }),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("Outgoing webhooks keep their connections to a receiver", () => {
  let app: TestApp;
  let t: TenantFixture;
  let admin: ApiClient;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
    t = await createTenantFixture(app.db);
    admin = await signIn(app, t.tenant.slug, "admin");
    await receiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("a fan-out's attempts to one receiver share a connection instead of one each", async () => {
    const { body: hook } = await admin.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    receiver.verifyWith(hook.secret);
    const member = await signIn(app, t.tenant.slug, "member");
    for (let i = 0; i < 5; i += 1) {
      await askQuestion(member, t.teams.a.id, `Which connection carries question number ${i + 1}?`);
      await eventually(async () => expect(receiver.processed).toHaveLength(i + 1));
    }
    expect(receiver.refused).toEqual([]);
    // Five deliveries, one after the other: the first opened the connection and the others reused it.
    expect(receiver.connections).toBe(1);
  });

  it("a kept connection the receiver closed as it was reused: the attempt goes again on a new one and succeeds", async () => {
    const dropping = await startDroppingReceiver(2);
    try {
      const first = await postJson({ url: dropping.url, body: "{}", userAgent: "test" }, OPEN_RULES);
      expect(first).toMatchObject({ ok: true, responseCode: 200 });
      const second = await postJson({ url: dropping.url, body: "{}", userAgent: "test" }, OPEN_RULES);
      expect(second).toMatchObject({ ok: true, responseCode: 200, error: null });
      // The second request reached the receiver twice: on the kept connection (dropped), then on a new one.
      expect(dropping.stats()).toEqual({ requests: 3, connections: 2 });
    } finally {
      await dropping.close();
    }
  });

  it("a connection dropped without any answer on a new connection is the receiver's failure, not sent again", async () => {
    const dropping = await startDroppingReceiver(1);
    try {
      const outcome = await postJson({ url: dropping.url, body: "{}", userAgent: "test" }, OPEN_RULES);
      expect(outcome).toMatchObject({ ok: false, responseCode: null });
      expect(dropping.stats()).toEqual({ requests: 1, connections: 1 });
    } finally {
      await dropping.close();
    }
  });
});
