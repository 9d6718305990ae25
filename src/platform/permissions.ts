import { roleAtLeast } from "./roles.constants.js";
import type { CurrentUser, Role } from "./context.js";

/**
 * The permission matrix of SPEC's authorisation table and CONTRACT §2/§8, in one place.
 * Every route declares one access level from here (platform/http/access.ts); rules about one
 * record (a question's team, its author) are the modules' policies (<module>.policy.ts), built on these.
 */

interface PermissionRule {
  /** Lowest tenant role that holds the permission everywhere in the tenant. */
  minRole: Role;
  /** Visitors without a session hold it while the tenant allows anonymous questions. */
  visitorsWhenAnonymousAllowed?: boolean;
  /**
   * Team-scoped: below minRole the permission can still hold inside a team (a moderator of that
   * team, CONTRACT §2). The route's gate only requires a signed-in user; the route's record rule
   * (the module's policy) checks the team.
   */
  teamScoped?: boolean;
}

export const PERMISSIONS = {
  "qa.read": { minRole: "viewer", visitorsWhenAnonymousAllowed: true },
  "question.submit": { minRole: "member", visitorsWhenAnonymousAllowed: true },
  "question.upvote": { minRole: "member" },
  "question.answer": { minRole: "admin", teamScoped: true },
  "presentation.access": { minRole: "admin", teamScoped: true },
  "pulse.summary": { minRole: "admin", teamScoped: true },
  /** Live polls (CONTRACT §9): a team's moderators and admins write, open and close them. */
  "poll.manage": { minRole: "admin", teamScoped: true },
  /** Everyone who may read the team's board votes, visitors too where the tenant lets them read. */
  "poll.vote": { minRole: "viewer", visitorsWhenAnonymousAllowed: true },
  "admin.access": { minRole: "admin" },
  "audit.view": { minRole: "admin" },
  "data.export": { minRole: "admin" },
  "member.view.all": { minRole: "admin" },
  "member.add": { minRole: "admin" },
  "member.edit": { minRole: "owner" },
  "member.remove": { minRole: "owner" },
  "team.create": { minRole: "admin" },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

/** True when the user holds the permission (tenant-wide, or through a team for team-scoped ones). */
export function hasPermission(user: CurrentUser | null, permission: Permission, teamId?: string): boolean {
  if (!user) return false;
  const rule: PermissionRule = PERMISSIONS[permission];
  if (roleAtLeast(user.role, rule.minRole)) return true;
  if (!rule.teamScoped || !teamId) return false;
  return isTeamModerator(user, teamId);
}

/**
 * CONTRACT §2: a moderator's powers hold in teams where the user is a member and either the
 * tenant role is `moderator` or the membership role is `moderator`.
 */
export function isTeamModerator(user: CurrentUser, teamId: string): boolean {
  const membership = user.teamRoles[teamId];
  if (!membership) return false;
  return user.role === "moderator" || membership === "moderator";
}

/** Team ids where the user holds a team-scoped permission; null means every team. */
export function teamsWithPermission(user: CurrentUser | null, permission: Permission): string[] | null {
  if (!user) return [];
  const rule: PermissionRule = PERMISSIONS[permission];
  if (roleAtLeast(user.role, rule.minRole)) return null;
  if (!rule.teamScoped) return [];
  return Object.keys(user.teamRoles).filter((teamId) => isTeamModerator(user, teamId));
}

/** CONTRACT §2: nobody grants a role above their own; only an owner grants owner or admin. */
export function canGrantRole(granter: CurrentUser, role: Role): boolean {
  if (role === "owner" || role === "admin") return granter.role === "owner";
  return roleAtLeast(granter.role, role);
}
