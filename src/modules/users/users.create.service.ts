import type { Executor } from "../../platform/db.js";
import type { Role } from "../../platform/context.js";
import { recordAudit, type AuditActor } from "../audit/index.js";
import { ensureMembership, findTeam } from "../teams/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { insertUser, type UserRecord } from "./users.repository.js";

export interface NewUserInput {
  email: string;
  name: string;
  avatarUrl?: string | null;
  /** Omitted: the tenant's `users.defaultRole`. */
  role?: Role;
  /** Omitted: the tenant's `users.defaultTeamId` (when that team still exists). */
  primaryTeamId?: string | null;
  ssoProvider?: "demo" | "github" | "google" | null;
  ssoId?: string | null;
  /** The identity provider's id (SCIM `externalId`). */
  externalId?: string | null;
  /** Made by the identity provider (SCIM): no person acted, and the new user did not sign up themselves. */
  provisioned?: boolean;
}

/**
 * The one way a user comes into existence after the tenant is set up (admin creation, first
 * OAuth sign-in): SPEC/CONTRACT §6 defaults applied, the primary team's `member` membership
 * added, and `user.create` audited, all in the caller's transaction.
 */
export async function createUser(
  trx: Executor,
  actor: AuditActor,
  settings: TenantSettings,
  input: NewUserInput,
  auditMetadata: Record<string, unknown> = {},
): Promise<UserRecord> {
  const tenantId = actor.tenant.id;
  const primaryTeamId = input.primaryTeamId !== undefined ? input.primaryTeamId : await existingTeamId(trx, tenantId, settings.users.defaultTeamId);
  const user = await insertUser(trx, tenantId, {
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    avatarUrl: input.avatarUrl ?? null,
    role: input.role ?? settings.users.defaultRole,
    primaryTeamId,
    ssoProvider: input.ssoProvider ?? null,
    ssoId: input.ssoId ?? null,
    externalId: input.externalId ?? null,
  });
  // CONTRACT §8: the primary team comes with a `member` membership, whatever the tenant role; a
  // viewer stays read-only through the tenant role (team roles only grant moderation).
  if (primaryTeamId) {
    await ensureMembership(trx, tenantId, primaryTeamId, user.id, "member");
  }
  await recordAudit(trx, actor, {
    action: "user.create",
    entityType: "user",
    entityId: user.id,
    // Signed-in actors create others; at a first OAuth sign-in the user creates themselves; an
    // identity provider is no user (its entries say `via: scim`).
    userId: actor.user?.id ?? (input.provisioned ? null : user.id),
    after: { email: user.email, name: user.name, role: user.role, primaryTeamId: user.primaryTeamId },
    metadata: auditMetadata,
  });
  return user;
}

async function existingTeamId(trx: Executor, tenantId: string, teamId: string | null): Promise<string | null> {
  if (!teamId) return null;
  return (await findTeam(trx, tenantId, teamId))?.id ?? null;
}
