import { randomUUID } from "node:crypto";

/**
 * Email jobs and their data: the contract between the modules that queue email (questions,
 * pulse, admin) and the email worker. Jobs carry ids, not content: the worker loads the current
 * records when it sends, so an unsubscribed user, an answered or expired invite, or a deleted
 * question is noticed at send time, and no pulse token sits in Redis.
 */
export interface EmailJobs {
  /**
   * To the question's author after an answer (when features.enableEmailNotifications is on).
   * `hideRecipient` (an anonymous question): the admin's view never shows who it went to, nor
   * the worker's log; a job without the flag (queued before it existed) is hidden too.
   */
  "question-answered": { tenantId: string; questionId: string; recipientUserId: string; hideRecipient: boolean };
  /** The same notice as a Slack direct message, for an author who chose Slack (CONTRACT §11); e-mailed when Slack cannot reach them. */
  "question-answered-slack": EmailJobs["question-answered"];
  /**
   * The one-tap pulse email for one invite; `reminder`: its one reminder, with the same links.
   * `fallback`: Slack knows no account of the invitee's address, so it is e-mailed even with
   * pulse.channelEmail off (the invite must reach them).
   */
  "pulse-invite": { tenantId: string; inviteId: string; reminder?: boolean; fallback?: boolean };
  /** The same invite as a Slack direct message with one button per score (pulse.channelSlack, CONTRACT §11). */
  "pulse-invite-slack": { tenantId: string; inviteId: string; reminder?: boolean };
  /** An admin's direct email to users and/or addresses. */
  "direct-email": { tenantId: string; to: string[]; subject: string; body: string; sentByUserId: string };
  /** To the tenant's admins and owners: one of its webhook endpoints was disabled after failing for 3 days. */
  "webhook-disabled": { tenantId: string; endpointId: string; url: string; failingSince: string };
}

export type EmailJobName = keyof EmailJobs;

export interface QueuedJob<N extends EmailJobName = EmailJobName> {
  id: string;
  name: N;
  data: EmailJobs[N];
  timestamp: number;
}

/**
 * The one queue interface every module uses to send email. BullMQ on Redis when KVSTORE_URL is
 * set; without it (development) an in-memory queue that keeps the newest jobs visible and never
 * runs them, as SPEC's development column says. Call it after the transaction that made the job necessary
 * has committed.
 */
export interface JobQueue {
  add<N extends EmailJobName>(name: N, data: EmailJobs[N]): Promise<QueuedJob<N>>;
  addBulk<N extends EmailJobName>(jobs: Array<{ name: N; data: EmailJobs[N] }>): Promise<Array<QueuedJob<N>>>;
  close(): Promise<void>;
}

/** A failure that retrying cannot fix (rejected recipient, bad credentials): the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export interface QueueJob {
  id: string;
  name: EmailJobName;
  data: EmailJobs[EmailJobName];
  /** Attempts finished before this one (0 on the first). */
  attemptsMade: number;
  /** All the attempts the queue gives it: this one is the last when attemptsMade + 1 reaches it. */
  attemptsAllowed: number;
}

/** SPEC's four queue states; BullMQ's delayed (waiting for a retry) and prioritized count as waiting. */
export const JOB_STATUSES = ["active", "waiting", "completed", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** One job as the admin view shows it. Times are epoch milliseconds (CONTRACT §8). */
export interface JobSnapshot {
  id: string;
  name: EmailJobName;
  data: EmailJobs[EmailJobName];
  status: JobStatus;
  timestamp: number;
  attemptsMade: number;
  processedOn: number | null;
  finishedOn: number | null;
  failedReason: string | null;
  /** What the worker returned: sent (with the address) or skipped (with the reason). */
  result: unknown;
}

export interface TenantQueueView {
  counts: Record<JobStatus, number>;
  /** At most `limit` per status: completed and failed newest first (by finishedOn), active and waiting in queue order. */
  recent: Record<JobStatus, JobSnapshot[]>;
  /**
   * Only for a queue that keeps a bounded number of jobs (the in-memory one): how many it keeps,
   * and how many of this tenant's jobs it dropped to stay within that (they are never sent).
   */
  retention: { maxWaiting: number; dropped: number } | null;
}

export type RetryOutcome = JobSnapshot | "not_found" | "not_failed";

/**
 * The queue as the email admin view needs it: always per tenant (a tenant's admin never sees
 * another tenant's jobs, whose data name its users), with retry of failed jobs.
 */
export interface EmailQueue extends JobQueue {
  readonly kind: "memory" | "bullmq";
  overview(tenantId: string, limit: number): Promise<TenantQueueView>;
  find(tenantId: string, id: string): Promise<JobSnapshot | null>;
  retry(tenantId: string, id: string): Promise<RetryOutcome>;
  /** Jobs per state across every tenant (operators' metrics). */
  depths(): Promise<Record<JobStatus, number>>;
  /**
   * How many email workers consume this queue now (any process: the server's own, `npm run worker`,
   * other instances); null when it cannot be told.
   */
  workers(): Promise<number | null>;
}

export function emptyCounts(): Record<JobStatus, number> {
  return { active: 0, waiting: 0, completed: 0, failed: 0 };
}

/**
 * How many waiting jobs the in-memory (development) queue keeps. Nothing sends them, and the demo
 * tenants run the pulse every day: without a bound the process would grow for as long as it runs.
 */
export const DEV_QUEUE_MAX_WAITING = 5_000;

/**
 * Development without Redis: jobs are kept in memory, visible to the admin view and never sent
 * (no worker can read this queue). Only the newest `maxWaiting` are kept; the older ones are
 * dropped and counted per tenant, so the admin view can say so.
 */
export class InMemoryJobQueue implements EmailQueue {
  readonly kind = "memory" as const;
  readonly waiting: QueuedJob[] = [];
  private readonly dropped = new Map<string, number>();

  constructor(readonly maxWaiting = DEV_QUEUE_MAX_WAITING) {}

  async add<N extends EmailJobName>(name: N, data: EmailJobs[N]): Promise<QueuedJob<N>> {
    const [job] = await this.addBulk([{ name, data }]);
    return job as QueuedJob<N>;
  }

  async addBulk<N extends EmailJobName>(jobs: Array<{ name: N; data: EmailJobs[N] }>): Promise<Array<QueuedJob<N>>> {
    const timestamp = Date.now();
    const added = jobs.map((job): QueuedJob<N> => ({ id: randomUUID(), name: job.name, data: job.data, timestamp }));
    for (const job of added) this.waiting.push(job as unknown as QueuedJob);
    this.trim();
    return added;
  }

  /** Drops the oldest jobs beyond the bound, counting them for their tenant. */
  private trim(): void {
    const excess = this.waiting.length - this.maxWaiting;
    if (excess <= 0) return;
    for (const job of this.waiting.splice(0, excess)) {
      this.dropped.set(job.data.tenantId, (this.dropped.get(job.data.tenantId) ?? 0) + 1);
    }
  }

  async overview(tenantId: string, limit: number): Promise<TenantQueueView> {
    const mine = this.waiting.filter((job) => job.data.tenantId === tenantId);
    return {
      counts: { ...emptyCounts(), waiting: mine.length },
      // Queue order, as BullMQ's view: the next jobs to go first.
      recent: { active: [], waiting: mine.slice(0, limit).map(snapshotOf), completed: [], failed: [] },
      retention: { maxWaiting: this.maxWaiting, dropped: this.dropped.get(tenantId) ?? 0 },
    };
  }

  async find(tenantId: string, id: string): Promise<JobSnapshot | null> {
    const job = this.waiting.find((candidate) => candidate.id === id && candidate.data.tenantId === tenantId);
    return job ? snapshotOf(job) : null;
  }

  async depths(): Promise<Record<JobStatus, number>> {
    return { ...emptyCounts(), waiting: this.waiting.length };
  }

  /** Workers read BullMQ only: nothing ever consumes this queue. */
  async workers(): Promise<number> {
    return 0;
  }

  async retry(tenantId: string, id: string): Promise<RetryOutcome> {
    // Jobs here never run, so none has failed.
    return (await this.find(tenantId, id)) ? "not_failed" : "not_found";
  }

  async close(): Promise<void> {
    this.waiting.length = 0;
  }
}

function snapshotOf(job: QueuedJob): JobSnapshot {
  return {
    id: job.id,
    name: job.name,
    data: job.data,
    status: "waiting",
    timestamp: job.timestamp,
    attemptsMade: 0,
    processedOn: null,
    finishedOn: null,
    failedReason: null,
    result: null,
  };
}
