import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import {
  createdWebhookSchema,
  createWebhookBody,
  listDeliveriesQuery,
  updateWebhookBody,
  webhookDeliveryPageSchema,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookIdParams,
  webhookSchema,
  webhookTestResultSchema,
} from "./webhooks.schemas.js";
import type { WebhookService } from "./webhooks.service.js";

const TAG = "Webhooks";

/** CONTRACT §11: the tenant's outgoing webhooks, managed by its admins. */
export function webhookRoutes(deps: { webhooks: WebhookService }): AnyRoute[] {
  const { webhooks } = deps;
  return [
    route({
      method: "get",
      path: "/admin/webhooks",
      operationId: "listWebhooks",
      tag: TAG,
      summary: "The tenant's webhook endpoints (never their secrets), newest first",
      access: "admin.access",
      response: z.array(webhookSchema),
      handler: ({ ctx }) => webhooks.list(ctx),
    }),
    route({
      method: "post",
      path: "/admin/webhooks",
      operationId: "createWebhook",
      tag: TAG,
      summary: "Adds an endpoint; its signing secret is in this response only",
      description:
        "Events are POSTed as Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). 400 for a URL that is not https " +
        "in production, carries credentials, or names a loopback, private, link-local or metadata address; 409 WEBHOOK_LIMIT past 20 endpoints.",
      access: "admin.access",
      otherResponses: { 409: "WEBHOOK_LIMIT" },
      body: createWebhookBody,
      status: 201,
      response: createdWebhookSchema,
      handler: ({ ctx, body }) => webhooks.create(ctx, body),
    }),
    route({
      method: "put",
      path: "/admin/webhooks/:id",
      operationId: "updateWebhook",
      tag: TAG,
      summary: "Changes an endpoint's URL, events or description; `enabled: true` re-enables a disabled one",
      access: "admin.access",
      params: webhookIdParams,
      body: updateWebhookBody,
      response: webhookSchema,
      handler: ({ ctx, params, body }) => webhooks.update(ctx, params.id, body),
    }),
    route({
      method: "delete",
      path: "/admin/webhooks/:id",
      operationId: "deleteWebhook",
      tag: TAG,
      summary: "Deletes an endpoint and its deliveries; nothing more is sent to it",
      access: "admin.access",
      params: webhookIdParams,
      status: 204,
      handler: ({ ctx, params }) => webhooks.remove(ctx, params.id),
    }),
    route({
      method: "get",
      path: "/admin/webhooks/:id/deliveries",
      operationId: "listWebhookDeliveries",
      tag: TAG,
      summary: "An endpoint's deliveries, newest first: event, status, attempts, last response code and duration",
      access: "admin.access",
      params: webhookIdParams,
      query: listDeliveriesQuery,
      response: webhookDeliveryPageSchema,
      handler: ({ ctx, params, query }) => webhooks.deliveries(ctx, params.id, query),
    }),
    route({
      method: "post",
      path: "/admin/webhooks/:id/test",
      operationId: "testWebhook",
      tag: TAG,
      summary: "Sends a `webhook.test` event now (once, no retry) and answers what the endpoint replied",
      access: "admin.access",
      params: webhookIdParams,
      response: webhookTestResultSchema,
      handler: ({ ctx, params }) => webhooks.test(ctx, params.id),
    }),
    route({
      method: "post",
      path: "/admin/webhooks/:id/deliveries/:deliveryId/replay",
      operationId: "replayWebhookDelivery",
      tag: TAG,
      summary: "Sends a delivery that succeeded or failed again, from its first attempt, with the same `webhook-id`",
      description: "409 DELIVERY_PENDING while it is still being attempted; 409 WEBHOOK_DISABLED while the endpoint is disabled.",
      access: "admin.access",
      otherResponses: { 409: "DELIVERY_PENDING or WEBHOOK_DISABLED" },
      params: webhookDeliveryParams,
      status: 202,
      response: webhookDeliverySchema,
      handler: ({ ctx, params }) => webhooks.replay(ctx, params.id, params.deliveryId),
    }),
  ];
}
