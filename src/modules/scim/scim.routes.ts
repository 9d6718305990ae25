import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import type { RequestContext, TenantResolver } from "../../platform/context.js";
import { AppError, errors } from "../../platform/errors.js";
import { bearerCredential } from "../../platform/http/authenticate.js";
import { toAppError } from "../../platform/http/error-handler.js";
import { scimTypeOf } from "./scim.errors.js";
import { resourceTypes, schemas, serviceProviderConfig } from "./scim.discovery.js";
import { excludesMembers, type ScimGroupsService } from "./scim.groups.service.js";
import { SCIM_SCHEMAS } from "./scim.presenter.js";
import type { ScimTokenService } from "./scim.tokens.service.js";
import type { ScimUsersService } from "./scim.users.service.js";

export const SCIM_PATH = "/scim/v2";
const SCIM_JSON = "application/scim+json; charset=utf-8";
/** A full group push (thousands of members) fits; a body past this is not a provisioning request. */
const SCIM_BODY_LIMIT = "1mb";

export interface ScimRouterDeps {
  scimTokens: ScimTokenService;
  users: ScimUsersService;
  groups: ScimGroupsService;
  tenants: TenantResolver;
}

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2, mounted before the API's session, tenant and authentication:
 * its only credential is a SCIM token, which names the tenant (whatever the host or x-tenant-id
 * say), and its errors are SCIM's, not the API's. It is not part of /openapi.json: its bodies and
 * errors are RFC 7643/7644's, which clients discover from /scim/v2/Schemas instead.
 */
export function scimRouter(deps: ScimRouterDeps): Router {
  const { scimTokens, users, groups, tenants } = deps;
  const router = Router();
  router.use(express.json({ type: ["application/scim+json", "application/json"], limit: SCIM_BODY_LIMIT }));
  router.use(authenticateScim(scimTokens, tenants));

  const answer =
    (handle: (ctx: RequestContext, req: Request) => Promise<unknown> | unknown, status = 200): RequestHandler =>
    async (req, res) => {
      const body = await handle(scimContext(req), req);
      if (body === undefined) {
        res.status(204).end();
        return;
      }
      sendScim(res, status, body);
    };
  const id = (req: Request) => String(req.params.id);
  const base = scimTokens.scimBaseUrl;

  router.get(
    "/ServiceProviderConfig",
    answer(() => serviceProviderConfig(base)),
  );
  router.get(
    "/ResourceTypes",
    answer(() => listOf(resourceTypes(base))),
  );
  router.get(
    "/ResourceTypes/:id",
    answer((_ctx, req) => oneOf(resourceTypes(base), id(req))),
  );
  router.get(
    "/Schemas",
    answer(() => listOf(schemas(base))),
  );
  router.get(
    "/Schemas/:id",
    answer((_ctx, req) => oneOf(schemas(base), id(req))),
  );

  router.get(
    "/Users",
    answer((ctx, req) => users.list(ctx, req.query)),
  );
  router.post(
    "/Users",
    answer((ctx, req) => users.create(ctx, req.body), 201),
  );
  router.get(
    "/Users/:id",
    answer((ctx, req) => users.get(ctx, id(req))),
  );
  router.put(
    "/Users/:id",
    answer((ctx, req) => users.replace(ctx, id(req), req.body)),
  );
  router.patch(
    "/Users/:id",
    answer((ctx, req) => users.patch(ctx, id(req), req.body)),
  );
  router.delete(
    "/Users/:id",
    answer((ctx, req) => users.deactivate(ctx, id(req))),
  );

  router.get(
    "/Groups",
    answer((ctx, req) => groups.list(ctx, req.query)),
  );
  router.post(
    "/Groups",
    answer((ctx, req) => groups.create(ctx, req.body), 201),
  );
  router.get(
    "/Groups/:id",
    answer((ctx, req) => groups.get(ctx, id(req), { members: !excludesMembers(req.query.excludedAttributes) })),
  );
  router.put(
    "/Groups/:id",
    answer((ctx, req) => groups.replace(ctx, id(req), req.body)),
  );
  router.patch(
    "/Groups/:id",
    answer((ctx, req) => groups.patch(ctx, id(req), req.body)),
  );
  router.delete(
    "/Groups/:id",
    answer((ctx, req) => groups.remove(ctx, id(req))),
  );

  router.use((req) => {
    throw new AppError("NOT_FOUND", 404, `No SCIM endpoint ${req.method} ${req.path.slice(0, 200)}.`);
  });
  router.use(scimErrors());
  return router;
}

function listOf<T>(resources: T[]) {
  return { schemas: [SCIM_SCHEMAS.listResponse], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources };
}

function oneOf<T extends { id: string }>(resources: T[], id: string): T {
  const found = resources.find((resource) => resource.id === id);
  if (!found) throw errors.notFound("Resource");
  return found;
}

function sendScim(res: Response, status: number, body: unknown): void {
  res.status(status).type(SCIM_JSON).send(JSON.stringify(body));
}

const unauthenticated = () =>
  new AppError("UNAUTHENTICATED", 401, "A valid SCIM token is required (Admin › Provisioning (SCIM)).", undefined, {
    "WWW-Authenticate": 'Bearer realm="scim"',
  });

/** The SCIM token names the tenant; the request's host and x-tenant-id play no part. */
function authenticateScim(scimTokens: ScimTokenService, tenants: TenantResolver): RequestHandler {
  return async (req, _res, next) => {
    const secret = bearerCredential(req);
    if (!secret) throw unauthenticated();
    const identity = await scimTokens.authenticate(secret);
    if (!identity) throw unauthenticated();
    const found = await tenants.resolve(identity.tenantId);
    if (!found) throw unauthenticated();
    req.tenant = found.tenant;
    req.tenantSettings = found.settings;
    req.ctx = {
      tenant: found.tenant,
      settings: found.settings,
      // No person acts: the audit entries say `via: scim`.
      user: null,
      requestId: req.requestId,
      ip: req.ip ?? null,
      userAgent: req.get("user-agent") ?? null,
      authMethod: "bearer",
    };
    next();
  };
}

function scimContext(req: Request): RequestContext {
  if (!req.ctx) throw new Error("SCIM route reached without its authentication");
  return req.ctx;
}

/** RFC 7644 §3.12's error body, for this router only (the rest of the API keeps CONTRACT §1's). */
function scimErrors(): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    const known = toAppError(error);
    const appError = known ?? new AppError("INTERNAL", 500, "Something went wrong on our side.");
    if (appError.status >= 500) (res as typeof res & { err?: unknown }).err = error;
    if (appError.headers) res.set(appError.headers);
    const scimType =
      appError.code === "VALIDATION_FAILED" && (error as { type?: string }).type === "entity.parse.failed" ? "invalidSyntax" : scimTypeOf(appError);
    sendScim(res, appError.status, {
      schemas: [SCIM_SCHEMAS.error],
      status: String(appError.status),
      ...(scimType ? { scimType } : {}),
      detail: appError.message,
    });
  };
}
