import type { Request, RequestHandler } from "express";
import { requestContext } from "../../platform/http/route.js";
import type { TenantDirectory } from "../tenants/index.js";
import { signInStep } from "./auth.pages.js";
import type { AuthService } from "./auth.service.js";
import type { OAuthProvider } from "./auth.oauth.profiles.js";

/**
 * CONTRACT §8: every request to /auth/demo, /auth/<provider> and its callback is a sign-in
 * attempt, counted per client IP and per the tenant it tries to sign in to. These run before
 * the request is validated, so malformed attempts count too.
 */
export function loginAttemptSteps(deps: { auth: AuthService; tenants: TenantDirectory; webBase: string }) {
  const { auth, tenants, webBase } = deps;

  /** The tenant named by `?tenant=` when it exists, else the one the request resolved to. */
  async function namedTenantId(req: Request): Promise<string> {
    const named = typeof req.query.tenant === "string" ? req.query.tenant.trim() : "";
    if (named && named.length <= 63) {
      const found = await tenants.resolve(named);
      if (found) return found.tenant.id;
    }
    return requestContext(req).tenant.id;
  }

  return {
    /** Demo sign-in and the OAuth starts. */
    namedTenant: (): RequestHandler => signInStep(async (req) => auth.countLoginAttempt(requestContext(req), await namedTenantId(req)), webBase),
    /** A company sign-in's callback: the tenant its start kept in the session (or the request's). */
    pendingTenant: (pick: (req: Request) => string | undefined): RequestHandler =>
      signInStep(async (req) => {
        const ctx = requestContext(req);
        await auth.countLoginAttempt(ctx, pick(req) ?? ctx.tenant.id);
      }, webBase),
    /** OAuth callbacks: the tenant chosen when the flow started, kept in the session. */
    pendingOAuthTenant: (provider: OAuthProvider): RequestHandler =>
      signInStep(async (req) => {
        const ctx = requestContext(req);
        await auth.countLoginAttempt(ctx, req.session?.oauthPending?.[provider]?.tenantId ?? ctx.tenant.id);
      }, webBase),
  };
}
