/**
 * The tenant roles and team roles of CONTRACT §2 and their order, with no dependencies: the
 * server's permission checks and the web app read them from here (the web bundle cannot carry zod).
 */
export const ROLES = ["owner", "admin", "moderator", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];
export const TEAM_ROLES = ["viewer", "member", "moderator"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A role holds every permission of the roles ranked below it. */
export const ROLE_RANK: Readonly<Record<Role, number>> = { viewer: 1, member: 2, moderator: 3, admin: 4, owner: 5 };

export function roleAtLeast(role: Role, minimum: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}
