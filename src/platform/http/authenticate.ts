import type { Request, RequestHandler } from "express";
import type { Database } from "../db.js";
import type { Clock } from "../clock.js";
import type { CurrentUser } from "../context.js";
import { findActiveUserWithTeams } from "../../modules/users/users.repository.js";
import { destroySession, SESSION_COOKIE } from "./session.js";

function clientIp(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}

/**
 * Builds req.ctx for tenant routes. The session user is reloaded from the database on every
 * request, so a role change, deactivation or deletion takes effect at once; a session past its
 * fixed expiry (set at login) or of another tenant is destroyed.
 */
export function authenticate(deps: { db: Database; clock: Clock }): RequestHandler {
  return async (req, res, next) => {
    const tenant = req.tenant;
    const settings = req.tenantSettings;
    if (!tenant || !settings) throw new Error("authenticate() mounted before tenant resolution");

    let user: CurrentUser | null = null;
    const sessionUser = req.session?.user;
    if (sessionUser) {
      const expired = !req.session.expiresAt || req.session.expiresAt <= deps.clock.now().getTime();
      if (!expired && sessionUser.tenantId === tenant.id) {
        user = await findActiveUserWithTeams(deps.db, tenant.id, sessionUser.id);
      }
      if (!user) {
        await destroySession(req);
        res.clearCookie(SESSION_COOKIE, { path: "/" });
      }
    }

    req.ctx = {
      tenant,
      settings,
      user,
      requestId: req.requestId,
      ip: clientIp(req),
      userAgent: req.get("user-agent") ?? null,
      authMethod: user ? "session" : null,
    };
    next();
  };
}
