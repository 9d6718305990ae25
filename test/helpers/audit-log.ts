import type { Database } from "../../src/platform/db.js";

/** Reads of the audit log, for tests that check what an action recorded. */

export async function auditActions(db: Database, tenantId: string, action?: string): Promise<Array<Record<string, any>>> {
  const query = db("audit_logs")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "created_at" }, { column: "id" }]);
  if (action) query.andWhere({ action });
  return query;
}

/** The audit actions recorded on one entity, oldest first. */
export async function auditActionsOn(db: Database, tenantId: string, entityId: string): Promise<string[]> {
  const rows = await db("audit_logs")
    .where({ tenant_id: tenantId, entity_id: entityId })
    .orderBy([{ column: "created_at" }, { column: "id" }]);
  return rows.map((row) => row.action as string);
}
