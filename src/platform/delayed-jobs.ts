import { Queue, Worker } from "bullmq";
import type { Logger } from "./logger.js";

/**
 * A queue of jobs that each run once, at their time: a module keeps its own state (a delivery's
 * row, a post's attempt count) and schedules a retry as a new delayed job, so the schedule (and a
 * receiver's Retry-After) is the module's, not the queue's. On BullMQ with Redis, jobs survive
 * restarts and are shared by instances; without Redis they run in this process on timers, and
 * what waits when it ends is lost. Either way one job per key: adding the same one twice adds it once.
 */
export interface DelayedJobQueue<Job> {
  readonly kind: "memory" | "bullmq";
  add(job: Job, delayMs: number): Promise<void>;
  /** Several jobs in one call (one round trip to Redis, not one per job): an event's deliveries, a batch resumed. */
  addMany(jobs: ReadonlyArray<{ job: Job; delayMs: number }>): Promise<void>;
  close(): Promise<void>;
}

export type DelayedJobHandler<Job> = (job: Job) => Promise<void>;

export interface DelayedJobKind<Job> {
  /** The BullMQ queue's name: keys `<KV_PREFIX>bull:<queue>:...`, beside the e-mail queue's. */
  queue: string;
  /** The BullMQ job name, as its dashboards show it. */
  jobName: string;
  /** One job per key. */
  key(job: Job): string;
  /** What a log line may say of a job (its tenant and subject, never its data). */
  logFields(job: Job): Record<string, unknown>;
}

const bullPrefix = (kvPrefix: string) => `${kvPrefix}bull`;

/** Connection errors repeat while Redis is away: one line per 10 s is enough. */
function reportEvery10s(report: (error: Error) => void): (error: Error) => void {
  let lastReported = 0;
  return (error) => {
    if (Date.now() - lastReported < 10_000) return;
    lastReported = Date.now();
    report(error);
  };
}

export class InProcessDelayedJobs<Job> implements DelayedJobQueue<Job> {
  readonly kind = "memory" as const;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** The jobs waiting or running, by key, as BullMQ's job ids make them unique there. */
  private readonly queued = new Set<string>();
  private handler: DelayedJobHandler<Job> | null = null;
  private closed = false;

  constructor(
    private readonly jobKind: DelayedJobKind<Job>,
    private readonly logger: Logger,
  ) {}

  /** Jobs start running once the app has wired its handler. */
  process(handler: DelayedJobHandler<Job>): void {
    this.handler = handler;
  }

  async add(job: Job, delayMs: number): Promise<void> {
    const key = this.jobKind.key(job);
    if (this.closed || this.queued.has(key)) return;
    this.queued.add(key);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed || !this.handler) return;
      const run = this.handler(job)
        .catch((error: unknown) => this.logger.error({ err: error, ...this.jobKind.logFields(job) }, `${this.jobKind.queue} job failed to run`))
        .finally(() => {
          this.running.delete(run);
          this.queued.delete(key);
        });
      this.running.add(run);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  async addMany(jobs: ReadonlyArray<{ job: Job; delayMs: number }>): Promise<void> {
    for (const { job, delayMs } of jobs) await this.add(job, delayMs);
  }

  /** Drops what waits, and lets the jobs under way finish (they need the database). */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}

export class BullDelayedJobs<Job> implements DelayedJobQueue<Job> {
  readonly kind = "bullmq" as const;
  readonly queue: Queue;

  constructor(
    private readonly jobKind: DelayedJobKind<Job>,
    options: { url: string; kvPrefix: string; logger?: Logger },
  ) {
    this.queue = new Queue(jobKind.queue, {
      connection: {
        url: options.url,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        connectionName: `team-qa:${jobKind.queue}-queue`,
      },
      prefix: bullPrefix(options.kvPrefix),
      // The module's own rows keep the history; a job is gone once it ran.
      defaultJobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: true },
    });
    this.queue.on(
      "error",
      reportEvery10s((error) => options.logger?.warn({ err: { message: error.message } }, `${jobKind.queue} queue connection error`)),
    );
  }

  async add(job: Job, delayMs: number): Promise<void> {
    await this.queue.add(this.jobKind.jobName, job, { jobId: this.jobKind.key(job), delay: Math.max(0, delayMs) });
  }

  async addMany(jobs: ReadonlyArray<{ job: Job; delayMs: number }>): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map(({ job, delayMs }) => ({ name: this.jobKind.jobName, data: job, opts: { jobId: this.jobKind.key(job), delay: Math.max(0, delayMs) } })),
    );
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface DelayedJobWorker {
  close(): Promise<void>;
}

/**
 * Runs a queue's jobs from BullMQ. A job whose worker died runs again once its lock expires, so
 * a handler must tolerate running twice (its module's state says what is already done).
 */
export function startDelayedJobWorker<Job>(
  kind: DelayedJobKind<Job>,
  options: { url: string; kvPrefix: string; logger: Logger; concurrency: number; lockDurationMs: number },
  handler: DelayedJobHandler<Job>,
): DelayedJobWorker {
  const worker = new Worker(kind.queue, async (job) => handler(job.data as Job), {
    connection: { url: options.url, maxRetriesPerRequest: null, connectionName: `team-qa:${kind.queue}-worker` },
    prefix: bullPrefix(options.kvPrefix),
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs,
  });
  worker.on(
    "error",
    reportEvery10s((error) => options.logger.warn({ err: { message: error.message } }, `${kind.queue} worker connection error`)),
  );
  return { close: () => worker.close() };
}
