import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
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
 * Rate limits (SPEC: production only, on the key-value store) and the count of rate-limited
 * operations in the last hour that /health reports. The count is kept in Redis per minute when
 * Redis is configured (so every instance reports the same figure), in memory otherwise.
 */
export class RateLimitService {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly localBuckets = new Map<number, number>();

  constructor(
    readonly enabled: boolean,
    private readonly kv: Redis | null,
    private readonly prefix: string,
  ) {}

  /** Counts one attempt for `key` under `rule`; throws 429 RATE_LIMITED with Retry-After when over. */
  async consume(rule: RateLimitRule, key: string): Promise<void> {
    await this.countRequest();
    if (!this.enabled || !this.kv) return;
    const limiter = this.limiterFor(rule);
    try {
      await limiter.consume(key);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) throw errors.rateLimited(outcome.msBeforeNext / 1000);
      throw errors.unavailable("Rate limiting is unavailable (key-value store unreachable).");
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

  private limiterFor(rule: RateLimitRule): RateLimiterRedis {
    const id = `${rule.name}:${rule.points}:${rule.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.kv,
        keyPrefix: `${this.prefix}rl:${id}`,
        points: rule.points,
        duration: rule.durationSeconds,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
