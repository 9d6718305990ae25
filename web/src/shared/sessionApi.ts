import { answer, api, type ApiAnswer } from "./api";

/**
 * What every screen reads about the caller and the tenant, and the calls that fetch it. The types
 * are the OpenAPI document's (api-types.gen.ts), made from the server's zod schemas.
 */
export type { Role, TeamRole } from "@server/platform/roles.constants";
/** The whole settings of the tenant, as an admin reads and saves them. */
export type TenantSettings = ApiAnswer<"getTenantSettings">;
export type AuthModes = ApiAnswer<"getAuthModes">;
export type Session = ApiAnswer<"getSession">;
export type Me = NonNullable<Session["me"]>;
export type Team = ApiAnswer<"listTeams">[number];
export type Membership = Session["memberships"][number];
/** GET /tenant's settings: what any participant may know of the tenant settings. */
export type PublicSettings = ApiAnswer<"getTenant">["settings"];

export const getAuthModes = () => answer(api.GET("/auth/modes"));
/** Who is asking, and their memberships with whether each gives moderator powers (CONTRACT §2); `me: null` for a visitor. */
export const getSession = () => answer(api.GET("/auth/session"));
export const listTeams = () => answer(api.GET("/teams"));
export const getTenant = () => answer(api.GET("/tenant"));
export const logout = () => answer(api.POST("/auth/logout"));
