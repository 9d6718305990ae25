import {
  BullDelayedJobs,
  InProcessDelayedJobs,
  startDelayedJobWorker,
  type DelayedJobKind,
  type DelayedJobQueue,
  type DelayedJobWorker,
} from "../../platform/delayed-jobs.js";
import type { Logger } from "../../platform/logger.js";

/** One attempt of one delivery: `attempt` is how many attempts its round (`replays`) had before this one. */
export interface WebhookJob {
  tenantId: string;
  deliveryId: string;
  replays: number;
  attempt: number;
}

export type WebhookJobHandler = (job: WebhookJob) => Promise<void>;

/**
 * Where attempts wait for their time. The database holds each delivery's state; a job only says
 * "try this delivery now", and an attempt that finds the delivery already past it does nothing.
 * One job per attempt of a delivery's round (a replay's round has ids of its own).
 */
const WEBHOOK_ATTEMPTS: DelayedJobKind<WebhookJob> = {
  queue: "webhooks",
  jobName: "attempt",
  key: (job) => `${job.deliveryId}-${job.replays}-${job.attempt}`,
  logFields: (job) => ({ tenantId: job.tenantId, deliveryId: job.deliveryId }),
};

export type WebhookQueue = DelayedJobQueue<WebhookJob>;
export type WebhookWorker = DelayedJobWorker;

/** Without Redis (development, the embedded database): what waits when the process ends stays pending in the list, and is queued again at the next start. */
export class InProcessWebhookQueue extends InProcessDelayedJobs<WebhookJob> {
  constructor(logger: Logger) {
    super(WEBHOOK_ATTEMPTS, logger);
  }
}

export class BullWebhookQueue extends BullDelayedJobs<WebhookJob> {
  constructor(options: { url: string; kvPrefix: string; logger?: Logger }) {
    super(WEBHOOK_ATTEMPTS, options);
  }
}

/**
 * Attempts at once per process, unless WEBHOOK_CONCURRENCY says otherwise. An attempt mostly
 * waits on its receiver, but one that answers at once leaves only our CPU (under 2 ms an
 * attempt): in the API's process few at a time keep a fan-out from moving the API's latency
 * (bench/README.md, webhook fan-out); `npm run worker` has no one to slow down and waits on more
 * receivers at once.
 */
export const WEBHOOK_CONCURRENCY = { inApi: 2, inWorker: 10 } as const;

/**
 * Runs attempts from BullMQ, `concurrency` at once in this process. A job whose worker died runs
 * again after the lock expires: the receiver may then get the same `webhook-id` twice, which
 * Standard Webhooks receivers de-duplicate on. An attempt lasts at most its timeout (10 s) plus
 * the database writes.
 */
export function startWebhookWorker(options: { url: string; kvPrefix: string; logger: Logger; concurrency: number }, handler: WebhookJobHandler): WebhookWorker {
  return startDelayedJobWorker(WEBHOOK_ATTEMPTS, { ...options, lockDurationMs: 60_000 }, handler);
}
