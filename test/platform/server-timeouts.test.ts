import net from "node:net";
import type { AddressInfo } from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer, SERVER_TIMEOUTS } from "../../src/platform/http/server.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";
import { openEventStream } from "../helpers/sse.js";

/**
 * The server that main.ts starts, with its limits shortened tenfold: a slow client cannot hold a
 * connection by trickling its request in, while a live event stream stays open as long as it lives.
 */
const FAST = { headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 500, checkIntervalMs: 200 };

describe("HTTP server timeouts (slow clients)", () => {
  let app: TestApp;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp({ tuning: { sseHeartbeatMs: 300 } });
    server = createHttpServer(app.app, FAST);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  });

  /** Opens a raw connection; resolves with when it was closed by the server (ms after opening) and what it received. */
  function rawConnection(feed: (socket: net.Socket) => void): Promise<{ closedAfterMs: number; received: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let received = "";
      const socket = net.connect(port, "127.0.0.1", () => feed(socket));
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => (received += chunk));
      socket.on("close", () => resolve({ closedAfterMs: Date.now() - started, received }));
      socket.on("error", () => undefined);
    });
  }

  it("production's limits are explicit: headers 10 s, a whole request 30 s, idle keep-alive 5 s, checked every 2 s", () => {
    expect(SERVER_TIMEOUTS).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, checkIntervalMs: 2_000 });
    const real = createHttpServer(app.app);
    expect([real.headersTimeout, real.requestTimeout, real.keepAliveTimeout, real.timeout]).toEqual([10_000, 30_000, 5_000, 0]);
  });

  it("a client trickling its headers in (slow-loris) is cut off once the header time is up", async () => {
    let timer: NodeJS.Timeout | undefined;
    const result = await rawConnection((socket) => {
      socket.write("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      let n = 0;
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(`X-Slow-${(n += 1)}: a\r\n`);
      }, 150);
    });
    clearInterval(timer);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(FAST.headersTimeoutMs - 100);
    expect(result.closedAfterMs).toBeLessThan(FAST.headersTimeoutMs + 3 * FAST.checkIntervalMs + 500);
    expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it("a client trickling its body in is cut off once the request time is up, and nothing is written", async () => {
    const tenant = await createTenantFixture(app.db);
    let timer: NodeJS.Timeout | undefined;
    const body = JSON.stringify({ teamId: tenant.teams.a.id, body: "A question sent one byte at a time, very slowly" });
    const result = await rawConnection((socket) => {
      socket.write(
        `POST /questions HTTP/1.1\r\nHost: 127.0.0.1\r\nx-tenant-id: ${tenant.tenant.slug}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      let sent = 0;
      timer = setInterval(() => {
        if (!socket.destroyed && sent < body.length - 1) socket.write(body[sent++] as string);
      }, 100);
    });
    clearInterval(timer);
    expect(result.closedAfterMs).toBeLessThan(FAST.requestTimeoutMs + 3 * FAST.checkIntervalMs + 500);
    expect(await app.db("questions").where({ tenant_id: tenant.tenant.id })).toEqual([]);
  });

  it("an idle keep-alive connection is closed after the keep-alive time", async () => {
    const result = await rawConnection((socket) => socket.write("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    expect(result.received).toMatch(/^HTTP\/1\.1 200/);
    expect(result.closedAfterMs).toBeLessThan(FAST.keepAliveTimeoutMs + 3 * FAST.checkIntervalMs + 1000);
  });

  it("a live event stream is not cut: it outlives every limit and keeps receiving", async () => {
    const tenant = await createTenantFixture(app.db);
    const member = await signIn(app, tenant.tenant.slug, "member");
    const stream = await openEventStream(`http://127.0.0.1:${port}`, "/events", { cookie: member.cookie as string });
    expect(stream.status).toBe(200);
    let closed = false;
    void stream.closed.then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, FAST.requestTimeoutMs + 3 * FAST.checkIntervalMs));
    expect(closed).toBe(false);
    const before = stream.ofType("heartbeat").length;
    await stream.next((message) => message.data.type === "heartbeat" && stream.ofType("heartbeat").length > before, 2000);
    stream.close();
  });
});
