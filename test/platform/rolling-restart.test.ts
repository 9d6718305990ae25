import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/platform/db.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { DEPLOYED_CONFIG, readmeNginxExample, SERVER_NAME, startNginx, type Nginx } from "../helpers/nginx.js";
import { ProxiedBrowser, ReconnectingEventSource } from "../helpers/nginx-client.js";
import { freePort, startServerProcess, type ServerProcess } from "../helpers/processes.js";

/**
 * Issue 21 point 2, CONTRACT §7: the README's nginx example (deploy/nginx.conf, run as it is but
 * on loopback ports with a throwaway certificate, through its TLS server block) in front of two
 * production instances on one PostgreSQL and Redis. While a client keeps asking, upvoting and
 * reading and holds an event stream that reconnects as a browser does, the instances restart one
 * at a time (SIGTERM, exit, start, ready): no request fails or is done twice, and the stream gets
 * every event exactly once. Then a quiet room (streams only): the streams that come back while
 * their instance stops reach it over the connections nginx kept, are sent on, and it stops cleanly.
 * The fixes these found are tested on their own in rolling-restart-drain.test.ts.
 */
const LOAD_WORKERS = 2;
const PAUSE_BETWEEN_ROUNDS_MS = 80;
/**
 * A bound on the writes however slow the restarts are (each round asks one question and upvotes
 * it); the load must not reach it before the restarts are done, or they would not be under load.
 */
const MAX_ROUNDS = 1500;

interface Outcome {
  failures: string[];
  asked: Map<string, string>;
  rounds: number;
}

describe("rolling restart behind nginx", () => {
  let instances: [ServerProcess, ServerProcess];
  let ports: [number, number];
  let env: Record<string, string>;
  let nginx: Nginx;
  let handle: DatabaseHandle;
  let redis: Redis;
  let t: TenantFixture;
  const browsers: ProxiedBrowser[] = [];
  /** Every instance's output, the stopped ones' too: a failed request is explained by its instance's log line. */
  const outputs: string[][] = [];
  const streams: ReconnectingEventSource[] = [];

  beforeAll(async () => {
    handle = await openDatabase({ url: inject("databaseUrl"), poolMax: 2, dataDir: "" });
    redis = new Redis(inject("redisUrl"), { maxRetriesPerRequest: 1 });
    t = await createTenantFixture(handle.db, {
      settings: { security: { rateLimits: { questionsPerHour: 100_000, upvotesPerMinute: 100_000 } } },
    });
    ports = [await freePort(), await freePort()];
    env = {
      NODE_ENV: "production",
      DATABASE_URL: inject("databaseUrl"),
      KVSTORE_URL: inject("redisUrl"),
      KV_PREFIX: `${inject("kvPrefix")}rolling-${randomUUID().slice(0, 8)}:`,
      SESSION_SECRET: "a-session-secret-shared-by-both-instances",
      AUTH_MODE_DEMO: "true",
      SEED_DEMO_DATA: "false",
      EMAIL_WORKER: "false",
      DATABASE_POOL_MAX: "4",
      BASE_URL: `https://${SERVER_NAME}`,
      // What the README says: nginx is the one hop in front.
      TRUST_PROXY: "1",
    };
    // nginx first and on its own: afterAll stops it even when an instance fails to start.
    nginx = await startNginx(ports);
    // Both starts are awaited, so that one failing leaves no other running unseen.
    const started = await Promise.allSettled(ports.map((port) => startServerProcess({ ...env, PORT: String(port) })));
    const running = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    if (running.length < 2) {
      await Promise.all(running.map((instance) => instance.stop()));
      throw (started.find((result) => result.status === "rejected") as PromiseRejectedResult).reason;
    }
    instances = running as [ServerProcess, ServerProcess];
    outputs.push(...instances.map((instance) => instance.output));
  }, 120_000);

  async function restart(index: 0 | 1): Promise<void> {
    instances[index] = await startServerProcess({ ...env, PORT: String(ports[index]) });
    outputs.push(instances[index].output);
  }

  /** The log lines of the instances that name the failed requests' ids. */
  function logLinesOf(failures: string[]): string {
    const ids = failures.flatMap((failure) => /"requestId":"([\w-]+)"/.exec(failure)?.[1] ?? []);
    const lines = outputs.flatMap((output) => output.join("").split("\n"));
    return ids.flatMap((id) => lines.filter((line) => line.includes(id))).join("\n");
  }

  afterAll(async () => {
    for (const browser of browsers) browser.close();
    for (const stream of streams) stream.close();
    await Promise.all(instances?.map((instance) => instance.stop()) ?? []);
    await nginx?.stop();
    redis?.disconnect();
    await handle?.close();
  });

  /** One signed-in browser per user for the whole file: the login limit allows 5 per 5 minutes from nginx's address. */
  const signedInBrowsers = new Map<string, ProxiedBrowser>();
  async function signedIn(user: string): Promise<ProxiedBrowser> {
    let browser = signedInBrowsers.get(user);
    if (!browser) {
      browser = new ProxiedBrowser(nginx.httpsPort, SERVER_NAME, nginx.ca);
      browsers.push(browser);
      await browser.signIn(t.tenant.slug, user);
      signedInBrowsers.set(user, browser);
    }
    return browser;
  }

  it("the README's nginx example is deploy/nginx.conf, the file this test runs", () => {
    expect(readmeNginxExample()).toBe(fs.readFileSync(DEPLOYED_CONFIG, "utf8"));
  });

  it("plain HTTP redirects to HTTPS; through HTTPS the session cookie is Secure and the client's address is the one nginx saw", async () => {
    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: "127.0.0.1", port: nginx.httpPort, path: "/health", headers: { host: SERVER_NAME } }, resolve).on("error", reject),
    );
    redirect.resume();
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe(`https://${SERVER_NAME}/health`);

    const browser = await signedIn("member");
    expect(browser.sessionCookieSetAs).toMatch(/;\s*Secure/i);
    // A forged X-Forwarded-For is appended to by nginx; one trusted hop takes nginx's view of it.
    const asked = await browser.request(
      "POST",
      "/questions",
      { body: "Which address does the audit log keep for me?", teamId: t.teams.a.id },
      {
        "x-forwarded-for": "203.0.113.9",
      },
    );
    expect(asked.status).toBe(201);
    const audit = await handle
      .db("audit_logs")
      .where({ tenant_id: t.tenant.id, action: "question.create", entity_id: (asked.body as { id: string }).id })
      .first();
    expect(audit.ip_address).toBe("127.0.0.1");
  });

  /** Asks, upvotes and reads in rounds until told to stop; every answer that is not the expected one is a failure. */
  async function keepWorking(asker: ProxiedBrowser, voter: ProxiedBrowser, stop: () => boolean): Promise<Outcome> {
    const outcome: Outcome = { failures: [], asked: new Map(), rounds: 0 };
    const step = async (what: string, expected: number, request: () => Promise<{ status: number; body: unknown }>) => {
      try {
        const response = await request();
        if (response.status !== expected) outcome.failures.push(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        return response.status === expected ? response.body : null;
      } catch (error) {
        outcome.failures.push(`${what}: ${(error as Error).message}`);
        return null;
      }
    };
    const worker = async (name: string) => {
      for (let round = 0; !stop() && outcome.rounds < MAX_ROUNDS; round++) {
        outcome.rounds++;
        const body = `Rolling restart question ${name}-${round}: does the queue keep it?`;
        const created = (await step(`ask ${body}`, 201, () => asker.request("POST", "/questions", { body, teamId: t.teams.a.id }))) as { id: string } | null;
        if (created) {
          outcome.asked.set(created.id, body);
          await step(`upvote ${created.id}`, 200, () => voter.request("POST", `/questions/${created.id}/upvote`));
        }
        await step("read the board", 200, () => voter.request("GET", `/questions?teamId=${t.teams.a.id}&limit=20`));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_ROUNDS_MS));
      }
    };
    await Promise.all(Array.from({ length: LOAD_WORKERS }, (_, index) => worker(`w${index}`)));
    return outcome;
  }

  it("restarting the instances one at a time (SIGTERM, exit, start, ready) fails no request, does none twice, and loses or repeats no event", async () => {
    const [asker, voter, reader] = [await signedIn("member"), await signedIn("owner"), await signedIn("viewer")];
    const stream = new ReconnectingEventSource(reader, `/events?tenant=${t.tenant.slug}`);
    streams.push(stream);
    await stream.start();
    const opened = Date.now();
    while (stream.lastEventId === "" && Date.now() - opened < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    const firstId = Number(stream.lastEventId);
    expect(stream.lastEventId).toMatch(/^\d+$/);

    let stopping = false;
    const load = keepWorking(asker, voter, () => stopping);
    const exitCodes: Array<number | null> = [];
    const stopLogs: string[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const index of [0, 1] as const) {
        exitCodes.push(await instances[index].stop("SIGTERM"));
        stopLogs.push(instances[index].output.join("").slice(-1500));
        await restart(index);
        // The restarted instance takes traffic again before the next one stops.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      stopping = true;
    }
    const outcome = await load;

    // 1 would mean the drain did not end and the shutdown deadline cut whatever was under way.
    expect(exitCodes, stopLogs.join("\n")).toEqual([0, 0]);
    expect(outcome.failures, logLinesOf(outcome.failures)).toEqual([]);
    expect(outcome.rounds).toBeLessThan(MAX_ROUNDS);

    // Every question asked once: each 201 is one row, no body twice, and each upvote counted once.
    const rows = await handle
      .db("questions")
      .where({ tenant_id: t.tenant.id })
      .andWhereLike("body", "Rolling restart question %")
      .select("id", "body", "upvote_count");
    expect(rows.length).toBe(outcome.asked.size);
    expect(new Set(rows.map((row) => row.body)).size).toBe(rows.length);
    for (const row of rows) {
      expect(outcome.asked.get(row.id)).toBe(row.body);
      expect(row.upvote_count).toBe(1);
    }

    // The stream got every event of the tenant from its opening position on, each once, in order.
    const lastId = Number(await redis.get(`${env.KV_PREFIX}events:${t.tenant.id}:seq`));
    await stream.waitForId(lastId, 15_000);
    stream.close();
    const ids = stream.events.map((event) => Number(event.id));
    expect(ids).toEqual(Array.from({ length: lastId - firstId }, (_, index) => firstId + 1 + index));
    const created = stream.events.filter((event) => event.data.type === "question:created").map((event) => String(event.data.data.id));
    const upvoted = stream.events.filter((event) => event.data.type === "question:upvoted").map((event) => String(event.data.data.questionId));
    const askedIds = [...outcome.asked.keys()].sort();
    expect([...created].sort()).toEqual(askedIds);
    expect([...upvoted].sort()).toEqual(askedIds);
    // It was cut at least once (its instance restarted) and came back every time.
    expect(stream.connections.length).toBeGreaterThanOrEqual(2);
    expect(stream.connections.every((status) => status === 200)).toBe(true);
    expect(nginx.errorLog()).not.toMatch(/no live upstreams/);
  }, 90_000);

  it("in a quiet room, streams that come back while their instance stops are sent on to the other, and it still stops cleanly", async () => {
    // Streams alone, no other traffic: the connections nginx kept from the streams the stopping
    // instance ended are still open when the browsers come back, and nginx reuses them.
    const viewers = [await signedIn("viewer"), await signedIn("member"), await signedIn("moderator")];
    const quiet = Array.from({ length: 9 }, (_, index) => new ReconnectingEventSource(viewers[index % 3]!, `/events?tenant=${t.tenant.slug}`));
    streams.push(...quiet);
    for (const stream of quiet) await stream.start();
    expect(await instances[0].stop("SIGTERM")).toBe(0);
    await restart(0);

    const asked = await viewers[1]!.request("POST", "/questions", { body: "Did every screen in the room stay live?", teamId: t.teams.a.id });
    expect(asked.status).toBe(201);
    const lastId = Number(await redis.get(`${env.KV_PREFIX}events:${t.tenant.id}:seq`));
    for (const stream of quiet) await stream.waitForId(lastId, 10_000);
    for (const stream of quiet) {
      expect(stream.connections.every((status) => status === 200)).toBe(true);
      expect(stream.events.filter((event) => event.data.data.id === (asked.body as { id: string }).id)).toHaveLength(1);
    }
  }, 60_000);
});
