/**
 * When a busy server answers 503 with Retry-After (its load shedding, or a backing service away
 * for a moment), a read, or a write that counts once however often it is sent (an upvote,
 * CONTRACT §3, or a poll vote, §9), goes again after the wait. Jitter spreads a room's retries: a thousand phones told
 * "1 s" do not all come back in the same millisecond. Bounded: after the last attempt the 503 is
 * the answer.
 */
export const MAX_ATTEMPTS = 4;
/** Longest single wait, whatever Retry-After says: the person is looking at the screen. */
export const MAX_WAIT_MS = 10_000;
/** A request retrying for longer than this shows the calm "busy, retrying" line. */
export const BUSY_NOTICE_AFTER_MS = 2_000;

/**
 * The wait before attempt `attempt + 1` (attempt counts from 1): at least Retry-After, doubling
 * with each attempt, plus up to half again at random.
 */
export function retryDelayMs(retryAfterSeconds: number, attempt: number, random: () => number = Math.random): number {
  const base = Math.max(retryAfterSeconds * 1000, 1000 * 2 ** (attempt - 1));
  return Math.min(MAX_WAIT_MS, Math.round(base * (1 + random() / 2)));
}

/** An upvote counts once; a poll vote replaces the voter's own (CONTRACT §9): sent twice, either is the same as once. */
const IDEMPOTENT_WRITES = [/^\/questions\/[^/]+\/upvote$/, /^\/polls\/[^/]+\/votes$/];

/** Whether a request may be sent again after a 503: reads, and writes that count once. */
export function mayRetry(method: string, pathname: string): boolean {
  if (method === "GET" || method === "HEAD") return true;
  return (method === "POST" || method === "DELETE") && IDEMPOTENT_WRITES.some((pattern) => pattern.test(pathname));
}

/** Seconds of a Retry-After header, or null when absent or not a number of seconds. */
export function retryAfterSeconds(response: Response): number | null {
  const value = Number(response.headers.get("retry-after"));
  return response.status === 503 && Number.isFinite(value) && value > 0 ? value : null;
}
