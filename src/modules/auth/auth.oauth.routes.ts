import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import { AppError, errors } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { PENDING_SIGN_IN_LIFETIME_MS } from "../../platform/http/session.js";
import type { Logger } from "../../platform/logger.js";
import type { TenantDirectory } from "../tenants/index.js";
import { oauthFailure, renderSignInError, webAppBase, webAppLocation } from "./auth.pages.js";
import { oauthCallbackQuery, oauthStartQuery } from "./auth.schemas.js";
import type { AuthService } from "./auth.service.js";
import { beginSession } from "./auth.session.js";
import { loginAttemptSteps } from "./auth.login-attempts.js";
import { PROVIDER_LABELS, type OAuthProvider } from "./auth.oauth.profiles.js";
import type { OAuthService } from "./auth.oauth.service.js";
import { OAUTH_SCOPES, type OAuthStrategies } from "./auth.oauth.strategies.js";

export interface OAuthRouteDeps {
  auth: AuthService;
  oauth: OAuthService;
  strategies: OAuthStrategies;
  tenants: TenantDirectory;
  config: Config;
  clock: Clock;
  logger: Logger;
}

const PROVIDERS: OAuthProvider[] = ["github", "google"];

/**
 * CONTRACT §0: `GET /auth/{github,google}` starts the flow (redirect to the provider with the
 * scopes of SPEC and a `state` bound to the session); the provider comes back to
 * `/auth/{provider}/callback`, which signs the user in to the tenant chosen at the start and
 * redirects to the web app. Every request to either counts as a sign-in attempt (CONTRACT §8).
 */
export function oauthRoutes(deps: OAuthRouteDeps): AnyRoute[] {
  const { auth, oauth, strategies, tenants, config, clock, logger } = deps;
  const webBase = webAppBase(config);
  const attempts = loginAttemptSteps({ auth, tenants, webBase });

  function notEnabled(provider: OAuthProvider): AppError {
    return new AppError("NOT_FOUND", 404, `${PROVIDER_LABELS[provider]} sign-in is not enabled on this server.`);
  }

  return PROVIDERS.flatMap((provider): AnyRoute[] => [
    route({
      method: "get",
      path: `/auth/${provider}`,
      operationId: `start${PROVIDER_LABELS[provider]}SignIn`,
      tag: "Auth",
      summary: `Starts sign-in with ${PROVIDER_LABELS[provider]}: redirects to the provider`,
      description:
        `Scopes: ${OAUTH_SCOPES[provider].join(", ")}. The tenant is fixed here (\`tenant\`, else the request's tenant). ` +
        "The state, tenant and returnTo are kept in a session that lasts 10 minutes unless the sign-in completes. " +
        "Failures end on an HTML page for browsers (Accept: text/html), else the JSON error body. " +
        "404 NOT_FOUND when the provider is not configured; 403 SSO_REQUIRED when the tenant signs in only with its company account (auth.requireSso); 429 RATE_LIMITED past 5 attempts in 5 minutes (production).",
      access: "public",
      query: oauthStartQuery,
      before: [attempts.namedTenant()],
      status: 302,
      otherResponses: {
        302: "Redirect to the provider's consent page",
        403: "SSO_REQUIRED: the tenant signs in only with its company account",
        404: "NOT_FOUND: the provider is not configured",
        429: "RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production)",
      },
      handler: async ({ req, res, ctx, query }) => {
        try {
          if (!strategies.enabled(provider)) throw notEnabled(provider);
          const target = await auth.targetTenant(ctx, query.tenant);
          auth.assertPersonalSignInAllowed(target, PROVIDER_LABELS[provider]);
          req.session.oauthPending = {
            ...req.session.oauthPending,
            [provider]: { tenantId: target.tenant.id, returnTo: query.returnTo ?? null, startedAt: clock.now().getTime() },
          };
          // A visitor's session exists only for this sign-in: it ends with the sign-in's few
          // minutes (in Redis too). A signed-in session switching tenants keeps its own lifetime.
          if (!req.session.user) req.session.cookie.maxAge = PENDING_SIGN_IN_LIFETIME_MS;
          // passport-oauth2 treats any request carrying `code` or `error` as a callback; the
          // start path only ever starts, whatever else is in its query.
          Object.defineProperty(req, "query", { value: {}, configurable: true, enumerable: true, writable: true });
          const outcome = await strategies.run(provider, req);
          if (outcome.kind === "fail" || outcome.kind === "error") throw oauthFailure(outcome, provider, logger);
          if (outcome.kind !== "redirect") throw new Error(`${provider} sign-in start did not redirect`);
          res.setHeader("Cache-Control", "no-store");
          res.redirect(302, outcome.location);
        } catch (error) {
          renderSignInError(req, res, error, webBase);
        }
      },
    }),
    route({
      method: "get",
      path: `/auth/${provider}/callback`,
      operationId: `complete${PROVIDER_LABELS[provider]}SignIn`,
      tag: "Auth",
      summary: `${PROVIDER_LABELS[provider]} comes back here: signs in (creating the user at first login) and redirects to the web app`,
      description:
        "Needs `code` (or the provider's `error`) and the `state` issued at the start, in the same browser session. " +
        "Failures: 400 VALIDATION_FAILED (no code), 403 OAUTH_STATE_INVALID (also after 10 minutes), 401 OAUTH_DENIED (consent refused), " +
        "401 OAUTH_FAILED (code or client refused by the provider), 403 EMAIL_REQUIRED (no verified address: GitHub's " +
        "e-mail list lists none or may not be read, or Google's email is not verified), " +
        "403 ACCOUNT_DEACTIVATED, 403 SIGNUP_NOT_ALLOWED (a new person the tenant's users.signup policy does not let in), " +
        "409 ACCOUNT_EXISTS (the email signs in another way), 502 OAUTH_PROVIDER_UNAVAILABLE (also: GitHub's e-mail list failed), " +
        "429 RATE_LIMITED. An HTML page for browsers, else the JSON error body.",
      access: "public",
      query: oauthCallbackQuery,
      before: [attempts.pendingOAuthTenant(provider)],
      status: 302,
      otherResponses: {
        302: "Signed in; redirect to the web app",
        401: "OAUTH_DENIED or OAUTH_FAILED",
        403: "OAUTH_STATE_INVALID, EMAIL_REQUIRED, ACCOUNT_DEACTIVATED, SIGNUP_NOT_ALLOWED or SSO_REQUIRED",
        404: "NOT_FOUND: the provider is not configured; TENANT_NOT_FOUND",
        409: "ACCOUNT_EXISTS: the email signs in another way",
        429: "RATE_LIMITED",
        502: "OAUTH_PROVIDER_UNAVAILABLE: the provider, or GitHub's e-mail list, failed or answered nonsense",
      },
      handler: async ({ req, res, ctx, query }) => {
        try {
          if (!strategies.enabled(provider)) throw notEnabled(provider);
          if (!query.code && !query.error) {
            throw errors.validation([{ path: "query.code", message: "The provider's code is missing." }], "The sign-in callback carries no code.");
          }
          const pending = req.session.oauthPending?.[provider];
          if (pending) {
            delete req.session.oauthPending?.[provider];
          }
          // Past its few minutes a sign-in is over, whatever the provider says (no code exchange).
          if (pending && clock.now().getTime() - pending.startedAt > PENDING_SIGN_IN_LIFETIME_MS) {
            throw oauthFailure({ kind: "fail", reason: "STATE_INVALID" }, provider, logger);
          }
          const outcome = await strategies.run(provider, req);
          if (outcome.kind === "redirect") throw oauthFailure({ kind: "fail", reason: "STATE_INVALID" }, provider, logger);
          if (outcome.kind !== "success") throw oauthFailure(outcome, provider, logger);
          // A verified state implies the pending sign-in of the same session; without it there is
          // no tenant to sign in to.
          if (!pending) throw oauthFailure({ kind: "fail", reason: "STATE_INVALID" }, provider, logger);

          const target = await tenants.resolve(pending.tenantId);
          if (!target) throw new AppError("TENANT_NOT_FOUND", 404, "The organisation this sign-in was for no longer exists.");
          // Company sign-in may have become required while the person was at the provider.
          auth.assertPersonalSignInAllowed(target, PROVIDER_LABELS[provider]);
          const actor = { tenant: { id: target.tenant.id }, user: null, ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId };
          const result = await oauth.provision(actor, target.settings, outcome.identity, target.tenant.name);
          await beginSession(req, ctx, auth, {
            user: result.user,
            target,
            provider,
            metadata: { account: result.outcome, ...(result.refreshed.length ? { refreshed: result.refreshed } : {}) },
          });
          res.setHeader("Cache-Control", "no-store");
          res.redirect(302, webAppLocation(webBase, pending.returnTo));
        } catch (error) {
          renderSignInError(req, res, error, webBase);
        }
      },
    }),
  ]);
}
