import type { RequestContext } from "../context.js";
import { errors } from "../errors.js";
import { PERMISSIONS, teamsWithPermission, type Permission } from "../permissions.js";
import type { Rule } from "../policy.js";
import { roleAtLeast, type Role } from "../roles.constants.js";

/** What a route declares as its gate: a permission, any signed-in user ("session"), or nobody in particular ("public"). */
export type Access = Permission | "session" | "public";

/**
 * The gate, checked before the request is validated or anything is read. A team-scoped permission
 * passes here for a user who holds it in some team (a moderator of one): the route's record rule
 * narrows it to the team concerned. Anyone else learns 403 before anything about their request.
 */
export function authorize(ctx: RequestContext, access: Access): void {
  if (access === "public") return;
  if (access === "session") {
    if (!ctx.user) throw errors.unauthenticated();
    return;
  }
  const rule = PERMISSIONS[access] as { minRole: Role; visitorsWhenAnonymousAllowed?: boolean; teamScoped?: boolean };
  if (!ctx.user) {
    if (rule.visitorsWhenAnonymousAllowed && ctx.settings.features.allowAnonymousQuestions) return;
    throw errors.unauthenticated();
  }
  if (rule.teamScoped) {
    if (teamsWithPermission(ctx.user, access)?.length === 0) throw errors.forbidden();
    return;
  }
  if (!roleAtLeast(ctx.user.role, rule.minRole)) throw errors.forbidden();
}

/** A team-scoped permission says nothing about which team until the route names the record: such a route must declare one. */
export function needsRecordRule(access: Access): boolean {
  return access !== "public" && access !== "session" && Boolean((PERMISSIONS[access] as { teamScoped?: boolean }).teamScoped);
}

/**
 * The second half of a route's rule, about the record the request names: the route reads it
 * (`load` answers 404 for what the caller may not even see), then the module's policy decides.
 */
export interface RecordAccess<Input, Record> {
  load: (input: Input) => Promise<Record>;
  /** NoInfer: the record's type comes from `load`; a rule about fewer fields fits it. */
  rule: Rule<NoInfer<Record>>;
}
