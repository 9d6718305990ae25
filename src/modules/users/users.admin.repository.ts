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
}

export async function updateUser(trx: Executor, tenantId: string, userId: string, changes: UserChanges, at: Date): Promise<UserRecord> {
  const columns: Record<string, unknown> = { updated_at: at };
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.email !== undefined) columns.email = changes.email;
  if (changes.role !== undefined) columns.role = changes.role;
  if (changes.primaryTeamId !== undefined) columns.primary_team_id = changes.primaryTeamId;
  if (changes.deactivatedAt !== undefined) columns.deactivated_at = changes.deactivatedAt;
  const [row] = await trx("users").where({ tenant_id: tenantId, id: userId }).update(columns).returning("*");
  return toUserRecord(row);
}

/** A primary team implies membership (as createUser does); an existing membership keeps its role. */
export async function ensureMembership(trx: Executor, tenantId: string, teamId: string, userId: string, role: "member" | "viewer"): Promise<void> {
  await trx.raw("insert into team_members (tenant_id, team_id, user_id, role) values (?, ?, ?, ?) on conflict do nothing", [tenantId, teamId, userId, role]);
}

/**
 * SPEC: a deleted user's questions remain, anonymised. The foreign key clears author_id when
 * the row goes; marking them anonymous as well keeps every reader (and export) from treating
 * them as authored by someone.
 */
export async function anonymiseQuestionsOf(trx: Executor, tenantId: string, userId: string): Promise<number> {
  return trx("questions").where({ tenant_id: tenantId, author_id: userId }).update({ is_anonymous: true });
}

/**
 * The user's upvotes go with the user (foreign key): take them off the questions' counters first
 * so each count still equals its upvote rows. Returns the new counts (visible: not under review).
 */
export async function withdrawUpvotesOf(
  trx: Executor,
  tenantId: string,
  userId: string,
): Promise<Array<{ questionId: string; upvoteCount: number; visible: boolean }>> {
  const rows: Array<{ id: string; upvote_count: number; status: string }> = await trx("questions")
    .where({ tenant_id: tenantId })
    .whereIn("id", trx("upvotes").select("question_id").where({ tenant_id: tenantId, user_id: userId }))
    .update({ upvote_count: trx.raw("greatest(upvote_count - 1, 0)") })
    .returning(["id", "upvote_count", "status"]);
  return rows.map((row) => ({ questionId: row.id, upvoteCount: Number(row.upvote_count), visible: row.status !== "UNDER_REVIEW" }));
}

/** Deletes the user; memberships, upvotes, pulse invites and API tokens go with it (foreign keys). */
export async function deleteUser(trx: Executor, tenantId: string, userId: string): Promise<void> {
  await trx("users").where({ tenant_id: tenantId, id: userId }).delete();
}
