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
export const SLACK_BOT_TOKEN_PATH = "slack.botToken";
export const SLACK_SIGNING_SECRET_PATH = "slack.signingSecret";

/**
 * Every write-only secret of the settings, by dotted path. Each is sealed when written, answered
 * only as `<name>Set`, resealed after a rotation, and never written to the audit log.
 */
export const SETTINGS_SECRET_PATHS = [OIDC_CLIENT_SECRET_PATH, SLACK_BOT_TOKEN_PATH, SLACK_SIGNING_SECRET_PATH] as const;
export type SettingsSecretPath = (typeof SETTINGS_SECRET_PATHS)[number];

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a dotted path of a settings object (or patch); undefined where a group is missing or null. */
export function valueAt(settings: unknown, path: string): unknown {
  let node: unknown = settings;
  for (const key of path.split(".")) {
    if (!isTree(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A copy of `settings` with the leaf at `path` replaced by `replace(leaf, parent)`'s entries; unchanged where its group is missing or null. */
export function withLeaf(settings: unknown, path: string, replace: (value: unknown) => Tree): unknown {
  const [key, ...rest] = path.split(".");
  if (!isTree(settings) || key === undefined || !(key in settings)) return settings;
  if (rest.length === 0) {
    const { [key]: value, ...others } = settings;
    return { ...others, ...replace(value) };
  }
  const child = settings[key];
  return isTree(child) ? { ...settings, [key]: withLeaf(child, rest.join("."), replace) } : settings;
}

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

/** A value sealed for a tenant at a place (`path`), as a table keeps it. */
export interface SealedValue {
  tenantId: string;
  path: string;
  sealed: string;
}

/**
 * After a SESSION_SECRET rotation (the old one in SESSION_SECRET_PREVIOUS), seals each value
 * again with the current secret, so the previous one can be retired. A value no known secret
 * opens is left as it is (someone must enter it again). `replace` stores the new one only if the
 * old one is still there, so a change made meanwhile wins. Answers how many were sealed again.
 */
export async function resealEach<T extends SealedValue>(
  secrets: SettingsSecrets,
  values: T[],
  replace: (value: T, sealed: string) => Promise<boolean>,
): Promise<number> {
  let resealed = 0;
  for (const value of values) {
    if (secrets.isCurrent(value.sealed)) continue;
    const plaintext = secrets.open(value.tenantId, value.path, value.sealed);
    if (plaintext === null) continue;
    if (await replace(value, secrets.seal(value.tenantId, value.path, plaintext))) resealed += 1;
  }
  return resealed;
}
