import { normalizeUserText, visibleLength } from "../../platform/text.constants.js";

/**
 * What we keep of a provider's profile, normalised. An identity always has a verified email:
 * a first sign-in may link to an existing account by email (CONTRACT §8), so an unverified one
 * would let anybody claim somebody else's account.
 */
export type OAuthProvider = "github" | "google";
/** The tenant's own identity provider (CONTRACT §10), configured in its settings. */
export type CompanyProvider = "oidc" | "saml";
export type IdentityProvider = OAuthProvider | CompanyProvider;

export const PROVIDER_LABELS = {
  github: "GitHub",
  google: "Google",
  demo: "demo sign-in",
  oidc: "your company's sign-in (OpenID Connect)",
  saml: "your company's sign-in (SAML)",
} as const;

export const isCompanyProvider = (provider: string): provider is CompanyProvider => provider === "oidc" || provider === "saml";

export interface OAuthIdentity {
  /** For a company provider, `providerUserId` is qualified by the provider's issuer. */
  provider: IdentityProvider;
  providerUserId: string;
  /** The address a new account gets when nothing else decides: GitHub's verified primary, Google's verified email. */
  email: string;
  /** Every address the provider confirmed as verified, `email` first (GitHub may confirm several). */
  verifiedEmails: string[];
  name: string;
  avatarUrl: string | null;
}

const MAX_NAME = 200;
const MAX_URL = 2048;
// Loose on purpose: providers validate addresses; this only refuses what cannot be one.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

export function email(value: unknown): string | null {
  const candidate = text(value)?.toLowerCase() ?? null;
  return candidate && candidate.length <= 320 && EMAIL.test(candidate) ? candidate : null;
}

export function httpUrl(value: unknown): string | null {
  const candidate = text(value);
  if (!candidate || candidate.length > MAX_URL) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The first candidate with something visible left once saved as a written name is (CONTRACT §3:
 * NFC, no bidi controls; control characters become spaces): a profile name of zero-width or blank
 * characters, or one that would reverse the text shown after it, does not become a user's name.
 */
export function displayName(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const value = [...normalizeUserText(candidate.replace(/\p{Cc}/gu, " "))].slice(0, MAX_NAME).join("").trim();
    if (visibleLength(value) > 0) return value;
  }
  return "Unnamed user";
}

interface GitHubEmail {
  email?: unknown;
  primary?: unknown;
  verified?: unknown;
}

/** More addresses than anyone verifies; bounds the lookup of existing accounts. */
const MAX_VERIFIED_EMAILS = 50;

/**
 * GitHub: only the addresses GitHub's e-mail list (/user/emails, the `user:email` scope) marks as
 * verified, the primary first. The profile's public email is never taken on its own: it says
 * nothing about verification, and when the list cannot be read there is no verified address at all.
 */
export function githubIdentity(profile: Record<string, unknown>, emails: unknown[] | null): OAuthIdentity | null {
  const id = profile.id;
  if ((typeof id !== "number" && typeof id !== "string") || String(id) === "") return null;
  const verified = (emails ?? []).filter((entry): entry is GitHubEmail => Boolean(entry) && (entry as GitHubEmail).verified === true);
  const ordered = [...verified.filter((entry) => entry.primary === true), ...verified.filter((entry) => entry.primary !== true)];
  const verifiedEmails = [...new Set(ordered.map((entry) => email(entry.email)).filter((address): address is string => address !== null))].slice(
    0,
    MAX_VERIFIED_EMAILS,
  );
  const [chosen] = verifiedEmails;
  if (!chosen) return null;
  return {
    provider: "github",
    providerUserId: String(id),
    email: chosen,
    verifiedEmails,
    name: displayName(profile.name, profile.login, chosen.split("@")[0]),
    avatarUrl: httpUrl(profile.avatar_url),
  };
}

/** Google (OpenID Connect userinfo): `sub`, and the email only when `email_verified`. */
export function googleIdentity(json: Record<string, unknown>): OAuthIdentity | null {
  const id = text(json.sub) ?? text(json.id);
  const verified = json.email_verified === true || json.email_verified === "true" || json.verified_email === true;
  const address = verified ? email(json.email) : null;
  if (!id || !address) return null;
  const given = text(json.given_name);
  const family = text(json.family_name);
  return {
    provider: "google",
    providerUserId: id,
    email: address,
    verifiedEmails: [address],
    name: displayName(json.name, given && family ? `${given} ${family}` : given, address.split("@")[0]),
    avatarUrl: httpUrl(json.picture),
  };
}
