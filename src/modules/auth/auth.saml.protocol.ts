import { randomBytes, X509Certificate } from "node:crypto";
import { generateServiceProviderMetadata, SAML, SamlStatusError, ValidateInResponseTo, type CacheProvider, type Profile } from "@node-saml/node-saml";
import { DOMParser } from "@xmldom/xmldom";
import { AppError } from "../../platform/errors.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";

/**
 * SAML 2.0 Web Browser SSO (CONTRACT §10) with node-saml, plus the checks it leaves to its caller.
 * node-saml verifies the signature (and reads the assertion only from the bytes the signature
 * covers), the validity window, the audience and the Response's InResponseTo; it does not check
 * the Recipient or the Destination, nor that the signed assertion itself answers our request.
 */

export type SamlIdentityProvider = NonNullable<TenantSettings["auth"]["saml"]>;

/** Our side, for one tenant: serviceProviderValues() in auth.sso.ts. */
export interface SamlServiceProvider {
  entityId: string;
  acsUrl: string;
}

export const SAML_RESPONSE_MAX_BYTES = 256 * 1024;
/** Clocks of the identity provider and ours may differ this much (NotBefore, NotOnOrAfter). */
export const SAML_CLOCK_SKEW_MS = 60_000;
/** How long a sign-in may stay at the identity provider. */
export const SAML_REQUEST_LIFETIME_MS = 10 * 60_000;
/** A used assertion is remembered until it expires, but never longer than this. */
const MAX_REMEMBERED_MS = 24 * 3600_000;

const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const TRANSIENT_FORMAT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const PROTOCOL_NS = "urn:oasis:names:tc:SAML:2.0:protocol";

/** A 160-bit random request ID; an XML ID may not start with a digit. */
export function newSamlRequestId(): string {
  return `_${randomBytes(20).toString("hex")}`;
}

type Reason =
  | "encoding"
  | "malformed"
  | "signature"
  | "certificate"
  | "audience"
  | "validity"
  | "recipient"
  | "destination"
  | "in-response-to"
  | "subject"
  | "status"
  | "encrypted"
  | "replayed";

/** 401 SAML_INVALID: a short reason for people, and `details: [{reason}]` for programs. The XML is never echoed. */
export function samlInvalid(reason: Reason, message: string): AppError {
  return new AppError("SAML_INVALID", 401, `The SAML response was refused: ${message}`, [{ reason }]);
}

export function samlRequestInvalid(message: string): AppError {
  return new AppError("SAML_REQUEST_INVALID", 403, `${message} Start the sign-in again from this site.`);
}

/**
 * The identity provider's signing certificates (several during a rollover), as PEM. What the
 * settings accept (PEM blocks or bare base64) is checked here to be X.509 indeed.
 */
export function idpCertificates(configured: string): string[] {
  const blocks = configured.match(/-----BEGIN CERTIFICATE-----[\sA-Za-z0-9+/=]+?-----END CERTIFICATE-----/g) ?? [configured];
  return blocks.map((block) => {
    const body = block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "");
    const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join("\n") ?? ""}\n-----END CERTIFICATE-----\n`;
    try {
      new X509Certificate(pem);
    } catch {
      throw samlInvalid("certificate", "the organisation's identity provider certificate is not a valid X.509 certificate. An administrator must correct it.");
    }
    return pem;
  });
}

/**
 * A node-saml client for one tenant and one request (the one sent, or the one being answered):
 * its "cache" knows that request only (the pending requests live in the database,
 * auth.saml.repository). `idpCert` is read only when verifying an answer.
 */
function client(idp: SamlIdentityProvider, sp: SamlServiceProvider, requestId: string, idpCert: string[] = [idp.idpCertificate]): SAML {
  const onlyThisRequest: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
  return new SAML({
    entryPoint: idp.entryPoint,
    idpCert,
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_FORMAT,
    // Asking for a password (node-saml's default) makes Entra ID and AD FS refuse people who
    // signed in with MFA or a smart card; how people authenticate is the IdP's policy.
    disableRequestedAuthnContext: true,
    // Either signature covers the assertion: the Response's (enveloping it) or the assertion's
    // own. node-saml refuses an unsigned assertion in an unsigned response, and reads the
    // assertion from the verified bytes only.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_LIFETIME_MS,
    cacheProvider: onlyThisRequest,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    generateUniqueId: () => requestId,
  });
}

/** Where to send the browser: the AuthnRequest with this ID, HTTP-Redirect binding. */
export async function authnRequestUrl(idp: SamlIdentityProvider, sp: SamlServiceProvider, requestId: string): Promise<string> {
  return client(idp, sp, requestId).getAuthorizeUrlAsync("", undefined, {});
}

/** What we ask of the IdP: signed assertions (a signed Response around one is accepted too, see client()). */
export function serviceProviderMetadata(sp: SamlServiceProvider): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
    generateUniqueId: newSamlRequestId,
  });
}

export interface SamlEnvelope {
  encoded: string;
  xml: string;
  /** The request this answers (the Response's InResponseTo); null for an unsolicited response. */
  inResponseTo: string | null;
  /** Where the identity provider meant it to go, when it says. */
  destination: string | null;
}

const BASE64 = /^[A-Za-z0-9+/\r\n ]+={0,2}[\r\n ]*$/;

/** Decodes and parses the form's SAMLResponse far enough to know which request it answers. */
export function openSamlResponse(encoded: string): SamlEnvelope {
  if (!BASE64.test(encoded)) throw samlInvalid("encoding", "SAMLResponse is not base64.");
  const xml = Buffer.from(encoded, "base64").toString("utf8");
  // SAML messages have no document type; refusing one keeps entity tricks out of every parser after this.
  if (/<!DOCTYPE/i.test(xml)) throw samlInvalid("malformed", "the response is not a SAML response.");
  let root: Element | null;
  try {
    const fail = (message: string) => {
      throw new Error(message);
    };
    root = new DOMParser({ locator: {}, errorHandler: { error: fail, fatalError: fail } }).parseFromString(xml, "text/xml").documentElement;
  } catch {
    root = null;
  }
  if (!root || root.localName !== "Response" || root.namespaceURI !== PROTOCOL_NS) throw samlInvalid("malformed", "the response is not a SAML response.");
  return { encoded, xml, inResponseTo: root.getAttribute("InResponseTo") || null, destination: root.getAttribute("Destination") || null };
}

export interface VerifiedSamlAssertion {
  /** The assertion's Issuer: the identity provider's entity ID. */
  issuer: string;
  nameId: string;
  nameIdFormat: string | null;
  assertionId: string;
  /** Until when a replay must be refused. */
  rememberUntil: Date;
  /** The assertion's attributes, by name (a value, or a list of values). */
  attributes: Record<string, unknown>;
}

/** Maps node-saml's failures to what a person (or the admin at the IdP) can act on. */
function refusal(error: unknown, sp: SamlServiceProvider): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof SamlStatusError) {
    const status = /returned (\w{1,40}) error/.exec(error.message)?.[1] ?? "an error";
    return samlInvalid("status", `the identity provider did not sign you in (status ${status}).`);
  }
  const message = error instanceof Error ? error.message : "";
  if (/audience|AudienceRestriction/i.test(message))
    return samlInvalid("audience", `the assertion is meant for another service provider (ours is ${sp.entityId}).`);
  if (/expired|not yet valid|subject confirmation/i.test(message)) {
    return samlInvalid("validity", "the assertion is expired or not yet valid. Check the identity provider's clock, then sign in again.");
  }
  if (/InResponseTo/i.test(message)) return samlInvalid("in-response-to", "it does not answer the sign-in started here.");
  if (/signature|signed|referenced node|ID cannot refer/i.test(message)) {
    return samlInvalid("signature", "its signature is missing or does not verify with the organisation's identity provider certificate.");
  }
  if (/decrypt|encrypted/i.test(message))
    return samlInvalid("encrypted", "encrypted assertions are not supported: turn off assertion encryption at the identity provider.");
  return samlInvalid("malformed", "the response could not be read as a SAML sign-in.");
}

type XmlNode = { _?: string; $?: Record<string, string> } & Record<string, unknown>;
const first = (value: unknown): XmlNode | undefined => (Array.isArray(value) ? (value[0] as XmlNode | undefined) : undefined);
const textOf = (value: unknown): string | null => {
  const node = first(value);
  const text = typeof node === "string" ? node : node?._;
  return typeof text === "string" && text.trim() ? text.trim() : null;
};
const instant = (value: string | undefined): number | null => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/**
 * Verifies an answer to `requestId` with the tenant's identity provider certificate; the pending
 * request was looked up by the caller. Beyond node-saml: the signed assertion's bearer
 * confirmation must name our ACS (Recipient) and this request (InResponseTo) within its
 * validity; a Destination must name our ACS; the subject must be lasting (not transient).
 */
export async function verifySamlResponse(
  idp: SamlIdentityProvider,
  sp: SamlServiceProvider,
  requestId: string,
  response: SamlEnvelope,
  now: Date,
): Promise<VerifiedSamlAssertion> {
  const certificates = idpCertificates(idp.idpCertificate);
  let profile: Profile | null;
  try {
    ({ profile } = await client(idp, sp, requestId, certificates).validatePostResponseAsync({ SAMLResponse: response.encoded }));
  } catch (error) {
    throw refusal(error, sp);
  }
  if (response.destination !== null && response.destination !== sp.acsUrl)
    throw samlInvalid("destination", `its Destination is not our assertion consumer service (${sp.acsUrl}).`);
  const assertion = (profile?.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  if (!profile || !assertion) throw samlInvalid("malformed", "the response carries no assertion.");

  const nowMs = now.getTime();
  const confirmations = (first(assertion.Subject)?.SubjectConfirmation ?? []) as XmlNode[];
  const bearer = confirmations
    .filter((confirmation) => confirmation.$?.Method === BEARER)
    .map((confirmation) => first(confirmation.SubjectConfirmationData)?.$ ?? {});
  if (!bearer.some((data) => data.Recipient === sp.acsUrl)) {
    throw samlInvalid("recipient", `its Recipient is not our assertion consumer service (${sp.acsUrl}).`);
  }
  const answering = bearer.filter((data) => data.Recipient === sp.acsUrl && data.InResponseTo === requestId);
  if (!answering.length) throw samlInvalid("in-response-to", "the signed assertion does not answer the sign-in started here.");
  const confirmation = answering.find((data) => {
    const notOnOrAfter = instant(data.NotOnOrAfter);
    const notBefore = instant(data.NotBefore);
    return notOnOrAfter !== null && nowMs - SAML_CLOCK_SKEW_MS < notOnOrAfter && (notBefore === null || notBefore <= nowMs + SAML_CLOCK_SKEW_MS);
  });
  if (!confirmation) throw samlInvalid("validity", "the assertion is expired or not yet valid. Check the identity provider's clock, then sign in again.");

  const assertionId = assertion.$?.ID;
  const issuer = textOf(assertion.Issuer);
  if (!assertionId || assertionId.length > 256 || !issuer) throw samlInvalid("malformed", "the assertion has no ID or no Issuer.");
  const nameId = profile.nameID?.trim();
  if (!nameId) throw samlInvalid("subject", "the assertion names nobody (no NameID).");
  if (profile.nameIDFormat === TRANSIENT_FORMAT) {
    throw samlInvalid(
      "subject",
      "its NameID is transient, which changes at every sign-in. Configure a persistent or emailAddress NameID at the identity provider.",
    );
  }

  const ends = [instant(confirmation.NotOnOrAfter), instant(first(assertion.Conditions)?.$?.NotOnOrAfter)].filter((ms): ms is number => ms !== null);
  const rememberUntil = new Date(Math.min(Math.max(...ends) + SAML_CLOCK_SKEW_MS, nowMs + MAX_REMEMBERED_MS));
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  return { issuer, nameId, nameIdFormat: profile.nameIDFormat ?? null, assertionId, rememberUntil, attributes };
}
