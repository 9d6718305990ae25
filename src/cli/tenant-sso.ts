import { readFileSync } from "node:fs";
import { systemClock } from "../platform/clock.js";
import type { RequestContext } from "../platform/context.js";
import type { Database } from "../platform/db.js";
import { AppError } from "../platform/errors.js";
import { createSettingsSecrets } from "../platform/settings-secrets.js";
import { createSettingsService, presentSettings, type SettingsPatch } from "../modules/settings/index.js";
import { findTenant } from "../modules/tenants/index.js";
import { fail } from "./environment.js";

export interface SsoOptions {
  "oidc-issuer"?: string;
  "oidc-client-id"?: string;
  "oidc-scopes"?: string;
  "saml-entry-point"?: string;
  "saml-certificate"?: string;
  "saml-entity-id"?: string;
  label?: string;
  "require-sso"?: boolean;
  "allow-other-sign-in"?: boolean;
  "remove-oidc"?: boolean;
  "remove-saml"?: boolean;
}

/** The settings patch the command line asks for; the settings' own validation decides the rest. */
export function ssoPatch(options: SsoOptions, env: NodeJS.ProcessEnv = process.env): SettingsPatch {
  const auth: NonNullable<SettingsPatch["auth"]> = {};
  if (options["remove-oidc"]) auth.oidc = null;
  else if (options["oidc-issuer"] || options["oidc-client-id"]) {
    auth.oidc = {
      ...(options["oidc-issuer"] ? { issuer: options["oidc-issuer"] } : {}),
      ...(options["oidc-client-id"] ? { clientId: options["oidc-client-id"] } : {}),
      ...(options["oidc-scopes"] ? { scopes: options["oidc-scopes"].split(/\s+/).filter(Boolean) } : {}),
      ...(env.OIDC_CLIENT_SECRET ? { clientSecret: env.OIDC_CLIENT_SECRET } : {}),
      ...(options.label ? { buttonLabel: options.label } : {}),
    };
  }
  if (options["remove-saml"]) auth.saml = null;
  else if (options["saml-entry-point"] || options["saml-certificate"]) {
    let certificate: string | undefined;
    if (options["saml-certificate"]) {
      try {
        certificate = readFileSync(options["saml-certificate"], "utf8");
      } catch (error) {
        fail(`--saml-certificate: ${(error as Error).message}`);
      }
    }
    auth.saml = {
      ...(options["saml-entry-point"] ? { entryPoint: options["saml-entry-point"] } : {}),
      ...(certificate ? { idpCertificate: certificate } : {}),
      ...(options["saml-entity-id"] ? { issuer: options["saml-entity-id"] } : {}),
      ...(options.label ? { buttonLabel: options.label } : {}),
    };
  }
  if (options["require-sso"]) auth.requireSso = true;
  if (options["allow-other-sign-in"]) auth.requireSso = false;
  if (Object.keys(auth).length === 0) fail("sso: name a provider (--oidc-issuer, --saml-entry-point), --require-sso, or a --remove option.");
  return { auth };
}

/**
 * Changes the tenant's sign-in settings as an owner would in Settings (validated, the secret
 * sealed, audited), on behalf of the server's operator: the audit entry names no user.
 */
export async function configureCompanySignIn(db: Database, serverSecrets: string[], slug: string, patch: SettingsPatch) {
  const found = await findTenant(db, slug);
  if (!found) fail(`No organisation is named '${slug}' (npm run tenant -- list).`);
  const settingsService = createSettingsService({
    db,
    clock: systemClock,
    // A running server reads the change within its tenant cache's lifetime (seconds).
    tenants: { invalidate: () => undefined },
    teamExists: async () => true,
    secrets: createSettingsSecrets(serverSecrets),
  });
  const ctx: RequestContext = {
    tenant: found.tenant,
    settings: found.settings,
    user: null,
    requestId: "cli",
    ip: null,
    userAgent: "npm run tenant -- sso",
    authMethod: null,
  };
  try {
    return presentSettings(await settingsService.update(ctx, patch));
  } catch (error) {
    if (error instanceof AppError && error.details) {
      fail(
        `${error.message} ${(error.details as Array<{ path: string; message: string }>).map((detail) => `${detail.path.replace(/^body\./, "")}: ${detail.message}`).join("; ")}`,
      );
    }
    throw error;
  }
}
