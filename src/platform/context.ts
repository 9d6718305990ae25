import { errors } from "./errors.js";
import type { Role, TeamRole } from "./roles.constants.js";
import type { TenantSettings } from "./tenant-settings.schemas.js";

export { ROLES, TEAM_ROLES, type Role, type TeamRole } from "./roles.constants.js";

export interface Tenant {
  id: string;
  slug: string;
  name: string;
}

/** The signed-in user as loaded fresh from the database on every request. */
export interface CurrentUser {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  role: Role;
  primaryTeamId: string | null;
  avatarUrl: string | null;
  /** team id -> membership role */
  teamRoles: Record<string, TeamRole>;
}

/**
 * What a service needs to know about the caller. Services take this as their first argument and
 * never read the Express request.
 */
export interface RequestContext {
  tenant: Tenant;
  settings: TenantSettings;
  user: CurrentUser | null;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  authMethod: "session" | "bearer" | null;
}

/** Finds a tenant by slug or id, with its settings (the tenants module's directory, given by the app). */
export interface TenantResolver {
  resolve(key: string): Promise<{ tenant: Tenant; settings: TenantSettings } | null>;
}

/** What an API token stands for (the tokens module finds it by its secret). */
export interface BearerIdentity {
  tokenId: string;
  tenantId: string;
  userId: string;
  scope: "full" | "read";
  /** Epoch ms. */
  expiresAt: number;
}

/** The caller of a route whose gate requires a signed-in user: narrows the type, and refuses a caller without one. */
export function signedInUser(ctx: RequestContext): CurrentUser {
  if (!ctx.user) throw errors.unauthenticated();
  return ctx.user;
}
