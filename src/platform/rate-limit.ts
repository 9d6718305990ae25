import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { errors } from "./errors.js";

export interface RateLimitRule {
  /** Names the counter family: questions, upvotes, answers, search, login. */
  name: string;
  points: number;
  durationSeconds: number;
}

const MINUTE_MS = 60_000;

/**
 * Sliding-window log in one atomic script: drop entries older than the window, count what is
 * left, admit (and record) the attempt when under the limit, otherwise answer how long until
 * the oldest entry leaves the window. Time comes from the Redis server, so several instances
 * with skewed clocks share one window.
 *
 * Why not rate-limiter-flexible: its Redis limiter counts in fixed windows that start at the
 * first attempt, so a client can spend the limit twice in a row around a window boundary.
 * A limit of N per window is at most N log entries per key, which stays small for our limits.
 */
const SLIDING_WINDOW_SCRIPT = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs - windowMs)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], nowMs, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], windowMs)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + windowMs - nowMs)
`;

/**
 * Rate limits (SPEC: production only, on the key-value store) and the count of rate-limited
 * operations in the last hour that /health reports. The count is kept in Redis per minute when
 * Redis is configured (so every instance reports the same figure), in memory otherwise.
 */
export class RateLimitService {
  private readonly localBuckets = new Map<number, number>();

  constructor(
    readonly enabled: boolean,
    private readonly kv: Redis | null,
    private readonly prefix: string,
    /** Told of every refusal (the /metrics counter). */
    private readonly onLimited: (limit: string) => void = () => undefined,
  ) {}

  /** Counts one attempt for `key` under `rule`; throws 429 RATE_LIMITED with Retry-After when over. */
  async consume(rule: RateLimitRule, key: string): Promise<void> {
    await this.countRequest();
    if (!this.enabled || !this.kv) return;
    let retryAfterMs: number;
    try {
      retryAfterMs = Number(
        await this.kv.eval(
          SLIDING_WINDOW_SCRIPT,
          1,
          `${this.prefix}rl:${rule.name}:${key}`,
          String(rule.durationSeconds * 1000),
          String(rule.points),
          randomUUID(),
        ),
      );
    } catch {
      throw errors.unavailable("Rate limiting is unavailable (key-value store unreachable).");
    }
    if (retryAfterMs > 0) {
      this.onLimited(rule.name);
      throw errors.rateLimited(retryAfterMs / 1000);
    }
  }

  async requestsInLastHour(): Promise<number> {
    const currentMinute = Math.floor(Date.now() / MINUTE_MS);
    const minutes = Array.from({ length: 60 }, (_, i) => currentMinute - i);
    if (this.kv) {
      const values = await this.kv.mget(...minutes.map((minute) => this.bucketKey(minute)));
      return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
    }
    return minutes.reduce((sum, minute) => sum + (this.localBuckets.get(minute) ?? 0), 0);
  }

  private async countRequest(): Promise<void> {
    const minute = Math.floor(Date.now() / MINUTE_MS);
    if (this.kv) {
      const key = this.bucketKey(minute);
      try {
        await this.kv.multi().incr(key).expire(key, 3700).exec();
      } catch {
        // The figure is informational; losing one count must not fail the request.
      }
      return;
    }
    this.localBuckets.set(minute, (this.localBuckets.get(minute) ?? 0) + 1);
    for (const bucket of this.localBuckets.keys()) if (bucket < minute - 60) this.localBuckets.delete(bucket);
  }

  private bucketKey(minute: number): string {
    return `${this.prefix}rl-count:${minute}`;
  }
}
