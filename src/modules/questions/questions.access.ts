import type { CurrentUser, RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import { hasPermission, roleAtLeast, teamsWithPermission } from "../../platform/http/permissions.js";
import type { QuestionRecord, ReviewVisibility } from "./questions.repository.js";
import type { QuestionView } from "./questions.schemas.js";

/** A moderator of the question's team, or an admin/owner (CONTRACT §2). */
export function canModerate(user: CurrentUser | null, teamId: string): boolean {
  return hasPermission(user, "question.answer", teamId);
}

export function isAuthor(user: CurrentUser | null, question: Pick<QuestionRecord, "authorId">): boolean {
  return Boolean(user && question.authorId && question.authorId === user.id);
}

/** UNDER_REVIEW questions are visible only to the team's moderators, admins and their author. */
export function canSee(user: CurrentUser | null, question: Pick<QuestionRecord, "status" | "teamId" | "authorId">): boolean {
  return question.status !== "UNDER_REVIEW" || canModerate(user, question.teamId) || isAuthor(user, question);
}

export function reviewVisibility(user: CurrentUser | null): ReviewVisibility {
  const teams = teamsWithPermission(user, "question.answer");
  return { allTeams: teams === null, teamIds: teams ?? [], authorId: user?.id ?? null };
}

export function requireModerator(ctx: RequestContext, teamId: string): CurrentUser {
  if (!ctx.user) throw errors.unauthenticated();
  if (!canModerate(ctx.user, teamId)) throw errors.forbidden("Only a moderator of this team or an admin can do this.");
  return ctx.user;
}

/** Authors may change their own question (members and above); moderators any of their teams'. */
export function requireAuthorOrModerator(ctx: RequestContext, question: QuestionRecord): CurrentUser {
  if (!ctx.user) throw errors.unauthenticated();
  if (canModerate(ctx.user, question.teamId)) return ctx.user;
  if (isAuthor(ctx.user, question) && roleAtLeast(ctx.user.role, "member")) return ctx.user;
  throw errors.forbidden("Only the author, a moderator of this team or an admin can change this question.");
}

/**
 * Who is recorded as the actor of a change. The author of an anonymous question acting on it is
 * not named anywhere, the audit log included: admins read the audit log, and an anonymous
 * question must never show its author to anyone but the author (CONTRACT §3).
 */
export function auditUserId(ctx: RequestContext, question: Pick<QuestionRecord, "authorId" | "isAnonymous">): string | null {
  if (!ctx.user) return null;
  if (question.isAnonymous && question.authorId === ctx.user.id) return null;
  return ctx.user.id;
}

/** The question as the viewer may see it. */
export function presentQuestion(question: QuestionRecord, viewer: CurrentUser | null): QuestionView {
  const showAuthor = question.authorId !== null && question.authorName !== null && (!question.isAnonymous || isAuthor(viewer, question));
  return {
    id: question.id,
    body: question.body,
    teamId: question.teamId,
    status: question.status,
    upvoteCount: question.upvoteCount,
    submittedAt: question.submittedAt,
    responseText: question.responseText,
    respondedAt: question.respondedAt,
    responder: question.responderId && question.responderName ? { id: question.responderId, name: question.responderName } : null,
    author: showAuthor ? { id: question.authorId as string, name: question.authorName as string } : null,
    isAnonymous: question.isAnonymous,
    tags: question.tags,
    isPinned: question.isPinned,
    isFrozen: question.isFrozen,
    hasUpvoted: question.hasUpvoted,
    moderation: question.moderation && canModerate(viewer, question.teamId) ? question.moderation : null,
  };
}
