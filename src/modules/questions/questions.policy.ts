import type { CurrentUser, RequestContext } from "../../platform/context.js";
import { hasPermission, teamsWithPermission } from "../../platform/permissions.js";
import { rule } from "../../platform/policy.js";
import { roleAtLeast } from "../../platform/roles.constants.js";
import type { QuestionRecord, ReviewVisibility } from "./questions.repository.js";

/**
 * Who may do what to a question (CONTRACT §2/§3), decided here only. Routes name these rules
 * beside the question they load; listing and presenting read the same functions.
 */

/** A moderator of the team, or an admin/owner (CONTRACT §2). */
export function canModerate(user: CurrentUser | null, teamId: string): boolean {
  return hasPermission(user, "question.answer", teamId);
}

export function isAuthor(user: CurrentUser | null, question: Pick<QuestionRecord, "authorId">): boolean {
  return Boolean(user && question.authorId && question.authorId === user.id);
}

/** UNDER_REVIEW questions are visible only to the team's moderators, admins and their author; to anyone else they do not exist. */
export function canSee(user: CurrentUser | null, question: Pick<QuestionRecord, "status" | "teamId" | "authorId">): boolean {
  return question.status !== "UNDER_REVIEW" || canModerate(user, question.teamId) || isAuthor(user, question);
}

/** canSee as a filter of the question list. */
export function reviewVisibility(user: CurrentUser | null): ReviewVisibility {
  const teams = teamsWithPermission(user, "question.answer");
  return { allTeams: teams === null, teamIds: teams ?? [], authorId: user?.id ?? null };
}

export const questionPolicy = {
  /** Answer, pin, freeze, tag, approve, reject: the question's team's moderators and admins. */
  moderate: rule<Pick<QuestionRecord, "teamId">>("Only a moderator of this team or an admin can do this.", (user, question) =>
    canModerate(user, question.teamId),
  ),
  /** Edit or delete: its author (a member or above), or a moderator of its team. */
  change: rule<Pick<QuestionRecord, "teamId" | "authorId">>(
    "Only the author, a moderator of this team or an admin can change this question.",
    (user, question) => canModerate(user, question.teamId) || (user !== null && isAuthor(user, question) && roleAtLeast(user.role, "member")),
  ),
};

/** A team's queue (freeze for new questions): its moderators and admins. */
export const teamQueuePolicy = {
  moderate: rule<{ id: string }>("Only a moderator of this team or an admin can do this.", (user, team) => canModerate(user, team.id)),
};

/**
 * Who is recorded as the actor of a change. The author of an anonymous question acting on it is
 * not named anywhere, the audit log included: admins read the audit log, and an anonymous
 * question must never show its author to anyone but the author (CONTRACT §3).
 */
export function auditUserId(ctx: RequestContext, question: Pick<QuestionRecord, "authorId" | "isAnonymous">): string | null {
  if (!ctx.user) return null;
  if (actsAsAnonymousAuthor(ctx, question)) return null;
  return ctx.user.id;
}

/** The caller is the author of this anonymous question: what they do to it is not to name them, the request's log line included. */
export function actsAsAnonymousAuthor(ctx: RequestContext, question: Pick<QuestionRecord, "authorId" | "isAnonymous">): boolean {
  return Boolean(ctx.user && question.isAnonymous && question.authorId === ctx.user.id);
}
