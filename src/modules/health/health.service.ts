import type { Config } from "../../config.js";
import type { Database } from "../../platform/db.js";
import { pingDatabase } from "../../platform/db.js";
import { pingRedis, type Redis } from "../../platform/kv.js";
import { pendingMigrations } from "../../platform/migrator.js";
import type { RateLimitService } from "../../platform/rate-limit.js";

export interface HealthDeps {
  config: Config;
  db: Database;
  kv: Redis | null;
  rateLimits: RateLimitService;
  startedAt: number;
  strategies: () => string[];
}

/** "3d 4h 5m 6s", leaving out leading zero units. */
export function formatUptime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const units: Array<[string, number]> = [
    ["d", Math.floor(total / 86400)],
    ["h", Math.floor((total % 86400) / 3600)],
    ["m", Math.floor((total % 3600) / 60)],
    ["s", total % 60],
  ];
  const firstNonZero = units.findIndex(([, value]) => value > 0);
  return units
    .slice(firstNonZero === -1 ? 3 : firstNonZero)
    .map(([unit, value]) => `${value}${unit}`)
    .join(" ");
}

const ms = (value: number) => `${Math.round(value)}ms`;

async function probe(check: () => Promise<number>): Promise<{ ok: boolean; latency: number; error?: string }> {
  const started = performance.now();
  try {
    return { ok: true, latency: await check() };
  } catch (error) {
    return { ok: false, latency: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

export function createHealthService(deps: HealthDeps) {
  let shuttingDown = false;

  async function health() {
    const [database, kvstore, requestsInLastHour] = await Promise.all([
      probe(() => pingDatabase(deps.db)),
      deps.kv ? probe(() => pingRedis(deps.kv as Redis)) : Promise.resolve(null),
      deps.rateLimits.requestsInLastHour().catch(() => 0),
    ]);
    const healthy = database.ok && (kvstore === null || kvstore.ok);
    return {
      status: healthy ? "ok" : "degraded",
      timestamp: new Date().toISOString(),
      uptime: formatUptime((Date.now() - deps.startedAt) / 1000),
      database: { status: database.ok ? "connected" : "disconnected", latency: ms(database.latency) },
      kvstore: kvstore ? { status: kvstore.ok ? "connected" : "disconnected", latency: ms(kvstore.latency) } : { status: "not_configured", latency: ms(0) },
      rateLimiting: { status: deps.rateLimits.enabled ? "enabled" : "disabled", requestsInLastHour },
      auth: { mode: deps.config.isProduction ? "production" : "development", strategies: deps.strategies() },
    };
  }

  /** Ready: database reachable, key-value store reachable when configured, every migration applied. */
  async function readiness() {
    const checks: Record<string, string> = {};
    const database = await probe(() => pingDatabase(deps.db));
    checks.database = database.ok ? "ok" : `failed: ${database.error}`;
    if (deps.kv) {
      const kvstore = await probe(() => pingRedis(deps.kv as Redis));
      checks.kvstore = kvstore.ok ? "ok" : `failed: ${kvstore.error}`;
    } else {
      checks.kvstore = "not_configured";
    }
    if (database.ok) {
      const pending = await pendingMigrations(deps.db).catch(() => null);
      checks.migrations = pending === null ? "failed: could not read migrations" : pending.length ? `pending: ${pending.join(", ")}` : "ok";
    } else {
      checks.migrations = "unknown: database unreachable";
    }
    if (shuttingDown) checks.shutdown = "draining: this instance is stopping";
    const ready = Object.values(checks).every((value) => value === "ok" || value === "not_configured");
    return { ready, body: { status: ready ? "ready" : "not_ready", checks } };
  }

  return {
    health,
    readiness,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}
