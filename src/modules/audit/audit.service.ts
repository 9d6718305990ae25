import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { timeRange } from "../../platform/time-range.js";
import { keysetBatches } from "../../platform/export-rows.js";
import { auditExportBatch, listAuditEntries, type AuditCursor, type AuditExportRow, type AuditFilters } from "./audit.repository.js";
import type { AuditFilterQuery, AuditListQuery } from "./audit.schemas.js";

export function auditFilters(query: AuditFilterQuery): AuditFilters {
  return {
    userId: query.userId,
    action: query.action,
    entityType: query.entityType,
    entityId: query.entityId,
    range: timeRange(query.startDate, query.endDate),
  };
}

export function createAuditService(deps: { db: Database }) {
  const { db } = deps;

  async function list(ctx: RequestContext, query: AuditListQuery) {
    const page = { limit: query.limit, offset: query.offset };
    const { items, total } = await listAuditEntries(db, ctx.tenant.id, auditFilters(query), page);
    return { items, total, ...page };
  }

  /** Every matching entry, newest first, in batches read as the consumer asks for more. */
  function entries(ctx: RequestContext, query: AuditFilterQuery): AsyncIterable<readonly AuditExportRow[]> {
    const filters = auditFilters(query);
    return keysetBatches((after: AuditCursor | null, limit: number) => auditExportBatch(db, ctx.tenant.id, filters, after, limit));
  }

  return { list, entries };
}

export type AuditService = ReturnType<typeof createAuditService>;
