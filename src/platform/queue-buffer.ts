import { randomUUID } from "node:crypto";
import type { Logger } from "./logger.js";
import type { EmailJobName, EmailJobs, JobQueue, QueuedJob } from "./queue.js";
import { isServiceUnavailable } from "./unavailable.js";

type PendingJob = { name: EmailJobName; data: EmailJobs[EmailJobName] };

/**
 * For email the system sends by itself (answered notifications, pulse invites): their cause is
 * already committed, so a Redis outage must not drop them. A job that cannot be queued because
 * Redis is unreachable is kept here and queued as soon as Redis answers again, in order.
 * Jobs still held when the process ends are logged (count and kinds, no content); an admin's
 * direct email does not go through here: it answers 503 and the admin sends it again.
 */
export class BufferedJobQueue implements JobQueue {
  private readonly pending: PendingJob[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly queue: JobQueue,
    private readonly logger: Logger,
    private readonly retryMs = 2000,
    private readonly maxPending = 200_000,
  ) {}

  get held(): number {
    return this.pending.length;
  }

  async add<N extends EmailJobName>(name: N, data: EmailJobs[N]): Promise<QueuedJob<N>> {
    const [job] = await this.addBulk([{ name, data }]);
    return job as QueuedJob<N>;
  }

  async addBulk<N extends EmailJobName>(jobs: Array<{ name: N; data: EmailJobs[N] }>): Promise<Array<QueuedJob<N>>> {
    // Behind held jobs, new ones wait their turn so order is kept.
    if (this.pending.length === 0) {
      try {
        return await this.queue.addBulk(jobs);
      } catch (error) {
        if (!isServiceUnavailable(error)) throw error;
        this.logger.warn({ err: { message: (error as Error).message }, jobs: jobs.length }, "email queue unreachable: holding jobs until it is back");
      }
    }
    this.hold(jobs);
    const timestamp = Date.now();
    return jobs.map((job) => ({ id: `held-${randomUUID()}`, name: job.name, data: job.data, timestamp }));
  }

  private hold(jobs: PendingJob[]): void {
    const room = this.maxPending - this.pending.length;
    if (jobs.length > room) this.logger.error({ dropped: jobs.length - room }, "email jobs dropped: too many held while the queue is unreachable");
    this.pending.push(...jobs.slice(0, Math.max(0, room)));
    this.timer ??= setTimeout(() => void this.flush(), this.retryMs);
    this.timer.unref();
  }

  /** Queues what is held, oldest first; on failure tries again later. */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      this.timer = null;
      while (this.pending.length > 0) {
        const batch = this.pending.slice(0, 500);
        try {
          await this.queue.addBulk(batch);
        } catch (error) {
          this.timer = setTimeout(() => void this.flush(), this.retryMs);
          this.timer.unref();
          if (!isServiceUnavailable(error)) this.logger.error({ err: error }, "held email jobs could not be queued");
          return;
        }
        this.pending.splice(0, batch.length);
        this.logger.info({ queued: batch.length, stillHeld: this.pending.length }, "held email jobs queued");
      }
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** One last attempt at shutdown; what cannot be queued is reported, not silently lost. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length > 0) await this.flush();
    if (this.timer) clearTimeout(this.timer);
    if (this.pending.length > 0) {
      const kinds: Record<string, number> = {};
      for (const job of this.pending) kinds[job.name] = (kinds[job.name] ?? 0) + 1;
      this.logger.error({ lost: this.pending.length, kinds }, "email jobs not queued before shutdown (the queue was unreachable)");
    }
  }
}
