import { Queue, Worker } from "bullmq";
import type { Logger } from "../../platform/logger.js";

/** One attempt of one delivery: `attempt` is how many attempts its round (`replays`) had before this one. */
export interface WebhookJob {
  tenantId: string;
  deliveryId: string;
  replays: number;
  attempt: number;
}

/** One job per attempt of a delivery's round, whichever queue holds it. */
const jobKey = (job: WebhookJob) => `${job.deliveryId}-${job.replays}-${job.attempt}`;

export type WebhookJobHandler = (job: WebhookJob) => Promise<void>;

/**
 * Where attempts wait for their time. The database holds each delivery's state; a job only says
 * "try this delivery now", and an attempt that finds the delivery already past it does nothing.
 * Retries are new delayed jobs, so the schedule is ours, not the queue's.
 */
export interface WebhookQueue {
  readonly kind: "memory" | "bullmq";
  add(job: WebhookJob, delayMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Without Redis (development, the embedded database): attempts run in this process on timers.
 * What is waiting when the process ends is not sent (its deliveries stay pending in the list).
 */
export class InProcessWebhookQueue implements WebhookQueue {
  readonly kind = "memory" as const;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** The attempts waiting or running: one job per attempt of a delivery, as BullMQ's job ids make it there. */
  private readonly queued = new Set<string>();
  private handler: WebhookJobHandler | null = null;
  private closed = false;

  constructor(private readonly logger: Logger) {}

  /** Attempts start running once the app has wired its handler. */
  process(handler: WebhookJobHandler): void {
    this.handler = handler;
  }

  async add(job: WebhookJob, delayMs: number): Promise<void> {
    const key = jobKey(job);
    if (this.closed || this.queued.has(key)) return;
    this.queued.add(key);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed || !this.handler) return;
      const run = this.handler(job)
        .catch((error: unknown) => this.logger.error({ err: error, tenantId: job.tenantId, deliveryId: job.deliveryId }, "webhook attempt failed to run"))
        .finally(() => {
          this.running.delete(run);
          this.queued.delete(key);
        });
      this.running.add(run);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Drops what waits, and lets the attempts under way finish (they need the database). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}

export const WEBHOOK_QUEUE_NAME = "webhooks";
/** Attempts are I/O waiting on receivers (up to the timeout each): several at once per worker. */
export const WEBHOOK_CONCURRENCY = 10;

/** Keys `<KV_PREFIX>bull:webhooks:...`, beside the email queue's. */
function bullPrefix(kvPrefix: string): string {
  return `${kvPrefix}bull`;
}

/** The queue on BullMQ (KVSTORE_URL set): jobs survive restarts and are shared by instances. */
export class BullWebhookQueue implements WebhookQueue {
  readonly kind = "bullmq" as const;
  readonly queue: Queue;

  constructor(options: { url: string; kvPrefix: string; logger?: Logger }) {
    this.queue = new Queue(WEBHOOK_QUEUE_NAME, {
      connection: { url: options.url, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, connectionName: "team-qa:webhook-queue" },
      prefix: bullPrefix(options.kvPrefix),
      // The delivery row keeps the history; the job is gone once it ran.
      defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
    });
    let lastReported = 0;
    this.queue.on("error", (error) => {
      if (Date.now() - lastReported < 10_000) return;
      lastReported = Date.now();
      options.logger?.warn({ err: { message: error.message } }, "webhook queue connection error");
    });
  }

  async add(job: WebhookJob, delayMs: number): Promise<void> {
    // Queueing the same attempt twice adds it once; a replay's round has ids of its own.
    await this.queue.add("attempt", job, { jobId: jobKey(job), delay: Math.max(0, delayMs) });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface WebhookWorker {
  close(): Promise<void>;
}

/**
 * Runs attempts from the BullMQ queue. A job whose worker died runs again after the lock
 * expires: the receiver may then get the same `webhook-id` twice, which Standard Webhooks
 * receivers de-duplicate on.
 */
export function startWebhookWorker(
  options: { url: string; kvPrefix: string; logger: Logger; concurrency?: number },
  handler: WebhookJobHandler,
): WebhookWorker {
  const worker = new Worker(WEBHOOK_QUEUE_NAME, async (job) => handler(job.data as WebhookJob), {
    connection: { url: options.url, maxRetriesPerRequest: null, connectionName: "team-qa:webhook-worker" },
    prefix: bullPrefix(options.kvPrefix),
    concurrency: options.concurrency ?? WEBHOOK_CONCURRENCY,
    // An attempt lasts at most its timeout (10 s) plus the database writes.
    lockDuration: 60_000,
  });
  let lastReported = 0;
  worker.on("error", (error) => {
    if (Date.now() - lastReported < 10_000) return;
    lastReported = Date.now();
    options.logger.warn({ err: { message: error.message } }, "webhook worker connection error");
  });
  return { close: () => worker.close() };
}
