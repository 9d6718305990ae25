import type { Request, Response } from "express";
import type { Database } from "../../platform/db.js";
import type { RequestContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { html, type SafeHtml } from "../../platform/html.js";
import { roleAtLeast } from "../../platform/roles.constants.js";
import type { TenantWithSettings } from "../tenants/index.js";
import { findUserBySso, findUsersByEmails } from "../users/index.js";
import type { CompanyProvider, OAuthIdentity } from "./auth.oauth.profiles.js";
import type { OAuthService } from "./auth.oauth.service.js";
import { webAppLocation } from "./auth.pages.js";
import type { AuthService } from "./auth.service.js";
import { beginSession } from "./auth.session.js";

/**
 * What OpenID Connect and SAML sign-in share once the provider's answer has been checked: the
 * person signs in (provisioned as with GitHub and Google, under the sign-up policy), or, for an
 * admin's test sign-in, nothing changes and the admin reads what the provider said.
 */

export const COMPANY_LABELS: Record<CompanyProvider, string> = { oidc: "OpenID Connect", saml: "SAML" };

export function companySignInNotConfigured(provider: CompanyProvider, organisation: string): AppError {
  return new AppError("NOT_FOUND", 404, `${organisation} has not set up company sign-in with ${COMPANY_LABELS[provider]}.`);
}

/**
 * A test sign-in is started by a signed-in admin or owner of the tenant from its sign-in settings:
 * the user id to keep with the pending sign-in. Anyone else is refused (403).
 */
export function testerOf(ctx: RequestContext, target: TenantWithSettings): string {
  const user = ctx.user;
  if (!user || user.tenantId !== target.tenant.id || !roleAtLeast(user.role, "admin")) {
    throw new AppError("FORBIDDEN", 403, "A test sign-in is started by an administrator of the organisation, from its sign-in settings.");
  }
  return user.id;
}

export interface CompanySignIn {
  provider: CompanyProvider;
  target: TenantWithSettings;
  identity: OAuthIdentity;
  returnTo: string | null;
  /** What the provider said, shown to an admin's test sign-in (never stored or logged). */
  claims: Record<string, unknown>;
  /** The admin who started a test sign-in; null for a real one. */
  testBy: string | null;
}

export interface CompanySignInDeps {
  db: Database;
  auth: AuthService;
  oauth: OAuthService;
  webBase: string;
}

/** Signs the person in and redirects to the web app, or renders a test sign-in's report. */
export async function completeCompanySignIn(req: Request, res: Response, ctx: RequestContext, deps: CompanySignInDeps, sign: CompanySignIn): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  if (sign.testBy) {
    res
      .status(200)
      .type("html")
      .send(await testReport(deps.db, sign));
    return;
  }
  const { target, identity } = sign;
  const actor = { tenant: { id: target.tenant.id }, user: null, ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId };
  const result = await deps.oauth.provision(actor, target.settings, identity, target.tenant.name);
  await beginSession(req, ctx, deps.auth, {
    user: result.user,
    target,
    provider: sign.provider,
    metadata: { account: result.outcome, ...(result.refreshed.length ? { refreshed: result.refreshed } : {}) },
  });
  res.redirect(302, webAppLocation(deps.webBase, sign.returnTo));
}

/** Who this identity would sign in as, read only: the test changes nothing. */
async function accountOutlook(db: Database, sign: CompanySignIn): Promise<string> {
  const tenantId = sign.target.tenant.id;
  const known = await findUserBySso(db, tenantId, sign.identity.provider, sign.identity.providerUserId);
  if (known) return known.deactivatedAt ? `${known.email}: deactivated, would be refused.` : `${known.email}: signs in (already linked).`;
  const [byEmail] = await findUsersByEmails(db, tenantId, sign.identity.verifiedEmails);
  if (byEmail) {
    if (byEmail.deactivatedAt) return `${byEmail.email}: deactivated, would be refused.`;
    return `${byEmail.email}: an existing account, would be linked at the first sign-in${byEmail.ssoProvider ? ` (it signs in with ${byEmail.ssoProvider} now)` : ""}.`;
  }
  const { signup } = sign.target.settings.users;
  return `No account has this address: a new account would be created if the sign-up policy (${signup}) lets it in.`;
}

const SHOWN_CLAIMS = 30;

const REPORT_STYLE =
  "body{font-family:system-ui,sans-serif;margin:0;padding:2rem;background:#f5f6f8;color:#1c2430}main{max-width:44rem;margin:5vh auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 3px #0002}h1{margin-top:0;font-size:1.5rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e3e6ea;vertical-align:top;overflow-wrap:anywhere}th{width:12rem;font-weight:600}.ok{color:#166534}.refused{color:#991b1b}";

function claimsTable(claims: Record<string, unknown>) {
  return html`<table>
    ${Object.entries(claims)
      .slice(0, SHOWN_CLAIMS)
      .map(
        ([name, value]) =>
          html`<tr>
            <th><code>${name}</code></th>
            <td><code>${typeof value === "string" ? value : JSON.stringify(value)}</code></td>
          </tr>`,
      )}
  </table>`;
}

/** A test sign-in's page: what the admin reads in the tab the test opened. */
function reportPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Team Q&amp;A</title>
        <style>
          ${REPORT_STYLE}
        </style>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
          <p>You can close this window.</p>
        </main>
      </body>
    </html>`.toString();
}

/**
 * A test sign-in whose answer passed the provider's checks but would be refused here (no verified
 * address): the admin sees why, and what the provider sent.
 */
export function renderCompanyTestFailure(res: Response, provider: CompanyProvider, claims: Record<string, unknown>, refusal: AppError): void {
  res.setHeader("Cache-Control", "no-store");
  const body = html`<p class="refused">
      ${COMPANY_LABELS[provider]} answered, but the sign-in would be refused: ${refusal.message} (<code>${refusal.code}</code>)
    </p>
    <h2>What the provider sent</h2>
    ${claimsTable(claims)}`;
  res.status(200).type("html").send(reportPage("Test sign-in refused", body));
}

async function testReport(db: Database, sign: CompanySignIn): Promise<string> {
  const body = html`<p class="ok">${COMPANY_LABELS[sign.provider]} is set up correctly: the provider's answer passed every check, and nobody was signed in.</p>
    <h2>The person</h2>
    <table>
      <tr>
        <th>Subject</th>
        <td><code>${sign.identity.providerUserId}</code></td>
      </tr>
      <tr>
        <th>Email</th>
        <td>${sign.identity.email}</td>
      </tr>
      <tr>
        <th>Name</th>
        <td>${sign.identity.name}</td>
      </tr>
      <tr>
        <th>In ${sign.target.tenant.name}</th>
        <td>${await accountOutlook(db, sign)}</td>
      </tr>
    </table>
    <h2>What the provider sent</h2>
    ${claimsTable(sign.claims)}`;
  return reportPage("Test sign-in succeeded", body);
}

/**
 * The values an identity provider's admin enters on their side, for this tenant. The callbacks
 * are the same for every tenant (the tenant is kept with the pending sign-in); SAML's entity ID
 * names the tenant unless its admins chose their own (`auth.saml.issuer`).
 */
export const oidcRedirectUri = (baseUrl: string) => `${baseUrl}/auth/oidc/callback`;

export function serviceProviderValues(baseUrl: string, tenant: { slug: string }, settings: TenantWithSettings["settings"]) {
  const metadataUrl = `${baseUrl}/auth/saml/metadata?${new URLSearchParams({ tenant: tenant.slug })}`;
  return {
    oidc: {
      redirectUri: oidcRedirectUri(baseUrl),
      signInUrl: `${baseUrl}/auth/oidc?${new URLSearchParams({ tenant: tenant.slug })}`,
    },
    saml: {
      entityId: settings.auth.saml?.issuer ?? metadataUrl,
      acsUrl: `${baseUrl}/auth/saml/callback`,
      metadataUrl,
      signInUrl: `${baseUrl}/auth/saml?${new URLSearchParams({ tenant: tenant.slug })}`,
    },
  };
}
