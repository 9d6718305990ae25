import { randomUUID } from "node:crypto";

/** Job names of the email queue; data shapes are owned by the email module. */
export type EmailJobName = "question-answered" | "pulse-invite" | "direct-email";

export interface QueuedJob {
  id: string;
  name: string;
  data: unknown;
  timestamp: number;
}

/**
 * The one queue interface every module uses to send email. BullMQ on Redis when KVSTORE_URL is
 * set; without it (development) an in-memory queue that keeps jobs visible and never runs them,
 * as SPEC's development column says.
 */
export interface JobQueue {
  add(name: EmailJobName, data: unknown): Promise<QueuedJob>;
  addBulk(jobs: Array<{ name: EmailJobName; data: unknown }>): Promise<QueuedJob[]>;
  close(): Promise<void>;
}

export class InMemoryJobQueue implements JobQueue {
  readonly waiting: QueuedJob[] = [];

  constructor(private readonly limit = 10_000) {}

  async add(name: EmailJobName, data: unknown): Promise<QueuedJob> {
    const job = { id: randomUUID(), name, data, timestamp: Date.now() };
    this.waiting.push(job);
    // Nothing consumes this queue in development: keep the most recent jobs only.
    if (this.waiting.length > this.limit) this.waiting.splice(0, this.waiting.length - this.limit);
    return job;
  }

  async addBulk(jobs: Array<{ name: EmailJobName; data: unknown }>): Promise<QueuedJob[]> {
    return Promise.all(jobs.map((job) => this.add(job.name, job.data)));
  }

  async close(): Promise<void> {
    this.waiting.length = 0;
  }
}
