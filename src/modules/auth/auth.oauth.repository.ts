import type { Executor } from "../../platform/db.js";
import { toUserRecord, type UserRecord } from "../users/users.repository.js";

/** The users-table queries of OAuth sign-in (the users module owns the rest). */

export async function findUserByEmail(db: Executor, tenantId: string, email: string): Promise<UserRecord | null> {
  const row = await db("users").where({ tenant_id: tenantId }).whereRaw("lower(email) = ?", [email.toLowerCase()]).first();
  return row ? toUserRecord(row) : null;
}

/** Attaches a provider account to a user that had none (CONTRACT §8), only if it still has none. */
export async function linkSsoAccount(
  db: Executor,
  tenantId: string,
  userId: string,
  link: { provider: string; providerUserId: string; name: string; avatarUrl: string | null },
): Promise<UserRecord | null> {
  const [row] = await db("users")
    .where({ tenant_id: tenantId, id: userId })
    .whereNull("sso_id")
    .update({ sso_provider: link.provider, sso_id: link.providerUserId, name: link.name, avatar_url: link.avatarUrl, updated_at: db.fn.now() })
    .returning("*");
  return row ? toUserRecord(row) : null;
}

export async function updateProfile(db: Executor, tenantId: string, userId: string, profile: { name: string; avatarUrl: string | null }): Promise<UserRecord> {
  const [row] = await db("users")
    .where({ tenant_id: tenantId, id: userId })
    .update({ name: profile.name, avatar_url: profile.avatarUrl, updated_at: db.fn.now() })
    .returning("*");
  return toUserRecord(row);
}
