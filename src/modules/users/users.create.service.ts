import type { Executor } from "../../platform/db.js";
import type { Role } from "../../platform/context.js";
import { recordAudits, type AuditActor } from "../audit/index.js";
import { ensureMemberships, findTeam } from "../teams/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { insertUsers, type UserRecord } from "./users.repository.js";

export interface NewUserInput {
  email: string;
  name: string;
  avatarUrl?: string | null;
  /** Omitted: the tenant's `users.defaultRole`. */
  role?: Role;
  /** Omitted: the tenant's `users.defaultTeamId` (when that team still exists). */
  primaryTeamId?: string | null;
  ssoProvider?: "demo" | "github" | "google" | "oidc" | "saml" | null;
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
  const [user] = await createUsers(trx, actor, settings, [input], auditMetadata);
  return user as UserRecord;
}

/** createUser for many people at once (a CSV import): the same rows, in a few statements rather than three per person. */
export async function createUsers(
  trx: Executor,
  actor: AuditActor,
  settings: TenantSettings,
  inputs: NewUserInput[],
  auditMetadata: Record<string, unknown> = {},
): Promise<UserRecord[]> {
  if (inputs.length === 0) return [];
  const tenantId = actor.tenant.id;
  const defaultTeamId = inputs.some((input) => input.primaryTeamId === undefined) ? await existingTeamId(trx, tenantId, settings.users.defaultTeamId) : null;
  const users = await insertUsers(
    trx,
    tenantId,
    inputs.map((input) => ({
      email: input.email.trim().toLowerCase(),
      name: input.name.trim(),
      avatarUrl: input.avatarUrl ?? null,
      role: input.role ?? settings.users.defaultRole,
      primaryTeamId: input.primaryTeamId !== undefined ? input.primaryTeamId : defaultTeamId,
      ssoProvider: input.ssoProvider ?? null,
      ssoId: input.ssoId ?? null,
      externalId: input.externalId ?? null,
    })),
  );
  // CONTRACT §8: the primary team comes with a `member` membership, whatever the tenant role; a
  // viewer stays read-only through the tenant role (team roles only grant moderation).
  const memberships = users.flatMap((user) => (user.primaryTeamId ? [{ teamId: user.primaryTeamId, userId: user.id }] : []));
  await ensureMemberships(trx, tenantId, memberships, "member");
  await recordAudits(
    trx,
    actor,
    users.map((user, index) => ({
      action: "user.create",
      entityType: "user",
      entityId: user.id,
      // Signed-in actors create others; at a first OAuth sign-in the user creates themselves; an
      // identity provider is no user (its entries say `via: scim`).
      userId: actor.user?.id ?? (inputs[index]?.provisioned ? null : user.id),
      after: { email: user.email, name: user.name, role: user.role, primaryTeamId: user.primaryTeamId },
      metadata: auditMetadata,
    })),
  );
  return users;
}

async function existingTeamId(trx: Executor, tenantId: string, teamId: string | null): Promise<string | null> {
  if (!teamId) return null;
  return (await findTeam(trx, tenantId, teamId))?.id ?? null;
}
