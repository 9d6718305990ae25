import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";

/**
 * An OpenID provider an attacker controls the answers of: discovery and JWKS as a real one
 * publishes them, and a token endpoint that answers with whatever ID token the test forges from
 * the request (a wrong audience, issuer or nonce, an expired token, another key's signature,
 * `alg: none`...). The honest token (`honest`) is what a real provider would send, so a test can
 * show the forgery alone is what gets refused.
 */

export interface AuthorizationRequest {
  nonce: string | null;
  state: string | null;
  codeChallenge: string | null;
}

export type Forge = (honest: Record<string, unknown>, request: AuthorizationRequest, keys: ForgingKeys) => Promise<string>;

export interface ForgingKeys {
  /** The key the provider's JWKS publishes. */
  published: CryptoKey;
  /** A key nobody published, under the same key id. */
  other: CryptoKey;
  kid: string;
  clientSecret: string;
}

export class ForgingOpenIdProvider {
  forge: Forge = (claims, _request, keys) => sign(claims, keys.published, keys.kid);
  account: { sub: string; email: string; email_verified?: boolean } = { sub: "x", email: "x@example.com", email_verified: true };
  private readonly requests = new Map<string, AuthorizationRequest>();
  /** The PKCE verifiers the token endpoint received and whether each matched its challenge. */
  readonly pkce: boolean[] = [];

  private constructor(
    readonly issuer: string,
    readonly clientId: string,
    readonly clientSecret: string,
    private readonly server: Server,
    private readonly keys: ForgingKeys,
  ) {}

  static async start(redirectUri: string): Promise<ForgingOpenIdProvider> {
    const published = await generateKeyPair("RS256", { extractable: true });
    const other = await generateKeyPair("RS256");
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clientSecret = "forging-provider-client-secret-0123456789";
    const keys: ForgingKeys = { published: published.privateKey, other: other.privateKey, kid: "k1", clientSecret };
    const provider = new ForgingOpenIdProvider(issuer, "team-qa", clientSecret, server, keys);
    const jwk = { ...(await exportJWK(published.publicKey)), kid: keys.kid, alg: "RS256", use: "sig" };

    server.on("request", (req, res) => {
      const url = new URL(req.url ?? "/", issuer);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === "/.well-known/openid-configuration") {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic"],
          code_challenge_methods_supported: ["S256"],
        });
      }
      if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
      if (url.pathname === "/authorize") {
        const code = randomUUID();
        provider.requests.set(code, {
          nonce: url.searchParams.get("nonce"),
          state: url.searchParams.get("state"),
          codeChallenge: url.searchParams.get("code_challenge"),
        });
        const back = new URL(url.searchParams.get("redirect_uri") ?? redirectUri);
        back.searchParams.set("code", code);
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === "/token" && req.method === "POST") {
        void readForm(req).then(async (form) => {
          const request = provider.requests.get(form.get("code") ?? "");
          if (!request) return json(400, { error: "invalid_grant" });
          provider.requests.delete(form.get("code") ?? "");
          const verifier = form.get("code_verifier") ?? "";
          provider.pkce.push(createHash("sha256").update(verifier).digest("base64url") === request.codeChallenge);
          const now = Math.floor(Date.now() / 1000);
          const honest = { iss: issuer, aud: provider.clientId, iat: now, exp: now + 300, nonce: request.nonce, ...provider.account };
          json(200, { access_token: randomUUID(), token_type: "Bearer", expires_in: 300, id_token: await provider.forge(honest, request, keys) });
        });
        return;
      }
      json(404, { error: "not_found" });
    });
    return provider;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** An RS256 JWT of these claims (an undefined claim is left out). */
export async function sign(claims: Record<string, unknown>, key: CryptoKey, kid: string, alg = "RS256"): Promise<string> {
  const payload = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined && value !== null));
  return new SignJWT(payload).setProtectedHeader({ alg, kid, typ: "JWT" }).sign(key);
}

/** An unsecured JWT (`alg: none`, RFC 7519 §6): a header, the claims and no signature. */
export function unsigned(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
}
