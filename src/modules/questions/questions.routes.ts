import type { RequestContext } from "../../platform/context.js";
import type { Rule } from "../../platform/policy.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { teamSchema } from "../teams/index.js";
import type { ModerationService } from "./questions.moderation.service.js";
import { questionPolicy, teamQueuePolicy } from "./questions.policy.js";
import type { QuestionRecord } from "./questions.repository.js";
import type { QuestionService } from "./questions.service.js";
import {
  answerBody,
  approveBody,
  editQuestionBody,
  freezeBody,
  listQuestionsQuery,
  pinBody,
  questionIdParams,
  questionPageSchema,
  questionSchema,
  questionTagParams,
  rejectBody,
  submitQuestionBody,
  tagQuestionBody,
  teamIdParams,
  upvoteResultSchema,
} from "./questions.schemas.js";

const TAG = "Questions";
const MODERATION = "Question moderation";

/**
 * CONTRACT §3. Moderator powers are team-scoped: `access` lets any signed-in user past the gate,
 * `record` loads the question (404 when the caller may not see it) and applies the policy's rule.
 */
export function questionRoutes(deps: { questions: QuestionService; moderation: ModerationService }): AnyRoute[] {
  const { questions, moderation } = deps;
  const question = (rule: Rule<QuestionRecord>) => ({
    load: ({ ctx, params }: { ctx: RequestContext; params: { id: string } }) => questions.visible(ctx, params.id),
    rule,
  });
  return [
    route({
      method: "get",
      path: "/questions",
      tag: TAG,
      summary: "List questions (filters, full-text search, sort, paging)",
      description:
        "Default: OPEN and ANSWERED questions, pinned first, then most upvoted, then oldest. `status` takes one status or a comma-separated list; " +
        "UNDER_REVIEW ones are returned only to the team's moderators, admins and their author. `search` is full-text with stemming and prefix " +
        "matching on every word, ranked (sort `relevance` by default when searching). `limit` defaults to 50 and is capped at 200.",
      access: "qa.read",
      query: listQuestionsQuery,
      response: questionPageSchema,
      handler: ({ ctx, query }) => questions.list(ctx, query),
    }),
    route({
      method: "get",
      path: "/questions/:id",
      tag: TAG,
      summary: "One question",
      access: "qa.read",
      params: questionIdParams,
      response: questionSchema,
      handler: ({ ctx, params }) => questions.get(ctx, params.id),
    }),
    route({
      method: "post",
      path: "/questions",
      tag: TAG,
      summary: "Submit a question",
      description:
        "Length bounds from the tenant's questions.minLength/maxLength (code points after trimming). Goes to UNDER_REVIEW when approval is " +
        "required or the content check flags it; 422 CONTENT_REJECTED when the check is confident; 409 QUEUE_FROZEN when the team's queue is frozen. " +
        "Visitors may submit (anonymously) while the tenant allows anonymous questions.",
      access: "question.submit",
      body: submitQuestionBody,
      status: 201,
      response: questionSchema,
      otherResponses: { 409: "QUEUE_FROZEN", 422: "CONTENT_REJECTED (details: the reasons)", 429: "RATE_LIMITED" },
      handler: ({ ctx, body }) => questions.submit(ctx, body),
    }),
    route({
      method: "put",
      path: "/questions/:id",
      tag: TAG,
      summary: "Edit a question (its author, or a moderator of its team)",
      access: "session",
      params: questionIdParams,
      record: question(questionPolicy.change),
      body: editQuestionBody,
      response: questionSchema,
      handler: ({ ctx, record, body }) => questions.edit(ctx, record, body),
    }),
    route({
      method: "delete",
      path: "/questions/:id",
      tag: TAG,
      summary: "Delete a question (its author, or a moderator of its team)",
      access: "session",
      params: questionIdParams,
      record: question(questionPolicy.change),
      status: 204,
      handler: ({ ctx, record }) => questions.remove(ctx, record),
    }),
    route({
      method: "post",
      path: "/questions/:id/upvote",
      tag: TAG,
      summary: "Upvote (once per user; repeating it changes nothing)",
      access: "question.upvote",
      params: questionIdParams,
      response: upvoteResultSchema,
      otherResponses: { 409: "QUESTION_FROZEN or QUESTION_UNDER_REVIEW", 429: "RATE_LIMITED" },
      handler: ({ ctx, params }) => questions.upvote(ctx, params.id),
    }),
    route({
      method: "delete",
      path: "/questions/:id/upvote",
      tag: TAG,
      summary: "Remove one's upvote",
      access: "question.upvote",
      params: questionIdParams,
      response: upvoteResultSchema,
      handler: ({ ctx, params }) => questions.removeUpvote(ctx, params.id),
    }),
    route({
      method: "post",
      path: "/questions/:id/answer",
      tag: MODERATION,
      summary: "Answer (again: edit the answer)",
      access: "question.answer",
      params: questionIdParams,
      record: question(questionPolicy.moderate),
      body: answerBody,
      response: questionSchema,
      otherResponses: { 409: "QUESTION_FROZEN", 429: "RATE_LIMITED" },
      handler: ({ ctx, record, body }) => moderation.answer(ctx, record, body.responseText),
    }),
    route({
      method: "post",
      path: "/questions/:id/pin",
      tag: MODERATION,
      summary: "Pin or unpin",
      access: "question.answer",
      params: questionIdParams,
      record: question(questionPolicy.moderate),
      body: pinBody,
      response: questionSchema,
      handler: ({ ctx, record, body }) => moderation.pin(ctx, record, body.pinned),
    }),
    route({
      method: "post",
      path: "/questions/:id/freeze",
      tag: MODERATION,
      summary: "Freeze or unfreeze a question (a frozen question takes no upvotes and no answer)",
      access: "question.answer",
      params: questionIdParams,
      record: question(questionPolicy.moderate),
      body: freezeBody,
      response: questionSchema,
      handler: ({ ctx, record, body }) => moderation.freezeQuestion(ctx, record, body.frozen),
    }),
    route({
      method: "post",
      path: "/teams/:teamId/freeze",
      tag: MODERATION,
      summary: "Freeze or unfreeze a team's queue (a frozen queue accepts no new questions)",
      access: "question.answer",
      params: teamIdParams,
      record: { load: ({ ctx, params }) => moderation.team(ctx, params.teamId), rule: teamQueuePolicy.moderate },
      body: freezeBody,
      response: teamSchema,
      handler: ({ ctx, record, body }) => moderation.freezeQueue(ctx, record, body.frozen),
    }),
    route({
      method: "post",
      path: "/questions/:id/tags",
      tag: MODERATION,
      summary: "Tag a question (the `Currently Presenting` tag drives presenter mode)",
      description:
        "Adding a tag the question already has changes nothing. `Currently Presenting` is held by at most one question per team: tagging a question with it moves the tag, removing it from the team's other questions (each audited and announced with its `question:untagged` event).",
      access: "question.answer",
      params: questionIdParams,
      record: question(questionPolicy.moderate),
      body: tagQuestionBody,
      response: questionSchema,
      handler: ({ ctx, record, body }) => moderation.tag(ctx, record, body.tagId),
    }),
    route({
      method: "delete",
      path: "/questions/:id/tags/:tagId",
      tag: MODERATION,
      summary: "Remove a tag from a question",
      access: "question.answer",
      params: questionTagParams,
      record: question(questionPolicy.moderate),
      response: questionSchema,
      handler: ({ ctx, params, record }) => moderation.untag(ctx, record, params.tagId),
    }),
    route({
      method: "post",
      path: "/questions/:id/approve",
      tag: MODERATION,
      summary: "Approve a question in review (optionally with an edited body)",
      access: "question.answer",
      params: questionIdParams,
      record: question(questionPolicy.moderate),
      body: approveBody,
      response: questionSchema,
      otherResponses: { 409: "NOT_UNDER_REVIEW" },
      handler: ({ ctx, record, body }) => moderation.approve(ctx, record, body?.body),
    }),
    route({
      method: "post",
      path: "/questions/:id/reject",
      tag: MODERATION,
      summary: "Reject a question in review (it is deleted)",
      access: "question.answer",
      params: questionIdParams,
      record: question(questionPolicy.moderate),
      body: rejectBody,
      status: 204,
      otherResponses: { 409: "NOT_UNDER_REVIEW" },
      handler: ({ ctx, record, body }) => moderation.reject(ctx, record, body?.reason),
    }),
  ];
}
