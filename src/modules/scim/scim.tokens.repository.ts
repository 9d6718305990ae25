import type { DatabaseRow, Executor } from "../../platform/db.js";

export interface ScimTokenRecord {
  id: string;
  tenantId: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function toScimTokenRecord(row: DatabaseRow): ScimTokenRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    prefix: row.token_prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export async function insertScimToken(
  db: Executor,
  input: { tenantId: string; name: string; tokenHash: string; tokenPrefix: string; createdBy: string | null; createdAt: Date },
): Promise<ScimTokenRecord> {
  const [row] = await db("scim_tokens")
    .insert({
      tenant_id: input.tenantId,
      name: input.name,
      token_hash: input.tokenHash,
      token_prefix: input.tokenPrefix,
      created_by: input.createdBy,
      created_at: input.createdAt,
    })
    .returning("*");
  return toScimTokenRecord(row);
}

export async function listScimTokens(db: Executor, tenantId: string): Promise<ScimTokenRecord[]> {
  const rows = await db("scim_tokens")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id" }]);
  return rows.map(toScimTokenRecord);
}

export async function countScimTokens(db: Executor, tenantId: string): Promise<number> {
  const row = await db("scim_tokens").where({ tenant_id: tenantId }).count<{ count: number }>("* as count").first();
  return Number(row?.count ?? 0);
}

/** Deletes one of the tenant's SCIM tokens; null when it has no such token. */
export async function deleteScimToken(db: Executor, tenantId: string, id: string): Promise<ScimTokenRecord | null> {
  const [row] = await db("scim_tokens").where({ tenant_id: tenantId, id }).delete().returning("*");
  return row ? toScimTokenRecord(row) : null;
}

/** Not scoped to a tenant: the token is what names the tenant of a SCIM request. */
export async function findScimTokenByHash(db: Executor, tokenHash: string): Promise<ScimTokenRecord | null> {
  const row = await db("scim_tokens").where({ token_hash: tokenHash }).first();
  return row ? toScimTokenRecord(row) : null;
}

/** At most once a minute per token: an identity provider's sync sends many requests in a burst. */
export async function touchScimToken(db: Executor, tenantId: string, id: string, at: Date): Promise<void> {
  await db("scim_tokens")
    .where({ tenant_id: tenantId, id })
    .andWhere((query) => query.whereNull("last_used_at").orWhere("last_used_at", "<", new Date(at.getTime() - 60_000)))
    .update({ last_used_at: at });
}
