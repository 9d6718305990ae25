import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "../logger.js";
import { maskTokens } from "../logger.js";

/**
 * Paths answered for pulse respondents: their log lines carry neither the query (the token) nor
 * the client address (CONTRACT §5).
 */
export function isPulseRespondentPath(path: string): boolean {
  return path.startsWith("/pulse/respond");
}

function pathOf(url: string | undefined): string {
  return (url ?? "/").split("?")[0] ?? "/";
}

export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req) => (req as Request).requestId,
    // pino-http binds customProps at the start and again at the end when they differ, which
    // writes every key twice (pino-http#216). The request id is known from the start; the tenant
    // only after its resolution, so it goes into the completion line itself.
    customProps: (req) => ({ requestId: (req as Request).requestId }),
    customSuccessObject: (req, _res, line) => ({ ...line, tenantId: (req as Request).tenant?.id }),
    customErrorObject: (req, _res, _error, line) => ({ ...line, tenantId: (req as Request).tenant?.id }),
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return "error";
      if (res.statusCode >= 400) return "warn";
      return "info";
    },
    // Health probes and static assets would drown the log.
    autoLogging: {
      ignore: (req) => {
        const path = pathOf(req.url);
        return path.startsWith("/health") || path.startsWith("/assets/");
      },
    },
    serializers: {
      req: (req: IncomingMessage & { raw?: IncomingMessage; method?: string; url?: string; remoteAddress?: string }) => {
        const path = pathOf(req.url);
        if (isPulseRespondentPath(path)) return { method: req.method, path };
        return { method: req.method, url: maskTokens(req.url ?? ""), remoteAddress: req.remoteAddress };
      },
      res: (res: ServerResponse & { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    wrapSerializers: true,
  }) as unknown as RequestHandler;
}
