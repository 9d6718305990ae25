import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import type request from "supertest";

/**
 * A fake GitHub and a fake Google on loopback, speaking enough of each provider's OAuth and
 * profile APIs for passport's real strategies: the consent page (which decides at once, as the
 * test told it), the code exchange with each provider's own error style, and the profile (and
 * GitHub's /user/emails). It records what the service sent, so tests can check scopes, state,
 * client id and the exact callback URL.
 */

export interface FakeAccount {
  id: string;
  name?: string | null;
  login?: string;
  /** GitHub: the public profile email; Google: the account email. */
  email?: string | null;
  avatarUrl?: string | null;
  /** GitHub's /user/emails; default: the email as the verified primary. */
  emails?: Array<{ email: string; primary: boolean; verified: boolean }>;
  /** GitHub's /user/emails answers this instead (an outage, a scope not granted, nonsense). */
  emailsResponse?: { status: number; body: unknown };
  /** Google's email_verified; default true. */
  emailVerified?: boolean;
}

let nextAccountId = 1000;
/** A provider account with a fresh id, a verified email, a name and an avatar; override any of them. */
export function fakeAccount(overrides: Partial<FakeAccount> = {}): FakeAccount {
  nextAccountId += 1;
  const id = nextAccountId;
  return {
    id: String(id),
    login: `octo${id}`,
    name: `Octo Cat ${id}`,
    email: `octo${id}@example.org`,
    avatarUrl: `https://avatars.example.org/u/${id}`,
    ...overrides,
  };
}

type Decision = { account: FakeAccount } | { deny: true };

const PATHS = {
  github: { authorize: "/login/oauth/authorize", token: "/login/oauth/access_token", profile: "/user", emails: "/user/emails" },
  google: { authorize: "/o/oauth2/v2/auth", token: "/token", profile: "/v3/userinfo", emails: "" },
} as const;

export class FakeOAuthProvider {
  readonly clientId = `client-${randomUUID().slice(0, 8)}`;
  readonly clientSecret = `secret-${randomUUID()}`;
  /** Query of every request to the consent page. */
  readonly authorizeRequests: Array<Record<string, string>> = [];
  /** Body of every code exchange. */
  readonly tokenRequests: Array<Record<string, string>> = [];
  private decision: Decision | null = null;
  private readonly codes = new Map<string, { account: FakeAccount; redirectUri: string }>();
  private readonly accessTokens = new Map<string, FakeAccount>();

  private constructor(
    readonly kind: "github" | "google",
    private readonly server: Server,
  ) {}

  static async start(kind: "github" | "google"): Promise<FakeOAuthProvider> {
    const app = express();
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const provider = new FakeOAuthProvider(kind, server);
    provider.mount(app);
    return provider;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The service's environment for this provider, with the callback URL it registers. */
  env(callbackUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
    const prefix = this.kind === "github" ? "GITHUB" : "GOOGLE";
    const paths = PATHS[this.kind];
    return {
      [`${prefix}_CLIENT_ID`]: this.clientId,
      [`${prefix}_CLIENT_SECRET`]: this.clientSecret,
      [`${prefix}_CALLBACK_URL`]: callbackUrl,
      [`${prefix}_AUTHORIZE_URL`]: `${this.baseUrl}${paths.authorize}`,
      [`${prefix}_TOKEN_URL`]: `${this.baseUrl}${paths.token}`,
      [`${prefix}_PROFILE_URL`]: `${this.baseUrl}${paths.profile}`,
      ...(this.kind === "github" ? { GITHUB_EMAILS_URL: `${this.baseUrl}${paths.emails}` } : {}),
      ...overrides,
    };
  }

  /** The next visit to the consent page approves as this account. */
  signInAs(account: FakeAccount): this {
    this.decision = { account };
    return this;
  }

  /** The next visit to the consent page is refused by the user. */
  denyNext(): this {
    this.decision = { deny: true };
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private mount(app: express.Express): void {
    const paths = PATHS[this.kind];
    app.get(paths.authorize, (req, res) => {
      const query = req.query as Record<string, string>;
      this.authorizeRequests.push(query);
      if (query.client_id !== this.clientId) {
        res.status(404).type("text").send("Invalid client");
        return;
      }
      const back = new URL(query.redirect_uri ?? "");
      if (query.state !== undefined) back.searchParams.set("state", query.state);
      const decision = this.decision;
      this.decision = null;
      if (!decision || "deny" in decision) {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user has denied your application access.");
      } else {
        const code = randomUUID();
        this.codes.set(code, { account: decision.account, redirectUri: query.redirect_uri ?? "" });
        back.searchParams.set("code", code);
      }
      res.redirect(302, back.toString());
    });

    app.post(paths.token, express.urlencoded({ extended: false }), (req, res) => {
      const body = req.body as Record<string, string>;
      this.tokenRequests.push(body);
      const refuse = (status: number, error: string, description: string) =>
        // GitHub answers refused exchanges with 200 and an error body; Google with 4xx.
        res.status(this.kind === "github" ? 200 : status).json({ error, error_description: description });
      if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret) {
        return this.kind === "github"
          ? refuse(401, "incorrect_client_credentials", "The client_id and/or client_secret passed are incorrect.")
          : refuse(401, "invalid_client", "Unauthorized");
      }
      const grant = this.codes.get(body.code ?? "");
      if (!grant) return refuse(400, this.kind === "github" ? "bad_verification_code" : "invalid_grant", "The code passed is incorrect or expired.");
      this.codes.delete(body.code ?? "");
      if (grant.redirectUri !== body.redirect_uri) return refuse(400, "redirect_uri_mismatch", "The redirect_uri MUST match the registered callback URL.");
      const accessToken = randomUUID();
      this.accessTokens.set(accessToken, grant.account);
      res.json({ access_token: accessToken, token_type: "bearer", scope: this.kind === "github" ? "user:email" : "openid profile email" });
    });

    // GitHub's client sends the token as a header; Google's (passport-oauth2 defaults) as ?access_token=.
    const account = (req: express.Request): FakeAccount | undefined => {
      const header = req.get("authorization") ?? "";
      const token = header ? header.replace(/^Bearer\s+/i, "") : String(req.query.access_token ?? "");
      return this.accessTokens.get(token);
    };

    app.get(paths.profile, (req, res) => {
      const user = account(req);
      if (!user) return res.status(401).json({ message: "Bad credentials" });
      if (this.kind === "github") {
        return res.json({
          id: Number(user.id),
          login: user.login ?? `user${user.id}`,
          name: user.name ?? null,
          email: user.email ?? null,
          avatar_url: user.avatarUrl ?? null,
        });
      }
      res.json({
        sub: user.id,
        name: user.name ?? undefined,
        picture: user.avatarUrl ?? undefined,
        email: user.email ?? undefined,
        email_verified: user.emailVerified ?? true,
      });
    });

    if (this.kind === "github") {
      app.get(paths.emails, (req, res) => {
        const user = account(req);
        if (!user) return res.status(401).json({ message: "Bad credentials" });
        if (user.emailsResponse) return res.status(user.emailsResponse.status).json(user.emailsResponse.body);
        res.json(user.emails ?? (user.email ? [{ email: user.email, primary: true, verified: true, visibility: "public" }] : []));
      });
    }
  }
}

/** Anything that issues GETs keeping a session: a supertest agent, or an HttpsBrowser. */
interface Browser {
  get(url: string): request.Test;
}

/** Follows a sign-in through the real redirects: the service's start, the provider's consent, the service's callback. */
export async function oauthSignIn(
  agent: Browser,
  startPath: string,
  headers: Record<string, string> = {},
): Promise<{ start: request.Response; callback: request.Response; callbackPath: string }> {
  const start = await withHeaders(agent.get(startPath), headers);
  if (start.status !== 302) throw new Error(`sign-in start ${startPath} answered ${start.status}: ${start.text}`);
  const consent = await fetch(start.headers.location as string, { redirect: "manual" });
  const back = new URL(consent.headers.get("location") ?? "");
  const callbackPath = `${back.pathname}${back.search}`;
  const callback = await withHeaders(agent.get(callbackPath), headers);
  return { start, callback, callbackPath };
}

export function withHeaders<T extends { set(name: string, value: string): T }>(req: T, headers: Record<string, string>): T {
  let result = req;
  for (const [name, value] of Object.entries(headers)) result = result.set(name, value);
  return result;
}
