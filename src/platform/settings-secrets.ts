import { createSealer, type Sealer } from "./sealed-box.js";

/**
 * Secrets an admin writes into the tenant settings (an identity provider's client secret) are
 * stored sealed under a key derived from SESSION_SECRET, never as given: a database dump or a
 * settings read alone reveals nothing. The sealed form names its key, so SESSION_SECRET_PREVIOUS
 * still opens what the previous secret sealed, and `isCurrent` says what a rotation must reseal.
 * Each is bound to its tenant and its place in the settings: it cannot be moved elsewhere.
 */
const PREFIX = "sealed.v1";

/** Where the OpenID Connect client secret sits in the settings (its sealing context). */
export const OIDC_CLIENT_SECRET_PATH = "auth.oidc.clientSecret";

export interface SettingsSecrets {
  seal(tenantId: string, path: string, plaintext: string): string;
  /** The plaintext, or null for a value this server cannot open (altered, moved, or sealed by a retired secret). */
  open(tenantId: string, path: string, stored: string): string | null;
  /** Sealed with the current SESSION_SECRET (else a rotation should seal it again). */
  isCurrent(stored: string): boolean;
}

export function createSettingsSecrets(serverSecrets: string[]): SettingsSecrets {
  const sealer: Sealer = createSealer("tenant-settings-secret", serverSecrets);
  return {
    seal(tenantId, path, plaintext) {
      const box = sealer.seal(tenantId, path, Buffer.from(plaintext, "utf8"));
      return `${PREFIX}.${box.keyId}.${box.sealed.toString("base64url")}`;
    },
    open(tenantId, path, stored) {
      const [prefix, version, keyId, sealed, ...rest] = stored.split(".");
      if (`${prefix}.${version}` !== PREFIX || !keyId || !sealed || rest.length) return null;
      return sealer.open(tenantId, path, { keyId, sealed: Buffer.from(sealed, "base64url") })?.toString("utf8") ?? null;
    },
    isCurrent: (stored) => stored.startsWith(`${PREFIX}.${sealer.keyId}.`),
  };
}
