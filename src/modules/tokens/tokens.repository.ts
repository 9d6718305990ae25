import type { Executor, DatabaseRow } from "../../platform/db.js";
import type { TokenScope } from "./tokens.schemas.js";

export interface TokenRecord {
  id: string;
  tenantId: string;
  userId: string;
  name: string;
  prefix: string;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toTokenRecord(row: DatabaseRow): TokenRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    name: row.name,
    prefix: row.token_prefix,
    scope: row.scope,
    createdAt: iso(row.created_at) as string,
    expiresAt: iso(row.expires_at) as string,
    lastUsedAt: iso(row.last_used_at ?? null),
  };
}

export async function insertToken(
  db: Executor,
  input: { tenantId: string; userId: string; name: string; tokenHash: string; tokenPrefix: string; scope: TokenScope; createdAt: Date; expiresAt: Date },
): Promise<TokenRecord> {
  const [row] = await db("api_tokens")
    .insert({
      tenant_id: input.tenantId,
      user_id: input.userId,
      name: input.name,
      token_hash: input.tokenHash,
      token_prefix: input.tokenPrefix,
      scope: input.scope,
      created_at: input.createdAt,
      expires_at: input.expiresAt,
    })
    .returning("*");
  return toTokenRecord(row);
}

export async function listUserTokens(db: Executor, tenantId: string, userId: string): Promise<TokenRecord[]> {
  const rows = await db("api_tokens")
    .where({ tenant_id: tenantId, user_id: userId })
    .orderBy([{ column: "created_at", order: "desc" }, { column: "id" }]);
  return rows.map(toTokenRecord);
}

export async function countUserTokens(db: Executor, tenantId: string, userId: string): Promise<number> {
  const row = await db("api_tokens").where({ tenant_id: tenantId, user_id: userId }).count<{ count: number }>("* as count").first();
  return Number(row?.count ?? 0);
}

/** Deletes one of the user's tokens; null when the user has no such token (another user's or tenant's included). */
export async function deleteUserToken(db: Executor, tenantId: string, userId: string, id: string): Promise<TokenRecord | null> {
  const [row] = await db("api_tokens").where({ tenant_id: tenantId, user_id: userId, id }).delete().returning("*");
  return row ? toTokenRecord(row) : null;
}

/**
 * The one lookup not scoped to a tenant: the token is what names the tenant of a bearer request.
 * Every query after it is scoped to the tenant it returns.
 */
export async function findTokenByHash(db: Executor, tokenHash: string): Promise<TokenRecord | null> {
  const row = await db("api_tokens").where({ token_hash: tokenHash }).first();
  return row ? toTokenRecord(row) : null;
}

/** Of these tokens (each in its tenant), the ids of those that still exist and have not expired (live streams check their token). */
export async function listLiveTokenIds(db: Executor, tokens: Array<{ tenantId: string; tokenId: string }>, now: Date): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const result = await db.raw(
    `select t.id from api_tokens t join unnest(?::uuid[], ?::uuid[]) as k(tenant_id, id) on t.tenant_id = k.tenant_id and t.id = k.id
     where t.expires_at > ?`,
    [`{${tokens.map((token) => token.tenantId).join(",")}}`, `{${tokens.map((token) => token.tokenId).join(",")}}`, now],
  );
  return new Set((result.rows as Array<{ id: string }>).map((row) => row.id));
}

/** Records use at most once a minute per token, so a busy script does not write on every request. */
export async function touchToken(db: Executor, tenantId: string, id: string, at: Date): Promise<void> {
  await db("api_tokens")
    .where({ tenant_id: tenantId, id })
    .andWhere((query) => query.whereNull("last_used_at").orWhere("last_used_at", "<", new Date(at.getTime() - 60_000)))
    .update({ last_used_at: at });
}
