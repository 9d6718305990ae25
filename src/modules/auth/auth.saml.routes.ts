import type { Config } from "../../config.js";
import type { Database } from "../../platform/db.js";
import { route, requestContext, type AnyRoute } from "../../platform/http/route.js";
import type { TenantDirectory } from "../tenants/index.js";
import { loginAttemptSteps } from "./auth.login-attempts.js";
import type { OAuthService } from "./auth.oauth.service.js";
import { renderSignInError, signInStep, webAppBase } from "./auth.pages.js";
import { SAML_RESPONSE_MAX_BYTES } from "./auth.saml.protocol.js";
import { samlCallbackBody, samlMetadataQuery, samlStartQuery } from "./auth.saml.schemas.js";
import type { SamlService } from "./auth.saml.service.js";
import type { AuthService } from "./auth.service.js";
import { completeCompanySignIn } from "./auth.sso.js";

export interface SamlRouteDeps {
  db: Database;
  auth: AuthService;
  oauth: OAuthService;
  saml: SamlService;
  tenants: TenantDirectory;
  config: Config;
}

/**
 * CONTRACT §10, SAML 2.0 per tenant: `/auth/saml` sends the browser to the identity provider
 * with an AuthnRequest (HTTP-Redirect), whose page posts the signed answer to
 * `/auth/saml/callback` (HTTP-POST); `/auth/saml/metadata` is what the provider may import.
 * The start and the callback count as sign-in attempts (CONTRACT §8).
 */
export function samlRoutes(deps: SamlRouteDeps): AnyRoute[] {
  const { auth, saml, tenants, config } = deps;
  const webBase = webAppBase(config);
  const attempts = loginAttemptSteps({ auth, tenants, webBase });
  const signInDeps = { db: deps.db, auth, oauth: deps.oauth, webBase };

  // The tenant of the request the answer names (its host is the server's, whatever the tenant).
  const countCallbackAttempt = signInStep(async (req) => {
    const ctx = requestContext(req);
    await auth.countLoginAttempt(ctx, (await saml.answeredTenantId(req.body?.SAMLResponse)) ?? ctx.tenant.id);
  }, webBase);

  return [
    route({
      method: "get",
      path: "/auth/saml",
      operationId: "startSamlSignIn",
      tag: "Auth",
      summary: "Starts sign-in with the tenant's SAML identity provider: redirects there with an AuthnRequest",
      description:
        "HTTP-Redirect binding; the request's random ID is kept for 10 minutes with the tenant (`tenant`, else the request's), `returnTo` and, " +
        "for `test=true`, the administrator testing. Failures end on an HTML page for browsers (Accept: text/html), else the JSON error body.",
      access: "public",
      query: samlStartQuery,
      before: [attempts.namedTenant()],
      status: 302,
      otherResponses: {
        302: "Redirect to the identity provider's single sign-on address",
        403: "FORBIDDEN: a test sign-in by someone who is not an administrator of the tenant",
        404: "NOT_FOUND: the tenant has no SAML sign-in; TENANT_NOT_FOUND",
        429: "RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production)",
      },
      handler: async ({ req, res, ctx, query }) => {
        try {
          const target = await auth.targetTenant(ctx, query.tenant);
          const location = await saml.start(ctx, target, { returnTo: query.returnTo ?? null, test: query.test });
          res.setHeader("Cache-Control", "no-store");
          res.redirect(302, location);
        } catch (error) {
          renderSignInError(req, res, error, webBase);
        }
      },
    }),
    route({
      method: "post",
      path: "/auth/saml/callback",
      operationId: "completeSamlSignIn",
      tag: "Auth",
      summary: "The assertion consumer service: verifies the identity provider's signed answer, signs in and redirects to the web app",
      description:
        "The identity provider's page posts `SAMLResponse` (HTTP-POST binding); no CSRF token is needed, the session cookie does not come along, " +
        "and the tenant is that of the request the answer names (InResponseTo, usable once). Checked: the signature (of the Response or of the " +
        "assertion) with the tenant's idpCertificate, audience = our entity ID, Recipient and Destination = this address, the validity window " +
        "(1 minute of clock skew), and a replayed assertion. A test sign-in answers 200 with a report page and signs nobody in. " +
        "An HTML page for browsers on failure, else the JSON error body.",
      access: "public",
      body: samlCallbackBody,
      formBody: { maxBytes: SAML_RESPONSE_MAX_BYTES },
      csrfExempt: "The identity provider's page posts it (SAML HTTP-POST binding); it signs nobody in unless its own signed content answers a request we made.",
      before: [countCallbackAttempt],
      status: 302,
      otherResponses: {
        200: "A test sign-in's report (HTML); nobody is signed in",
        302: "Signed in; redirect to the web app",
        401: "SAML_INVALID (details: [{reason}]): not base64 or not a SAML response, signature, certificate, audience, validity, recipient, destination, in-response-to, subject, status, encrypted, replayed",
        403: "SAML_REQUEST_INVALID (answers no request started here: unsolicited, unknown, expired or already used), EMAIL_REQUIRED, ACCOUNT_DEACTIVATED, SIGNUP_NOT_ALLOWED",
        404: "NOT_FOUND: the tenant's SAML sign-in was removed meanwhile; TENANT_NOT_FOUND",
        409: "ACCOUNT_EXISTS: the address belongs to an account that signs in another way",
        429: "RATE_LIMITED",
      },
      handler: async ({ req, res, ctx, body }) => {
        try {
          await completeCompanySignIn(req, res, ctx, signInDeps, await saml.complete(body.SAMLResponse));
        } catch (error) {
          renderSignInError(req, res, error, webBase);
        }
      },
    }),
    route({
      method: "get",
      path: "/auth/saml/metadata",
      operationId: "getSamlMetadata",
      tag: "Auth",
      summary: "Our SAML service provider metadata for the tenant (entity ID, ACS with HTTP-POST, NameID format emailAddress)",
      description: "For identity providers that import it. The tenant: `tenant`, else the request's.",
      access: "public",
      query: samlMetadataQuery,
      otherResponses: { 404: "NOT_FOUND: the tenant has no SAML sign-in; TENANT_NOT_FOUND" },
      handler: async ({ res, ctx, query }) => {
        const metadata = saml.metadata(await auth.targetTenant(ctx, query.tenant));
        res.setHeader("Cache-Control", "no-cache");
        res.status(200).type("application/samlmetadata+xml").send(metadata);
      },
    }),
  ];
}
