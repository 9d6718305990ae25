import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import type { JobQueue } from "../../platform/queue.js";
import type { SettingsSecrets } from "../../platform/settings-secrets.js";
import type { WebhookJob, WebhookQueue } from "./webhooks.queue.js";
import { WEBHOOK_DISABLE_AFTER_DAYS } from "./webhooks.constants.js";
import {
  abandonDelivery,
  disableFailingEndpoint,
  findDelivery,
  findEndpoint,
  listPendingDeliveries,
  markEndpointFailing,
  markEndpointHealthy,
  recordAttempt,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from "./webhooks.repository.js";
import { sendWebhook, type SendOutcome, type SendRules } from "./webhooks.sender.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait before each retry: the first attempt goes at once, then after 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 14 h: eight attempts over about 31.5 hours (CONTRACT §11: at least 24 h).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR];
/** An endpoint whose deliveries have failed, without one success, for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = WEBHOOK_DISABLE_AFTER_DAYS * 24 * HOUR;
export const WEBHOOK_TIMEOUT_MS = 10 * SECOND;
const RESUME_BATCH = 500;

/** Where an endpoint's signing secret is sealed: bound to the tenant and the endpoint, it opens nowhere else. */
export const secretPath = (endpointId: string) => `webhooks.${endpointId}.secret`;

export interface WebhookDeliveryDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SettingsSecrets;
  queue: WebhookQueue;
  /** The system's email queue: the tenant's admins are told of an endpoint disabled for failing. */
  emailQueue: JobQueue;
  rules: SendRules;
  retryDelaysMs?: number[];
}

/**
 * Attempts: one per job, the delivery's state read from the database first, so a job that comes
 * twice or late (the delivery already succeeded, was replayed, or its endpoint disabled) does
 * nothing. A failure schedules the next attempt, or ends the delivery after the last one; it
 * also starts or extends the endpoint's failing period, which disables it after 3 days.
 */
export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { db, clock, logger, secrets, queue } = deps;
  const delays = deps.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;

  async function send(delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord): Promise<SendOutcome> {
    const secret = secrets.open(endpoint.tenantId, secretPath(endpoint.id), endpoint.secretSealed);
    if (secret === null) return { ok: false, responseCode: null, durationMs: 0, error: "the signing secret cannot be opened (SESSION_SECRET changed?)" };
    return sendWebhook({ url: endpoint.url, secret, messageId: delivery.id, timestamp: clock.now(), body: JSON.stringify(delivery.payload) }, deps.rules);
  }

  async function endpointFailed(endpoint: WebhookEndpointRecord, now: Date): Promise<void> {
    const failing = await markEndpointFailing(db, endpoint.tenantId, endpoint.id, now);
    if (!failing?.failingSince || failing.disabledAt) return;
    const disabled = await disableFailingEndpoint(db, endpoint.tenantId, endpoint.id, new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS), now);
    if (!disabled) return;
    logger.warn(
      { tenantId: endpoint.tenantId, endpointId: endpoint.id, failingSince: disabled.failingSince },
      "webhook endpoint disabled after failing for 3 days",
    );
    await deps.emailQueue
      .add("webhook-disabled", { tenantId: endpoint.tenantId, endpointId: endpoint.id, url: endpoint.url, failingSince: disabled.failingSince as string })
      .catch((error: unknown) => logger.error({ err: error, tenantId: endpoint.tenantId }, "the admins could not be told of a disabled webhook"));
  }

  /** Runs one attempt of a delivery, as its job says. */
  async function attempt(job: WebhookJob): Promise<void> {
    const delivery = await findDelivery(db, job.tenantId, job.deliveryId);
    if (!delivery || delivery.status !== "pending" || delivery.replays !== job.replays || delivery.attempts !== job.attempt) return;
    const endpoint = await findEndpoint(db, job.tenantId, delivery.endpointId);
    if (!endpoint) return abandonDelivery(db, job.tenantId, delivery.id, "the endpoint was deleted");
    if (endpoint.disabledAt) return abandonDelivery(db, job.tenantId, delivery.id, "the endpoint is disabled");
    const outcome = await send(delivery, endpoint);
    const now = clock.now();
    if (outcome.ok) {
      await recordAttempt(db, job.tenantId, delivery.id, delivery, { ...outcome, status: "succeeded", nextAttemptAt: null, deliveredAt: now });
      await markEndpointHealthy(db, job.tenantId, endpoint.id);
      return;
    }
    const delay = delays[job.attempt];
    const nextAttemptAt = delay === undefined ? null : new Date(now.getTime() + delay);
    const recorded = await recordAttempt(db, job.tenantId, delivery.id, delivery, {
      ...outcome,
      status: nextAttemptAt ? "pending" : "failed",
      nextAttemptAt,
      deliveredAt: null,
    });
    if (recorded && delay !== undefined) {
      await queue
        .add({ ...job, attempt: job.attempt + 1 }, delay)
        .catch((error: unknown) => logger.error({ err: error, tenantId: job.tenantId, deliveryId: delivery.id }, "webhook retry could not be queued"));
    }
    if (recorded) await endpointFailed(endpoint, now);
  }

  /**
   * An admin's test: one attempt now, answered at once; no retry, and it does not count toward
   * the endpoint's failing period (the admin may be testing a receiver they are still setting up).
   */
  async function attemptOnce(delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord): Promise<WebhookDeliveryRecord> {
    const outcome = await send(delivery, endpoint);
    const now = clock.now();
    const recorded = await recordAttempt(db, delivery.tenantId, delivery.id, delivery, {
      ...outcome,
      status: outcome.ok ? "succeeded" : "failed",
      nextAttemptAt: null,
      deliveredAt: outcome.ok ? now : null,
    });
    return recorded ?? delivery;
  }

  /**
   * Queues again every pending delivery's next attempt, at its time (at once when overdue): what
   * the in-process queue held when its process ended, or an attempt whose retry was not queued.
   * On BullMQ a job still waiting has the same id and is not added twice. `tenantIds` narrows it
   * to those tenants (tests, whose tenants share one database).
   */
  async function resumePending(options: { tenantIds?: string[] } = {}): Promise<number> {
    let resumed = 0;
    let afterId: string | null = null;
    for (;;) {
      const batch = await listPendingDeliveries(db, afterId, RESUME_BATCH, options.tenantIds);
      const now = clock.now().getTime();
      await queue.addMany(
        batch.map((delivery) => ({
          job: { tenantId: delivery.tenantId, deliveryId: delivery.id, replays: delivery.replays, attempt: delivery.attempts },
          delayMs: delivery.nextAttemptAt ? Math.max(0, new Date(delivery.nextAttemptAt).getTime() - now) : 0,
        })),
      );
      resumed += batch.length;
      if (batch.length < RESUME_BATCH) return resumed;
      afterId = batch.at(-1)?.id ?? null;
    }
  }

  return { attempt, attemptOnce, resumePending };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
