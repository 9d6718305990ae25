import type { Request } from "express";
import passportModule from "passport";
import { Strategy as GitHubStrategyBase } from "passport-github2";
import { Strategy as GoogleStrategy } from "passport-google-oauth20";
import type { Config } from "../../config.js";
import { githubIdentity, googleIdentity, type OAuthIdentity, type OAuthProvider } from "./auth.oauth.profiles.js";

export type { OAuthIdentity, OAuthProvider };

/**
 * GitHub and Google sign-in through passport's strategies. Passport does the OAuth dance (the
 * redirect with scopes and a session-bound `state`, the code exchange, the profile fetch); the
 * session itself is ours (auth.session.ts beginSession), so passport's own session layer is unused
 * and each run of a strategy is turned into one outcome the routes can act on.
 */

export const OAUTH_SCOPES: Record<OAuthProvider, string[]> = {
  // SPEC: the email only; no repository, organisation or private-data access.
  github: ["user:email"],
  // SPEC: profile and email; no storage, calendar or mail access.
  google: ["profile", "email"],
};

export type FailReason = "STATE_INVALID" | "DENIED" | "EMAIL_REQUIRED";

export type StrategyOutcome =
  | { kind: "redirect"; location: string }
  | { kind: "success"; identity: OAuthIdentity }
  | { kind: "fail"; reason: FailReason; message?: string }
  | { kind: "error"; error: Error };

type Done = (error: Error | null, user?: unknown, info?: unknown) => void;
type OAuth2Client = {
  get(url: string, accessToken: string, callback: (error: { statusCode?: number; data?: unknown } | null, body?: string | Buffer) => void): void;
  getOAuthAccessToken(
    code: string,
    params: object,
    callback: (error: unknown, accessToken?: string, refreshToken?: string, results?: Record<string, unknown>) => void,
  ): void;
};

function parseJson(body: unknown): unknown {
  try {
    return JSON.parse(String(body));
  } catch {
    return undefined;
  }
}

/**
 * GitHub answers a refused code exchange with HTTP 200 and `{error, error_description}`, which
 * passport-oauth2 reports only as "Failed to obtain access token". Re-shaping it as the error
 * response it is lets passport raise a TokenError with GitHub's code (bad_verification_code,
 * incorrect_client_credentials, redirect_uri_mismatch).
 */
function surfaceTokenErrors(oauth2: OAuth2Client): void {
  const original = oauth2.getOAuthAccessToken.bind(oauth2);
  oauth2.getOAuthAccessToken = (code, params, callback) =>
    original(code, params, (error, accessToken, refreshToken, results) => {
      if (!error && !accessToken && typeof results?.error === "string") {
        return callback({ statusCode: 400, data: JSON.stringify(results) });
      }
      callback(error, accessToken, refreshToken, results);
    });
}

interface GitHubRawProfile {
  profile: Record<string, unknown>;
  emails: unknown[];
}

class ProviderResponseError extends Error {
  override name = "ProviderResponseError";
}

/** GitHub's e-mail list could not be read for a reason of GitHub's (5xx, no answer, nonsense). */
export class EmailListUnavailable extends ProviderResponseError {
  override name = "EmailListUnavailable";
}

/**
 * passport-github2's profile loader parses GitHub's answers without a guard (a malformed body
 * would throw out of a socket callback and take the process down) and picks the primary email
 * whether or not it is verified. This one keeps the strategy's requests and endpoints but checks
 * both, and hands on GitHub's e-mail list, where alone GitHub says which addresses are verified.
 */
class GitHubStrategy extends GitHubStrategyBase {
  constructor(
    options: Record<string, unknown>,
    verify: (accessToken: string, refreshToken: string, raw: GitHubRawProfile, done: Done) => void,
    private readonly urls: { profile: string; emails: string },
  ) {
    // The typings only describe passport-github2's own profile shape; ours is GitHubRawProfile.
    super(options as unknown as ConstructorParameters<typeof GitHubStrategyBase>[0], verify as unknown as ConstructorParameters<typeof GitHubStrategyBase>[1]);
  }

  override userProfile(accessToken: string, done: (error?: Error | null, profile?: unknown) => void): void {
    const oauth2 = (this as unknown as { _oauth2: OAuth2Client })._oauth2;
    oauth2.get(this.urls.profile, accessToken, (error, body) => {
      if (error) return done(new ProviderResponseError(`Failed to fetch the GitHub profile (${error.statusCode ?? "network error"})`));
      const profile = parseJson(body);
      if (!profile || typeof profile !== "object" || !("id" in profile)) return done(new ProviderResponseError("GitHub sent a malformed profile"));
      oauth2.get(this.urls.emails, accessToken, (emailsError, emailsBody) => {
        // GitHub down (5xx, no answer) or answering nonsense is the provider's failure, to retry;
        // a refusal (401/403/404: the address scope not granted) leaves no verified address.
        const status = emailsError?.statusCode;
        if (emailsError && (status === undefined || status >= 500)) {
          return done(new EmailListUnavailable(`Failed to fetch the GitHub email addresses (${status ?? "network error"})`));
        }
        const emails = emailsError ? [] : parseJson(emailsBody);
        if (!Array.isArray(emails)) return done(new EmailListUnavailable("GitHub sent a malformed email list"));
        done(null, { profile, emails });
      });
    });
  }
}

export interface OAuthStrategies {
  enabled(provider: OAuthProvider): boolean;
  /** Runs the provider's strategy on this request: the start (redirect) or the callback. */
  run(provider: OAuthProvider, req: Request): Promise<StrategyOutcome>;
}

export function createOAuthStrategies(config: Config): OAuthStrategies {
  const passport = new passportModule.Passport();
  const { github, google } = config.auth;

  if (github) {
    const strategy = new GitHubStrategy(
      {
        clientID: github.clientId,
        clientSecret: github.clientSecret,
        callbackURL: github.callbackUrl,
        authorizationURL: github.authorizeUrl,
        tokenURL: github.tokenUrl,
        scope: OAUTH_SCOPES.github,
        // Both providers' state would otherwise share `oauth2:<hostname>` when they run on one host.
        sessionKey: "oauth2:github",
        userAgent: "team-qa",
        state: true,
      },
      (_accessToken, _refreshToken, raw, done) => {
        const identity = githubIdentity(raw.profile, raw.emails);
        return identity ? done(null, identity) : done(null, false, { reason: "EMAIL_REQUIRED" });
      },
      { profile: github.profileUrl, emails: github.emailsUrl },
    );
    surfaceTokenErrors((strategy as unknown as { _oauth2: OAuth2Client })._oauth2);
    passport.use("github", strategy);
  }

  if (google) {
    const verify = (_accessToken: string, _refreshToken: string, profile: { _json?: Record<string, unknown> }, done: Done) => {
      const identity = googleIdentity(profile._json ?? {});
      return identity ? done(null, identity) : done(null, false, { reason: "EMAIL_REQUIRED" });
    };
    const strategy = new GoogleStrategy(
      {
        clientID: google.clientId,
        clientSecret: google.clientSecret,
        callbackURL: google.callbackUrl,
        authorizationURL: google.authorizeUrl,
        tokenURL: google.tokenUrl,
        userProfileURL: google.profileUrl,
        scope: OAUTH_SCOPES.google,
        sessionKey: "oauth2:google",
        state: true,
      } as unknown as ConstructorParameters<typeof GoogleStrategy>[0],
      verify as unknown as ConstructorParameters<typeof GoogleStrategy>[1],
    );
    surfaceTokenErrors((strategy as unknown as { _oauth2: OAuth2Client })._oauth2);
    passport.use("google", strategy);
  }

  function run(provider: OAuthProvider, req: Request): Promise<StrategyOutcome> {
    return new Promise((resolve) => {
      // The strategy's redirect writes a Location and ends the response; capture it instead, so
      // the route decides (and express-session saves the state before the redirect leaves).
      let location = "";
      const capture = {
        statusCode: 302,
        setHeader(name: string, value: string) {
          if (name.toLowerCase() === "location") location = value;
        },
        end() {
          resolve({ kind: "redirect", location });
        },
      };
      const callback = (error: Error | null, user: unknown, info: unknown, status?: number) => {
        if (error) return resolve({ kind: "error", error });
        if (user) return resolve({ kind: "success", identity: user as OAuthIdentity });
        const challenge = (info ?? {}) as { reason?: FailReason; message?: string };
        // passport-oauth2 fails with 403 for a missing or wrong state, and with no status for
        // access_denied; our verify callback names its own reason.
        const reason: FailReason = challenge.reason ?? (status === 403 ? "STATE_INVALID" : "DENIED");
        resolve({ kind: "fail", reason, message: typeof challenge.message === "string" ? challenge.message : undefined });
      };
      const middleware = passport.authenticate(provider, { session: false }, callback);
      middleware(req, capture, () => resolve({ kind: "error", error: new Error("OAuth strategy passed without a decision") }));
    });
  }

  return { enabled: (provider) => Boolean(config.auth[provider]), run };
}
