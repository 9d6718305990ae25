import type { RequestHandler } from "express";
import session from "express-session";
import RedisStore from "connect-redis";
import type { Redis } from "ioredis";
import type { Config } from "../../config.js";
import type { Clock } from "../clock.js";

export const SESSION_COOKIE = "qa.sid";
const VISITOR_SESSION_TTL_SECONDS = 24 * 3600;

/**
 * Sessions: Redis when KVSTORE_URL is set, memory otherwise (development). Nothing is saved
 * for a visitor who never signs in or asks for a CSRF token (saveUninitialized: false).
 * Lifetime is fixed at login through `expiresAt` (checked in authenticate.ts): express-session
 * itself would extend a session on every request.
 */
/** Routes that may start a session for a visitor: sign-in and the CSRF token. */
const SESSION_STARTING_PATHS = ["/auth/csrf", "/auth/demo", "/auth/github", "/auth/google"];

function mayNeedSession(req: Parameters<RequestHandler>[0]): boolean {
  if (req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return true;
  return SESSION_STARTING_PATHS.some((path) => req.path === path || req.path.startsWith(`${path}/`));
}

export function sessionMiddleware(config: Config, kv: Redis | null, clock: Clock): RequestHandler {
  const handler = createSessionHandler(config, kv, clock);
  // A visitor without a session cookie has no session to load: skip express-session's
  // per-request work (cookie parsing, response hooks) unless the route may start one.
  return (req, res, next) => (mayNeedSession(req) ? handler(req, res, next) : next());
}

function createSessionHandler(config: Config, kv: Redis | null, clock: Clock): RequestHandler {
  const store = kv
    ? new RedisStore({
        client: kv,
        prefix: `${config.kv.prefix}sess:`,
        disableTouch: true,
        // Redis drops the session when its fixed lifetime ends; measured on the same clock as
        // expiresAt so the two never disagree.
        ttl: (sess) => {
          const expiresAt = (sess as { expiresAt?: number }).expiresAt;
          if (!expiresAt) return VISITOR_SESSION_TTL_SECONDS;
          return Math.max(1, Math.ceil((expiresAt - clock.now().getTime()) / 1000));
        },
      })
    : new session.MemoryStore();
  return session({
    name: SESSION_COOKIE,
    // The first secret signs; a previous one still verifies cookies issued before a rotation.
    secret: [config.session.secret, ...config.session.previousSecrets],
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: "destroy",
    cookie: { httpOnly: true, sameSite: "lax", secure: config.session.secureCookies, path: "/" },
  });
}

export function regenerateSession(req: Parameters<RequestHandler>[0]): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

export function saveSession(req: Parameters<RequestHandler>[0]): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}

export function destroySession(req: Parameters<RequestHandler>[0]): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((error) => (error ? reject(error) : resolve()));
  });
}
