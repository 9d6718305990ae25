import { COALESCE_WINDOW_MS, createCoalescer } from "../../platform/coalescer.js";

/** CONTRACT §4: within this window only the latest count of a question need go out. */
export const UPVOTE_WINDOW_MS = COALESCE_WINDOW_MS;

/**
 * At most one `question:upvoted` per question per window (platform/coalescer.ts): the first vote
 * goes out at once, later ones in the window as one event with the count read when it ends.
 */
export function createUpvoteCoalescer(deps: {
  publish: (tenantId: string, questionId: string, upvoteCount: number) => Promise<void>;
  /** The question's count now; null when it is gone (deleted, or back under review). */
  currentCount: (tenantId: string, questionId: string) => Promise<number | null>;
  onError: (error: unknown) => void;
  windowMs?: number;
  settleMs?: number;
}) {
  const coalescer = createCoalescer<number>({
    publish: deps.publish,
    current: deps.currentCount,
    onError: deps.onError,
    windowMs: deps.windowMs,
    settleMs: deps.settleMs,
  });
  return {
    upvoted: (tenantId: string, questionId: string, upvoteCount: number) => coalescer.changed(tenantId, questionId, upvoteCount),
  };
}
