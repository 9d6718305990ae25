import type { NextFunction, Request, RequestHandler, Response, Router } from "express";
import type { z } from "zod";
import type { RequestContext } from "../context.js";
import { authorize, type Access } from "./permissions.js";
import { parsePathParams, parseRequestPart } from "./validate.js";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface HandlerInput<P, Q, B> {
  ctx: RequestContext;
  params: P;
  query: Q;
  body: B;
  req: Request;
  res: Response;
}

/**
 * One API operation, declared as data: the access level is mandatory, the zod schemas validate
 * the request and also document it (OpenAPI). The handler returns the response body; it may
 * instead write to `res` itself (redirects, streams, HTML).
 */
export interface RouteDefinition<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Success status; 204 sends no body. */
  status?: number;
  response?: z.ZodType;
  /** Extra response descriptions for the docs, e.g. {302: "Redirect to the frontend"}. */
  otherResponses?: Record<number, string>;
  /** Runs before validation (rate limits, for instance). */
  before?: RequestHandler[];
  handler: (input: HandlerInput<z.output<P>, z.output<Q>, z.output<B>>) => unknown;
}

/** Identity function that keeps the schema types flowing into the handler. */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(definition: RouteDefinition<P, Q, B>): RouteDefinition<P, Q, B> {
  return definition;
}

export type AnyRoute = RouteDefinition<z.ZodType, z.ZodType, z.ZodType>;

export function requestContext(req: Request): RequestContext {
  if (!req.ctx) throw new Error("request context missing: route mounted before tenant resolution");
  return req.ctx;
}

export function mountRoutes(router: Router, routes: AnyRoute[]): void {
  for (const definition of routes) {
    if (!definition.access) throw new Error(`Route ${definition.method.toUpperCase()} ${definition.path} declares no access`);
    const handle = async (req: Request, res: Response) => {
      const ctx = requestContext(req);
      const params = definition.params ? parsePathParams(definition.params, req.params) : req.params;
      const query = definition.query ? parseRequestPart(definition.query, "query", req.query) : req.query;
      const body = definition.body ? parseRequestPart(definition.body, "body", req.body) : undefined;
      const result = await definition.handler({ ctx, params, query, body, req, res });
      if (res.headersSent || res.writableEnded) return;
      const status = definition.status ?? 200;
      if (status === 204 || result === undefined) {
        res.status(status === 200 ? 204 : status).end();
        return;
      }
      res.status(status).json(result);
    };
    const authorizeFirst = (req: Request, _res: Response, next: NextFunction) => {
      authorize(requestContext(req), definition.access);
      next();
    };
    router[definition.method](definition.path, authorizeFirst, ...(definition.before ?? []), handle);
  }
}
