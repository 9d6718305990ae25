import { randomUUID } from "node:crypto";
import { Job, Queue, UnrecoverableError, Worker, type JobsOptions, type JobState } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "./logger.js";
import {
  emptyCounts,
  JOB_STATUSES,
  type EmailJobName,
  type EmailJobs,
  type EmailQueue,
  type JobSnapshot,
  type JobStatus,
  PermanentJobError,
  type QueueJob,
  type QueuedJob,
  type RetryOutcome,
  type TenantQueueView,
} from "./queue.js";

export const EMAIL_QUEUE_NAME = "email";
/** SPEC: concurrency 5. */
export const EMAIL_CONCURRENCY = 5;
/** Per-tenant index size: enough for a large pulse send plus a week of failures. */
const TENANT_INDEX_MAX = 10_000;
const STATE_LOOKUP_CHUNK = 1000;
/** addBulk indexes ids before it adds their jobs: an id younger than this is not yet "gone". */
const INDEX_GRACE_MS = 60_000;

/** SPEC: 3 attempts, exponential backoff from 2 s, completed kept 24 h (at most 1000), failed kept 7 days. */
export function emailJobOptions(backoffMs: number): JobsOptions {
  return {
    attempts: 3,
    backoff: { type: "exponential", delay: backoffMs },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/** BullMQ joins prefix and queue name with ':': keys become `<KV_PREFIX>bull:email:...`. */
export function bullPrefix(kvPrefix: string): string {
  return `${kvPrefix}bull`;
}

function tenantIndexKey(kvPrefix: string, tenantId: string): string {
  return `${kvPrefix}email:tenant:${tenantId}`;
}

function statusOf(state: JobState | "unknown"): JobStatus | null {
  if (state === "unknown") return null;
  if (state === "active" || state === "completed" || state === "failed") return state;
  // waiting, delayed (backing off before a retry), prioritized, waiting-children
  return "waiting";
}

function snapshotOf(job: Job, status: JobStatus): JobSnapshot {
  return {
    id: String(job.id),
    name: job.name as EmailJobName,
    data: job.data,
    status,
    timestamp: job.timestamp,
    attemptsMade: job.attemptsMade,
    processedOn: job.processedOn ?? null,
    finishedOn: job.finishedOn ?? null,
    failedReason: job.failedReason || null,
    result: job.returnvalue ?? null,
  };
}

export interface BullEmailQueueOptions {
  /** The app's Redis client (fails fast while Redis is down): used for the per-tenant index. */
  kv: Redis;
  url: string;
  kvPrefix: string;
  backoffMs: number;
  logger?: Logger;
}

/**
 * The email queue on BullMQ. One queue serves every tenant; a sorted set per tenant (job ids by
 * time) lets the admin view count and list one tenant's jobs without reading the others'.
 * Job ids are UUIDs, so a tenant's admin can name them in the retry endpoint.
 */
export class BullEmailQueue implements EmailQueue {
  readonly kind = "bullmq" as const;
  readonly queue: Queue;
  private readonly kv: Redis;
  private readonly kvPrefix: string;

  constructor(options: BullEmailQueueOptions) {
    this.kv = options.kv;
    this.kvPrefix = options.kvPrefix;
    this.queue = new Queue(EMAIL_QUEUE_NAME, {
      // Producers fail fast while Redis is down (the request answers 503) instead of hanging.
      connection: { url: options.url, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, connectionName: "team-qa:email-queue" },
      prefix: bullPrefix(options.kvPrefix),
      defaultJobOptions: emailJobOptions(options.backoffMs),
    });
    let lastReported = 0;
    this.queue.on("error", (error) => {
      if (Date.now() - lastReported < 10_000) return;
      lastReported = Date.now();
      options.logger?.warn({ err: { message: error.message } }, "email queue connection error");
    });
  }

  async add<N extends EmailJobName>(name: N, data: EmailJobs[N]): Promise<QueuedJob<N>> {
    const [job] = await this.addBulk([{ name, data }]);
    return job as QueuedJob<N>;
  }

  async addBulk<N extends EmailJobName>(jobs: Array<{ name: N; data: EmailJobs[N] }>): Promise<Array<QueuedJob<N>>> {
    if (jobs.length === 0) return [];
    const timestamp = Date.now();
    const prepared = jobs.map((job) => ({ ...job, id: randomUUID() }));
    // Index first: an id whose job never got added is pruned by the next overview, whereas a job
    // missing from the index would be invisible to its tenant's admin.
    const pipeline = this.kv.pipeline();
    const tenants = new Set<string>();
    for (const job of prepared) {
      pipeline.zadd(tenantIndexKey(this.kvPrefix, job.data.tenantId), timestamp, job.id);
      tenants.add(job.data.tenantId);
    }
    for (const tenantId of tenants) pipeline.zremrangebyrank(tenantIndexKey(this.kvPrefix, tenantId), 0, -TENANT_INDEX_MAX - 1);
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
    await this.queue.addBulk(prepared.map((job) => ({ name: job.name, data: job.data, opts: { jobId: job.id } })));
    return prepared.map((job) => ({ id: job.id, name: job.name, data: job.data, timestamp }));
  }

  async depths(): Promise<Record<JobStatus, number>> {
    const counts = await this.queue.getJobCounts("active", "waiting", "delayed", "prioritized", "completed", "failed");
    // Delayed jobs wait for their retry: waiting, as far as the operator is concerned.
    return {
      active: counts.active ?? 0,
      waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
      completed: counts.completed ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  async overview(tenantId: string, limit: number): Promise<TenantQueueView> {
    const key = tenantIndexKey(this.kvPrefix, tenantId);
    const withScores = await this.kv.zrange(key, 0, -1, "WITHSCORES");
    const ids = withScores.filter((_, index) => index % 2 === 0);
    const statuses = await this.statusesOf(ids);
    const byStatus: Record<JobStatus, string[]> = { active: [], waiting: [], completed: [], failed: [] };
    const gone: string[] = [];
    const settled = Date.now() - INDEX_GRACE_MS;
    ids.forEach((id, index) => {
      const status = statuses[index];
      if (status) byStatus[status].push(id);
      else if (Number(withScores[index * 2 + 1]) < settled) gone.push(id);
    });
    // Jobs removed by retention (24 h / 7 days) leave the index here; a just-indexed id whose job
    // is still being added is left alone.
    if (gone.length) await this.kv.zrem(key, ...gone);

    const counts = emptyCounts();
    const recent = { active: [], waiting: [], completed: [], failed: [] } as Record<JobStatus, JobSnapshot[]>;
    for (const status of JOB_STATUSES) {
      counts[status] = byStatus[status].length;
      const finished = status === "completed" || status === "failed";
      // The index is in queueing order; finished jobs are listed by finish time, so look a little further back.
      const candidates = finished ? byStatus[status].slice(-limit * 3) : byStatus[status].slice(0, limit);
      const jobs = (await Promise.all(candidates.map((id) => Job.fromId(this.queue, id)))).filter((job): job is Job => Boolean(job));
      const snapshots = jobs.filter((job) => job.data?.tenantId === tenantId).map((job) => snapshotOf(job, status));
      if (finished) snapshots.sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0));
      recent[status] = snapshots.slice(0, limit);
    }
    // Redis keeps every job until it is sent, then BullMQ's retention (24 h / 7 days) removes it.
    return { counts, recent, retention: null };
  }

  /**
   * Workers name their Redis connections after the queue (and its key prefix), so CLIENT LIST
   * shows every worker of this queue, whichever process runs it. Where CLIENT LIST is not allowed
   * (some managed Redis services) BullMQ answers with a placeholder entry: unknown.
   */
  async workers(): Promise<number | null> {
    try {
      const workers = await this.queue.getWorkers();
      if (workers.some((worker) => !("rawname" in worker))) return null;
      return workers.length;
    } catch {
      return null;
    }
  }

  /**
   * The states of many jobs in a few round trips. BullMQ's getJobState() per job scans the wait
   * list (LPOS) each time, which took seconds for a tenant with thousands of waiting pulse
   * invites; here each state set is asked once for every id (ZMSCORE), and a job that exists in
   * none of them is waiting. Uses BullMQ's own key names (`queue.keys`, `queue.toKey`).
   */
  private async statusesOf(ids: string[]): Promise<Array<JobStatus | null>> {
    if (ids.length === 0) return [];
    const keys = this.queue.keys;
    const members = async (key: string | undefined) => {
      const found: boolean[] = [];
      for (let start = 0; start < ids.length; start += STATE_LOOKUP_CHUNK) {
        const scores = key ? await this.kv.zmscore(key, ...ids.slice(start, start + STATE_LOOKUP_CHUNK)) : [];
        found.push(...ids.slice(start, start + STATE_LOOKUP_CHUNK).map((_, index) => scores[index] !== null && scores[index] !== undefined));
      }
      return found;
    };
    const [completed, failed, active, exists] = await Promise.all([
      members(keys.completed),
      members(keys.failed),
      this.kv.lrange(keys.active as string, 0, -1).then((list) => new Set(list)),
      this.jobsExist(ids),
    ]);
    return ids.map((id, index) => {
      if (completed[index]) return "completed";
      if (failed[index]) return "failed";
      if (active.has(id)) return "active";
      // waiting, delayed (backing off before a retry), prioritized: all "waiting" to SPEC.
      return exists[index] ? "waiting" : null;
    });
  }

  private async jobsExist(ids: string[]): Promise<boolean[]> {
    const pipeline = this.kv.pipeline();
    for (const id of ids) pipeline.exists(this.queue.toKey(id));
    const results = (await pipeline.exec()) ?? [];
    return ids.map((_, index) => results[index]?.[1] === 1);
  }

  async find(tenantId: string, id: string): Promise<JobSnapshot | null> {
    if ((await this.kv.zscore(tenantIndexKey(this.kvPrefix, tenantId), id)) === null) return null;
    // State before data: a job that finishes in between shows its result with a slightly older state, never the reverse.
    const status = statusOf(await this.queue.getJobState(id));
    const job = status ? await Job.fromId(this.queue, id) : undefined;
    if (!status || !job || job.data?.tenantId !== tenantId) return null;
    return snapshotOf(job, status);
  }

  async retry(tenantId: string, id: string): Promise<RetryOutcome> {
    const current = await this.find(tenantId, id);
    if (!current) return "not_found";
    if (current.status !== "failed") return "not_failed";
    const job = await Job.fromId(this.queue, id);
    if (!job) return "not_found";
    try {
      // A retried job gets SPEC's three attempts again.
      await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
    } catch {
      // Another admin retried it (or retention removed it) in between.
      return "not_failed";
    }
    return (await this.find(tenantId, id)) ?? "not_found";
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

export interface WorkerOptions {
  url: string;
  kvPrefix: string;
  lockDurationMs: number;
  concurrency?: number;
  logger: Logger;
}

export interface QueueWorker {
  close(): Promise<void>;
}

/**
 * Runs `process` for every email job, SPEC's concurrency at once. A job whose lock is not renewed
 * (its worker died) goes back to waiting after the lock duration and runs again: no email is
 * lost, at the price of a possible duplicate when the worker died after the server accepted it.
 */
export function startQueueWorker(options: WorkerOptions, process: (job: QueueJob) => Promise<unknown>): QueueWorker {
  const worker = new Worker(
    EMAIL_QUEUE_NAME,
    async (job) => {
      try {
        return await process({
          id: String(job.id),
          name: job.name as EmailJobName,
          data: job.data,
          attemptsMade: job.attemptsMade,
          attemptsAllowed: job.opts.attempts ?? 1,
        });
      } catch (error) {
        if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    {
      connection: { url: options.url, maxRetriesPerRequest: null, connectionName: "team-qa:email-worker" },
      prefix: bullPrefix(options.kvPrefix),
      concurrency: options.concurrency ?? EMAIL_CONCURRENCY,
      lockDuration: options.lockDurationMs,
      stalledInterval: options.lockDurationMs,
    },
  );
  let lastReported = 0;
  worker.on("error", (error) => {
    if (Date.now() - lastReported < 10_000) return;
    lastReported = Date.now();
    options.logger.warn({ err: { message: error.message } }, "email worker connection error");
  });
  return { close: () => worker.close() };
}
