import type { Executor } from "../../platform/db.js";
import type { Role } from "../../platform/context.js";
import { toUserRecord, type UserRecord } from "./users.repository.js";

/** The user, row-locked until the transaction ends (the caller is about to change or delete it). */
export async function lockUser(trx: Executor, tenantId: string, userId: string): Promise<UserRecord | null> {
  const row = await trx("users").where({ tenant_id: tenantId, id: userId }).forUpdate().first();
  return row ? toUserRecord(row) : null;
}

/**
 * Active owners, row-locked: two owners demoting or deleting each other at the same moment are
 * serialised here, and the second sees the first one's change, so a tenant never ends ownerless.
 */
export async function lockActiveOwnerIds(trx: Executor, tenantId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await trx("users")
    .select("id")
    .where({ tenant_id: tenantId, role: "owner" })
    .whereNull("deactivated_at")
    .orderBy("id")
    .forUpdate();
  return rows.map((row) => row.id);
}

export async function externalIdInUse(db: Executor, tenantId: string, externalId: string, exceptUserId?: string): Promise<boolean> {
  const query = db("users").where({ tenant_id: tenantId, external_id: externalId });
  if (exceptUserId) query.whereNot({ id: exceptUserId });
  return Boolean(await query.first("id"));
}

export async function emailInUse(db: Executor, tenantId: string, email: string, exceptUserId?: string): Promise<boolean> {
  const query = db("users").where({ tenant_id: tenantId }).whereRaw("lower(email) = lower(?)", [email]);
  if (exceptUserId) query.whereNot({ id: exceptUserId });
  return Boolean(await query.first("id"));
}

export interface UserChanges {
  name?: string;
  email?: string;
  role?: Role;
  primaryTeamId?: string | null;
  deactivatedAt?: Date | null;
  externalId?: string | null;
}

export async function updateUser(trx: Executor, tenantId: string, userId: string, changes: UserChanges, at: Date): Promise<UserRecord> {
  const columns: Record<string, unknown> = { updated_at: at };
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.email !== undefined) columns.email = changes.email;
  if (changes.role !== undefined) columns.role = changes.role;
  if (changes.primaryTeamId !== undefined) columns.primary_team_id = changes.primaryTeamId;
  if (changes.deactivatedAt !== undefined) columns.deactivated_at = changes.deactivatedAt;
  if (changes.externalId !== undefined) columns.external_id = changes.externalId;
  const [row] = await trx("users").where({ tenant_id: tenantId, id: userId }).update(columns).returning("*");
  return toUserRecord(row);
}

/** Deletes the user; memberships, upvotes, pulse invites and API tokens go with it (foreign keys). */
export async function deleteUser(trx: Executor, tenantId: string, userId: string): Promise<void> {
  await trx("users").where({ tenant_id: tenantId, id: userId }).delete();
}

/** The tenant's users with these (lower-case) addresses, row-locked until the transaction ends. */
export async function lockUsersByEmails(trx: Executor, tenantId: string, emails: string[]): Promise<UserRecord[]> {
  if (emails.length === 0) return [];
  const rows = await trx("users")
    .where({ tenant_id: tenantId })
    .whereRaw(`lower(email) in (${emails.map(() => "?").join(", ")})`, emails)
    .orderBy("id")
    .forUpdate();
  return rows.map(toUserRecord);
}
