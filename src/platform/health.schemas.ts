import { z } from "zod";

/** The answers of the process's probes (/health, /health/live, /health/ready), documented in /openapi.json. */

const latency = z
  .string()
  .regex(/^\d+ms$/)
  .describe("Milliseconds, e.g. `3ms`");

/** SPEC's health fields (GET /health). */
export const healthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]).describe("degraded while the database or the configured Redis does not answer"),
    timestamp: z.iso.datetime(),
    uptime: z.string().describe("Human-readable, e.g. `3d 4h 5m 6s`"),
    database: z.object({ status: z.enum(["connected", "disconnected"]), latency }),
    kvstore: z.object({ status: z.enum(["connected", "disconnected", "not_configured"]), latency }),
    rateLimiting: z.object({ status: z.enum(["enabled", "disabled"]), requestsInLastHour: z.number().int().min(0) }),
    auth: z.object({ mode: z.enum(["production", "development"]), strategies: z.array(z.string()).describe("Provider identifiers, e.g. `github`, `demo`") }),
  })
  .meta({ id: "Health" });

const checks = z
  .record(z.string(), z.string())
  .describe("Each check (`database`, `kvstore`, `migrations`, `shutdown` while draining): `ok`, `not_configured`, or what is wrong, e.g. `failed: ...`");

// Named (`id`): the document lists them as components.
export const liveSchema = z.object({ status: z.literal("ok") }).meta({ id: "Liveness" });
export const readySchema = z.object({ status: z.literal("ready"), checks }).meta({ id: "Ready" });
export const notReadySchema = z.object({ status: z.literal("not_ready"), checks }).meta({ id: "NotReady" });
