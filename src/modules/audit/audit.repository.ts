import type { Executor } from "../../platform/db.js";

export interface AuditEntryInput {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  metadata?: Record<string, unknown>;
  /** Defaults to the signed-in user of the context. */
  userId?: string | null;
}

/** Who acted and from where: a RequestContext fits, and so does a login before any context exists. */
export interface AuditActor {
  tenant: { id: string };
  user: { id: string } | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

/**
 * Writes one audit row. Call it with the transaction of the change it records, so the change
 * and its audit entry commit or fail together.
 */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await db("audit_logs").insert({
    tenant_id: actor.tenant.id,
    user_id: entry.userId === undefined ? (actor.user?.id ?? null) : entry.userId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    ip_address: actor.ip,
    user_agent: actor.userAgent?.slice(0, 1000) ?? null,
    metadata: JSON.stringify({ requestId: actor.requestId, ...(entry.metadata ?? {}) }),
  });
}
