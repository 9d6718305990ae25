import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { Writable } from "node:stream";
import request from "supertest";
import { inject } from "vitest";
import { buildApp, type AppDeps, type BuiltApp } from "../../src/app.js";
import { loadConfig, type Config } from "../../src/config.js";
import { ManualClock, systemClock, type Clock } from "../../src/platform/clock.js";
import { openDatabase, openEmbeddedDatabase, type Database, type DatabaseHandle } from "../../src/platform/db.js";
import { InProcessEventBus, RedisEventBus, type EventBus } from "../../src/platform/events.js";
import { connectRedis, createRedis, type Redis } from "../../src/platform/kv.js";
import { createLogger, type Logger } from "../../src/platform/logger.js";
import { InMemoryJobQueue, type EmailQueue } from "../../src/platform/queue.js";
import { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { BullWebhookQueue, startWebhookWorker, WEBHOOK_CONCURRENCY, type WebhookWorker } from "../../src/modules/webhooks/index.js";
import { BullChannelQueue, startChannelWorker, type ChannelWorker } from "../../src/modules/channels/index.js";
import type { WebFrontend } from "../../src/platform/http/spa.js";

import { builtArtifact } from "../setup/background-build.js";
import { recordOpenApiContract } from "./openapi-recorder.js";
import { TEST_SESSION_SECRET } from "./secrets.js";

export { TEST_SESSION_SECRET };

export interface TestAppOptions {
  /** Extra environment settings (NODE_ENV, AUTH_MODE_DEMO, ...). */
  env?: Record<string, string | undefined>;
  /** Connect Redis (KVSTORE_URL) under a prefix unique to this app. */
  redis?: boolean;
  /** Share a key prefix with another app (two instances on one Redis). */
  kvPrefix?: string;
  clock?: Clock;
  /** Use this database instead of the run's PostgreSQL database. */
  database?: DatabaseHandle;
  /** A database of this app's own (in the embedded project; PostgreSQL pools are always the app's), closed with it. */
  privateDatabase?: boolean;
  web?: WebFrontend;
  tuning?: AppDeps["tuning"];
  /** Wraps the app's event bus (in-process or Redis), e.g. to delay its deliveries. */
  wrapBus?: (bus: EventBus) => EventBus;
  /**
   * "bullmq": the email queue on the test Redis (implies `redis`), under this app's own key
   * prefix. Default: the in-memory queue, whose `waiting` array tests read.
   */
  emailQueue?: "memory" | "bullmq";
  /** "bullmq": outgoing webhooks on the test Redis with their worker (implies `redis`). Default: attempts run in this process. */
  webhookQueue?: "memory" | "bullmq";
  /** "bullmq": the teams' chat channel posts on the test Redis with their worker (implies `redis`). Default: posts run in this process. */
  channelQueue?: "memory" | "bullmq";
}

export interface TestApp<Q extends EmailQueue = InMemoryJobQueue> extends BuiltApp {
  config: Config;
  db: Database;
  kv: Redis | null;
  clock: Clock;
  bus: EventBus;
  queue: Q;
  logger: Logger;
  /** Every log line written by this app, parsed. */
  logs: Array<Record<string, unknown>>;
  /** The same lines as written (parsing would hide a key written twice). */
  rawLogs: string[];
  close(): Promise<void>;
}

let seededSnapshot: Promise<Blob> | undefined;
let embeddedDatabase: Promise<DatabaseHandle> | undefined;

/**
 * The run's PostgreSQL database (a pool per app, closed with it); or, in the `embedded` project
 * (TEST_DATABASE=embedded), one in-memory PGlite per test worker, copied from the run's migrated
 * and seeded snapshot (test/setup/embedded-snapshot.ts) and shared by the apps of the worker's
 * test files, as all apps share PostgreSQL in the `api` project. `privateDatabase` gets a copy
 * of the app's own.
 */
async function openTestDatabase(options: TestAppOptions): Promise<{ handle: DatabaseHandle; owned: boolean }> {
  if (options.database) return { handle: options.database, owned: false };
  if (process.env.TEST_DATABASE !== "embedded") return { handle: await openDatabase({ url: inject("databaseUrl"), poolMax: 5, dataDir: "" }), owned: true };
  seededSnapshot ??= builtArtifact(inject("embeddedSnapshot"))
    .then((file) => fs.promises.readFile(file))
    .then((bytes) => new Blob([bytes]));
  if (options.privateDatabase) return { handle: await openEmbeddedDatabase("memory://", { loadDataDir: await seededSnapshot }), owned: true };
  embeddedDatabase ??= seededSnapshot.then((snapshot) => openEmbeddedDatabase("memory://", { loadDataDir: snapshot }));
  return { handle: await embeddedDatabase, owned: false };
}

export async function createTestApp(options: TestAppOptions & { emailQueue: "bullmq" }): Promise<TestApp<BullEmailQueue>>;
export async function createTestApp(options?: TestAppOptions): Promise<TestApp>;
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp<EmailQueue>> {
  const kvPrefix = options.kvPrefix ?? `${inject("kvPrefix")}${randomUUID().slice(0, 8)}:`;
  const config = loadConfig({
    NODE_ENV: "development",
    LOG_LEVEL: "info",
    SESSION_SECRET: TEST_SESSION_SECRET,
    KV_PREFIX: kvPrefix,
    ...(options.redis || options.emailQueue === "bullmq" || options.webhookQueue === "bullmq" || options.channelQueue === "bullmq"
      ? { KVSTORE_URL: inject("redisUrl") }
      : {}),
    ...options.env,
  });
  const { handle, owned } = await openTestDatabase(options);
  const kv = config.kv.url ? createRedis(config.kv.url) : null;
  if (kv) await connectRedis(kv);
  const logs: Array<Record<string, unknown>> = [];
  const rawLogs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n")) {
        if (!line.trim()) continue;
        rawLogs.push(line);
        logs.push(JSON.parse(line));
      }
      callback();
    },
  });
  const logger = createLogger({ level: config.logLevel, destination });
  const clock = options.clock ?? systemClock;
  let bus: EventBus = new InProcessEventBus();
  if (config.kv.url && kv) {
    const subscriber = createRedis(config.kv.url);
    const redisBus = new RedisEventBus(kv, subscriber, config.kv.prefix);
    // An unreachable Redis (a test of that case) leaves the bus unsubscribed, as in production.
    if (await connectRedis(subscriber)) await redisBus.start();
    bus = redisBus;
  }
  if (options.wrapBus) bus = options.wrapBus(bus);
  const queue: EmailQueue =
    options.emailQueue === "bullmq" && kv
      ? new BullEmailQueue({ kv, url: config.kv.url as string, kvPrefix: config.kv.prefix, backoffMs: config.email.backoffMs, logger })
      : new InMemoryJobQueue();
  const webhookQueue =
    options.webhookQueue === "bullmq" && config.kv.url ? new BullWebhookQueue({ url: config.kv.url, kvPrefix: config.kv.prefix, logger }) : undefined;
  const channelQueue =
    options.channelQueue === "bullmq" && config.kv.url ? new BullChannelQueue({ url: config.kv.url, kvPrefix: config.kv.prefix, logger }) : undefined;
  const built = buildApp({ config, db: handle.db, kv, logger, clock, bus, queue, webhookQueue, channelQueue, web: options.web, tuning: options.tuning });
  // As the server: with WEBHOOK_WORKER=false the attempts wait for `npm run worker`.
  const webhookWorker: WebhookWorker | null =
    webhookQueue && config.webhooks.workerInApi
      ? startWebhookWorker(
          {
            url: config.kv.url as string,
            kvPrefix: config.kv.prefix,
            logger,
            concurrency: config.webhooks.concurrency ?? WEBHOOK_CONCURRENCY.inApi,
          },
          built.webhooks.attempt,
        )
      : null;
  const channelWorker: ChannelWorker | null =
    channelQueue && config.webhooks.workerInApi
      ? startChannelWorker({ url: config.kv.url as string, kvPrefix: config.kv.prefix, logger }, built.channels.attempt)
      : null;
  recordOpenApiContract(built.app, built.routes, { webApp: Boolean(options.web) });
  return {
    ...built,
    config,
    db: handle.db,
    kv,
    clock,
    bus,
    queue,
    logger,
    logs,
    rawLogs,
    async close() {
      built.sse.close();
      await built.systemQueue.close();
      await webhookWorker?.close();
      await built.webhooks.queue.close();
      await channelWorker?.close();
      await built.channels.queue.close();
      await bus.close();
      if (queue.kind === "bullmq") await queue.close();
      if (kv) kv.disconnect();
      if (owned) await handle.close();
    },
  };
}

export { ManualClock };

type Agent = ReturnType<typeof request.agent>;

/** A signed-in browser-like client: keeps the session cookie and sends the CSRF header on writes. */
export class ApiClient {
  constructor(
    readonly agent: Agent,
    readonly csrfToken: string,
    private readonly headers: Record<string, string> = {},
    /** The session cookie ("qa.sid=..."), for clients outside supertest (SSE streams). */
    readonly cookie: string | null = null,
    /** Send the cookie by hand: supertest's jar keeps a Secure cookie off plain-http test requests. */
    private readonly sendCookieExplicitly = false,
  ) {}

  private with<T extends { set(name: string, value: string): T }>(req: T, write: boolean): T {
    let result = req;
    for (const [name, value] of Object.entries(this.headers)) result = result.set(name, value);
    if (this.sendCookieExplicitly && this.cookie) result = result.set("cookie", this.cookie);
    return write ? result.set("x-csrf-token", this.csrfToken) : result;
  }

  get(path: string) {
    return this.with(this.agent.get(path), false);
  }
  post(path: string, body?: object) {
    return this.with(this.agent.post(path), true).send(body);
  }
  put(path: string, body?: object) {
    return this.with(this.agent.put(path), true).send(body);
  }
  /** A body that is not JSON: a CSV file by default. */
  postText(path: string, text: string | Buffer, contentType = "text/csv") {
    return this.with(this.agent.post(path), true).set("content-type", contentType).send(text);
  }
  patch(path: string, body?: object) {
    return this.with(this.agent.patch(path), true).send(body);
  }
  delete(path: string) {
    return this.with(this.agent.delete(path), true);
  }
}

/** Signs in through demo mode (GET /auth/demo) and fetches a CSRF token. */
export async function signIn(app: TestApp<EmailQueue>, tenantSlug: string, username: string, headers: Record<string, string> = {}): Promise<ApiClient> {
  const agent = request.agent(app.app);
  let login = agent.get(`/auth/demo?user=${encodeURIComponent(username)}&tenant=${encodeURIComponent(tenantSlug)}`);
  for (const [name, value] of Object.entries(headers)) login = login.set(name, value);
  const response = await login;
  if (response.status !== 302) throw new Error(`demo sign-in as ${username}@${tenantSlug} failed: ${response.status} ${JSON.stringify(response.body)}`);
  const setCookie = ([] as string[]).concat(response.headers["set-cookie"] ?? []);
  const sessionCookie = setCookie.find((value) => value.startsWith("qa.sid="));
  const cookie = sessionCookie?.split(";")[0] ?? null;
  const secure = /;\s*Secure/i.test(sessionCookie ?? "");
  let csrf = agent.get("/auth/csrf");
  for (const [name, value] of Object.entries(headers)) csrf = csrf.set(name, value);
  if (secure && cookie) csrf = csrf.set("cookie", cookie);
  const { body } = await csrf;
  return new ApiClient(agent, body.csrfToken, headers, cookie, secure);
}

/** A visitor: no session yet; fetches a CSRF token only when asked to write. */
export function visitor(app: TestApp<EmailQueue>, headers: Record<string, string> = {}): ApiClient {
  return new ApiClient(request.agent(app.app), "", headers);
}

/** Signs in several demo users of one tenant at once: `const { admin, member } = await signInMany(app, slug, ["admin", "member"])`. */
export async function signInMany<const N extends string>(app: TestApp<EmailQueue>, tenantSlug: string, usernames: readonly N[]): Promise<Record<N, ApiClient>> {
  const clients = await Promise.all(usernames.map((username) => signIn(app, tenantSlug, username)));
  return Object.fromEntries(usernames.map((username, index) => [username, clients[index]])) as Record<N, ApiClient>;
}
