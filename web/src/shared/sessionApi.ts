import type { z } from "zod";
import type { authModesSchema, meSchema, membershipsSchema } from "@server/modules/auth/auth.schemas";
import type { teamSchema } from "@server/modules/teams/teams.schemas";
import type { TenantSettings } from "@server/platform/tenant-settings.schemas";
import { api } from "./api";

/**
 * What every screen reads about the caller and the tenant, and the calls that fetch it. The types
 * are the server's (its zod schemas, as types only: nothing of zod reaches the bundle).
 */
export type { Role, TeamRole } from "@server/platform/roles.constants";
export type { TenantSettings };
export type AuthModes = z.infer<typeof authModesSchema>;
export type Me = z.infer<typeof meSchema>;
export type Team = z.infer<typeof teamSchema>;
export type Membership = z.infer<typeof membershipsSchema>[number];

/**
 * GET /tenant's settings: what any participant may know, cut from the tenant settings as
 * src/modules/tenants/tenants.routes.ts does (publicTenantSchema, whose file is server code).
 */
export interface PublicSettings {
  questions: TenantSettings["questions"];
  features: Pick<TenantSettings["features"], "allowAnonymousQuestions" | "requireQuestionApproval">;
  branding: TenantSettings["branding"];
  pulse: Pick<TenantSettings["pulse"], "enabled">;
}

export const getAuthModes = () => api.get<AuthModes>("/auth/modes");
/** Who is asking, and their memberships with whether each gives moderator powers (CONTRACT §2); `me: null` for a visitor. */
export const getSession = () => api.get<{ me: Me | null; memberships: Membership[] }>("/auth/session");
export const listTeams = () => api.get<Team[]>("/teams");
export const getTenant = () => api.get<{ name?: string; address?: string | null; settings: PublicSettings }>("/tenant");
export const logout = () => api.post("/auth/logout");
