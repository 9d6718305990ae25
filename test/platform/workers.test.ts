import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { eventually } from "../helpers/eventually.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startServerProcess, type ServerProcess } from "../helpers/processes.js";
import { openEventStream, type EventStream } from "../helpers/sse.js";

/**
 * WEB_CONCURRENCY=2 (src/cluster.ts): the real entry point starts a primary and two workers on one
 * port, on PostgreSQL and Redis. Both workers serve; an event published by a request one worker
 * handled reaches the streams the other holds; the background jobs run once, not once per worker;
 * SIGTERM to the primary drains both and the whole exits 0.
 */
const HTTPS = { "x-forwarded-proto": "https" };

interface LogLine {
  worker?: number;
  msg?: string;
  req?: { method?: string; url?: string };
}

function logLines(server: ServerProcess): LogLine[] {
  return server.output
    .join("")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

describe("worker processes sharing the port", () => {
  let server: ServerProcess;
  let handle: DatabaseHandle;
  let t: TenantFixture;
  let cookie = "";
  let csrf = "";

  beforeAll(async () => {
    handle = await openDatabase({ url: inject("databaseUrl"), poolMax: 2, dataDir: "" });
    t = await createTenantFixture(handle.db);
    server = await startServerProcess({
      NODE_ENV: "production",
      DATABASE_URL: inject("databaseUrl"),
      KVSTORE_URL: inject("redisUrl"),
      KV_PREFIX: `${inject("kvPrefix")}workers-${randomUUID().slice(0, 8)}:`,
      SESSION_SECRET: "a-session-secret-for-the-two-workers-test",
      AUTH_MODE_DEMO: "true",
      SEED_DEMO_DATA: "false",
      SCHEDULER: "true",
      DATABASE_POOL_MAX: "4",
      WEB_CONCURRENCY: "2",
    });
    await eventually(async () => expect(logLines(server).filter((line) => line.msg?.startsWith("listening on")).length).toBe(2), 30_000);
    const login = await fetch(`${server.url}/auth/demo?user=member&tenant=${t.tenant.slug}`, { redirect: "manual", headers: HTTPS });
    expect(login.status).toBe(302);
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
    csrf = ((await (await fetch(`${server.url}/auth/csrf`, { headers: { ...HTTPS, cookie } })).json()) as { csrfToken: string }).csrfToken;
  }, 120_000);
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await handle?.close();
  });

  it("both workers serve, and an event published through one reaches the streams held by the other", async () => {
    // Each stream is a connection of its own; the primary hands connections to the workers in turn.
    const streams: EventStream[] = [];
    for (let i = 0; i < 6; i += 1) streams.push(await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { ...HTTPS, cookie }));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const body = `Which worker answers this one? ${randomUUID()}`;
    const asked = await fetch(`${server.url}/questions`, {
      method: "POST",
      headers: { ...HTTPS, cookie, "x-csrf-token": csrf, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ body, teamId: t.teams.a.id }),
    });
    expect(asked.status).toBe(201);
    for (const stream of streams) {
      const created = await stream.next((message) => message.data.type === "question:created" && message.data.data?.body === body);
      expect(created.id).toMatch(/^\d+$/);
    }
    // Every stream saw the same event under the same id: ids come from Redis, not from a worker.
    const ids = new Set(streams.map((stream) => stream.messages.find((message) => message.data.data?.body === body)?.id));
    expect(ids.size).toBe(1);
    for (const stream of streams) stream.close();

    // The request log says which worker served what: the streams were spread over both.
    await eventually(async () => {
      const streamWorkers = logLines(server).filter((line) => line.req?.url?.startsWith("/events") && line.worker !== undefined);
      expect(streamWorkers.length).toBe(6);
      expect(new Set(streamWorkers.map((line) => line.worker))).toEqual(new Set([1, 2]));
    }, 10_000);
    const post = logLines(server).find((line) => line.req?.method === "POST" && line.req.url === "/questions");
    expect([1, 2]).toContain(post?.worker);
  });

  it("the background jobs run in one worker, not in each", () => {
    const lines = logLines(server);
    expect(lines.filter((line) => line.msg === "pulse scheduler started").map((line) => line.worker)).toEqual([1]);
    expect(lines.filter((line) => line.msg === "email worker started").map((line) => line.worker)).toEqual([1]);
  });

  it("SIGTERM to the primary drains both workers and the whole exits 0", async () => {
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    const lines = logLines(server);
    expect(lines.some((line) => line.msg === "stopping the workers")).toBe(true);
    expect(
      lines
        .filter((line) => line.msg === "shutting down")
        .map((line) => line.worker)
        .sort(),
    ).toEqual([1, 2]);
  }, 30_000);
});
