/**
 * The webhooks module's public face: what other modules, the app and the entry points may use.
 * Everything else in this folder is internal.
 */
export { createWebhookDelivery, WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from "./webhooks.delivery.service.js";
export type { WebhookDelivery } from "./webhooks.delivery.service.js";
export { createWebhookPublisher, type PublishWebhookEvent } from "./webhooks.events.js";
export {
  BullWebhookQueue,
  InProcessWebhookQueue,
  startWebhookWorker,
  WEBHOOK_CONCURRENCY,
  type WebhookJob,
  type WebhookQueue,
  type WebhookWorker,
} from "./webhooks.queue.js";
export { resealWebhookSecrets } from "./webhooks.reseal.js";
export { webhookRoutes } from "./webhooks.routes.js";
export { createWebhookService } from "./webhooks.service.js";
export type { WebhookEventData } from "./webhooks.schemas.js";
export { checkWebhookUrl, type UrlVerdict } from "./webhooks.address.js";
export { postJson, type PostOutcome, type SendRules } from "./webhooks.sender.js";
