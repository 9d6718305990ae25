import type { Request, RequestHandler } from "express";
import session from "express-session";
import RedisStore from "connect-redis";
import type { Redis } from "ioredis";
import type { Config } from "../../config.js";
import type { Clock } from "../clock.js";

export const SESSION_COOKIE = "qa.sid";

/**
 * How long a session without a sign-in lives: the only such session is an OAuth sign-in under
 * way (its `state` and tenant), which the provider answers within minutes.
 */
export const PENDING_SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;

/**
 * Sessions: Redis when KVSTORE_URL is set, memory otherwise (development). Nothing is stored for
 * a visitor (SPEC): a session is saved only by a sign-in, or by an OAuth start holding its state
 * for a few minutes (saveUninitialized: false; GET /auth/csrf stores nothing for a visitor).
 * Lifetime is fixed at login through `expiresAt` (checked in authenticate.ts): express-session
 * itself would extend a session on every request.
 */
/** Routes that may start a session for a visitor: the sign-ins. */
const SESSION_STARTING_PATHS = ["/auth/demo", "/auth/github", "/auth/google", "/auth/saml/callback"];

function mayNeedSession(req: Request): boolean {
  if (req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return true;
  return SESSION_STARTING_PATHS.some((path) => req.path === path || req.path.startsWith(`${path}/`));
}

/** Where sessions live: Redis when KVSTORE_URL is set, memory otherwise (one development process). */
export function createSessionStore(config: Config, kv: Redis | null, clock: Clock): session.Store {
  if (!kv) return new session.MemoryStore();
  return new RedisStore({
    client: kv,
    prefix: `${config.kv.prefix}sess:`,
    disableTouch: true,
    // Redis drops the session when its fixed lifetime ends; measured on the same clock as
    // expiresAt so the two never disagree. A session without a sign-in is short-lived.
    ttl: (sess) => {
      const expiresAt = (sess as { expiresAt?: number }).expiresAt;
      if (!expiresAt) return PENDING_SIGN_IN_LIFETIME_MS / 1000;
      return Math.max(1, Math.ceil((expiresAt - clock.now().getTime()) / 1000));
    },
  });
}

export function sessionMiddleware(config: Config, store: session.Store): RequestHandler {
  const handler = createSessionHandler(config, store);
  // A visitor without a session cookie has no session to load: skip express-session's
  // per-request work (cookie parsing, response hooks) unless the route may start one.
  return (req, res, next) => (mayNeedSession(req) ? handler(req, res, next) : next());
}

/**
 * `Secure` in production whenever the request reached us over HTTPS as Express sees it
 * (`req.secure`: TLS here, or `X-Forwarded-Proto: https` from a proxy TRUST_PROXY trusts), which
 * is how production is served. A production start reached over plain HTTP (docker compose at
 * http://localhost:3000) still gets a working cookie, where `Secure` would make browsers drop it.
 */
export function secureCookieSetting(config: Config): boolean | "auto" {
  return config.session.secureCookies ? "auto" : false;
}

/** The cookie attributes of this request's session cookie, for clearing it (same attributes). */
export function sessionCookieOptions(config: Config, req: Request) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: config.session.secureCookies && req.secure };
}

function createSessionHandler(config: Config, store: session.Store): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    // The first secret signs; a previous one still verifies cookies issued before a rotation.
    secret: [config.session.secret, ...config.session.previousSecrets],
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: "destroy",
    cookie: { httpOnly: true, sameSite: "lax", secure: secureCookieSetting(config), path: "/" },
  });
}

export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((error) => (error ? reject(error) : resolve()));
  });
}
