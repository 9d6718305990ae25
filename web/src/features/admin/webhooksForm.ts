import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@server/modules/webhooks/webhooks.constants";
import { ApiError, errorMessage } from "../../shared/api";
import type { Webhook, WebhookBody, WebhookChanges, WebhookDelivery } from "./webhooksApi";

/**
 * Admin › Integrations › Webhooks: the endpoint form as typed, what it sends, and the sentences
 * the card shows for an endpoint's state and a delivery's outcome.
 */

/** What each event means to the person choosing it; typed by the server's list, so a new event cannot go undescribed. */
export const WEBHOOK_EVENT_LABELS = {
  "question.created": "A question is asked (an anonymous one without its author)",
  "question.answered": "A question is answered",
  "question.deleted": "A question is deleted",
  "poll.closed": "A live poll closes, with its results",
  "pulse.batch_released": "Pulse answers are released (counts and averages only)",
} satisfies Record<WebhookEventType, string>;

/** In the server's order, whatever order they were ticked in. */
export const WEBHOOK_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES;

export const DISABLE_AFTER_DAYS = WEBHOOK_DISABLE_AFTER_DAYS;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WebhookDraft {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export const EMPTY_WEBHOOK_DRAFT: WebhookDraft = { url: "", description: "", events: [] };

export const draftOf = (webhook: Webhook): WebhookDraft => ({ url: webhook.url, description: webhook.description ?? "", events: [...webhook.events] });

export type WebhookField = keyof WebhookDraft;
export type WebhookFieldErrors = Partial<Record<WebhookField, string>>;

export function sameDraft(a: WebhookDraft, b: WebhookDraft): boolean {
  return a.url.trim() === b.url.trim() && a.description.trim() === b.description.trim() && sameEvents(a.events, b.events);
}

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((event) => b.includes(event));

/** What the form can tell before the server does; the server still checks the address itself. */
export function webhookDraftErrors(draft: WebhookDraft): WebhookFieldErrors {
  const errors: WebhookFieldErrors = {};
  const url = draft.url.trim();
  if (!url) errors.url = "Enter the URL your system receives events at.";
  else if (!/^https?:\/\/[^/]/i.test(url)) errors.url = "Enter a full URL, starting with https://.";
  if (draft.events.length === 0) errors.events = "Choose at least one event to send.";
  return errors;
}

export const toggleEvent = (events: WebhookEventType[], event: WebhookEventType, on: boolean): WebhookEventType[] =>
  WEBHOOK_EVENTS.filter((candidate) => (candidate === event ? on : events.includes(candidate)));

export function createBody(draft: WebhookDraft): WebhookBody {
  const description = draft.description.trim();
  return { url: draft.url.trim(), events: draft.events, ...(description ? { description } : {}) };
}

/** Only what changed (the server re-checks a URL it is sent); null when nothing did. */
export function changesOf(before: Webhook, draft: WebhookDraft): WebhookChanges | null {
  const changes: WebhookChanges = {};
  const url = draft.url.trim();
  const description = draft.description.trim();
  if (url !== before.url) changes.url = url;
  if (!sameEvents(draft.events, before.events)) changes.events = draft.events;
  if (description !== (before.description ?? "")) changes.description = description || null;
  return Object.keys(changes).length ? changes : null;
}

/**
 * A refusal's problems beside their fields (`body.url`, `body.events.0`), the rest for the form's
 * notice. The server's reasons for a URL ("must not point to a loopback…") read as the end of a
 * sentence about it, as the server's own message says it.
 */
export function splitWebhookErrors(caught: unknown): { fields: WebhookFieldErrors; rest: string | null } {
  if (!(caught instanceof ApiError) || caught.code !== "VALIDATION_FAILED" || caught.details.length === 0) return { fields: {}, rest: errorMessage(caught) };
  const fields: WebhookFieldErrors = {};
  for (const detail of caught.details) {
    const field = (detail.path ?? "").split(".")[1];
    if ((field === "url" || field === "events" || field === "description") && detail.message && !fields[field]) {
      fields[field] = field === "url" && /^[a-z]/.test(detail.message) ? `The webhook URL ${detail.message}.` : detail.message;
    }
  }
  return { fields, rest: Object.keys(fields).length ? null : errorMessage(caught) };
}

export type EndpointState =
  | { kind: "enabled" }
  | { kind: "failing"; since: string; disablesAt: string }
  | { kind: "disabled"; at: string; automatically: boolean; failingSince: string | null };

/**
 * Disabled after failing for 3 days (the server records when its failures began), or by an admin
 * through the API: the endpoint keeps no reason, so the dates tell which.
 */
export function endpointState(webhook: Webhook): EndpointState {
  if (webhook.disabledAt) {
    const failedFor = webhook.failingSince ? Date.parse(webhook.disabledAt) - Date.parse(webhook.failingSince) : 0;
    return { kind: "disabled", at: webhook.disabledAt, automatically: failedFor >= DISABLE_AFTER_DAYS * DAY_MS, failingSince: webhook.failingSince };
  }
  if (webhook.failingSince) {
    return { kind: "failing", since: webhook.failingSince, disablesAt: new Date(Date.parse(webhook.failingSince) + DISABLE_AFTER_DAYS * DAY_MS).toISOString() };
  }
  return { kind: "enabled" };
}

export const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export const durationText = (ms: number | null) => (ms === null ? "—" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** "answered 202 in 12 ms", "no answer after 10.0 s (…)": what the endpoint did with one attempt. */
export function replyText(delivery: WebhookDelivery): string {
  const took = delivery.durationMs === null ? "" : ` in ${durationText(delivery.durationMs)}`;
  if (delivery.responseCode !== null) {
    const reason = delivery.status === "failed" && delivery.error ? ` (${delivery.error})` : "";
    return `The endpoint answered ${delivery.responseCode}${took}${reason}.`;
  }
  return `No answer from the endpoint${took}${delivery.error ? `: ${delivery.error}` : ""}.`;
}

export const DELIVERY_STATUS_LABELS: Record<WebhookDelivery["status"], string> = { pending: "Pending", succeeded: "Succeeded", failed: "Failed" };
