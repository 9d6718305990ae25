import type { Request } from "express";
import type { RequestContext } from "../../platform/context.js";
import { bindCsrfTokenToNewSession } from "../../platform/http/csrf.js";
import { regenerateSession, saveSession } from "../../platform/http/session.js";
import type { TenantWithSettings } from "../tenants/index.js";
import type { UserRecord } from "../users/index.js";
import type { AuthService } from "./auth.service.js";

/**
 * Begins a signed-in session, for demo and OAuth sign-in alike: a new session id (no fixation),
 * the tenant fixed in it, a fixed expiry from the tenant's timeouts, its CSRF token; then the
 * sign-in is recorded.
 */
export async function beginSession(
  req: Request,
  ctx: RequestContext,
  auth: AuthService,
  sign: { user: UserRecord; target: TenantWithSettings; provider: string; metadata?: Record<string, unknown> },
): Promise<void> {
  const { user, target } = sign;
  await regenerateSession(req);
  const times = auth.sessionTimes(user, target.settings);
  req.session.user = { id: user.id, email: user.email, name: user.name, role: user.role, tenantId: user.tenantId };
  req.session.tenantSlug = target.tenant.slug;
  req.session.loginAt = times.loginAt;
  req.session.expiresAt = times.expiresAt;
  req.session.cookie.maxAge = times.lifetimeMs;
  // The CSRF token is part of the session from its first save. express-session saves a regenerated
  // session once more as the redirect goes out; had the token been added only by the browser's
  // next request (GET /auth/csrf, perhaps on another instance), that second save would wipe it.
  bindCsrfTokenToNewSession(req);
  await saveSession(req);
  await auth.recordSignIn(ctx, user, sign.provider, sign.metadata);
}
