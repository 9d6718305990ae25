import { Queue, Worker } from "bullmq";
import type { Logger } from "../../platform/logger.js";

export const CHANNEL_TARGETS = ["slack", "teams"] as const;
export type ChannelTarget = (typeof CHANNEL_TARGETS)[number];
export const CHANNEL_EVENT_TYPES = ["question.created", "question.answered", "poll.closed"] as const;
export type ChannelEventType = (typeof CHANNEL_EVENT_TYPES)[number];

/**
 * One post of one event to one of a team's channels. The job carries the event's data (as the
 * webhooks' payload has it: no anonymous author), never the channel's address: the Teams URL
 * is opened from the database when the post is made, so it never sits in Redis.
 */
export interface ChannelJob {
  tenantId: string;
  teamId: string;
  target: ChannelTarget;
  eventType: ChannelEventType;
  /** The question's or poll's id: one post per event, target and attempt. */
  subjectId: string;
  data: Record<string, unknown>;
  attempt: number;
}

const jobKey = (job: ChannelJob) => `${job.eventType}-${job.subjectId}-${job.target}-${job.attempt}`;

export type ChannelJobHandler = (job: ChannelJob) => Promise<void>;

/** Where posts wait for their time; a retry is a new delayed job, so the schedule (and Retry-After) is ours. */
export interface ChannelQueue {
  readonly kind: "memory" | "bullmq";
  add(job: ChannelJob, delayMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Without Redis: posts run in this process on timers; what waits when it ends is not posted. */
export class InProcessChannelQueue implements ChannelQueue {
  readonly kind = "memory" as const;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly queued = new Set<string>();
  private handler: ChannelJobHandler | null = null;
  private closed = false;

  constructor(private readonly logger: Logger) {}

  process(handler: ChannelJobHandler): void {
    this.handler = handler;
  }

  async add(job: ChannelJob, delayMs: number): Promise<void> {
    const key = jobKey(job);
    if (this.closed || this.queued.has(key)) return;
    this.queued.add(key);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed || !this.handler) return;
      const run = this.handler(job)
        .catch((error: unknown) => this.logger.error({ err: error, tenantId: job.tenantId, target: job.target }, "channel post failed to run"))
        .finally(() => {
          this.running.delete(run);
          this.queued.delete(key);
        });
      this.running.add(run);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}

export const CHANNEL_QUEUE_NAME = "channels";
const bullPrefix = (kvPrefix: string) => `${kvPrefix}bull`;

/** With Redis: jobs survive restarts and are shared by instances. */
export class BullChannelQueue implements ChannelQueue {
  readonly kind = "bullmq" as const;
  readonly queue: Queue;

  constructor(options: { url: string; kvPrefix: string; logger?: Logger }) {
    this.queue = new Queue(CHANNEL_QUEUE_NAME, {
      connection: { url: options.url, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, connectionName: "team-qa:channel-queue" },
      prefix: bullPrefix(options.kvPrefix),
      defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
    });
    let lastReported = 0;
    this.queue.on("error", (error) => {
      if (Date.now() - lastReported < 10_000) return;
      lastReported = Date.now();
      options.logger?.warn({ err: { message: error.message } }, "channel queue connection error");
    });
  }

  async add(job: ChannelJob, delayMs: number): Promise<void> {
    await this.queue.add("post", job, { jobId: jobKey(job), delay: Math.max(0, delayMs) });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface ChannelWorker {
  close(): Promise<void>;
}

export function startChannelWorker(options: { url: string; kvPrefix: string; logger: Logger }, handler: ChannelJobHandler): ChannelWorker {
  const worker = new Worker(CHANNEL_QUEUE_NAME, async (job) => handler(job.data as ChannelJob), {
    connection: { url: options.url, maxRetriesPerRequest: null, connectionName: "team-qa:channel-worker" },
    prefix: bullPrefix(options.kvPrefix),
    concurrency: 10,
    // A post lasts at most its timeout (10 s), or Slack's Retry-After waits inside the WebClient.
    lockDuration: 5 * 60_000,
  });
  let lastReported = 0;
  worker.on("error", (error) => {
    if (Date.now() - lastReported < 10_000) return;
    lastReported = Date.now();
    options.logger.warn({ err: { message: error.message } }, "channel worker connection error");
  });
  return { close: () => worker.close() };
}
