import { z } from "zod";
import {
  DELIVERY_LIST_LIMIT_DEFAULT,
  DELIVERY_LIST_LIMIT_MAX,
  DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
} from "./webhooks.constants.js";

export * from "./webhooks.constants.js";

/** Outgoing webhooks (CONTRACT §11): the admin's requests and what they answer. */

export const webhookIdParams = z.object({ id: z.uuid() });
export const webhookDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

const webhookUrl = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .describe("Where events are POSTed: `https` in production; never a loopback, private, link-local or metadata address");
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, { message: "lists an event twice" })
  .describe("The events sent to this endpoint");
const webhookDescription = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX);

export const createWebhookBody = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.optional(),
});
export type CreateWebhookBody = z.output<typeof createWebhookBody>;

export const updateWebhookBody = z
  .strictObject({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    description: webhookDescription.nullable().optional(),
    enabled: z.boolean().optional().describe("true re-enables an endpoint that was disabled (by an admin, or after failing for 3 days); false disables it"),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "names nothing to change" });
export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  createdAt: z.string(),
  disabledAt: z.string().nullable().describe("Set when an admin disabled it, or after 3 days of failed deliveries; nothing is sent while set"),
  failingSince: z.string().nullable().describe("The first failed delivery since the last success"),
});
export type WebhookView = z.infer<typeof webhookSchema>;

export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().describe("The signing secret (`whsec_...`, Standard Webhooks): shown only in this response"),
});

export const listDeliveriesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .transform((query) => ({ limit: Math.min(query.limit ?? DELIVERY_LIST_LIMIT_DEFAULT, DELIVERY_LIST_LIMIT_MAX), offset: query.offset ?? 0 }));

export const webhookDeliverySchema = z.object({
  id: z.uuid().describe("The `webhook-id` header of every attempt of this delivery"),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable().describe("The last attempt's HTTP status; null when no answer came (refused, timed out)"),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable().describe("Why the last attempt failed, when it did"),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  payload: z.unknown().describe("The body sent: `{type, timestamp, data}`"),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const webhookTestResultSchema = z.object({
  delivery: webhookDeliverySchema,
  succeeded: z.boolean(),
});

/**
 * The `data` of each event, strict: a field not declared here is refused before anything is
 * stored or sent, so an anonymous author or a pulse answer cannot ride along unnoticed.
 */
const question = z.strictObject({
  id: z.uuid(),
  teamId: z.uuid(),
  body: z.string(),
  status: z.string(),
  isAnonymous: z.boolean(),
  author: z.strictObject({ id: z.uuid(), name: z.string() }).nullable().describe("null for an anonymous question: its author never goes out"),
  submittedAt: z.string(),
  upvoteCount: z.number().int(),
  tags: z.array(z.strictObject({ id: z.uuid(), name: z.string(), color: z.string() })),
  responseText: z.string().nullable(),
  respondedAt: z.string().nullable(),
});
const anonymousHidesAuthor = (value: { isAnonymous: boolean; author: unknown }) => !value.isAnonymous || value.author === null;

export const webhookEventSchemas = {
  "question.created": question.refine(anonymousHidesAuthor, { message: "an anonymous question's author never goes out" }),
  "question.answered": question.refine(anonymousHidesAuthor, { message: "an anonymous question's author never goes out" }),
  "question.deleted": z.strictObject({ id: z.uuid(), teamId: z.uuid() }),
  "poll.closed": z.strictObject({
    id: z.uuid(),
    teamId: z.uuid(),
    title: z.string(),
    type: z.string(),
    closedAt: z.string().nullable(),
    voteCount: z.number().int(),
    resultsVisible: z.boolean().describe("Whether the room was shown the results; the full results are here either way"),
    results: z
      .record(z.string(), z.unknown())
      .describe("As `GET /polls/:id/results` answers: counts per option, a rating's average and distribution, or words"),
  }),
  "pulse.batch_released": z.strictObject({
    questionId: z.uuid(),
    question: z.string(),
    teamId: z.uuid().nullable(),
    week: z.string().describe("The UTC week (its Monday) the released answers count in"),
    count: z.number().int().describe("How many answers this batch released (at least the tenant's threshold)"),
    average: z.number().describe("The batch's average score"),
  }),
  [WEBHOOK_TEST_EVENT]: z.strictObject({ endpointId: z.uuid(), message: z.string() }),
} as const;
export type WebhookEventSchemas = typeof webhookEventSchemas;
export type WebhookEventData<Type extends keyof WebhookEventSchemas> = z.input<WebhookEventSchemas[Type]>;
