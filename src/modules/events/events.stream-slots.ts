import type { Redis } from "../../platform/kv.js";

/**
 * CONTRACT §4: at most 20 concurrent live streams per user, across instances. Each open stream
 * holds a slot: a member of the user's sorted set in Redis whose score is a lease expiry, renewed
 * by its instance every few seconds while the stream is open and removed when it closes. A
 * crashed instance's slots run out with their lease, so nobody stays locked out. Without Redis
 * (one development process) the slots are counted in memory.
 */
export const MAX_STREAMS_PER_USER = 20;
/** How long a slot lives without renewal; renewals come every few seconds. */
export const SLOT_LEASE_MS = 30_000;

export interface StreamSlot {
  userId: string;
  streamId: string;
}

export interface StreamSlots {
  /** Takes a slot for this stream, or answers false when the user already has the maximum. */
  acquire(slot: StreamSlot): Promise<boolean>;
  release(slot: StreamSlot): Promise<void>;
  /** Renews the leases of the streams still open on this instance. */
  renew(slots: StreamSlot[]): Promise<void>;
}

// Drops expired leases, refuses at the limit, else adds this stream; atomic in Redis.
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

export function createStreamSlots(kv: Redis | null, prefix: string, limit = MAX_STREAMS_PER_USER, leaseMs = SLOT_LEASE_MS): StreamSlots {
  const key = (userId: string) => `${prefix}sse-slots:${userId}`;
  if (!kv) {
    const open = new Map<string, Set<string>>();
    return {
      async acquire({ userId, streamId }) {
        const streams = open.get(userId) ?? new Set<string>();
        if (streams.size >= limit) return false;
        streams.add(streamId);
        open.set(userId, streams);
        return true;
      },
      async release({ userId, streamId }) {
        const streams = open.get(userId);
        streams?.delete(streamId);
        if (streams?.size === 0) open.delete(userId);
      },
      async renew() {},
    };
  }
  return {
    async acquire({ userId, streamId }) {
      const now = Date.now();
      const granted = await kv.eval(ACQUIRE_SCRIPT, 1, key(userId), String(now), String(now + leaseMs), streamId, String(limit), String(leaseMs * 2));
      return Number(granted) === 1;
    },
    async release({ userId, streamId }) {
      await kv.zrem(key(userId), streamId);
    },
    async renew(slots) {
      if (slots.length === 0) return;
      const expiry = String(Date.now() + leaseMs);
      const pipeline = kv.pipeline();
      for (const { userId, streamId } of slots) {
        pipeline.zadd(key(userId), expiry, streamId);
        pipeline.pexpire(key(userId), leaseMs * 2);
      }
      await pipeline.exec();
    },
  };
}
