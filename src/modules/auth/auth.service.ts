import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { RequestContext, Role } from "../../platform/context.js";
import { AppError, errors } from "../../platform/errors.js";
import { roleAtLeast } from "../../platform/roles.constants.js";
import type { RateLimitRule, RateLimitService } from "../../platform/rate-limit.js";
import { recordAudit } from "../audit/index.js";
import type { TenantDirectory } from "../tenants/index.js";
import type { TenantWithSettings } from "../tenants/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { findUserBySso, listDemoUsernames, touchLastLogin, type UserRecord } from "../users/index.js";
import { DEMO_USERNAMES } from "./auth.schemas.js";
import { accountDeactivated } from "./auth.errors.js";

export interface AuthServiceDeps {
  config: Config;
  db: Database;
  clock: Clock;
  tenants: TenantDirectory;
  rateLimits: RateLimitService;
}

/** SPEC/CONTRACT §8: 5 sign-in attempts per 5 minutes per IP and tenant (production, Redis). */
export const LOGIN_ATTEMPTS: RateLimitRule = { name: "login", points: 5, durationSeconds: 300 };

/** SPEC: session lifetime in hours from the tenant settings, the admin one for admins and owners. */
export function sessionLifetimeMs(role: Role, settings: TenantSettings): number {
  const hours = roleAtLeast(role, "admin") ? settings.security.adminSessionTimeout : settings.security.sessionTimeout;
  return hours * 3600 * 1000;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { config, db, clock } = deps;

  function enabledStrategies(): Array<"demo" | "github" | "google"> {
    const strategies: Array<"demo" | "github" | "google"> = [];
    if (config.auth.demoEnabled) strategies.push("demo");
    if (config.auth.github) strategies.push("github");
    if (config.auth.google) strategies.push("google");
    return strategies;
  }

  /** The server's sign-in ways this tenant may use: demo, GitHub and Google are off where it requires company sign-in. */
  function personalSignIn(settings: TenantSettings) {
    const open = !settings.auth.requireSso;
    return { demo: open && config.auth.demoEnabled, github: open && Boolean(config.auth.github), google: open && Boolean(config.auth.google) };
  }

  async function modes(ctx: RequestContext) {
    const personal = personalSignIn(ctx.settings);
    const { oidc, saml, requireSso } = ctx.settings.auth;
    const startUrl = (path: string) => `${path}?${new URLSearchParams({ tenant: ctx.tenant.slug })}`;
    const demoUsers = personal.demo ? await listDemoUsernames(db, ctx.tenant.id, DEMO_USERNAMES) : [];
    const list: Array<"demo" | "oauth" | "oidc" | "saml"> = [];
    if (personal.demo) list.push("demo");
    if (personal.github || personal.google) list.push("oauth");
    if (oidc) list.push("oidc");
    if (saml) list.push("saml");
    return {
      modes: list,
      demo: { enabled: personal.demo, users: demoUsers },
      oauth: { github: personal.github, google: personal.google },
      sso: {
        required: requireSso,
        oidc: oidc ? { label: oidc.buttonLabel, url: startUrl("/auth/oidc") } : null,
        saml: saml ? { label: saml.buttonLabel, url: startUrl("/auth/saml") } : null,
      },
    };
  }

  /** 403 SSO_REQUIRED: the tenant signs in only with its own identity provider (auth.requireSso). */
  function assertPersonalSignInAllowed(target: TenantWithSettings, how: string): void {
    if (!target.settings.auth.requireSso) return;
    throw new AppError("SSO_REQUIRED", 403, `${target.tenant.name} signs in with its company account only, not with ${how}. Use the company sign-in button.`);
  }

  /** When a session begun now for this user ends: a fixed expiry from the tenant's timeouts. */
  function sessionTimes(user: UserRecord, settings: TenantSettings) {
    const loginAt = clock.now().getTime();
    const lifetimeMs = sessionLifetimeMs(user.role, settings);
    return { loginAt, expiresAt: loginAt + lifetimeMs, lifetimeMs };
  }

  /** After the session has begun: the user's last sign-in, and `user.login` in the audit log of the user's tenant. */
  async function recordSignIn(ctx: RequestContext, user: UserRecord, provider: string, loginMetadata: Record<string, unknown> = {}) {
    const actor = { tenant: { id: user.tenantId }, user: null, ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId };
    await db.transaction(async (trx) => {
      await touchLastLogin(trx, user.tenantId, user.id, clock.now());
      await recordAudit(trx, actor, { action: "user.login", entityType: "user", entityId: user.id, userId: user.id, metadata: { provider, ...loginMetadata } });
    });
  }

  /** The tenant a sign-in is for: the one named in the request (`?tenant=`), else the resolved one. */
  async function targetTenant(ctx: RequestContext, slugOrId: string | undefined): Promise<TenantWithSettings> {
    if (!slugOrId) return { tenant: ctx.tenant, settings: ctx.settings };
    const found = await deps.tenants.resolve(slugOrId);
    if (!found) throw new AppError("TENANT_NOT_FOUND", 404, `Tenant '${slugOrId.slice(0, 64)}' not found.`);
    return found;
  }

  /**
   * Counts one sign-in attempt of this client for a tenant; 429 RATE_LIMITED past the limit.
   * A no-op outside production (RateLimitService is disabled there).
   */
  async function countLoginAttempt(ctx: RequestContext, tenantId: string) {
    await deps.rateLimits.consume(LOGIN_ATTEMPTS, `${tenantId}:${ctx.ip ?? "unknown"}`);
  }

  /** The demo user to sign in as, and the tenant they belong to; the route begins the session. */
  async function demoUser(ctx: RequestContext, input: { user: string; tenant?: string }) {
    if (!config.auth.demoEnabled) throw new AppError("DEMO_DISABLED", 403, "Demo sign-in is not enabled on this server.");
    const target = await targetTenant(ctx, input.tenant);
    assertPersonalSignInAllowed(target, "demo sign-in");
    const user = await findUserBySso(db, target.tenant.id, "demo", input.user);
    if (!user) throw errors.notFound("Demo user");
    if (user.deactivatedAt) throw accountDeactivated();
    return { user, target };
  }

  async function logout(ctx: RequestContext) {
    // A bearer request has no session to end: nothing happened worth an audit entry.
    if (ctx.user && ctx.authMethod === "session") {
      await recordAudit(db, ctx, { action: "user.logout", entityType: "user", entityId: ctx.user.id });
    }
  }

  return { enabledStrategies, modes, assertPersonalSignInAllowed, sessionTimes, recordSignIn, targetTenant, countLoginAttempt, demoUser, logout };
}

export type AuthService = ReturnType<typeof createAuthService>;
