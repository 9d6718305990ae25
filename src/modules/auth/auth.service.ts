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

  async function modes(ctx: RequestContext) {
    const oauth = { github: Boolean(config.auth.github), google: Boolean(config.auth.google) };
    const demoUsers = config.auth.demoEnabled ? await listDemoUsernames(db, ctx.tenant.id, DEMO_USERNAMES) : [];
    const list: Array<"demo" | "oauth"> = [];
    if (config.auth.demoEnabled) list.push("demo");
    if (oauth.github || oauth.google) list.push("oauth");
    return { modes: list, demo: { enabled: config.auth.demoEnabled, users: demoUsers }, oauth };
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

  return { enabledStrategies, modes, sessionTimes, recordSignIn, targetTenant, countLoginAttempt, demoUser, logout };
}

export type AuthService = ReturnType<typeof createAuthService>;
