import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import type { WebhookEventType } from "./webhooks.constants.js";
import type { WebhookQueue } from "./webhooks.queue.js";
import { insertDeliveries, listSubscribedEndpoints } from "./webhooks.repository.js";
import { webhookEventSchemas, type WebhookEventData } from "./webhooks.schemas.js";

/** What a module calls, after its change committed, to send an event to the tenant's endpoints. */
export type PublishWebhookEvent = <Type extends WebhookEventType>(tenantId: string, type: Type, data: WebhookEventData<Type>) => Promise<void>;

/** The Standard Webhooks body: the same bytes' worth of content on every attempt of a delivery. */
export function webhookPayload(type: string, timestamp: Date, data: unknown) {
  return { type, timestamp: timestamp.toISOString(), data };
}

/**
 * Turns an event into one delivery per subscribed, enabled endpoint and queues their first
 * attempts. The data is parsed by its strict schema first: a field not declared (an author, a
 * score) refuses the event rather than going out. Never throws: the change that caused the event
 * is committed, and a lost webhook must not fail the request that made it.
 */
export function createWebhookPublisher(deps: { db: Database; clock: Clock; logger: Logger; queue: WebhookQueue }): PublishWebhookEvent {
  const { db, clock, logger, queue } = deps;
  return async (tenantId, type, data) => {
    try {
      const parsed = webhookEventSchemas[type].safeParse(data);
      if (!parsed.success) {
        logger.error(
          { tenantId, eventType: type, issues: parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`) },
          "webhook event refused",
        );
        return;
      }
      const endpoints = await listSubscribedEndpoints(db, tenantId, type);
      if (endpoints.length === 0) return;
      const now = clock.now();
      const payload = webhookPayload(type, now, parsed.data);
      const deliveries = await insertDeliveries(
        db,
        endpoints.map((endpoint) => ({ tenantId, endpointId: endpoint.id, eventType: type, payload, createdAt: now, nextAttemptAt: now })),
      );
      await queue.addMany(deliveries.map((delivery) => ({ job: { tenantId, deliveryId: delivery.id, replays: 0, attempt: 0 }, delayMs: 0 })));
    } catch (error) {
      logger.error({ err: error, tenantId, eventType: type }, "webhook event not queued");
    }
  };
}
