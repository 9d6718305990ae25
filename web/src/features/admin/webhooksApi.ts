import { answer, api, type ApiAnswer, type ApiBody, type ApiQuery } from "../../shared/api";

/** The tenant's outgoing webhooks (CONTRACT §11), typed by the OpenAPI document. */
export type Webhook = ApiAnswer<"listWebhooks">[number];
/** Only the creation's answer carries the signing secret. */
export type CreatedWebhook = ApiAnswer<"createWebhook">;
export type WebhookBody = ApiBody<"createWebhook">;
export type WebhookChanges = ApiBody<"updateWebhook">;
export type WebhookDeliveryPage = ApiAnswer<"listWebhookDeliveries">;
export type WebhookDelivery = WebhookDeliveryPage["items"][number];
export type WebhookTestResult = ApiAnswer<"testWebhook">;

const byId = (id: string) => ({ params: { path: { id } } });

export const listWebhooks = (signal?: AbortSignal) => answer(api.GET("/admin/webhooks", { signal }));
export const createWebhook = (body: WebhookBody) => answer(api.POST("/admin/webhooks", { body }));
/** Send only what changed; `enabled: true` re-enables a disabled endpoint. */
export const updateWebhook = (id: string, body: WebhookChanges) => answer(api.PUT("/admin/webhooks/{id}", { ...byId(id), body }));
export const deleteWebhook = (id: string) => answer(api.DELETE("/admin/webhooks/{id}", byId(id)));
/** Newest first. */
export const listWebhookDeliveries = (id: string, query: ApiQuery<"listWebhookDeliveries">, signal?: AbortSignal) =>
  answer(api.GET("/admin/webhooks/{id}/deliveries", { params: { path: { id }, query }, signal }));
/** One `webhook.test` now, no retry: the answer says what the endpoint replied. */
export const testWebhook = (id: string) => answer(api.POST("/admin/webhooks/{id}/test", byId(id)));
/** 409 DELIVERY_PENDING while it is still being attempted, 409 WEBHOOK_DISABLED while its endpoint is disabled. */
export const replayWebhookDelivery = (id: string, deliveryId: string) =>
  answer(api.POST("/admin/webhooks/{id}/deliveries/{deliveryId}/replay", { params: { path: { id, deliveryId } } }));
