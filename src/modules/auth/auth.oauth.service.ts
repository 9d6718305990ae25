import type { Database, Executor } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { recordAudit, type AuditActor } from "../audit/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { createUser } from "../users/index.js";
import { findUserBySso, findUsersByEmails, linkSsoAccount, updateProfile, type UserRecord } from "../users/index.js";
import { accountDeactivated, signupNotAllowed } from "./auth.errors.js";
import { isCompanyProvider, PROVIDER_LABELS, type OAuthIdentity } from "./auth.oauth.profiles.js";

export interface ProvisionResult {
  user: UserRecord;
  /** How the account came to be signed in: `created` (first login), `linked` (existing email), or `existing`. */
  outcome: "created" | "linked" | "existing";
  /** Profile fields that changed at this sign-in. */
  refreshed: Array<"name" | "avatarUrl">;
}

const UNIQUE_VIOLATION = "23505";

/** Whether the tenant's sign-up policy lets a new person with this verified address join. */
function signupAllowed(settings: TenantSettings, email: string): boolean {
  const { signup, allowedEmailDomains } = settings.users;
  if (signup === "open") return true;
  if (signup === "invite") return false;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return allowedEmailDomains.includes(domain);
}

/**
 * The address a new person joins with: the first verified one (the primary first) the sign-up
 * policy lets in, so `domains` admits a verified work address that is not the primary; null
 * when none is.
 */
function signupAddress(settings: TenantSettings, identity: OAuthIdentity): string | null {
  return identity.verifiedEmails.find((email) => signupAllowed(settings, email)) ?? null;
}

/** Thrown inside the provisioning transaction; the refusal is audited after it rolls back. */
class SignupRefused extends Error {
  constructor(readonly policy: "domains" | "invite") {
    super("sign-up not allowed");
  }
}

/**
 * The existing account a first sign-in with this provider account belongs to, among the users of
 * the tenant whose address is one of the identity's verified addresses (each proves the person
 * reads that mailbox, as the primary does). An account with no sign-in yet and not deactivated is
 * linked: the first such in the identity's order (primary first). Failing that, the first match
 * decides the refusal (deactivated, or signs in another way), so a person whose other address
 * names a deactivated account cannot start a new one with this address. Null: a new person.
 */
async function accountToLink(trx: Executor, tenantId: string, identity: OAuthIdentity): Promise<UserRecord | null> {
  const found = await findUsersByEmails(trx, tenantId, identity.verifiedEmails);
  const ordered = identity.verifiedEmails.flatMap((email) => found.filter((user) => user.email.toLowerCase() === email));
  const linkable = (user: UserRecord) => !user.deactivatedAt && (!user.ssoProvider || takesOver(identity, user));
  return ordered.find(linkable) ?? ordered[0] ?? null;
}

/**
 * The tenant's own identity provider speaks for the tenant's addresses: an owner set it up (only
 * owners may, settings.service), so it takes over an account that signed in with GitHub, Google or
 * demo, as moving an organisation to company sign-in needs. A personal provider never takes an
 * account over, nor does a company provider take one from the other company provider's subject.
 */
function takesOver(identity: OAuthIdentity, user: UserRecord): boolean {
  return isCompanyProvider(identity.provider) && user.ssoProvider !== null && user.ssoProvider !== identity.provider;
}

function changedFields(user: UserRecord, identity: OAuthIdentity): Array<"name" | "avatarUrl"> {
  const changed: Array<"name" | "avatarUrl"> = [];
  if (user.name !== identity.name) changed.push("name");
  if (user.avatarUrl !== identity.avatarUrl) changed.push("avatarUrl");
  return changed;
}

/**
 * SPEC "OAuth flow and provisioning" for one tenant: the user signed in with this provider
 * account (name and avatar refreshed), or an account of the tenant with one of its verified
 * addresses and no sign-in linked yet (CONTRACT §8, accountToLink), or a new user through createUser (the tenant's default role
 * and team, audit `user.create`). Everything in one transaction.
 */
export function createOAuthService(deps: {
  db: Database;
  /** After a sign-in that changed a user's name or avatar: their requests and the boards read them anew. */
  usersChanged(tenantId: string): Promise<void>;
}) {
  async function provisionOnce(trx: Executor, actor: AuditActor, settings: TenantSettings, identity: OAuthIdentity): Promise<ProvisionResult> {
    const tenantId = actor.tenant.id;
    const known = await findUserBySso(trx, tenantId, identity.provider, identity.providerUserId);
    if (known) {
      if (known.deactivatedAt) throw accountDeactivated();
      const refreshed = changedFields(known, identity);
      const user = refreshed.length ? await updateProfile(trx, tenantId, known.id, identity) : known;
      return { user, outcome: "existing", refreshed };
    }

    const existing = await accountToLink(trx, tenantId, identity);
    if (existing) {
      if (existing.deactivatedAt) throw accountDeactivated();
      if (existing.ssoProvider && !takesOver(identity, existing)) {
        const how = PROVIDER_LABELS[existing.ssoProvider as keyof typeof PROVIDER_LABELS] ?? existing.ssoProvider;
        throw new AppError(
          "ACCOUNT_EXISTS",
          409,
          `The address ${existing.email} already belongs to an account of this organisation that signs in with ${how}. Sign in with ${how} instead.`,
        );
      }
      const refreshed = changedFields(existing, identity);
      const replacing = existing.ssoProvider && existing.ssoId ? { provider: existing.ssoProvider, id: existing.ssoId } : null;
      const linked = await linkSsoAccount(trx, tenantId, existing.id, identity, replacing);
      // Somebody linked it a moment ago: the retry in provision() sees the new state.
      if (!linked) throw Object.assign(new Error("account linked concurrently"), { code: UNIQUE_VIOLATION });
      await recordAudit(trx, actor, {
        action: "user.update",
        entityType: "user",
        entityId: linked.id,
        userId: linked.id,
        before: { ssoProvider: existing.ssoProvider, name: existing.name, avatarUrl: existing.avatarUrl },
        after: { ssoProvider: identity.provider, name: linked.name, avatarUrl: linked.avatarUrl },
        metadata: { reason: "sso_link", provider: identity.provider },
      });
      return { user: linked, outcome: "linked", refreshed };
    }

    // Existing users (above) always sign in; a new person only as the sign-up policy allows.
    const email = signupAddress(settings, identity);
    if (!email) throw new SignupRefused(settings.users.signup as "domains" | "invite");
    const user = await createUser(
      trx,
      actor,
      settings,
      { email, name: identity.name, avatarUrl: identity.avatarUrl, ssoProvider: identity.provider, ssoId: identity.providerUserId },
      { provider: identity.provider, via: "oauth_first_login" },
    );
    return { user, outcome: "created", refreshed: [] };
  }

  /**
   * Two first sign-ins of one person can race (two tabs): the loser hits a unique index and
   * retries once, finding the account the winner created.
   */
  async function provisionRacing(actor: AuditActor, settings: TenantSettings, identity: OAuthIdentity): Promise<ProvisionResult> {
    try {
      return await deps.db.transaction((trx) => provisionOnce(trx, actor, settings, identity));
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      return await deps.db.transaction((trx) => provisionOnce(trx, actor, settings, identity));
    }
  }

  async function provision(actor: AuditActor, settings: TenantSettings, identity: OAuthIdentity, organisation: string): Promise<ProvisionResult> {
    try {
      const result = await provisionRacing(actor, settings, identity);
      if (result.outcome === "linked" || result.refreshed.length > 0) await deps.usersChanged(actor.tenant.id);
      return result;
    } catch (error) {
      if (!(error instanceof SignupRefused)) throw error;
      // Admins see who tried to join: nobody is signed in, so the entry names no user.
      await deps.db.transaction((trx) =>
        recordAudit(trx, actor, {
          action: "user.signup_refused",
          entityType: "user",
          entityId: null,
          metadata: { provider: identity.provider, email: identity.email, name: identity.name, policy: error.policy },
        }),
      );
      throw signupNotAllowed(error.policy, organisation);
    }
  }

  return { provision };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
