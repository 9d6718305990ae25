import type { CurrentUser } from "../../platform/context.js";
import { PreparedJson } from "../../platform/prepared-json.js";
import type { QuestionPage } from "./questions.board.js";
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

/** Whether the viewer sees this question differently from anyone else: its anonymous author, or a moderator shown the content check. */
function seenDifferently(question: QuestionRecord, viewer: CurrentUser | null): boolean {
  return (question.isAnonymous && isAuthor(viewer, question)) || (question.moderation !== null && canModerate(viewer, question.teamId));
}

/** Each question's JSON as everyone but its author and moderators see it, without and with the viewer's upvote. */
const sharedJson = new WeakMap<QuestionRecord, [string | undefined, string | undefined]>();

function questionJson(question: QuestionRecord, viewer: CurrentUser | null, hasUpvoted: boolean): string {
  if (seenDifferently(question, viewer)) return JSON.stringify(presentQuestion({ ...question, hasUpvoted }, viewer));
  let variants = sharedJson.get(question);
  if (!variants) sharedJson.set(question, (variants = [undefined, undefined]));
  const index = hasUpvoted ? 1 : 0;
  return (variants[index] ??= JSON.stringify(presentQuestion({ ...question, hasUpvoted }, null)));
}

/**
 * A page as the viewer may see it, written as JSON. A shared board page's questions are written
 * once for everyone (per upvoted or not) and reused by every viewer until the page is rebuilt;
 * only what the viewer sees differently is written for them. The same JSON as presenting each
 * question and serialising the page.
 */
export function presentPageJson(page: QuestionPage, viewer: CurrentUser | null, paging: { limit: number; offset: number }): PreparedJson {
  const items = page.items.map((question) => questionJson(question, viewer, page.upvoted ? page.upvoted.has(question.id) : question.hasUpvoted));
  return new PreparedJson(`{"items":[${items.join(",")}],"total":${page.total},"limit":${paging.limit},"offset":${paging.offset}}`);
}
