import { loadConfigOrExit } from "../config.js";
import { systemClock } from "../platform/clock.js";
import { openDatabase } from "../platform/db.js";
import { createLogger } from "../platform/logger.js";
import { startEmailWorker } from "../modules/email/index.js";
import { slackJobProcessors } from "../modules/slack/index.js";
import { fail } from "./environment.js";

/**
 * The email worker alone, without HTTP: `npm run worker` (or `node dist/src/cli/email-worker.js`).
 * Run as many as needed next to the API processes; they share the queue through Redis. The API
 * process runs migrations, so this one only opens the database.
 */
const config = loadConfigOrExit();
if (!config.kv.url) fail("The email worker needs KVSTORE_URL (Redis): the queue lives there.");
if (!config.database.url) fail("The standalone email worker needs DATABASE_URL: the embedded database allows one process (use EMAIL_WORKER=true instead).");

const logger = createLogger({ level: config.logLevel });
const database = await openDatabase(config.database);
const jobs = { config, db: database.db, clock: systemClock, logger };
const worker = startEmailWorker({ ...jobs, otherJobs: slackJobProcessors(jobs) });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "email worker shutting down");
  // Let running jobs finish; the deadline keeps a stuck SMTP server from blocking the exit.
  const deadline = setTimeout(() => process.exit(1), 10_000);
  deadline.unref();
  await worker.close().catch((error) => logger.warn({ err: error }, "email worker did not close cleanly"));
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
