import { displayName, email, text, type OAuthIdentity } from "./auth.oauth.profiles.js";
import type { VerifiedSamlAssertion } from "./auth.saml.protocol.js";

/**
 * Who a verified SAML assertion names. The address comes from the attributes identity providers
 * send it in (Entra ID's NameID is often the UPN, which need not be the mailbox), else from the
 * NameID when it is an address. The tenant's own identity provider vouches for its addresses.
 */

export const SAML_EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "emailaddress",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  "urn:oid:0.9.2342.19200300.100.1.3",
  // Keycloak's "X500 email" mapper.
  "urn:oid:1.2.840.113549.1.9.1",
] as const;

export const SAML_NAME_ATTRIBUTES = [
  "displayName",
  "name",
  "http://schemas.microsoft.com/identity/claims/displayname",
  "urn:oid:2.16.840.1.113730.3.1.241",
] as const;
// Not ".../identity/claims/name": Entra ID and AD FS send the user principal name there, no person's name.

const GIVEN_NAME = ["givenName", "firstName", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname", "urn:oid:2.5.4.42"];
const SURNAME = ["sn", "surname", "lastName", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname", "urn:oid:2.5.4.4"];

/** The first value of an attribute (several values come as a list). */
function firstValue(attributes: Record<string, unknown>, name: string): unknown {
  const value = Object.prototype.hasOwnProperty.call(attributes, name) ? attributes[name] : undefined;
  return Array.isArray(value) ? value.find((entry) => typeof entry === "string") : value;
}

function firstOf(attributes: Record<string, unknown>, names: readonly string[], read: (value: unknown) => string | null): string | null {
  for (const name of names) {
    const found = read(firstValue(attributes, name));
    if (found) return found;
  }
  return null;
}

/** null when the assertion gives no address (403 EMAIL_REQUIRED). */
export function samlIdentity(assertion: VerifiedSamlAssertion): OAuthIdentity | null {
  const { attributes } = assertion;
  const address = firstOf(attributes, SAML_EMAIL_ATTRIBUTES, email) ?? email(assertion.nameId);
  if (!address) return null;
  const given = firstOf(attributes, GIVEN_NAME, text);
  const family = firstOf(attributes, SURNAME, text);
  return {
    provider: "saml",
    // Qualified by the identity provider, so another provider's subjects never meet this one's.
    providerUserId: `${assertion.issuer}|${assertion.nameId}`,
    email: address,
    verifiedEmails: [address],
    name: displayName(firstOf(attributes, SAML_NAME_ATTRIBUTES, text), given && family ? `${given} ${family}` : given, address.split("@")[0]),
    avatarUrl: null,
  };
}
