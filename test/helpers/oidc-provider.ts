import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID provider (oidc-provider, certified) on loopback, as a tenant's company sign-in
 * talks to one: discovery, JWKS, the authorization endpoint with PKCE, the token and userinfo
 * endpoints. Its login page signs in whoever the test names next (`signInAs`), and every scope is
 * granted, so a test drives the whole redirect dance with `authorize`.
 */

export interface IdpAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export class TestOpenIdProvider {
  private next: IdpAccount | null = null;
  private readonly accounts = new Map<string, IdpAccount>();

  private constructor(
    readonly issuer: string,
    readonly clientId: string,
    readonly clientSecret: string,
    private readonly server: Server,
  ) {}

  static async start(options: { redirectUri: string; clientId?: string; clientSecret?: string; publicClient?: boolean }): Promise<TestOpenIdProvider> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clientId = options.clientId ?? "team-qa";
    const clientSecret = options.clientSecret ?? "test-client-secret-of-at-least-32-chars";
    const idp = new TestOpenIdProvider(issuer, clientId, clientSecret, server);
    const provider = new Provider(issuer, {
      clients: [
        options.publicClient
          ? { client_id: clientId, redirect_uris: [options.redirectUri], token_endpoint_auth_method: "none" }
          : { client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri] },
      ],
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
        const account = idp.accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
      },
      interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      // Consent is not what is tested: every requested scope and claim is granted.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const session = ctx.oidc.session;
        const client = ctx.oidc.client;
        if (!session?.accountId || !client) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope("openid email profile");
        await grant.save();
        return grant;
      },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ["test-provider-cookie-key"] },
    });
    const callback = provider.callback();
    server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith("/interaction/")) {
        const account = idp.next;
        idp.next = null;
        if (!account) {
          res.statusCode = 500;
          return res.end("the test named nobody to sign in");
        }
        idp.accounts.set(account.sub, account);
        provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false }).catch((error: Error) => {
          res.statusCode = 500;
          res.end(error.message);
        });
        return;
      }
      callback(req, res);
    });
    return idp;
  }

  /** The person the provider's login page signs in next. */
  signInAs(account: IdpAccount): this {
    this.next = account;
    return this;
  }

  /**
   * Follows the provider's redirects from our authorization request (as a browser would, with the
   * provider's cookies) until it sends the browser back to `redirectUri`: that address, with the
   * code and state. `error`: the address the provider sent back instead of a code.
   */
  async authorize(authorizationUrl: string, redirectUri: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let location = authorizationUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (location.startsWith(redirectUri)) return new URL(location);
      const response = await fetch(location, {
        redirect: "manual",
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const index = (pair ?? "").indexOf("=");
        if (index > 0) cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
      const next = response.headers.get("location");
      if (!next) throw new Error(`the provider stopped at ${location} with ${response.status}: ${(await response.text()).slice(0, 300)}`);
      location = new URL(next, location).href;
    }
    throw new Error("too many redirects at the provider");
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
