/** The events a tenant's endpoint may subscribe to (CONTRACT §11). */
export const WEBHOOK_EVENT_TYPES = ["question.created", "question.answered", "question.deleted", "poll.closed", "pulse.batch_released"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What `POST /admin/webhooks/:id/test` sends: never subscribed to, sent on request only. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A tenant has a few integrations; more is a misconfiguration that multiplies every event. */
export const MAX_WEBHOOK_ENDPOINTS_PER_TENANT = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;

export const DELIVERY_LIST_LIMIT_DEFAULT = 50;
export const DELIVERY_LIST_LIMIT_MAX = 200;

/** An endpoint whose deliveries have all failed for this long is disabled, and its admins are e-mailed (CONTRACT §11). */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
