import { displayName, email, httpUrl, text, type OAuthIdentity } from "./auth.oauth.profiles.js";

/**
 * The person an OpenID provider vouches for, from its checked ID token (and userinfo, where the
 * token carries no address). The address must be verified: `email_verified` true, or Microsoft
 * Entra ID's `xms_edov` (the address's domain is verified by the directory), which Entra sends
 * instead. The subject is qualified by the issuer: another provider's `sub` is another person.
 */
export function oidcIdentity(issuer: string, claims: Record<string, unknown>): OAuthIdentity | null {
  const subject = text(claims.sub);
  const verified = claims.email_verified === true || claims.email_verified === "true" || (claims.email_verified === undefined && claims.xms_edov === true);
  const address = verified ? email(claims.email) : null;
  if (!subject || !address) return null;
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  return {
    provider: "oidc",
    providerUserId: `${issuer}|${subject}`,
    email: address,
    verifiedEmails: [address],
    name: displayName(claims.name, given && family ? `${given} ${family}` : given, claims.preferred_username, address.split("@")[0]),
    avatarUrl: httpUrl(claims.picture),
  };
}
