import { performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import { isActorHidden } from "../hidden-actor.js";
import type { Logger } from "../logger.js";
import { maskTokens } from "../logger.js";

/**
 * Requests of pulse respondents: the one-tap link, a Slack button's interaction request, and the
 * comment, follow-ups and private conversation its answer leads to. Their log lines carry neither the query (the token), the
 * conversation's capability nor the client address (CONTRACT §5): a capability beside an address
 * would name a comment's writer.
 */
export function isPulseRespondentRequest(method: string, path: string): boolean {
  if (path.startsWith("/pulse/respond") || path.startsWith("/pulse/conversation")) return true;
  if (path === "/integrations/slack/interactions") return true;
  return method === "POST" && (path === "/pulse/comments" || path === "/pulse/follow-ups");
}

/** The path as logged: a conversation's capability is never written. */
function respondentPath(path: string): string {
  return path.replace(/^\/pulse\/(conversations?)\/[^/]+/, "/pulse/$1/:capability");
}

function pathOf(url: string | undefined): string {
  return (url ?? "/").split("?")[0] ?? "/";
}

function requestFields(req: Request, path: string) {
  if (isPulseRespondentRequest(req.method, path)) return { method: req.method, path: respondentPath(path) };
  const url = maskTokens(req.originalUrl ?? req.url ?? "");
  // The author of an anonymous question acting on it: no address (platform/hidden-actor.ts).
  if (isActorHidden(req.ctx)) return { method: req.method, url };
  return { method: req.method, url, remoteAddress: req.socket?.remoteAddress };
}

/**
 * One JSON line per request when it ends: request id, tenant, method and URL (tokens masked;
 * neither query nor address for pulse respondents, no address for the author of an anonymous
 * question acting on it), status, duration, and the error behind a 5xx
 * (the error handler leaves it in `res.err`). Written straight to pino rather than through
 * pino-http, whose per-request child logger and serializer wrapping cost about a sixth of a small
 * request's CPU; the line has the same fields. Health probes and static assets are not logged.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const path = pathOf(req.url);
    if (path.startsWith("/health") || path.startsWith("/assets/")) return next();
    const started = performance.now();
    res.once("close", () => {
      const err = (res as Response & { err?: unknown }).err;
      const line = {
        requestId: req.requestId,
        tenantId: req.tenant?.id,
        req: requestFields(req, path),
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        ...(err ? { err } : {}),
      };
      if (!res.writableFinished) logger.warn(line, "request aborted");
      else if (err || res.statusCode >= 500) logger.error(line, "request errored");
      else if (res.statusCode >= 400) logger.warn(line, "request completed");
      else logger.info(line, "request completed");
    });
    next();
  };
}
