import {
  BullDelayedJobs,
  InProcessDelayedJobs,
  startDelayedJobWorker,
  type DelayedJobKind,
  type DelayedJobQueue,
  type DelayedJobWorker,
} from "../../platform/delayed-jobs.js";
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

export type ChannelJobHandler = (job: ChannelJob) => Promise<void>;

/** One post per event, target and attempt; a retry is a new delayed job, so the schedule (and Retry-After) is ours. */
const CHANNEL_POSTS: DelayedJobKind<ChannelJob> = {
  queue: "channels",
  jobName: "post",
  key: (job) => `${job.eventType}-${job.subjectId}-${job.target}-${job.attempt}`,
  logFields: (job) => ({ tenantId: job.tenantId, target: job.target }),
};

export type ChannelQueue = DelayedJobQueue<ChannelJob>;
export type ChannelWorker = DelayedJobWorker;

/** Without Redis: posts run in this process on timers; what waits when it ends is not posted. */
export class InProcessChannelQueue extends InProcessDelayedJobs<ChannelJob> {
  constructor(logger: Logger) {
    super(CHANNEL_POSTS, logger);
  }
}

export class BullChannelQueue extends BullDelayedJobs<ChannelJob> {
  constructor(options: { url: string; kvPrefix: string; logger?: Logger }) {
    super(CHANNEL_POSTS, options);
  }
}

/** A post lasts at most its timeout (10 s), or Slack's Retry-After waits inside the WebClient: a long lock. */
export function startChannelWorker(options: { url: string; kvPrefix: string; logger: Logger }, handler: ChannelJobHandler): ChannelWorker {
  return startDelayedJobWorker(CHANNEL_POSTS, { ...options, concurrency: 10, lockDurationMs: 5 * 60_000 }, handler);
}
