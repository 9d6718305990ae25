import { randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import type { SettingsSecrets } from "../../platform/settings-secrets.js";
import { recordAudit } from "../audit/index.js";
import { checkWebhookUrl } from "./webhooks.address.js";
import { MAX_WEBHOOK_ENDPOINTS_PER_TENANT, WEBHOOK_TEST_EVENT } from "./webhooks.constants.js";
import { secretPath, type WebhookDelivery } from "./webhooks.delivery.service.js";
import { webhookPayload } from "./webhooks.events.js";
import { presentDelivery, presentEndpoint } from "./webhooks.presenter.js";
import type { WebhookQueue } from "./webhooks.queue.js";
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  restartDelivery,
  updateEndpoint,
  type WebhookEndpointRecord,
} from "./webhooks.repository.js";
import type { CreateWebhookBody, UpdateWebhookBody } from "./webhooks.schemas.js";

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64 (HMAC-SHA256 key). */
function mintSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** What an audit row says of an endpoint: never its secret. */
const about = (endpoint: WebhookEndpointRecord) => ({
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description,
  disabledAt: endpoint.disabledAt,
});

/** The admin's management of the tenant's outgoing webhooks (CONTRACT §11). */
export function createWebhookService(deps: {
  db: Database;
  clock: Clock;
  secrets: SettingsSecrets;
  queue: WebhookQueue;
  delivery: WebhookDelivery;
  rules: { httpsOnly: boolean; allowPrivate: boolean };
}) {
  const { db, clock, secrets, queue, delivery } = deps;

  function checkedUrl(raw: string): string {
    const verdict = checkWebhookUrl(raw, deps.rules);
    if (!verdict.ok) throw errors.validation([{ path: "body.url", message: verdict.reason }], `The webhook URL ${verdict.reason}.`);
    return verdict.url.toString();
  }

  async function owned(ctx: RequestContext, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await findEndpoint(db, ctx.tenant.id, id);
    if (!endpoint) throw errors.notFound("Webhook");
    return endpoint;
  }

  async function list(ctx: RequestContext) {
    return (await listEndpoints(db, ctx.tenant.id)).map(presentEndpoint);
  }

  async function create(ctx: RequestContext, input: CreateWebhookBody) {
    const url = checkedUrl(input.url);
    const id = randomUUID();
    const secret = mintSigningSecret();
    const endpoint = await db.transaction(async (trx) => {
      if ((await countEndpoints(trx, ctx.tenant.id)) >= MAX_WEBHOOK_ENDPOINTS_PER_TENANT) {
        throw errors.conflict("WEBHOOK_LIMIT", `The tenant already has ${MAX_WEBHOOK_ENDPOINTS_PER_TENANT} webhooks; delete one first.`);
      }
      const record = await insertEndpoint(trx, {
        id,
        tenantId: ctx.tenant.id,
        url,
        events: input.events,
        description: input.description || null,
        secretSealed: secrets.seal(ctx.tenant.id, secretPath(id), secret),
        createdBy: ctx.user?.id ?? null,
        createdAt: clock.now(),
      });
      await recordAudit(trx, ctx, { action: "webhook.create", entityType: "webhook", entityId: record.id, after: about(record) });
      return record;
    });
    return { ...presentEndpoint(endpoint), secret };
  }

  async function update(ctx: RequestContext, id: string, input: UpdateWebhookBody) {
    const url = input.url === undefined ? undefined : checkedUrl(input.url);
    const endpoint = await db.transaction(async (trx) => {
      const before = await findEndpoint(trx, ctx.tenant.id, id, { lock: true });
      if (!before) throw errors.notFound("Webhook");
      const now = clock.now();
      // Re-enabled, an endpoint starts with a clean record: 3 more days before it is disabled again.
      const enabling = input.enabled === true && before.disabledAt !== null;
      const disabling = input.enabled === false && before.disabledAt === null;
      const after = await updateEndpoint(trx, ctx.tenant.id, id, {
        url,
        events: input.events,
        description: input.description === undefined ? undefined : input.description || null,
        ...(enabling ? { disabledAt: null, failingSince: null } : {}),
        ...(disabling ? { disabledAt: now } : {}),
      });
      if (!after) throw errors.notFound("Webhook");
      await recordAudit(trx, ctx, { action: "webhook.update", entityType: "webhook", entityId: id, before: about(before), after: about(after) });
      return after;
    });
    return presentEndpoint(endpoint);
  }

  async function remove(ctx: RequestContext, id: string): Promise<void> {
    await db.transaction(async (trx) => {
      const removed = await deleteEndpoint(trx, ctx.tenant.id, id);
      if (!removed) throw errors.notFound("Webhook");
      await recordAudit(trx, ctx, { action: "webhook.delete", entityType: "webhook", entityId: id, before: about(removed) });
    });
  }

  async function deliveries(ctx: RequestContext, id: string, paging: { limit: number; offset: number }) {
    await owned(ctx, id);
    const page = await listDeliveries(db, ctx.tenant.id, id, paging);
    return { items: page.items.map(presentDelivery), total: page.total, limit: paging.limit, offset: paging.offset };
  }

  /** Sends `webhook.test` now, whether or not the endpoint is enabled, and answers how it went. */
  async function test(ctx: RequestContext, id: string) {
    const endpoint = await owned(ctx, id);
    const now = clock.now();
    const payload = webhookPayload(WEBHOOK_TEST_EVENT, now, { endpointId: endpoint.id, message: "A test event sent by an administrator." });
    const [created] = await insertDeliveries(db, [
      { tenantId: ctx.tenant.id, endpointId: endpoint.id, eventType: WEBHOOK_TEST_EVENT, payload, createdAt: now, nextAttemptAt: null },
    ]);
    const result = await delivery.attemptOnce(created as NonNullable<typeof created>, endpoint);
    return { delivery: presentDelivery(result), succeeded: result.status === "succeeded" };
  }

  /** Sends a finished delivery again from its first attempt, with the same `webhook-id`: receivers see a delivery they may already have. */
  async function replay(ctx: RequestContext, id: string, deliveryId: string) {
    const endpoint = await owned(ctx, id);
    const existing = await findDelivery(db, ctx.tenant.id, deliveryId, endpoint.id);
    if (!existing) throw errors.notFound("Delivery");
    if (endpoint.disabledAt) throw errors.conflict("WEBHOOK_DISABLED", "The webhook is disabled; enable it before replaying a delivery.");
    const restarted = await db.transaction(async (trx) => {
      const record = await restartDelivery(trx, ctx.tenant.id, deliveryId, clock.now());
      if (!record) throw errors.conflict("DELIVERY_PENDING", "The delivery is still being attempted; it can be replayed once it has succeeded or failed.");
      await recordAudit(trx, ctx, {
        action: "webhook.delivery_replay",
        entityType: "webhook",
        entityId: endpoint.id,
        metadata: { deliveryId, eventType: existing.eventType, previousStatus: existing.status },
      });
      return record;
    });
    await queue.add({ tenantId: ctx.tenant.id, deliveryId, replays: restarted.replays, attempt: 0 }, 0);
    return presentDelivery(restarted);
  }

  return { list, create, update, remove, deliveries, test, replay };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
