import path from "node:path";
import type { Server } from "node:http";
import { buildApp, type BuiltApp } from "./app.js";
import { loadConfigOrExit, type Config } from "./config.js";
import { systemClock } from "./platform/clock.js";
import { openDatabase, type Database, type DatabaseHandle } from "./platform/db.js";
import { InProcessEventBus, RedisEventBus, type EventBus } from "./platform/events.js";
import { connectRedis, createRedis, type Redis } from "./platform/kv.js";
import { createLogger, type Logger } from "./platform/logger.js";
import { migrateToLatest } from "./platform/migrator.js";
import { projectRoot } from "./platform/paths.js";
import { InMemoryJobQueue, type EmailQueue } from "./platform/queue.js";
import { BullEmailQueue } from "./platform/queue-bullmq.js";
import { builtFrontend, viteDevFrontend } from "./platform/http/spa.js";
import { createHttpServer, drainHttpServer, listenOn } from "./platform/http/server.js";
import { resealSettingsSecrets } from "./modules/settings/index.js";
import { createSettingsSecrets } from "./platform/settings-secrets.js";
import { countTenants } from "./modules/tenants/index.js";
import { startPulseScheduler } from "./modules/pulse/index.js";
import { createPulseSealer, startReleaseSweeps } from "./modules/pulse/index.js";
import type { Sealer } from "./platform/sealed-box.js";
import { startEmailWorker, type EmailWorker } from "./modules/email/index.js";
import { slackJobProcessors } from "./modules/slack/index.js";
import { BullWebhookQueue, resealWebhookSecrets, startWebhookWorker, WEBHOOK_CONCURRENCY } from "./modules/webhooks/index.js";
import { BullChannelQueue, resealTeamChannelSecrets, startChannelWorker } from "./modules/channels/index.js";

const SHUTDOWN_DEADLINE_MS = 10_000;

/** Fills an empty database with demo tenants; returns their slugs. Only development's entry point has one. */
export type DemoSeeder = (db: Database, options: { emailDomain: string; sealer: Sealer }) => Promise<string[]>;

export interface ServerOptions {
  /** Run on the first start (no tenant yet) when SEED_DEMO_DATA allows: `npm start` passes the demo data (seeds/start.ts). */
  seedDemoData?: DemoSeeder;
  /**
   * A worker of several sharing the port (src/cluster.ts): its number for the logs, and whether it
   * runs the background jobs (the pulse scheduler, the release sweeps, the email worker), which one
   * worker of the machine runs rather than each.
   */
  worker?: { id: number; runsJobs: boolean };
}

/**
 * The service in one process: reads the configuration, opens the database (migrated) and Redis,
 * starts HTTP, the e-mail worker, the scheduler and the release sweeps, and shuts down cleanly on
 * SIGTERM/SIGINT. The production entry point (main.ts) runs it as it is; development's (seeds/start.ts)
 * adds the demo data, which the production build does not carry.
 */
export async function runServer(options: ServerOptions = {}): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfigOrExit();
  const baseLogger = createLogger({ level: config.logLevel });
  const logger = options.worker ? baseLogger.child({ worker: options.worker.id }) : baseLogger;
  const runsJobs = options.worker?.runsJobs ?? true;

  // The primary of several workers migrated and seeded before forking them (src/cluster.ts).
  const database = options.worker ? await openDatabase({ ...config.database, logger }) : await prepareDatabase(config, logger, options.seedDemoData);

  const kv = config.kv.url ? createRedis(config.kv.url, logger) : null;
  if (kv && !(await connectRedis(kv))) logger.warn("key-value store unreachable at start; retrying in the background");

  const { bus, queue, webhookQueue, channelQueue } = await openQueues(config, kv, logger);
  let emailWorker: EmailWorker | null = null;
  if (config.email.workerEnabled && kv) {
    if (runsJobs) {
      const jobs = { config, db: database.db, clock: systemClock, logger };
      emailWorker = startEmailWorker({ ...jobs, otherJobs: slackJobProcessors(jobs) });
    }
  } else if (config.email.workerEnabled) {
    logger.warn("EMAIL_WORKER=true needs KVSTORE_URL: the email worker is not started and emails stay queued in memory");
  }
  if (config.isProduction && !config.auth.github && !config.auth.google && !config.auth.demoEnabled) {
    logger.warn(
      "no GitHub or Google sign-in is configured: only tenants with company sign-in (auth.oidc or auth.saml, `npm run tenant -- sso`) can be signed in to",
    );
  }
  const root = projectRoot();
  const web = config.webDevServer ? await viteDevFrontend(path.join(root, "web")) : builtFrontend(path.join(root, "web", "dist"));

  const { app, sse, metrics, systemQueue, beginShutdown, pulseReleaser, overload, webhooks, channels } = buildApp({
    config,
    db: database.db,
    kv,
    logger,
    clock: systemClock,
    bus,
    queue,
    webhookQueue,
    channelQueue,
    web,
  });
  const deliveryWorkers =
    kv && runsJobs && config.webhooks.workerInApi ? startDeliveryWorkers(config, logger, { webhooks, channels }, WEBHOOK_CONCURRENCY.inApi) : null;
  if (runsJobs) {
    webhooks
      .resumePending()
      .then((resumed) => resumed && logger.info({ deliveries: resumed }, "pending webhook deliveries queued again"))
      .catch((error: unknown) => logger.warn({ err: error }, "pending webhook deliveries not queued again"));
  }
  // Every instance releases pulse answers, SCHEDULER or not (CONTRACT §5: within 30 s everywhere);
  // of an instance's workers, the one that runs the jobs.
  const stopReleaseSweeps = runsJobs ? startReleaseSweeps(pulseReleaser, logger) : async () => undefined;
  const pulseScheduler =
    config.schedulerEnabled && runsJobs
      ? startPulseScheduler({ db: database.db, queue: systemQueue, logger, clock: systemClock, countRun: (outcome) => metrics.schedulerRuns.inc({ outcome }) })
      : null;
  const server: Server = createHttpServer(app);
  try {
    await listenOn(server, config.port);
  } catch (error) {
    // One clear line and a failing exit status: a supervisor sees it, and nothing claims to listen.
    logger.fatal({ port: config.port }, (error as Error).message);
    process.exit(1);
  }
  logger.info(
    { url: config.baseUrl, port: config.port, env: config.env, startupMs: Math.round(performance.now() - startedAt) },
    `listening on ${config.baseUrl}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const deadline = setTimeout(() => {
      logger.error("shutdown deadline passed; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // Load balancers see /health/ready fail and stop sending; new connections are refused from here.
    beginShutdown();
    const closed = drainHttpServer(server);
    await pulseScheduler?.stop();
    await stopReleaseSweeps();
    // SSE streams never end by themselves: end them (with a reconnect hint) so the server can close.
    sse.close();
    // In-flight requests finish; kept-alive connections close after their next answer, or idle (drainHttpServer).
    await closed;
    overload.close();
    // Running email jobs finish (they need the database) before anything closes under them.
    if (emailWorker) await emailWorker.close().catch((error) => logger.warn({ err: error }, "email worker did not close cleanly"));
    await deliveryWorkers?.close();
    await webhooks.queue.close().catch((error) => logger.warn({ err: error }, "webhook queue did not close cleanly"));
    await channels.queue.close().catch((error) => logger.warn({ err: error }, "channel queue did not close cleanly"));
    await systemQueue.close();
    await Promise.allSettled([web.close(), bus.close(), queue.close()]);
    await database.close();
    if (kv) await kv.quit().catch(() => undefined);
    clearTimeout(deadline);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Opens the database, migrated to the latest schema, with the demo data on a first start when allowed. */
export async function prepareDatabase(config: Config, logger: Logger, seedDemoData?: DemoSeeder): Promise<DatabaseHandle> {
  const database = await openDatabase({ ...config.database, logger });
  if (database.kind === "embedded") {
    logger.info({ dataDir: config.database.dataDir }, "using the embedded PostgreSQL (PGlite); set DATABASE_URL to use a PostgreSQL server");
    if (config.isProduction) logger.warn("production on the embedded database: one process only; use PostgreSQL for more");
  }
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ migrations: applied }, "migrations applied");
  if (config.session.previousSecrets.length) {
    const secrets = createSettingsSecrets([config.session.secret, ...config.session.previousSecrets]);
    const resealed = await resealSettingsSecrets(database.db, secrets, new Date());
    if (resealed) logger.info({ tenants: resealed }, "identity provider secrets sealed again with the current SESSION_SECRET");
    const webhookSecrets = await resealWebhookSecrets(database.db, secrets);
    if (webhookSecrets) logger.info({ endpoints: webhookSecrets }, "webhook signing secrets sealed again with the current SESSION_SECRET");
    const teamsWebhooks = await resealTeamChannelSecrets(database.db, secrets);
    if (teamsWebhooks) logger.info({ teams: teamsWebhooks }, "teams' Teams URLs sealed again with the current SESSION_SECRET");
  }

  if (config.seedDemoData && (await countTenants(database.db)) === 0) {
    if (seedDemoData) {
      const seeded = await seedDemoData(database.db, {
        emailDomain: config.auth.demoEmailDomain,
        sealer: createPulseSealer([config.session.secret, ...config.session.previousSecrets]),
      });
      logger.info({ tenants: seeded }, "demo data seeded");
    } else {
      logger.warn(
        "no tenant yet, and this build carries no demo data: create one with `npm run tenant`, or seed the demo tenants with `npm run seed` from a source checkout",
      );
    }
  }

  return database;
}

/**
 * The live event bus and the job queues: on Redis when there is one (BullMQ, shared by every
 * process); without it, in this process: e-mail waits visibly unsent (SPEC's development mode),
 * webhook and channel attempts run on timers (the app makes those queues when none is given).
 */
export async function openQueues(config: Config, kv: Redis | null, logger: Logger) {
  if (!kv) return { bus: new InProcessEventBus() as EventBus, queue: new InMemoryJobQueue() as EmailQueue, webhookQueue: undefined, channelQueue: undefined };
  const url = config.kv.url as string;
  const kvPrefix = config.kv.prefix;
  return {
    bus: await startRedisEventBus(url, kv, kvPrefix, logger),
    queue: new BullEmailQueue({ kv, url, kvPrefix, backoffMs: config.email.backoffMs, logger }) as EmailQueue,
    webhookQueue: new BullWebhookQueue({ url, kvPrefix, logger }),
    channelQueue: new BullChannelQueue({ url, kvPrefix, logger }),
  };
}

/**
 * Runs webhook and chat channel attempts from BullMQ in this process: the API's (unless
 * WEBHOOK_WORKER=false) and `npm run worker`'s. Close it before the queues.
 */
export function startDeliveryWorkers(config: Config, logger: Logger, app: Pick<BuiltApp, "webhooks" | "channels">, defaultConcurrency: number) {
  const connection = { url: config.kv.url as string, kvPrefix: config.kv.prefix, logger };
  const concurrency = config.webhooks.concurrency ?? defaultConcurrency;
  const webhookWorker = startWebhookWorker({ ...connection, concurrency }, app.webhooks.attempt);
  const channelWorker = startChannelWorker(connection, app.channels.attempt);
  return {
    webhookConcurrency: concurrency,
    async close() {
      await webhookWorker.close().catch((error: unknown) => logger.warn({ err: error }, "webhook worker did not close cleanly"));
      await channelWorker.close().catch((error: unknown) => logger.warn({ err: error }, "channel worker did not close cleanly"));
    },
  };
}

/** Live events across instances: a dedicated subscriber connection; a failed subscribe is retried by ioredis on reconnect. */
async function startRedisEventBus(url: string, kv: Redis, prefix: string, logger: Logger): Promise<EventBus> {
  const subscriber = createRedis(url, logger, "events");
  const bus = new RedisEventBus(kv, subscriber, prefix, logger);
  if (await connectRedis(subscriber)) await bus.start().catch(() => logger.warn("live events: subscribe failed; will retry on reconnect"));
  else subscriber.once("ready", () => void bus.start().catch(() => undefined));
  return bus;
}

/** An entry point's last word: a start that failed stops the process with its reason. */
export function exitOnFailure(error: unknown): never {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
