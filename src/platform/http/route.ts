import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from "express";
import type { z } from "zod";
import type { RequestContext } from "../context.js";
import { AppError } from "../errors.js";
import { enforce } from "../policy.js";
import { PreparedJson } from "../prepared-json.js";
import { authorize, needsRecordRule, type Access, type RecordAccess } from "./access.js";
import { parsePathParams, parseRequestPart } from "./validate.js";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** The validated request, as a route's record access reads it. */
export interface RequestInput<P, Q, B> {
  ctx: RequestContext;
  params: P;
  query: Q;
  body: B;
}

export interface HandlerInput<P, Q, B, R = undefined> extends RequestInput<P, Q, B> {
  /** The record the route's rule was decided on (`record` in the definition); undefined without one. */
  record: R;
  req: Request;
  res: Response;
}

/**
 * One API operation, declared as data. Its rule reads here whole: `access` is the gate (a
 * permission, checked first), `record` the record the request names and the module policy's rule
 * about it. The zod schemas validate the request and also document it (OpenAPI). The handler
 * returns the response body; it may instead write to `res` itself (redirects, streams, HTML).
 */
export interface RouteDefinition<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R = undefined> {
  method: HttpMethod;
  path: string;
  /** Unique and stable (camelCase verb first: `listQuestions`): what client generators name their methods after. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** Read after validation, before the handler: 404 from `load`, 403 from the rule. */
  record?: RecordAccess<RequestInput<z.output<P>, z.output<Q>, z.output<B>>, R>;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A body that is not JSON, which the handler reads from the request stream itself (`req`): the
   * media type it must carry (anything else: 415 UNSUPPORTED_MEDIA_TYPE) and what the document
   * says of it. A route has `body` or `streamedBody`, not both.
   */
  streamedBody?: StreamedBody;
  /**
   * `body` arrives as an HTML form (application/x-www-form-urlencoded, anything else: 415), parsed
   * for this route alone and up to `maxBytes` (413 past it), before the `before` steps.
   */
  formBody?: { maxBytes: number };
  /**
   * Why this write needs no CSRF token even from a browser with a session cookie: another site's
   * page makes the browser send it (SAML's HTTP-POST binding), and it proves itself by its content.
   */
  csrfExempt?: string;
  /** Success status; 204 sends no body. */
  status?: number;
  response?: z.ZodType;
  /** Extra response descriptions for the docs, e.g. {302: "Redirect to the frontend"}. */
  otherResponses?: Record<number, string>;
  /** Runs before validation (rate limits, for instance). */
  before?: RequestHandler[];
  handler: (input: HandlerInput<z.output<P>, z.output<Q>, z.output<B>, R>) => unknown;
}

export interface StreamedBody {
  mediaType: string;
  description: string;
}

/** Only UTF-8 text is read: another charset would be decoded wrongly without a word. */
function assertMediaType(req: Request, expected: StreamedBody): void {
  const charset = /;\s*charset=("?)([^";]+)\1/i.exec(req.get("content-type") ?? "")?.[2]?.toLowerCase();
  if (!req.is(expected.mediaType) || (charset !== undefined && charset !== "utf-8" && charset !== "utf8")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, `The request body must be ${expected.mediaType} in UTF-8.`);
  }
}

const FORM = "application/x-www-form-urlencoded";

function assertFormBody(req: Request): void {
  if (!req.is(FORM)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, `The request body must be ${FORM}.`);
}

/**
 * Which requests skip the CSRF check (csrf.ts runs before routing): exactly the method and path of
 * a route declaring `csrfExempt`. A path Express would also route there (another case, a trailing
 * slash) is not exempt, so it can only be refused, never let through.
 */
export function csrfExemptRequests(routes: AnyRoute[]): (req: Request) => boolean {
  const exempt = new Set(routes.filter((definition) => definition.csrfExempt).map((definition) => `${definition.method.toUpperCase()} ${definition.path}`));
  return (req) => exempt.has(`${req.method} ${req.path}`);
}

/** Identity function that keeps the schema types flowing into the record access and the handler. */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R = undefined>(
  definition: RouteDefinition<P, Q, B, R>,
): RouteDefinition<P, Q, B, R> {
  return definition;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of routes holds records of any type
export type AnyRoute = RouteDefinition<z.ZodType, z.ZodType, z.ZodType, any>;

export function requestContext(req: Request): RequestContext {
  if (!req.ctx) throw new Error("request context missing: route mounted before tenant resolution");
  return req.ctx;
}

export function mountRoutes(router: Router, routes: AnyRoute[]): void {
  const operationIds = new Set<string>();
  for (const definition of routes) {
    if (!definition.access) throw new Error(`Route ${definition.method.toUpperCase()} ${definition.path} declares no access`);
    if (!definition.operationId || operationIds.has(definition.operationId)) {
      throw new Error(`Route ${definition.method.toUpperCase()} ${definition.path} needs an operationId of its own (got "${definition.operationId ?? ""}")`);
    }
    operationIds.add(definition.operationId);
    if (definition.body && definition.streamedBody) {
      throw new Error(`Route ${definition.method.toUpperCase()} ${definition.path} declares a JSON body and a streamed body`);
    }
    if (definition.formBody && (!definition.body || definition.streamedBody)) {
      throw new Error(`Route ${definition.method.toUpperCase()} ${definition.path}: a form body needs its \`body\` schema, and no streamed body`);
    }
    if (needsRecordRule(definition.access) && !definition.record) {
      throw new Error(`Route ${definition.method.toUpperCase()} ${definition.path}: a team-scoped permission needs a record rule naming the team`);
    }
    const handle = async (req: Request, res: Response) => {
      const ctx = requestContext(req);
      const params = definition.params ? parsePathParams(definition.params, req.params) : req.params;
      const query = definition.query ? parseRequestPart(definition.query, "query", req.query) : req.query;
      if (definition.formBody) assertFormBody(req);
      const body = definition.body ? parseRequestPart(definition.body, "body", req.body) : undefined;
      if (definition.streamedBody) assertMediaType(req, definition.streamedBody);
      let record: unknown;
      if (definition.record) {
        record = await definition.record.load({ ctx, params, query, body });
        enforce(ctx.user, definition.record.rule, record);
      }
      const result = await definition.handler({ ctx, params, query, body, record, req, res });
      if (res.headersSent || res.writableEnded) return;
      const status = definition.status ?? 200;
      if (status === 204 || result === undefined) {
        res.status(status === 200 ? 204 : status).end();
        return;
      }
      if (result instanceof PreparedJson) res.status(status).type("json").send(result.text);
      else res.status(status).json(result);
    };
    const authorizeFirst = (req: Request, _res: Response, next: NextFunction) => {
      authorize(requestContext(req), definition.access);
      next();
    };
    // `extended: false`: a form's fields are flat strings (no nested objects from `a[b]=c`).
    const parseForm = definition.formBody ? [express.urlencoded({ extended: false, limit: definition.formBody.maxBytes, parameterLimit: 20 })] : [];
    router[definition.method](definition.path, authorizeFirst, ...parseForm, ...(definition.before ?? []), handle);
  }
}
