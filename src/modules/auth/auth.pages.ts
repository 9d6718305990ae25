import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Config } from "../../config.js";
import { AppError, isAppError } from "../../platform/errors.js";
import { prefersHtml } from "../../platform/http/spa.js";
import type { Logger } from "../../platform/logger.js";
import { PROVIDER_LABELS, type OAuthProvider } from "./auth.oauth.profiles.js";
import { EmailListUnavailable, type StrategyOutcome } from "./auth.oauth.strategies.js";

/**
 * Sign-in happens in browser navigations (links, provider redirects), so its failures end on a
 * page a person can read, with a way back to the sign-in page. Other clients (Accept without
 * text/html) get CONTRACT §1's JSON error body from the one error handler, same status and code.
 */

/**
 * Where sign-in sends people back to: the configured FRONTEND_URL, or "" (a path, so the browser
 * stays on whatever address it used: localhost, or a LAN address for phones at an all-hands).
 * Never the request's Host or X-Forwarded-Host: a client chooses those.
 */
export function webAppBase(config: Config): string {
  return config.frontendUrlConfigured ? config.frontendUrl : "";
}

/**
 * A location in the web app: `path` (a validated returnTo, default "/") with `params`, under
 * `base`. The path is normalised first, and a leading "//" (which "/a/..//evil.example" becomes)
 * is collapsed, so a relative location can never name another host.
 */
export function webAppLocation(base: string, path: string | null | undefined, params: Record<string, string> = {}): string {
  const url = new URL(path ?? "/", "http://web-app.invalid/");
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${base}${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);

const TITLES: Record<string, string> = {
  RATE_LIMITED: "Too many sign-in attempts",
  ACCOUNT_DEACTIVATED: "Account deactivated",
  ACCOUNT_EXISTS: "Use your usual sign-in",
  OAUTH_DENIED: "Sign-in cancelled",
  SIGNUP_NOT_ALLOWED: "Not a member of this organisation yet",
  EMAIL_REQUIRED: "No verified email address",
};

/** `webBase`: webAppBase(config), so the link back never follows the request's Host either. */
export function signInErrorPage(error: AppError, requestId: string, webBase: string): string {
  const title = TITLES[error.code] ?? "Sign-in failed";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Team Q&amp;A</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem;background:#f5f6f8;color:#1c2430}main{max-width:34rem;margin:10vh auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 3px #0002}h1{margin-top:0;font-size:1.5rem}a{color:#1d4ed8}.meta{color:#5b6472;font-size:.85rem}</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(error.message)}</p>
<p><a href="${escapeHtml(webAppLocation(webBase, "/"))}">Back to sign-in</a></p>
<p class="meta">Error <code>${escapeHtml(error.code)}</code> · request <code>${escapeHtml(requestId)}</code></p>
</main></body>
</html>`;
}

/** Renders a known sign-in failure as a page for browsers; anything else goes on to the error handler. */
export function renderSignInError(req: Request, res: Response, error: unknown, webBase: string): void {
  if (!isAppError(error) || !prefersHtml(req)) throw error;
  if (error.headers) res.set(error.headers);
  res.setHeader("Cache-Control", "no-store");
  res
    .status(error.status)
    .type("html")
    .send(signInErrorPage(error, req.requestId, webBase));
}

/** A `before` step whose failures (the login limit's 429) render like the route's own. */
export function signInStep(step: (req: Request) => Promise<void>, webBase: string): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await step(req);
    } catch (error) {
      return renderSignInError(req, res, error, webBase);
    }
    next();
  };
}

/** What a person does when the provider confirmed no verified address (SPEC: only verified addresses sign in). */
const VERIFY_ADVICE: Record<OAuthProvider, string> = {
  github:
    "Verify your address at GitHub (Settings > Emails), then sign in again and allow this app to read your email addresses: only an address GitHub lists as verified signs you in.",
  google: "Verify your address with Google, then sign in again and allow this app to see your email address.",
};

const CLIENT_ERRORS = new Set(["invalid_client", "incorrect_client_credentials", "unauthorized_client"]);
const REDIRECT_ERRORS = new Set(["redirect_uri_mismatch", "invalid_redirect_uri"]);
const CODE_ERRORS = new Set(["invalid_grant", "bad_verification_code", "invalid_request"]);

/**
 * What a failed strategy run means for the person signing in. The provider refusing (denied
 * consent, a bad or expired code, `Invalid client`, `Invalid redirect URI`) is a 4xx with the
 * reason; only an unreachable or nonsensical provider is 502.
 */
export function oauthFailure(outcome: Exclude<StrategyOutcome, { kind: "success" | "redirect" }>, provider: OAuthProvider, logger: Logger): AppError {
  const label = PROVIDER_LABELS[provider];
  if (outcome.kind === "fail") {
    switch (outcome.reason) {
      case "STATE_INVALID":
        return new AppError(
          "OAUTH_STATE_INVALID",
          403,
          "This sign-in could not be verified: it was started in another browser, already used, or expired. Start the sign-in again.",
        );
      case "EMAIL_REQUIRED":
        return new AppError("EMAIL_REQUIRED", 403, `${label} did not confirm a verified email address for your account. ${VERIFY_ADVICE[provider]}`);
      case "DENIED":
        return new AppError("OAUTH_DENIED", 401, `Sign-in with ${label} was cancelled: access was not granted. Try again and allow access to continue.`);
    }
  }
  const error = outcome.error as Error & { code?: string };
  const providerCode = (error.name === "TokenError" || error.name === "AuthorizationError") && typeof error.code === "string" ? error.code : null;
  logger.warn({ provider, err: { name: error.name, message: error.message, code: providerCode } }, "OAuth sign-in failed at the provider");
  if (error instanceof EmailListUnavailable) {
    return new AppError(
      "OAUTH_PROVIDER_UNAVAILABLE",
      502,
      `${label} did not confirm a verified email address: the list of your addresses could not be read just now. Try again in a moment. If it keeps failing: ${VERIFY_ADVICE[provider]}`,
    );
  }
  if (providerCode && CLIENT_ERRORS.has(providerCode)) {
    return new AppError(
      "OAUTH_FAILED",
      401,
      `Invalid client: ${label} did not accept this server's client id or secret. An administrator must correct the ${label} sign-in settings.`,
    );
  }
  if (providerCode && REDIRECT_ERRORS.has(providerCode)) {
    return new AppError(
      "OAUTH_FAILED",
      401,
      `Invalid redirect URI: the callback URL configured on this server does not match the one registered with ${label}.`,
    );
  }
  if (providerCode && CODE_ERRORS.has(providerCode)) {
    return new AppError("OAUTH_FAILED", 401, `${label} did not accept the sign-in code (it is invalid, expired or already used). Start the sign-in again.`);
  }
  if (providerCode) {
    return new AppError("OAUTH_FAILED", 401, `${label} refused the sign-in (${providerCode.slice(0, 60)}). Start the sign-in again.`);
  }
  return new AppError("OAUTH_PROVIDER_UNAVAILABLE", 502, `${label} could not be reached or answered unexpectedly. Try again in a moment.`);
}
