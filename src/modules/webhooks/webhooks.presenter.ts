import type { WebhookDeliveryRecord, WebhookEndpointRecord } from "./webhooks.repository.js";
import type { WebhookDeliveryView, WebhookView } from "./webhooks.schemas.js";

/** An endpoint as its admins see it: never its secret. */
export function presentEndpoint(endpoint: WebhookEndpointRecord): WebhookView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    createdAt: endpoint.createdAt,
    disabledAt: endpoint.disabledAt,
    failingSince: endpoint.failingSince,
  };
}

export function presentDelivery(delivery: WebhookDeliveryRecord): WebhookDeliveryView {
  return {
    id: delivery.id,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    responseCode: delivery.responseCode,
    durationMs: delivery.durationMs,
    error: delivery.error,
    nextAttemptAt: delivery.nextAttemptAt,
    createdAt: delivery.createdAt,
    deliveredAt: delivery.deliveredAt,
    payload: delivery.payload,
  };
}
