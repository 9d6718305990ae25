import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { SseHub } from "../../src/modules/events/index.js";
import { InProcessEventBus } from "../../src/platform/events.js";
import { createLogger } from "../../src/platform/logger.js";
import { createHttpServer, drainHttpServer } from "../../src/platform/http/server.js";
import { openEventStream } from "../helpers/sse.js";

/**
 * The two parts of a graceful stop that the rolling-restart test behind nginx found missing
 * (test/platform/rolling-restart.test.ts): with a proxy that keeps connections to the instance
 * open, the drain never ended (every kept connection stayed busy, so the process exited by its
 * deadline and cut requests, POSTs nginx cannot resend), and a stream that reached the stopping
 * instance over such a connection was opened there as if nothing were happening.
 */
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve(app: express.Express): Promise<{ server: http.Server; port: number }> {
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, agent: http.Agent, path = "/"): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
      })
      .on("error", reject);
  });
}

describe("a graceful stop behind a proxy that keeps connections open", () => {
  it("drainHttpServer refuses new connections, answers what arrives on kept ones with Connection: close, and ends when they have closed", async () => {
    const app = express();
    app.get("/", (_req, res) => void setTimeout(() => res.send("ok"), 30));
    const { server, port } = await serve(app);
    // Like nginx's upstream keepalive: two connections, open and reused.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    closers.push(async () => agent.destroy());
    const warm = await Promise.all([get(port, agent), get(port, agent)]);
    expect(warm.map((answer) => answer.connection)).toEqual(["keep-alive", "keep-alive"]);

    let drained = false;
    const draining = drainHttpServer(server).then(() => (drained = true));
    // Both kept connections still serve a request each (not cut while idle, where a request the
    // proxy is sending would be lost), and say it is their last.
    const during = await Promise.all([get(port, agent), get(port, agent)]);
    expect(during).toEqual([
      { status: 200, connection: "close", body: "ok" },
      { status: 200, connection: "close", body: "ok" },
    ]);
    await draining;
    expect(drained).toBe(true);
    // New connections are refused: a proxy sends them to the next instance, even a POST.
    await expect(get(port, new http.Agent({ keepAlive: false }))).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("a stream opened after the hub closed is told its position and a short retry, and ends", async () => {
    const bus = new InProcessEventBus();
    const hub = new SseHub(bus, createLogger({ level: "silent" }));
    const tenantId = "tenant-draining";
    for (let index = 0; index < 3; index++) await bus.publish({ type: "question:pinned", tenantId, data: { id: `q${index}`, isPinned: true } });
    const app = express();
    app.get("/events", (req, res) => void hub.attach(res, { tenantId, lastEventId: req.get("last-event-id") ? Number(req.get("last-event-id")) : null }));
    const { port } = await serve(app);
    const base = `http://127.0.0.1:${port}`;
    hub.close();

    const fresh = await openEventStream(base, "/events");
    await fresh.closed;
    expect(fresh.status).toBe(200);
    expect(fresh.blocks).toEqual(["retry: 500\nid: 3"]);

    const resuming = await openEventStream(base, "/events", { "last-event-id": "1" });
    await resuming.closed;
    // The resumed position is kept (not the latest): the next instance replays 2 and 3.
    expect(resuming.blocks).toEqual(["retry: 500\nid: 1"]);
    expect(hub.size).toBe(0);
  });
});
