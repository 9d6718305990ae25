import { isoTimestampSql, type Executor, type DatabaseRow } from "../../platform/db.js";
import { hideActor } from "../../platform/hidden-actor.js";
import type { TimeRange } from "../../platform/time-range.js";
import type { AUDIT_ACTIONS, AuditAction } from "./audit.constants.js";

/** An action with the entity type it is recorded under (AUDIT_ACTIONS), and what changed. */
export type AuditEntryInput = { [A in AuditAction]: { action: A; entityType: (typeof AUDIT_ACTIONS)[A][number] } }[AuditAction] & AuditEntryDetails;

interface AuditEntryDetails {
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
  await db("audit_logs").insert(auditRow(actor, entry));
}

/** Several entries of one actor in one statement per thousand (a bulk change, such as a CSV import). */
export async function recordAudits(db: Executor, actor: AuditActor, entries: AuditEntryInput[]): Promise<void> {
  for (let start = 0; start < entries.length; start += BULK_ROWS) {
    await db("audit_logs").insert(entries.slice(start, start + BULK_ROWS).map((entry) => auditRow(actor, entry)));
  }
}

/** Rows per multi-row insert: about 10,000 bound values, far below PostgreSQL's 65,535. */
const BULK_ROWS = 1000;

/** The audit_logs columns of one entry: for a statement that writes its change and its audit row at once. */
function auditRow(actor: AuditActor, entry: AuditEntryInput) {
  // A signed-in actor left unnamed (the author of an anonymous question) leaves no address or
  // browser either: admins could match those to the same person's sign-in entries.
  const actorHidden = entry.userId === null && actor.user !== null;
  // Nor does the request's log line (its address): whatever leaves the actor unnamed here.
  if (actorHidden) hideActor(actor);
  return {
    tenant_id: actor.tenant.id,
    user_id: entry.userId === undefined ? (actor.user?.id ?? null) : entry.userId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    ip_address: actorHidden ? null : actor.ip,
    user_agent: actorHidden ? null : (actor.userAgent?.slice(0, 1000) ?? null),
    metadata: JSON.stringify({ requestId: actor.requestId, ...(entry.metadata ?? {}) }),
  };
}

/**
 * The insert of an audit row for a statement that writes its change and the row together (a
 * data-modifying CTE): one row per row of `from`, with `before` and `after` as SQL over it (e.g.
 * the count a vote's update returned). A single statement commits alone, so no transaction stays
 * open across round trips while it holds the changed rows.
 */
export function auditInsertFrom(
  actor: AuditActor,
  entry: AuditEntryInput,
  from: { relation: string; before: string; after: string },
): { sql: string; bindings: Array<string | null> } {
  const row = auditRow(actor, entry);
  return {
    sql: `insert into audit_logs (tenant_id, user_id, action, entity_type, entity_id, ip_address, user_agent, metadata, before, after)
          select ?::uuid, ?::uuid, ?, ?, ?::uuid, ?, ?, ?::jsonb, ${from.before}, ${from.after} from ${from.relation}`,
    bindings: [row.tenant_id, row.user_id, row.action, row.entity_type, row.entity_id, row.ip_address, row.user_agent, row.metadata],
  };
}

export interface AuditFilters {
  userId?: string;
  /** Exact action, or a prefix when it ends in `*`. */
  action?: string;
  entityType?: string;
  entityId?: string;
  range: TimeRange;
}

export interface AuditEntry {
  id: string;
  tenantId: string;
  userId: string | null;
  user: { id: string; name: string; email: string } | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
}

const parseJson = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

function toAuditEntry(row: DatabaseRow): AuditEntry {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id ?? null,
    user: row.user_name === null || row.user_name === undefined ? null : { id: row.user_id, name: row.user_name, email: row.user_email },
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id ?? null,
    before: parseJson(row.before) ?? null,
    after: parseJson(row.after) ?? null,
    ipAddress: row.ip_address ?? null,
    userAgent: row.user_agent ?? null,
    metadata: parseJson(row.metadata) ?? {},
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function filtered(db: Executor, tenantId: string, filters: AuditFilters) {
  const query = db("audit_logs as a").where("a.tenant_id", tenantId);
  if (filters.userId) query.andWhere("a.user_id", filters.userId);
  if (filters.action?.endsWith("*")) {
    const prefix = filters.action.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`);
    query.andWhere("a.action", "like", `${prefix}%`);
  } else if (filters.action) {
    query.andWhere("a.action", filters.action);
  }
  if (filters.entityType) query.andWhere("a.entity_type", filters.entityType);
  if (filters.entityId) query.andWhere("a.entity_id", filters.entityId);
  if (filters.range.from) query.andWhere("a.created_at", ">=", filters.range.from);
  if (filters.range.before) query.andWhere("a.created_at", "<", filters.range.before);
  if (filters.range.until) query.andWhere("a.created_at", "<=", filters.range.until);
  return query;
}

function withUser(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin("users as u", function joinActor() {
      this.on("u.tenant_id", "=", "a.tenant_id").andOn("u.id", "=", "a.user_id");
    })
    .select("a.*", "u.name as user_name", "u.email as user_email");
}

/** Newest first (ties broken by id, so pages never overlap). */
export async function listAuditEntries(
  db: Executor,
  tenantId: string,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    withUser(filtered(db, tenantId, filters))
      .orderBy([
        { column: "a.created_at", order: "desc" },
        { column: "a.id", order: "desc" },
      ])
      .limit(page.limit)
      .offset(page.offset),
    filtered(db, tenantId, filters).count<{ count: number }>("* as count").first(),
  ]);
  return { items: rows.map(toAuditEntry), total: Number(count?.count ?? 0) };
}

export interface AuditCursor {
  /** created_at as PostgreSQL text: full microsecond precision, which a JavaScript Date would lose. */
  at: string;
  id: string;
}

/** An audit entry as exported: JSON columns and times as the database's text, passed through unparsed. */
export interface AuditExportRow {
  id: string;
  createdAt: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  beforeJson: string | null;
  afterJson: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  metadataJson: string;
}

/**
 * One batch of the export, newest first, strictly after the cursor (keyset paging: each batch is
 * an index range scan, whatever the depth, and no connection or snapshot is held in between).
 */
export async function auditExportBatch(
  db: Executor,
  tenantId: string,
  filters: AuditFilters,
  after: AuditCursor | null,
  limit: number,
): Promise<Array<AuditExportRow & { cursor: AuditCursor }>> {
  const query = filtered(db, tenantId, filters)
    .leftJoin("users as u", function joinActor() {
      this.on("u.tenant_id", "=", "a.tenant_id").andOn("u.id", "=", "a.user_id");
    })
    .select(
      "a.id",
      "a.user_id",
      "u.name as user_name",
      "u.email as user_email",
      "a.action",
      "a.entity_type",
      "a.entity_id",
      "a.ip_address",
      "a.user_agent",
      db.raw(`${isoTimestampSql("a.created_at")} as created_at`),
      db.raw("a.before::text as before_json, a.after::text as after_json, a.metadata::text as metadata_json"),
      db.raw("a.created_at::text as cursor_at"),
    );
  if (after) query.andWhereRaw("(a.created_at, a.id) < (?::timestamptz, ?::uuid)", [after.at, after.id]);
  const rows = await query
    .orderBy([
      { column: "a.created_at", order: "desc" },
      { column: "a.id", order: "desc" },
    ])
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    userId: row.user_id ?? null,
    userName: row.user_name ?? null,
    userEmail: row.user_email ?? null,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id ?? null,
    beforeJson: row.before_json ?? null,
    afterJson: row.after_json ?? null,
    ipAddress: row.ip_address ?? null,
    userAgent: row.user_agent ?? null,
    metadataJson: row.metadata_json,
    cursor: { at: row.cursor_at, id: row.id },
  }));
}

export interface SettingChange {
  /** The setting's dotted path, e.g. "pulse.anonThreshold". */
  path: string;
  from: unknown;
  to: unknown;
  changedAt: string;
}

/**
 * Changes of the given settings in the last `days` days (by the database's clock, which dates
 * the entries), newest first, read from the settings.update entries: the audit log cannot be
 * changed or deleted, so what it says changed did change.
 */
export async function listSettingChanges(db: Executor, tenantId: string, paths: string[], days: number): Promise<SettingChange[]> {
  const rows: Array<{ before: unknown; after: unknown; created_at: Date }> = await db("audit_logs")
    .where({ tenant_id: tenantId, action: "settings.update" })
    .andWhereRaw("created_at >= now() - make_interval(days => ?)", [days])
    .andWhere((query) => {
      for (const path of paths) query.orWhereRaw("metadata->'changed' @> ?::jsonb", [JSON.stringify([path])]);
    })
    .orderBy([
      { column: "created_at", order: "desc" },
      { column: "id", order: "desc" },
    ])
    .select("before", "after", "created_at");
  const at = (value: unknown, path: string) =>
    path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], parseJson(value));
  return rows.flatMap((row) =>
    paths
      .map((path) => ({ path, from: at(row.before, path), to: at(row.after, path), changedAt: new Date(row.created_at).toISOString() }))
      .filter((change) => change.from !== undefined && JSON.stringify(change.from) !== JSON.stringify(change.to)),
  );
}
