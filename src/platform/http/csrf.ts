import type { Request, RequestHandler } from "express";
import { csrfSync } from "csrf-sync";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const csrf = csrfSync({
  getTokenFromRequest: (req) => req.get("x-csrf-token") ?? undefined,
  size: 32,
});

/** A request signed in by its session cookie: the only kind with ambient authority to forge. */
function signedInBySession(req: Request): boolean {
  return req.ctx?.authMethod === "session" && Boolean(req.session?.user);
}

/**
 * GET /auth/csrf: the token bound to the signed-in session (kept in it from the first call on).
 * A visitor gets null: nothing a visitor sends is checked, and storing a token would store a
 * session for every anonymous page view (SPEC: no session for a visitor).
 */
export function issueCsrfToken(req: Request): string | null {
  return signedInBySession(req) ? csrf.generateToken(req, false) : null;
}

/**
 * A session being begun (sign-in) gets its token before its first save, while the request still
 * counts as a visitor's: the token is in the session as first stored, so a later save of the
 * sign-in request (express-session saves a regenerated session again as the answer goes out)
 * cannot wipe a token another instance added meanwhile.
 */
export function bindCsrfTokenToNewSession(req: Request): void {
  csrf.generateToken(req, false);
}

/**
 * CSRF protection for state-changing requests signed in by the session cookie. Bearer-token
 * requests carry no cookie and need no token; nor does a visitor's request (no session, or only
 * an OAuth sign-in under way): it acts as nobody, so there is no authority to forge.
 * csrf-sync's error (EBADCSRFTOKEN) becomes 403 CSRF_INVALID. `exempt`: the routes another site's
 * page posts to by design (route.ts, csrfExemptRequests).
 */
export function csrfProtection(exempt: (req: Request) => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt(req)) return next();
    if (!signedInBySession(req)) return next();
    csrf.csrfSynchronisedProtection(req, res, next);
  };
}
