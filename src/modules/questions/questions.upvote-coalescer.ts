/** CONTRACT §4: within this window only the latest count of a question need go out. */
export const UPVOTE_WINDOW_MS = 250;

interface Window {
  timer: NodeJS.Timeout;
  /** A later vote came in the window: its question's count goes out when the window ends. */
  dirty: boolean;
  tenantId: string;
}

/**
 * At most one `question:upvoted` per question per window. The first vote goes out at once (a
 * single vote is never delayed); further votes in the window only mark the question, and when the
 * window ends the count is read again and sent once: counts are absolute, so the skipped ones lose
 * nothing, and reading at the end gives the latest even when two votes' requests finish out of
 * order. In a big room this turns 200 votes a second on one question into 4 events.
 */
export function createUpvoteCoalescer(deps: {
  publish: (tenantId: string, questionId: string, upvoteCount: number) => Promise<void>;
  /** The question's count now; null when it is gone (deleted, or back under review). */
  currentCount: (tenantId: string, questionId: string) => Promise<number | null>;
  onError: (error: unknown) => void;
  windowMs?: number;
}) {
  const windowMs = deps.windowMs ?? UPVOTE_WINDOW_MS;
  const windows = new Map<string, Window>();

  function open(tenantId: string, questionId: string): void {
    const timer = setTimeout(() => void close(questionId), windowMs);
    timer.unref();
    windows.set(questionId, { timer, dirty: false, tenantId });
  }

  async function close(questionId: string): Promise<void> {
    const window = windows.get(questionId);
    windows.delete(questionId);
    if (!window?.dirty) return;
    // The trailing event opens a window of its own: never two events closer than windowMs.
    open(window.tenantId, questionId);
    try {
      const count = await deps.currentCount(window.tenantId, questionId);
      if (count !== null) await deps.publish(window.tenantId, questionId, count);
    } catch (error) {
      deps.onError(error);
    }
  }

  return {
    async upvoted(tenantId: string, questionId: string, upvoteCount: number): Promise<void> {
      const window = windows.get(questionId);
      if (window) {
        window.dirty = true;
        return;
      }
      open(tenantId, questionId);
      await deps.publish(tenantId, questionId, upvoteCount);
    },
  };
}
