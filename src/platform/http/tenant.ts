import type { Request, RequestHandler } from "express";
import type { Tenant, TenantResolver } from "../context.js";
import { AppError } from "../errors.js";
import { bearerCredential } from "./authenticate.js";

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * CONTRACT §8: a host names a tenant only when it ends with BASE_DOMAIN and has exactly one
 * more label; IPs and localhost never do.
 */
export function tenantFromHost(hostname: string | undefined, baseDomain: string | undefined): string | null {
  if (!hostname || !baseDomain) return null;
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || IPV4.test(host) || host.includes(":")) return null;
  const suffix = `.${baseDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return label && !label.includes(".") ? label : null;
}

/**
 * Links that authenticate themselves by a token (the pulse's one-tap link) name their tenant
 * through the token, not the address: an email's link goes to FRONTEND_URL, which may name no
 * tenant (subdomains, no `default` tenant). `tenantOf` finds the token's tenant; a token that
 * names none still gets an answer (the route's "invalid" one), under the neutral `unknown` tenant.
 */
export interface TokenLinks {
  /** Whether the request's path is one of these links. */
  covers(path: string): boolean;
  tenantOf(req: Request): Promise<string | null>;
  unknown: { tenant: Tenant; settings: NonNullable<Request["tenantSettings"]> };
}

/**
 * SPEC tenant resolution: the session's tenant (fixed at login) wins; then x-tenant-id (slug or
 * id); then the subdomain; then `default`.
 */
export function resolveTenant(directory: TenantResolver, baseDomain: string | undefined, tokenLinks?: TokenLinks): RequestHandler {
  return async (req, _res, next) => {
    const sessionTenant = req.session?.tenantSlug;
    const key = sessionTenant ?? req.get("x-tenant-id")?.trim() ?? tenantFromHost(req.hostname, baseDomain) ?? "default";
    let found = key ? await directory.resolve(key) : null;
    if (!found && tokenLinks?.covers(req.path)) {
      const tenantId = await tokenLinks.tenantOf(req);
      found = (tenantId ? await directory.resolve(tenantId) : null) ?? tokenLinks.unknown;
    }
    if (found) {
      req.tenant = found.tenant;
      req.tenantSettings = found.settings;
      return next();
    }
    // An API token carries its tenant (authenticate() sets it); a header or host naming no
    // tenant does not refuse it first.
    if (bearerCredential(req) !== null) return next();
    throw new AppError("TENANT_NOT_FOUND", 404, `Tenant '${key.slice(0, 64)}' not found.`);
  };
}
