import { buildApp } from "../app.js";
import { loadConfigOrExit } from "../config.js";
import { systemClock } from "../platform/clock.js";
import { openDatabase } from "../platform/db.js";
import { connectRedis, createRedis } from "../platform/kv.js";
import { createLogger } from "../platform/logger.js";
import { startEmailWorker } from "../modules/email/index.js";
import { slackJobProcessors } from "../modules/slack/index.js";
import { WEBHOOK_CONCURRENCY } from "../modules/webhooks/index.js";
import { openQueues, startDeliveryWorkers } from "../server.js";
import { fail } from "./environment.js";

/**
 * The background jobs alone, without HTTP: `npm run worker` (or `node dist/src/cli/worker.js`).
 * It sends e-mail and Slack messages, webhook attempts and chat channel posts. Run as many as
 * needed next to the API processes; they share the queues through Redis. With WEBHOOK_WORKER=false
 * on the API, webhook attempts and channel posts run only here, off the API's CPU. The API process
 * runs migrations, so this one only opens the database.
 */
const config = loadConfigOrExit();
if (!config.kv.url) fail("The worker needs KVSTORE_URL (Redis): the queues live there.");
if (!config.database.url) fail("The standalone worker needs DATABASE_URL: the embedded database allows one process (use EMAIL_WORKER=true instead).");

const logger = createLogger({ level: config.logLevel });
const database = await openDatabase(config.database);
const jobs = { config, db: database.db, clock: systemClock, logger };
const emailWorker = startEmailWorker({ ...jobs, otherJobs: slackJobProcessors(jobs) });

// A webhook attempt or a channel post needs what the app wires for it (sealed secrets, the
// tenants, Slack clients, the retry queues): the app is built as the API builds it, and never listens.
const kv = createRedis(config.kv.url, logger);
if (!(await connectRedis(kv))) logger.warn("key-value store unreachable at start; retrying in the background");
const { bus, queue, webhookQueue, channelQueue } = await openQueues(config, kv, logger);
const app = buildApp({ config, db: database.db, kv, logger, clock: systemClock, bus, queue, webhookQueue, channelQueue });
const deliveryWorkers = startDeliveryWorkers(config, logger, app, WEBHOOK_CONCURRENCY.inWorker);
logger.info({ webhookConcurrency: deliveryWorkers.webhookConcurrency }, "worker started: e-mail, Slack, webhooks and chat channels");

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker shutting down");
  // Let running jobs finish; the deadline keeps a stuck SMTP server or receiver from blocking the exit.
  const deadline = setTimeout(() => process.exit(1), 10_000);
  deadline.unref();
  await emailWorker.close().catch((error) => logger.warn({ err: error }, "email worker did not close cleanly"));
  await deliveryWorkers.close();
  app.overload.close();
  await Promise.allSettled([app.webhooks.queue.close(), app.channels.queue.close(), app.systemQueue.close(), queue.close(), bus.close()]);
  await database.close();
  await kv.quit().catch(() => undefined);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
