import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { DOMParser, XMLSerializer } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";

/**
 * A SAML identity provider for tests: its own RSA key and self-signed certificate (made by
 * openssl in a temporary directory), and responses built as XML and signed with xml-crypto
 * (enveloped signature, exclusive c14n, rsa-sha256), as Okta or Entra ID would send them. The
 * attacker's tools are here too: responses left unsigned, signed by another key, altered after
 * signing, or rewrapped (XML signature wrapping).
 */

const PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
const DSIG = "http://www.w3.org/2000/09/xmldsig#";
export const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
export const PERSISTENT_FORMAT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
export const TRANSIENT_FORMAT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";

export interface SigningKey {
  privateKey: string;
  certificate: string;
}

/** A fresh RSA key and a self-signed X.509 certificate for it. */
export function makeSigningKey(commonName = "Test IdP"): SigningKey {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "saml-idp-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "2", "-subj", `/CN=${commonName}`, "-keyout", keyFile, "-out", certFile],
      { stdio: "ignore" },
    );
    return { privateKey: fs.readFileSync(keyFile, "utf8"), certificate: fs.readFileSync(certFile, "utf8") };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ResponseOptions {
  /** The AuthnRequest's ID, on the Response and in the bearer confirmation; null: unsolicited. */
  inResponseTo: string | null;
  /** Overrides the bearer confirmation's InResponseTo (default: inResponseTo). */
  subjectInResponseTo?: string | null;
  audience: string;
  /** The ACS: the confirmation's Recipient and the Response's Destination. */
  acsUrl: string;
  recipient?: string;
  /** null: no Destination attribute. */
  destination?: string | null;
  nameId: string;
  nameIdFormat?: string;
  attributes?: Record<string, string | string[]>;
  issuer?: string;
  assertionId?: string;
  /** Default: a minute ago. */
  notBefore?: Date;
  /** Default: in five minutes. */
  notOnOrAfter?: Date;
  sign?: "assertion" | "response" | "both" | "none";
  /** Sign with this key instead of the IdP's own. */
  signingKey?: SigningKey;
  status?: string;
}

const escapeXml = (value: string) => value.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] as string);

export const xmlId = () => `_${randomBytes(16).toString("hex")}`;

export class TestSamlIdp {
  readonly key: SigningKey;

  constructor(
    readonly entityId = `https://idp.example.test/${randomBytes(4).toString("hex")}`,
    key?: SigningKey,
  ) {
    this.key = key ?? makeSigningKey();
  }

  get ssoUrl(): string {
    return `${this.entityId}/sso`;
  }

  /** The tenant settings' auth.saml for this IdP. */
  settings(extra: { issuer?: string | null; buttonLabel?: string } = {}) {
    return { entryPoint: this.ssoUrl, idpCertificate: this.key.certificate, ...extra };
  }

  /** The XML of a Response, signed as asked. */
  responseXml(options: ResponseOptions): string {
    const now = Date.now();
    const issueInstant = new Date(now).toISOString();
    const notBefore = (options.notBefore ?? new Date(now - 60_000)).toISOString();
    const notOnOrAfter = (options.notOnOrAfter ?? new Date(now + 5 * 60_000)).toISOString();
    const issuer = escapeXml(options.issuer ?? this.entityId);
    const responseInResponseTo = options.inResponseTo === null ? "" : ` InResponseTo="${escapeXml(options.inResponseTo)}"`;
    const subjectReply = options.subjectInResponseTo === undefined ? options.inResponseTo : options.subjectInResponseTo;
    const subjectInResponseTo = subjectReply === null ? "" : ` InResponseTo="${escapeXml(subjectReply)}"`;
    const destination = options.destination === null ? "" : ` Destination="${escapeXml(options.destination ?? options.acsUrl)}"`;
    const attributes = Object.entries(options.attributes ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified">${([] as string[])
            .concat(value)
            .map(
              (entry) =>
                `<saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${escapeXml(entry)}</saml:AttributeValue>`,
            )
            .join("")}</saml:Attribute>`,
      )
      .join("");
    const assertionId = options.assertionId ?? xmlId();
    const assertion =
      `<saml:Assertion xmlns:saml="${ASSERTION}" ID="${assertionId}" Version="2.0" IssueInstant="${issueInstant}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="${escapeXml(options.nameIdFormat ?? EMAIL_FORMAT)}">${escapeXml(options.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${subjectInResponseTo} NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(options.recipient ?? options.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${issueInstant}" SessionIndex="${xmlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : "") +
      `</saml:Assertion>`;
    let xml =
      `<samlp:Response xmlns:samlp="${PROTOCOL}" xmlns:saml="${ASSERTION}" ID="${xmlId()}" Version="2.0" IssueInstant="${issueInstant}"${destination}${responseInResponseTo}>` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="${escapeXml(options.status ?? "urn:oasis:names:tc:SAML:2.0:status:Success")}"/></samlp:Status>` +
      assertion +
      `</samlp:Response>`;
    const sign = options.sign ?? "assertion";
    const key = options.signingKey ?? this.key;
    if (sign === "assertion" || sign === "both") xml = signElement(xml, "Assertion", key);
    if (sign === "response" || sign === "both") xml = signElement(xml, "Response", key);
    return xml;
  }

  /** The form field: base64 of the Response's XML. */
  response(options: ResponseOptions): string {
    return encode(this.responseXml(options));
  }
}

export const encode = (xml: string) => Buffer.from(xml, "utf8").toString("base64");
export const decode = (samlResponse: string) => Buffer.from(samlResponse, "base64").toString("utf8");

/** Enveloped signature of the (first) element with this local name, placed after its Issuer as the schema wants. */
export function signElement(xml: string, localName: "Assertion" | "Response", key: SigningKey): string {
  const signer = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  });
  const target = localName === "Response" ? "/*[local-name(.)='Response']" : "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
  signer.addReference({
    xpath: target,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
  });
  signer.computeSignature(xml, { prefix: "ds", location: { reference: `${target}/*[local-name(.)='Issuer']`, action: "after" } });
  return signer.getSignedXml();
}

function parse(xml: string): Document {
  return new DOMParser().parseFromString(xml, "text/xml");
}

const serialize = (doc: Document) => new XMLSerializer().serializeToString(doc);

function childrenNamed(parent: Element, localName: string): Element[] {
  return Array.from(parent.childNodes as unknown as ArrayLike<Node>).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).localName === localName,
  );
}

/** Changes the NameID's text in place, after signing (the signature no longer matches). */
export function alterNameId(xml: string, nameId: string): string {
  const doc = parse(xml);
  const element = doc.getElementsByTagNameNS(ASSERTION, "NameID")[0] as Element;
  element.textContent = nameId;
  return serialize(doc);
}

/** Removes every ds:Signature. */
export function stripSignatures(xml: string): string {
  const doc = parse(xml);
  for (const signature of Array.from(doc.getElementsByTagNameNS(DSIG, "Signature") as unknown as ArrayLike<Element>))
    signature.parentNode?.removeChild(signature);
  return serialize(doc);
}

/** A copy of the signed assertion naming somebody else, without its signature (what the attacker wants read). */
function evilTwin(doc: Document, signed: Element, victim: string, newId: boolean): Element {
  const evil = signed.cloneNode(true) as Element;
  for (const signature of childrenNamed(evil, "Signature")) evil.removeChild(signature);
  (evil.getElementsByTagNameNS(ASSERTION, "NameID")[0] as Element).textContent = victim;
  for (const attribute of Array.from(evil.getElementsByTagNameNS(ASSERTION, "AttributeValue") as unknown as ArrayLike<Element>)) {
    if (attribute.textContent?.includes("@")) attribute.textContent = victim;
  }
  if (newId) evil.setAttribute("ID", xmlId());
  return doc.importNode(evil, true) as Element;
}

/**
 * XML signature wrapping, assertion signed (XSW "assertion in the evil assertion"): the evil,
 * unsigned assertion sits where the Response's assertion is read, and the genuine signed
 * assertion is moved inside it, so its signature still verifies somewhere in the document.
 */
export function wrapSignedAssertionInsideEvil(xml: string, victim: string): string {
  const doc = parse(xml);
  const response = doc.documentElement as Element;
  const signed = childrenNamed(response, "Assertion")[0] as Element;
  const evil = evilTwin(doc, signed, victim, true);
  response.replaceChild(evil, signed);
  evil.appendChild(signed);
  return serialize(doc);
}

/**
 * XML signature wrapping, assertion signed (XSW "signed assertion moved aside"): the genuine
 * signed assertion is moved into the Response's Extensions and the evil one takes its place,
 * carrying a copy of the genuine signature (which references the genuine assertion's ID).
 */
export function moveSignedAssertionToExtensions(xml: string, victim: string): string {
  const doc = parse(xml);
  const response = doc.documentElement as Element;
  const signed = childrenNamed(response, "Assertion")[0] as Element;
  const evil = evilTwin(doc, signed, victim, true);
  const signature = childrenNamed(signed, "Signature")[0] as Element;
  const issuer = childrenNamed(evil, "Issuer")[0] as Element;
  evil.insertBefore(signature.cloneNode(true), issuer.nextSibling);
  const extensions = doc.createElementNS(PROTOCOL, "samlp:Extensions");
  response.replaceChild(evil, signed);
  extensions.appendChild(signed);
  response.insertBefore(extensions, childrenNamed(response, "Status")[0] as Element);
  return serialize(doc);
}

/**
 * XML signature wrapping, Response signed (XSW1): a new Response around the evil assertion,
 * carrying the genuine signature, with the genuine signed Response tucked inside that
 * signature's ds:Object, where a careless verifier finds the ID it references.
 */
export function wrapSignedResponse(xml: string, victim: string): string {
  const doc = parse(xml);
  const original = doc.documentElement as Element;
  const evilResponse = original.cloneNode(true) as Element;
  evilResponse.setAttribute("ID", xmlId());
  const signature = childrenNamed(evilResponse, "Signature")[0] as Element;
  const signedAssertion = childrenNamed(evilResponse, "Assertion")[0] as Element;
  evilResponse.replaceChild(evilTwin(doc, signedAssertion, victim, true), signedAssertion);
  const object = doc.createElementNS(DSIG, "ds:Object");
  object.appendChild(original.cloneNode(true));
  signature.appendChild(object);
  const wrapped = parse("<root/>");
  const imported = wrapped.importNode(evilResponse, true);
  wrapped.replaceChild(imported, wrapped.documentElement as Element);
  return serialize(wrapped);
}

/** The ID of the AuthnRequest in an HTTP-Redirect location (SAMLRequest: deflate, base64). */
export function authnRequestOf(location: string): { id: string; xml: string; url: URL } {
  const url = new URL(location);
  const encoded = url.searchParams.get("SAMLRequest");
  if (!encoded) throw new Error(`no SAMLRequest in ${location}`);
  const xml = inflateRawSync(Buffer.from(encoded, "base64")).toString("utf8");
  const id = parse(xml).documentElement?.getAttribute("ID");
  if (!id) throw new Error("the AuthnRequest has no ID");
  return { id, xml, url };
}

/** Our side for a tenant without auth.saml.issuer, as GET /admin/sign-in shows it. */
export function serviceProviderOf(baseUrl: string, tenantSlug: string): { entityId: string; acsUrl: string } {
  return { entityId: `${baseUrl}/auth/saml/metadata?${new URLSearchParams({ tenant: tenantSlug })}`, acsUrl: `${baseUrl}/auth/saml/callback` };
}
