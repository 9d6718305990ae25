import * as oidc from "openid-client";
import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { PENDING_SIGN_IN_LIFETIME_MS } from "../../platform/http/session.js";
import type { TenantDirectory } from "../tenants/index.js";
import { loginAttemptSteps } from "./auth.login-attempts.js";
import type { OAuthService } from "./auth.oauth.service.js";
import type { OidcClients } from "./auth.oidc.client.js";
import { oidcFailure, stateInvalid } from "./auth.oidc.errors.js";
import { oidcIdentity } from "./auth.oidc.identity.js";
import { renderSignInError, webAppBase } from "./auth.pages.js";
import { companySignInStartQuery, oidcCallbackQuery } from "./auth.schemas.js";
import type { AuthService } from "./auth.service.js";
import { companySignInNotConfigured, completeCompanySignIn, oidcRedirectUri, renderCompanyTestFailure, testerOf } from "./auth.sso.js";

export interface OidcRouteDeps {
  auth: AuthService;
  oauth: OAuthService;
  clients: OidcClients;
  tenants: TenantDirectory;
  config: Config;
  clock: Clock;
  db: Database;
}

/** The claims an ID token or userinfo answer may carry that the test report shows; nothing else of theirs is kept. */
async function claimsOf(configuration: oidc.Configuration, tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>): Promise<Record<string, unknown>> {
  const claims: Record<string, unknown> = { ...tokens.claims() };
  // Some providers (Entra ID unless the optional claim is added) keep the address out of the ID token.
  if (typeof claims.email !== "string" && tokens.access_token && configuration.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
    for (const [name, value] of Object.entries(info)) if (!(name in claims)) claims[name] = value;
  }
  return claims;
}

/**
 * CONTRACT §10: OpenID Connect per tenant. `GET /auth/oidc` starts an authorization code flow with
 * PKCE, `state` and `nonce` bound to this browser's session; the provider comes back to
 * `/auth/oidc/callback`, where openid-client checks the ID token (signature by the issuer's keys,
 * iss, aud, exp, nonce) before the person is signed in under the tenant's sign-up policy.
 */
export function oidcRoutes(deps: OidcRouteDeps): AnyRoute[] {
  const { auth, oauth, clients, tenants, config, clock, db } = deps;
  const webBase = webAppBase(config);
  const attempts = loginAttemptSteps({ auth, tenants, webBase });
  const redirectUri = oidcRedirectUri(config.baseUrl);

  return [
    route({
      method: "get",
      path: "/auth/oidc",
      operationId: "startOidcSignIn",
      tag: "Auth",
      summary: "Starts sign-in with the tenant's OpenID Connect provider: redirects to it",
      description:
        "The tenant is fixed here (`tenant`, else the request's). Authorization code flow with PKCE (S256), `state` and `nonce`, kept in a session " +
        "that lasts 10 minutes unless the sign-in completes. `test=true` (an admin or owner of the tenant, signed in) runs a test sign-in: " +
        "the callback then shows what the provider answered and signs nobody in. 404 NOT_FOUND when the tenant has no OpenID Connect provider; " +
        "403 FORBIDDEN for a test by anyone else; 502 OAUTH_PROVIDER_UNAVAILABLE when the provider cannot be discovered; 429 RATE_LIMITED (production).",
      access: "public",
      query: companySignInStartQuery,
      before: [attempts.namedTenant()],
      status: 302,
      otherResponses: {
        302: "Redirect to the provider's sign-in page",
        403: "FORBIDDEN: a test sign-in by someone who is not an admin of the tenant",
        404: "NOT_FOUND: the tenant has no OpenID Connect provider",
        429: "RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production)",
        502: "OAUTH_PROVIDER_UNAVAILABLE: the provider could not be discovered",
      },
      handler: async ({ req, res, ctx, query }) => {
        try {
          const target = await auth.targetTenant(ctx, query.tenant);
          const settings = target.settings.auth.oidc;
          if (!settings) throw companySignInNotConfigured("oidc", target.tenant.name);
          const testBy = query.test === "true" ? testerOf(ctx, target) : null;
          const configuration = await clients.configuration(target.tenant.id, settings);
          const pending = {
            tenantId: target.tenant.id,
            returnTo: query.returnTo ?? null,
            startedAt: clock.now().getTime(),
            state: oidc.randomState(),
            nonce: oidc.randomNonce(),
            codeVerifier: oidc.randomPKCECodeVerifier(),
            testBy,
          };
          req.session.oidcPending = pending;
          // A visitor's session exists only for this sign-in: it ends with the sign-in's few minutes.
          if (!req.session.user) req.session.cookie.maxAge = PENDING_SIGN_IN_LIFETIME_MS;
          const location = oidc.buildAuthorizationUrl(configuration, {
            redirect_uri: redirectUri,
            scope: settings.scopes.join(" "),
            state: pending.state,
            nonce: pending.nonce,
            code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
            code_challenge_method: "S256",
            ...(testBy ? { prompt: "login" } : {}),
          });
          res.setHeader("Cache-Control", "no-store");
          res.redirect(302, location.href);
        } catch (error) {
          renderSignInError(req, res, error, webBase);
        }
      },
    }),
    route({
      method: "get",
      path: "/auth/oidc/callback",
      operationId: "completeOidcSignIn",
      tag: "Auth",
      summary: "The OpenID provider comes back here: checks the ID token, signs in (creating or linking the user) and redirects to the web app",
      description:
        "Needs the `state` issued at the start, in the same browser session, within 10 minutes. The ID token must be signed by the issuer's keys " +
        "(its JWKS; `alg: none` and HMAC are refused), for this client (`aud`), from the configured issuer (`iss`), unexpired, with the nonce of the start. " +
        "The address must be verified (`email_verified`). Failures: 403 OAUTH_STATE_INVALID, 401 OAUTH_DENIED (the person cancelled), 401 OAUTH_FAILED " +
        "(the provider refused the code or the client), 401 OIDC_TOKEN_INVALID (the ID token failed a check), 403 EMAIL_REQUIRED, 403 ACCOUNT_DEACTIVATED, " +
        "403 SIGNUP_NOT_ALLOWED, 404 NOT_FOUND (no provider any more), 502 OAUTH_PROVIDER_UNAVAILABLE, 429 RATE_LIMITED. " +
        "A test sign-in answers 200 with a page of what the provider answered.",
      access: "public",
      query: oidcCallbackQuery,
      before: [attempts.pendingTenant((req) => req.session?.oidcPending?.tenantId)],
      status: 302,
      otherResponses: {
        200: "A test sign-in's report (HTML)",
        302: "Signed in; redirect to the web app",
        401: "OAUTH_DENIED, OAUTH_FAILED or OIDC_TOKEN_INVALID",
        403: "OAUTH_STATE_INVALID, EMAIL_REQUIRED, ACCOUNT_DEACTIVATED or SIGNUP_NOT_ALLOWED",
        404: "NOT_FOUND: the tenant no longer has an OpenID Connect provider; TENANT_NOT_FOUND",
        429: "RATE_LIMITED",
        502: "OAUTH_PROVIDER_UNAVAILABLE",
      },
      handler: async ({ req, res, ctx, query }) => {
        try {
          const pending = req.session.oidcPending;
          // One use: whatever happens next, this sign-in cannot be completed again.
          if (pending) delete req.session.oidcPending;
          if (!pending || pending.state !== query.state || clock.now().getTime() - pending.startedAt > PENDING_SIGN_IN_LIFETIME_MS) throw stateInvalid();
          const target = await tenants.resolve(pending.tenantId);
          if (!target) throw new AppError("TENANT_NOT_FOUND", 404, "The organisation this sign-in was for no longer exists.");
          const settings = target.settings.auth.oidc;
          if (!settings) throw companySignInNotConfigured("oidc", target.tenant.name);
          const configuration = await clients.configuration(target.tenant.id, settings);
          const currentUrl = new URL(redirectUri);
          currentUrl.search = new URL(req.originalUrl, "http://callback.invalid").search;
          let claims: Record<string, unknown>;
          try {
            const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
              pkceCodeVerifier: pending.codeVerifier,
              expectedState: pending.state,
              expectedNonce: pending.nonce,
              idTokenExpected: true,
            });
            claims = await claimsOf(configuration, tokens);
          } catch (error) {
            throw oidcFailure(error, settings.issuer);
          }
          const identity = oidcIdentity(settings.issuer, claims);
          if (!identity) {
            const refusal = new AppError(
              "EMAIL_REQUIRED",
              403,
              "Your company's sign-in did not confirm a verified email address for your account (email_verified). Ask your IT administrator to check your account's address.",
            );
            if (pending.testBy) return renderCompanyTestFailure(res, "oidc", claims, refusal);
            throw refusal;
          }
          await completeCompanySignIn(
            req,
            res,
            ctx,
            { db, auth, oauth, webBase },
            {
              provider: "oidc",
              target,
              identity,
              returnTo: pending.returnTo,
              claims,
              testBy: pending.testBy,
            },
          );
        } catch (error) {
          renderSignInError(req, res, error, webBase);
        }
      },
    }),
  ];
}
