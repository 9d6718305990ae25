import type { CurrentUser } from "../../platform/context.js";
import { canModerate, isAuthor } from "./questions.policy.js";
import type { QuestionRecord } from "./questions.repository.js";
import type { QuestionView } from "./questions.schemas.js";

/** The question as the viewer may see it: an anonymous author only to the author, the content check's verdict only to moderators. */
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
