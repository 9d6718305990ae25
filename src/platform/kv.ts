import { Redis } from "ioredis";
import type { Logger } from "./logger.js";
import { withTimeout } from "./db.js";

export type { Redis };

/**
 * Redis for sessions, rate limits and events. Commands fail fast while Redis is unreachable
 * (no offline queue), so a request that needs it answers 503 instead of hanging; the client
 * keeps reconnecting on its own. BullMQ opens its own connections (it needs other options).
 */
export function createRedis(url: string, logger?: Logger, name = "app"): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    connectionName: `team-qa:${name}`,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // A request reads several keys (session, shared reads' versions, rate limits), and many
    // requests run at once: commands issued in the same tick go to Redis in one write.
    enableAutoPipelining: true,
  });
  let lastReported = 0;
  client.on("error", (error) => {
    const now = Date.now();
    if (now - lastReported > 10_000) {
      lastReported = now;
      logger?.warn({ err: { message: error.message }, redis: name }, "redis connection error");
    }
  });
  return client;
}

/** Connects, waiting up to timeoutMs; a failure is reported but the client keeps retrying in the background. */
export async function connectRedis(client: Redis, timeoutMs = 3000): Promise<boolean> {
  if (client.status === "ready") return true;
  try {
    if (client.status === "wait") await withTimeout(client.connect(), timeoutMs, "redis connect timed out");
    else await withTimeout(new Promise((resolve) => client.once("ready", resolve)), timeoutMs, "redis connect timed out");
    return true;
  } catch {
    return false;
  }
}

export async function pingRedis(client: Redis, timeoutMs = 1000): Promise<number> {
  const started = performance.now();
  await withTimeout(client.ping(), timeoutMs, "redis ping timed out");
  return performance.now() - started;
}
