import type { Executor } from "../../platform/db.js";

/**
 * SAML's pending requests and used assertions (migration company_sign_in). Both live in the
 * database, not in a process: the identity provider's answer may reach any instance, and a replay
 * must be refused by all of them.
 */

export interface PendingSamlRequest {
  requestId: string;
  tenantId: string;
  returnTo: string | null;
  testBy: string | null;
  expiresAt: Date;
}

/** Expired rows removed per insert: bounded, so a sign-in never pays for a long backlog at once. */
const CLEANUP_BATCH = 100;

function toPending(row: Record<string, unknown>): PendingSamlRequest {
  return {
    requestId: row.request_id as string,
    tenantId: row.tenant_id as string,
    returnTo: (row.return_to as string | null) ?? null,
    testBy: (row.test_by as string | null) ?? null,
    expiresAt: new Date(row.expires_at as string | Date),
  };
}

export async function insertSamlRequest(db: Executor, request: PendingSamlRequest, now: Date): Promise<void> {
  await db.raw(
    `delete from saml_requests where request_id in (select request_id from saml_requests where expires_at <= ? order by expires_at limit ${CLEANUP_BATCH})`,
    [now],
  );
  await db("saml_requests").insert({
    request_id: request.requestId,
    tenant_id: request.tenantId,
    return_to: request.returnTo,
    test_by: request.testBy,
    expires_at: request.expiresAt,
  });
}

/** The pending request an answer names, if it is still pending (not used, not expired). */
export async function findSamlRequest(db: Executor, requestId: string, now: Date): Promise<PendingSamlRequest | null> {
  const row = await db("saml_requests").where({ request_id: requestId }).andWhere("expires_at", ">", now).first();
  return row ? toPending(row) : null;
}

/**
 * Uses up a pending request: true for exactly one caller, however many answers naming it arrive
 * at once (the delete is the check).
 */
export async function consumeSamlRequest(db: Executor, requestId: string, tenantId: string, now: Date): Promise<boolean> {
  const deleted = await db("saml_requests").where({ request_id: requestId, tenant_id: tenantId }).andWhere("expires_at", ">", now).delete();
  return deleted === 1;
}

/**
 * Records an assertion as used until it expires; false when it already was (a replay). One
 * insert with the unique key decides, so two instances receiving the same assertion at once
 * cannot both accept it.
 */
export async function recordUsedAssertion(db: Executor, entry: { tenantId: string; assertionId: string; expiresAt: Date }, now: Date): Promise<boolean> {
  await db.raw(
    `delete from saml_used_assertions where (tenant_id, assertion_id) in (select tenant_id, assertion_id from saml_used_assertions where expires_at <= ? order by expires_at limit ${CLEANUP_BATCH})`,
    [now],
  );
  const inserted = await db("saml_used_assertions")
    .insert({ tenant_id: entry.tenantId, assertion_id: entry.assertionId, expires_at: entry.expiresAt })
    .onConflict(["tenant_id", "assertion_id"])
    .ignore()
    .returning(["assertion_id"]);
  return inserted.length === 1;
}
