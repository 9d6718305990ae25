import { Router } from "express";
import type { createHealthService } from "./health.service.js";

/**
 * Probes, mounted before tenant resolution (they concern the process, not a tenant), so they
 * answer even when no tenant can be resolved. Always public.
 */
export function healthRouter(health: ReturnType<typeof createHealthService>): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json(await health.health());
  });
  router.get("/health/live", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  router.get("/health/ready", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const { ready, body } = await health.readiness();
    res.status(ready ? 200 : 503).json(body);
  });
  return router;
}
