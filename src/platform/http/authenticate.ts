import type { Request, RequestHandler } from "express";
import type { Clock } from "../clock.js";
import type { BearerIdentity, CurrentUser, RequestContext, TenantResolver } from "../context.js";
import { AppError } from "../errors.js";
import type { Config } from "../../config.js";
import { destroySession, SESSION_COOKIE, sessionCookieOptions } from "./session.js";

export function invalidTokenError(): AppError {
  return new AppError("UNAUTHENTICATED", 401, "The API token is invalid, expired or revoked.", undefined, {
    "WWW-Authenticate": 'Bearer error="invalid_token"',
  });
}

/** A read-only token may read, nothing else. */
export function tokenScopeError(): AppError {
  return new AppError("TOKEN_SCOPE", 403, "This API token is read-only: it may only read (GET and HEAD). Use a full token to make changes.");
}

function clientIp(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}

/**
 * The secret of an `Authorization: Bearer` header; "" for a Bearer header without one; null when
 * the request uses no bearer credentials (other schemes are not ours to judge).
 */
export function bearerCredential(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header.trim());
  if (!match) return null;
  return match[1] ?? "";
}

export interface AuthenticateDeps {
  config: Config;
  clock: Clock;
  tenants: TenantResolver;
  /** The token's identity, or null for an unknown, revoked or expired token (the tokens module). */
  authenticateToken(secret: string): Promise<BearerIdentity | null>;
  /** The active user with their team roles, or null when deactivated or gone (the users module). */
  loadUser(tenantId: string, userId: string): Promise<CurrentUser | null>;
}

/**
 * Builds req.ctx for tenant routes, from an API token (CONTRACT §6) or the session.
 * The user is reloaded from the database on every request, so a role change, deactivation or
 * deletion takes effect at once for sessions and tokens alike. A session past its fixed expiry
 * (set at login) or of another tenant is destroyed. Credentials that were sent but do not work
 * are refused (401) rather than ignored, so a script with a revoked token fails loudly.
 */
export function authenticate(deps: AuthenticateDeps): RequestHandler {
  async function fromBearer(req: Request, secret: string): Promise<RequestContext> {
    const identity = await deps.authenticateToken(secret);
    if (!identity) throw invalidTokenError();
    // Like a session, a token carries its tenant: it wins over the header and the subdomain.
    if (identity.tenantId !== req.tenant?.id) {
      const found = await deps.tenants.resolve(identity.tenantId);
      if (!found) throw invalidTokenError();
      req.tenant = found.tenant;
      req.tenantSettings = found.settings;
    }
    const user = await deps.loadUser(identity.tenantId, identity.userId);
    if (!user) throw invalidTokenError();
    if (identity.scope === "read" && req.method !== "GET" && req.method !== "HEAD") throw tokenScopeError();
    req.credential = { kind: "bearer", id: identity.tokenId, expiresAt: identity.expiresAt };
    return context(req, user, "bearer");
  }

  function context(req: Request, user: CurrentUser | null, authMethod: RequestContext["authMethod"]): RequestContext {
    if (!req.tenant || !req.tenantSettings) throw new Error("authenticate() mounted before tenant resolution");
    return {
      tenant: req.tenant,
      settings: req.tenantSettings,
      user,
      requestId: req.requestId,
      ip: clientIp(req),
      userAgent: req.get("user-agent") ?? null,
      authMethod,
    };
  }

  return async (req, res, next) => {
    const secret = bearerCredential(req);
    if (secret !== null) {
      req.ctx = await fromBearer(req, secret);
      return next();
    }

    const tenant = req.tenant;
    if (!tenant || !req.tenantSettings) throw new Error("authenticate() mounted before tenant resolution");

    let user: CurrentUser | null = null;
    const sessionUser = req.session?.user;
    if (sessionUser) {
      const expired = !req.session.expiresAt || req.session.expiresAt <= deps.clock.now().getTime();
      if (!expired && sessionUser.tenantId === tenant.id) {
        user = await deps.loadUser(tenant.id, sessionUser.id);
        if (user) req.credential = { kind: "session", id: req.sessionID, expiresAt: req.session.expiresAt as number };
      }
      if (!user) {
        await destroySession(req);
        res.clearCookie(SESSION_COOKIE, sessionCookieOptions(deps.config, req));
      }
    }
    req.ctx = context(req, user, user ? "session" : null);
    next();
  };
}
