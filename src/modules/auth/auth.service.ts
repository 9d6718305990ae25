import type { Request } from "express";
import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { RequestContext, Role } from "../../platform/context.js";
import { AppError, errors } from "../../platform/errors.js";
import { roleAtLeast } from "../../platform/http/permissions.js";
import { regenerateSession, saveSession } from "../../platform/http/session.js";
import type { RateLimitRule, RateLimitService } from "../../platform/rate-limit.js";
import { recordAudit } from "../audit/index.js";
import type { TenantDirectory } from "../tenants/index.js";
import type { TenantWithSettings } from "../tenants/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.js";
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

  /**
   * Starts a session for a user: a new session id (no fixation), the tenant fixed in it, and a
   * fixed expiry from the tenant's timeouts. Shared by demo and OAuth sign-in.
   */
  async function startSession(
    req: Request,
    user: UserRecord,
    tenantSlug: string,
    settings: TenantSettings,
    provider: string,
    loginMetadata: Record<string, unknown> = {},
  ) {
    await regenerateSession(req);
    const now = clock.now().getTime();
    const lifetime = sessionLifetimeMs(user.role, settings);
    req.session.user = { id: user.id, email: user.email, name: user.name, role: user.role, tenantId: user.tenantId };
    req.session.tenantSlug = tenantSlug;
    req.session.loginAt = now;
    req.session.expiresAt = now + lifetime;
    req.session.cookie.maxAge = lifetime;
    await saveSession(req);
    await db.transaction(async (trx) => {
      await touchLastLogin(trx, user.tenantId, user.id, clock.now());
      await recordAudit(
        trx,
        {
          tenant: { id: user.tenantId },
          user: null,
          ip: req.ip ?? null,
          userAgent: req.get("user-agent") ?? null,
          requestId: req.requestId,
        },
        { action: "user.login", entityType: "user", entityId: user.id, userId: user.id, metadata: { provider, ...loginMetadata } },
      );
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

  async function demoLogin(req: Request, ctx: RequestContext, input: { user: string; tenant?: string }) {
    if (!config.auth.demoEnabled) throw new AppError("DEMO_DISABLED", 403, "Demo sign-in is not enabled on this server.");
    const target = await targetTenant(ctx, input.tenant);
    const user = await findUserBySso(db, target.tenant.id, "demo", input.user);
    if (!user) throw errors.notFound("Demo user");
    if (user.deactivatedAt) throw accountDeactivated();
    await startSession(req, user, target.tenant.slug, target.settings, "demo");
    return user;
  }

  async function logout(req: Request, ctx: RequestContext) {
    // A bearer request has no session to end: nothing happened worth an audit entry.
    if (ctx.user && ctx.authMethod === "session") {
      await recordAudit(db, ctx, { action: "user.logout", entityType: "user", entityId: ctx.user.id });
    }
  }

  return { enabledStrategies, modes, startSession, targetTenant, countLoginAttempt, demoLogin, logout };
}

export type AuthService = ReturnType<typeof createAuthService>;
