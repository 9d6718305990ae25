import { randomUUID } from "node:crypto";

/**
 * Email jobs and their data: the contract between the modules that queue email (questions,
 * pulse, admin) and the email worker. Jobs carry ids, not content: the worker loads the current
 * records when it sends, so an unsubscribed user, an answered or expired invite, or a deleted
 * question is noticed at send time, and no pulse token sits in Redis.
 */
export interface EmailJobs {
  /** To the question's author after an answer (when features.enableEmailNotifications is on). */
  "question-answered": { tenantId: string; questionId: string; recipientUserId: string };
  /** The one-tap pulse email for one invite. */
  "pulse-invite": { tenantId: string; inviteId: string };
  /** An admin's direct email to users and/or addresses. */
  "direct-email": { tenantId: string; to: string[]; subject: string; body: string; sentByUserId: string };
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
 * set; without it (development) an in-memory queue that keeps jobs visible and never runs them,
 * as SPEC's development column says. Call it after the transaction that made the job necessary
 * has committed.
 */
export interface JobQueue {
  add<N extends EmailJobName>(name: N, data: EmailJobs[N]): Promise<QueuedJob<N>>;
  addBulk<N extends EmailJobName>(jobs: Array<{ name: N; data: EmailJobs[N] }>): Promise<Array<QueuedJob<N>>>;
  close(): Promise<void>;
}

export class InMemoryJobQueue implements JobQueue {
  readonly waiting: QueuedJob[] = [];

  constructor(private readonly limit = 10_000) {}

  async add<N extends EmailJobName>(name: N, data: EmailJobs[N]): Promise<QueuedJob<N>> {
    const job: QueuedJob<N> = { id: randomUUID(), name, data, timestamp: Date.now() };
    this.waiting.push(job as unknown as QueuedJob);
    // Nothing consumes this queue in development: keep the most recent jobs only.
    if (this.waiting.length > this.limit) this.waiting.splice(0, this.waiting.length - this.limit);
    return job;
  }

  async addBulk<N extends EmailJobName>(jobs: Array<{ name: N; data: EmailJobs[N] }>): Promise<Array<QueuedJob<N>>> {
    const added: Array<QueuedJob<N>> = [];
    for (const job of jobs) added.push(await this.add(job.name, job.data));
    return added;
  }

  async close(): Promise<void> {
    this.waiting.length = 0;
  }
}
