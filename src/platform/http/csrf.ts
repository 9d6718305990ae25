import type { Request, RequestHandler } from "express";
import { csrfSync } from "csrf-sync";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const csrf = csrfSync({
  getTokenFromRequest: (req) => req.get("x-csrf-token") ?? undefined,
  size: 32,
});

/** CONTRACT §1: GET /auth/csrf hands this out (creating a session for a visitor if needed). */
export function issueCsrfToken(req: Request): string {
  return csrf.generateToken(req, false);
}

function carriesSession(req: Request): boolean {
  return Boolean(req.session && (req.session.user || req.session.csrfToken));
}

/**
 * CSRF protection for state-changing requests that carry a session cookie. Bearer-token requests
 * carry no cookie and need no token; nor does a request without any session (no ambient
 * authority to forge). csrf-sync's error (EBADCSRFTOKEN) becomes 403 CSRF_INVALID.
 */
export function csrfProtection(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.ctx?.authMethod === "bearer") return next();
    if (!carriesSession(req)) return next();
    csrf.csrfSynchronisedProtection(req, res, next);
  };
}
