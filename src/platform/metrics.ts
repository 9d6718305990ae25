import { timingSafeEqual } from "node:crypto";
import { Router, type Request, type RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { EmailQueue } from "./queue.js";

/**
 * Prometheus metrics (prom-client): process figures, HTTP latency by route, live SSE clients,
 * email queue depths and pulse scheduler runs. One registry per app, so tests and several apps in
 * one process never share counters.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<"method" | "route" | "status_code">;
  readonly schedulerRuns: Counter<"outcome">;
  readonly rateLimited: Counter<"limit">;
  readonly shed: Counter<"reason">;

  constructor(sources: { sseClients: () => number; queue: Pick<EmailQueue, "depths"> }) {
    collectDefaultMetrics({ register: this.registry, prefix: "qa_" });
    this.httpDuration = new Histogram({
      name: "qa_http_request_duration_seconds",
      help: "HTTP request duration by route pattern (not by raw path, so ids do not multiply series)",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    new Gauge({
      name: "qa_sse_clients",
      help: "Server-Sent Events streams open on this instance",
      registers: [this.registry],
      collect() {
        this.set(sources.sseClients());
      },
    });
    new Gauge({
      name: "qa_email_queue_jobs",
      help: "Email jobs per state, every tenant (waiting includes jobs delayed for a retry)",
      labelNames: ["state"],
      registers: [this.registry],
      async collect() {
        try {
          const depths = await sources.queue.depths();
          for (const [state, count] of Object.entries(depths)) this.set({ state }, count);
        } catch {
          // Redis down: the gauge keeps its last values; /health/ready reports the outage.
        }
      },
    });
    this.schedulerRuns = new Counter({
      name: "qa_pulse_scheduler_runs_total",
      help: "Pulse sends attempted by this instance's scheduler, by outcome (sent, already_ran, skipped, failed)",
      labelNames: ["outcome"],
      registers: [this.registry],
    });
    this.rateLimited = new Counter({
      name: "qa_rate_limited_total",
      help: "Requests refused with 429, by limit",
      labelNames: ["limit"],
      registers: [this.registry],
    });
    this.shed = new Counter({
      name: "qa_http_shed_total",
      help: "Requests answered 503 by this worker's load shedding, by reason (queue_full, queue_wait, event_loop_delay)",
      labelNames: ["reason"],
      registers: [this.registry],
    });
  }

  /** Requests this worker is handling and holding in its queue now (load shedding, overload.ts). */
  watchOverload(state: () => { inFlight: number; queued: number }): void {
    new Gauge({
      name: "qa_http_requests_in_flight",
      help: "Requests this worker is handling (holding a slot), and waiting for one",
      labelNames: ["state"],
      registers: [this.registry],
      collect() {
        const { inFlight, queued } = state();
        this.set({ state: "handling" }, inFlight);
        this.set({ state: "waiting" }, queued);
      },
    });
  }

  /** Times every request; the label is the matched route pattern, or `unmatched`. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const end = this.httpDuration.startTimer();
      res.once("finish", () => end({ method: req.method, route: routeLabel(req), status_code: String(res.statusCode) }));
      next();
    };
  }
}

function routeLabel(req: Request): string {
  const pattern = req.route?.path;
  if (typeof pattern === "string") return `${req.baseUrl}${pattern}`;
  if (req.path.startsWith("/assets/")) return "/assets/*";
  return "unmatched";
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics, for Prometheus: only with METRICS_TOKEN set (404 otherwise, as if absent), and
 * only for `Authorization: Bearer <METRICS_TOKEN>`. Mounted before sessions and API tokens: its
 * bearer is not a user's.
 */
export function metricsRouter(metrics: Metrics, token: string | undefined): Router {
  const router = Router();
  router.get("/metrics", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!token) {
      res.status(404).json({ error: { code: "NOT_FOUND", message: "Metrics are disabled: set METRICS_TOKEN to enable them." }, requestId: req.requestId });
      return;
    }
    const given = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !sameSecret(given, token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ error: { code: "UNAUTHENTICATED", message: "Send Authorization: Bearer <METRICS_TOKEN>." }, requestId: req.requestId });
      return;
    }
    res.setHeader("Content-Type", metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });
  return router;
}
