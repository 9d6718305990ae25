import * as oidc from "openid-client";
import { AppError } from "../../platform/errors.js";
import type { Logger } from "../../platform/logger.js";
import { OIDC_CLIENT_SECRET_PATH, type SettingsSecrets } from "../../platform/settings-secrets.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";

type OidcSettings = NonNullable<TenantSettings["auth"]["oidc"]>;

/** How long a provider's discovered metadata is used before it is read again. */
const DISCOVERY_MAX_AGE_MS = 10 * 60 * 1000;
/** Seconds, for discovery and every later request to the provider. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface OidcClients {
  /**
   * The tenant's provider as discovered from its issuer (cached a few minutes, per configuration:
   * a changed issuer, client or secret is discovered anew). 502 when it cannot be discovered.
   */
  configuration(tenantId: string, settings: OidcSettings): Promise<oidc.Configuration>;
}

function unavailable(message: string): AppError {
  return new AppError("OAUTH_PROVIDER_UNAVAILABLE", 502, message);
}

/**
 * OpenID Connect clients, one per tenant configuration, with openid-client (the certified client):
 * discovery, then the client authentication the provider supports (client_secret_basic, the
 * specification's default, else client_secret_post; none for a public client). Outside production
 * an `http:` issuer is allowed, for a provider on the same machine or network during development.
 */
export function createOidcClients(deps: { secrets: SettingsSecrets; allowHttp: boolean; logger: Logger }): OidcClients {
  const cache = new Map<string, { value: Promise<oidc.Configuration>; expiresAt: number }>();

  async function discover(tenantId: string, settings: OidcSettings): Promise<oidc.Configuration> {
    const issuer = new URL(settings.issuer);
    if (issuer.protocol !== "https:" && !deps.allowHttp) {
      throw unavailable(`The OpenID Connect issuer must be an https address in production (${issuer.origin} is not).`);
    }
    const secret = settings.clientSecret ? deps.secrets.open(tenantId, OIDC_CLIENT_SECRET_PATH, settings.clientSecret) : null;
    if (settings.clientSecret && secret === null) {
      throw unavailable("The stored OpenID Connect client secret cannot be read by this server (SESSION_SECRET changed?). An owner must enter it again.");
    }
    // openid-client trusts an ID token from the token endpoint on the strength of TLS alone (OIDC
    // Core §3.1.3.7 allows it); its signature is checked against the issuer's JWKS as well, so a
    // token the issuer did not sign is refused whatever carried it.
    const execute = [oidc.enableNonRepudiationChecks, ...(deps.allowHttp ? [oidc.allowInsecureRequests] : [])];
    let discovered: oidc.Configuration;
    try {
      discovered = await oidc.discovery(issuer, settings.clientId, secret ?? undefined, secret ? undefined : oidc.None(), {
        execute,
        timeout: PROVIDER_TIMEOUT_SECONDS,
      });
    } catch (error) {
      deps.logger.warn({ issuer: issuer.origin, err: { name: (error as Error).name, message: (error as Error).message } }, "OpenID Connect discovery failed");
      throw unavailable(`The OpenID Connect provider at ${issuer.origin} could not be discovered (${describeError(error)}).`);
    }
    if (!secret) return discovered;
    const methods = discovered.serverMetadata().token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    const auth = methods.includes("client_secret_basic") ? oidc.ClientSecretBasic(secret) : oidc.ClientSecretPost(secret);
    const configured = new oidc.Configuration(discovered.serverMetadata(), settings.clientId, secret, auth);
    for (const step of execute) step(configured);
    configured.timeout = PROVIDER_TIMEOUT_SECONDS;
    return configured;
  }

  return {
    configuration(tenantId, settings) {
      const key = JSON.stringify([tenantId, settings.issuer, settings.clientId, settings.clientSecret]);
      const now = Date.now();
      const cached = cache.get(key);
      if (cached && cached.expiresAt > now) return cached.value;
      const value = discover(tenantId, settings);
      cache.set(key, { value, expiresAt: now + DISCOVERY_MAX_AGE_MS });
      // A failure is not remembered: the next sign-in tries again.
      value.catch(() => cache.delete(key));
      if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
      return value;
    },
  };
}

/** A short reason, safe to show: the library's own message or the network failure's name, never a response body. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (error.name === "TypeError" && typeof cause?.code === "string") return `network error ${cause.code}`;
  if (error.name === "TimeoutError" || error.name === "AbortError") return "no answer in time";
  return error.message.slice(0, 200);
}
