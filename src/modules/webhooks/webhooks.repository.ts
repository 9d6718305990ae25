import type { DatabaseRow, Executor } from "../../platform/db.js";
import type { DeliveryStatus, WebhookEventType } from "./webhooks.constants.js";

/** The tenant's webhook endpoints and their deliveries. Every query filters on the tenant. */

export interface WebhookEndpointRecord {
  id: string;
  tenantId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secretSealed: string;
  createdAt: string;
  disabledAt: string | null;
  failingSince: string | null;
}

export interface WebhookDeliveryRecord {
  id: string;
  tenantId: string;
  endpointId: string;
  eventType: string;
  payload: unknown;
  status: DeliveryStatus;
  attempts: number;
  /** How many times an admin replayed it: each replay starts a new round of attempts. */
  replays: number;
  responseCode: number | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

const iso = (value: Date | string | null | undefined): string | null => (value === null || value === undefined ? null : new Date(value).toISOString());
const parseJson = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

/** PGlite hands text[] back as an array; some pg configurations as its literal `{a,b}`. */
function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value === "string")
    return value
      .replace(/^\{|\}$/g, "")
      .split(",")
      .filter(Boolean);
  return [];
}

function toEndpoint(row: DatabaseRow): WebhookEndpointRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    url: row.url,
    events: parseTextArray(row.events) as WebhookEventType[],
    description: row.description ?? null,
    secretSealed: row.secret_sealed,
    createdAt: iso(row.created_at) as string,
    disabledAt: iso(row.disabled_at),
    failingSince: iso(row.failing_since),
  };
}

function toDelivery(row: DatabaseRow): WebhookDeliveryRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    payload: parseJson(row.payload),
    status: row.status,
    attempts: Number(row.attempts),
    replays: Number(row.replays),
    responseCode: row.last_response_code ?? null,
    durationMs: row.last_duration_ms ?? null,
    error: row.last_error ?? null,
    nextAttemptAt: iso(row.next_attempt_at),
    createdAt: iso(row.created_at) as string,
    deliveredAt: iso(row.delivered_at),
  };
}

export async function insertEndpoint(
  db: Executor,
  input: {
    id: string;
    tenantId: string;
    url: string;
    events: string[];
    description: string | null;
    secretSealed: string;
    createdBy: string | null;
    createdAt: Date;
  },
): Promise<WebhookEndpointRecord> {
  const [row] = await db("webhook_endpoints")
    .insert({
      id: input.id,
      tenant_id: input.tenantId,
      url: input.url,
      events: input.events,
      description: input.description,
      secret_sealed: input.secretSealed,
      created_by: input.createdBy,
      created_at: input.createdAt,
    })
    .returning("*");
  return toEndpoint(row);
}

export async function listEndpoints(db: Executor, tenantId: string): Promise<WebhookEndpointRecord[]> {
  const rows = await db("webhook_endpoints")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id" }]);
  return rows.map(toEndpoint);
}

export async function countEndpoints(db: Executor, tenantId: string): Promise<number> {
  const row = await db("webhook_endpoints").where({ tenant_id: tenantId }).count<{ count: number }>("* as count").first();
  return Number(row?.count ?? 0);
}

export async function findEndpoint(db: Executor, tenantId: string, id: string, options: { lock?: boolean } = {}): Promise<WebhookEndpointRecord | null> {
  const query = db("webhook_endpoints").where({ tenant_id: tenantId, id });
  const row = await (options.lock ? query.forUpdate() : query).first();
  return row ? toEndpoint(row) : null;
}

/** The tenant's enabled endpoints subscribed to this event. */
export async function listSubscribedEndpoints(db: Executor, tenantId: string, eventType: string): Promise<WebhookEndpointRecord[]> {
  const rows = await db("webhook_endpoints").where({ tenant_id: tenantId }).whereNull("disabled_at").whereRaw("? = any(events)", [eventType]);
  return rows.map(toEndpoint);
}

export async function updateEndpoint(
  db: Executor,
  tenantId: string,
  id: string,
  changes: Partial<{ url: string; events: string[]; description: string | null; disabledAt: Date | null; failingSince: Date | null }>,
): Promise<WebhookEndpointRecord | null> {
  const patch: Record<string, unknown> = {};
  if (changes.url !== undefined) patch.url = changes.url;
  if (changes.events !== undefined) patch.events = changes.events;
  if (changes.description !== undefined) patch.description = changes.description;
  if (changes.disabledAt !== undefined) patch.disabled_at = changes.disabledAt;
  if (changes.failingSince !== undefined) patch.failing_since = changes.failingSince;
  if (Object.keys(patch).length === 0) return findEndpoint(db, tenantId, id);
  const [row] = await db("webhook_endpoints").where({ tenant_id: tenantId, id }).update(patch).returning("*");
  return row ? toEndpoint(row) : null;
}

export async function deleteEndpoint(db: Executor, tenantId: string, id: string): Promise<WebhookEndpointRecord | null> {
  const [row] = await db("webhook_endpoints").where({ tenant_id: tenantId, id }).delete().returning("*");
  return row ? toEndpoint(row) : null;
}

/** A failure after a success starts the endpoint's failing period; later failures keep its start. */
export async function markEndpointFailing(db: Executor, tenantId: string, id: string, at: Date): Promise<WebhookEndpointRecord | null> {
  await db("webhook_endpoints").where({ tenant_id: tenantId, id }).whereNull("failing_since").update({ failing_since: at });
  return findEndpoint(db, tenantId, id);
}

export async function markEndpointHealthy(db: Executor, tenantId: string, id: string): Promise<void> {
  await db("webhook_endpoints").where({ tenant_id: tenantId, id }).whereNotNull("failing_since").update({ failing_since: null });
}

/** Disables an endpoint failing since before `failingBefore`; the row only for the one call that disabled it. */
export async function disableFailingEndpoint(db: Executor, tenantId: string, id: string, failingBefore: Date, at: Date): Promise<WebhookEndpointRecord | null> {
  const [row] = await db("webhook_endpoints")
    .where({ tenant_id: tenantId, id })
    .whereNull("disabled_at")
    .where("failing_since", "<=", failingBefore)
    .update({ disabled_at: at })
    .returning("*");
  return row ? toEndpoint(row) : null;
}

export async function insertDeliveries(
  db: Executor,
  rows: Array<{ tenantId: string; endpointId: string; eventType: string; payload: unknown; createdAt: Date; nextAttemptAt: Date | null }>,
): Promise<WebhookDeliveryRecord[]> {
  if (rows.length === 0) return [];
  const inserted = await db("webhook_deliveries")
    .insert(
      rows.map((row) => ({
        tenant_id: row.tenantId,
        endpoint_id: row.endpointId,
        event_type: row.eventType,
        payload: JSON.stringify(row.payload),
        status: "pending",
        created_at: row.createdAt,
        next_attempt_at: row.nextAttemptAt,
      })),
    )
    .returning("*");
  return inserted.map(toDelivery);
}

export async function findDelivery(db: Executor, tenantId: string, id: string, endpointId?: string): Promise<WebhookDeliveryRecord | null> {
  const row = await db("webhook_deliveries")
    .where({ tenant_id: tenantId, id, ...(endpointId ? { endpoint_id: endpointId } : {}) })
    .first();
  return row ? toDelivery(row) : null;
}

export async function listDeliveries(
  db: Executor,
  tenantId: string,
  endpointId: string,
  paging: { limit: number; offset: number },
): Promise<{ items: WebhookDeliveryRecord[]; total: number }> {
  const base = () => db("webhook_deliveries").where({ tenant_id: tenantId, endpoint_id: endpointId });
  const [rows, count] = await Promise.all([
    base()
      .orderBy([
        { column: "created_at", order: "desc" },
        { column: "id", order: "desc" },
      ])
      .limit(paging.limit)
      .offset(paging.offset),
    base().count<{ count: number }>("* as count").first(),
  ]);
  return { items: rows.map(toDelivery), total: Number(count?.count ?? 0) };
}

/**
 * Records one attempt's outcome, only when the delivery is still pending after `round.attempts`
 * attempts of its round `round.replays`: a second copy of the same attempt (a job run twice), or
 * a job of an earlier round, records nothing.
 */
export async function recordAttempt(
  db: Executor,
  tenantId: string,
  id: string,
  round: { replays: number; attempts: number },
  outcome: {
    status: DeliveryStatus;
    responseCode: number | null;
    durationMs: number;
    error: string | null;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
  },
): Promise<WebhookDeliveryRecord | null> {
  const [row] = await db("webhook_deliveries")
    .where({ tenant_id: tenantId, id, status: "pending", attempts: round.attempts, replays: round.replays })
    .update({
      attempts: round.attempts + 1,
      status: outcome.status,
      last_response_code: outcome.responseCode,
      last_duration_ms: outcome.durationMs,
      last_error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      delivered_at: outcome.deliveredAt,
    })
    .returning("*");
  return row ? toDelivery(row) : null;
}

/** Ends a pending delivery without an attempt (its endpoint was disabled or deleted). */
export async function abandonDelivery(db: Executor, tenantId: string, id: string, reason: string): Promise<void> {
  await db("webhook_deliveries").where({ tenant_id: tenantId, id, status: "pending" }).update({ status: "failed", last_error: reason, next_attempt_at: null });
}

/** Starts a finished delivery over (a replay): same id, a new round of attempts from zero. Null when it is still pending. */
export async function restartDelivery(db: Executor, tenantId: string, id: string, at: Date): Promise<WebhookDeliveryRecord | null> {
  const [row] = await db("webhook_deliveries")
    .where({ tenant_id: tenantId, id })
    .whereNot({ status: "pending" })
    .update({ status: "pending", attempts: 0, replays: db.raw("replays + 1"), next_attempt_at: at, last_error: null, delivered_at: null })
    .returning("*");
  return row ? toDelivery(row) : null;
}

/**
 * Pending deliveries of every tenant, oldest first after `afterId`: at start, attempts whose job
 * was lost (the in-process queue ends with its process) are queued again.
 */
export async function listPendingDeliveries(db: Executor, afterId: string | null, limit: number, tenantIds?: string[]): Promise<WebhookDeliveryRecord[]> {
  const query = db("webhook_deliveries").where({ status: "pending" }).orderBy("id").limit(limit);
  if (afterId) query.where("id", ">", afterId);
  if (tenantIds) query.whereIn("tenant_id", tenantIds);
  return (await query).map(toDelivery);
}

/** Every tenant's endpoints with their sealed secret (a SESSION_SECRET rotation seals them again). */
export async function listSealedSecrets(db: Executor, tenantIds?: string[]): Promise<Array<{ tenantId: string; id: string; secretSealed: string }>> {
  const query = db("webhook_endpoints").select("tenant_id", "id", "secret_sealed");
  if (tenantIds) query.whereIn("tenant_id", tenantIds);
  const rows = await query;
  return rows.map((row) => ({ tenantId: row.tenant_id, id: row.id, secretSealed: row.secret_sealed }));
}

/** Replaces a secret's sealed form, only if it is still the one that was read. */
export async function replaceSealedSecret(db: Executor, tenantId: string, id: string, from: string, to: string): Promise<boolean> {
  const updated = await db("webhook_endpoints").where({ tenant_id: tenantId, id, secret_sealed: from }).update({ secret_sealed: to });
  return Number(updated) > 0;
}
