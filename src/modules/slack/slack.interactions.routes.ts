import express, { Router } from "express";
import type { Logger } from "../../platform/logger.js";
import type { SlackInteractions } from "./slack.interactions.service.js";

export const SLACK_INTERACTIONS_PATH = "/integrations/slack/interactions";

/**
 * Slack's interactivity request URL. Mounted before sessions, CSRF and the JSON parser: the
 * signature is over the raw body, and the request authenticates itself (slack.interactions.service.ts).
 * Slack is answered first (it waits 3 seconds at most); the message is replaced afterwards.
 */
export function slackInteractionsRouter(deps: { interactions: SlackInteractions; logger: Logger }): Router {
  const router = Router();
  const raw = express.raw({ type: "application/x-www-form-urlencoded", limit: "64kb" });
  router.post(SLACK_INTERACTIONS_PATH, raw, async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const afterAck = await deps.interactions.interact({
      rawBody,
      timestamp: req.get("x-slack-request-timestamp"),
      signature: req.get("x-slack-signature"),
    });
    res.setHeader("Cache-Control", "no-store");
    res.status(200).end();
    void afterAck().catch((error: unknown) => deps.logger.warn({ reason: (error as Error).name }, "slack follow-up failed"));
  });
  return router;
}
