import { route, type AnyRoute } from "../../platform/http/route.js";
import type { ConversationView, PulseComments } from "./pulse.comments.service.js";
import type { CommentReply, ReleasedComment } from "./pulse.comments.repository.js";
import {
  commentBody,
  commentDetailSchema,
  commentPageSchema,
  commentParams,
  commentReplySchema,
  commentsQuery,
  conversationParams,
  followUpBody,
  followUpResultSchema,
  conversationSchema,
  replyBody,
} from "./pulse.comments.schemas.js";
import { pulsePolicy } from "./pulse.policy.js";
import type { FollowUp, PulseFollowUps } from "./pulse.follow-ups.service.js";

function presentReply(reply: CommentReply) {
  return { id: reply.id, body: reply.body, from: reply.from, name: reply.leadName, createdAt: reply.createdAt.toISOString() };
}

function presentComment(comment: ReleasedComment) {
  return {
    id: comment.id,
    questionId: comment.questionId,
    teamId: comment.teamId,
    week: comment.week,
    body: comment.body,
    replyCount: comment.replyCount,
    lastReplyAt: comment.lastReplyAt?.toISOString() ?? null,
  };
}

const presentConversation = (view: ConversationView, followUps: FollowUp[]) => ({
  question: view.question,
  comment: view.comment,
  canComment: view.canComment,
  replies: view.replies.map(presentReply),
  followUps,
});

/**
 * CONTRACT §5 "Comments": the respondent's side, authenticated by the conversation capability
 * alone (no session, no tenant of the address: the capability names it), and the leads' side,
 * with the permissions of the pulse summary.
 */
export function pulseCommentRoutes(comments: PulseComments, followUps: PulseFollowUps): AnyRoute[] {
  const conversationOf = async (capability: string, view: ConversationView) => presentConversation(view, await followUps.offered(capability));
  const NOT_FOUND = "Unknown, forged or mistyped conversation link (the same answer for all)";
  return [
    route({
      method: "post",
      path: "/pulse/comments",
      operationId: "commentOnPulseAnswer",
      tag: "Pulse",
      summary: "The respondent's comment on their answer, by the conversation capability the answer gave",
      description:
        "One comment per answer (again: 409 COMMENT_EXISTS), possible within 24 hours of the answer and before its batch is " +
        "released (after: 409 COMMENTS_CLOSED). It waits sealed with the answer and is released to the team's leads with its " +
        "batch, never before and never with anything that names the respondent. Checked for content (422 CONTENT_REJECTED). " +
        "Not audited.",
      access: "public",
      body: commentBody,
      status: 201,
      response: conversationSchema,
      otherResponses: { 404: NOT_FOUND, 409: "COMMENT_EXISTS or COMMENTS_CLOSED", 422: "CONTENT_REJECTED" },
      handler: async ({ body, res }) => {
        res.setHeader("Cache-Control", "no-store");
        return conversationOf(body.conversation, await comments.comment(body.conversation, body.body));
      },
    }),
    route({
      method: "get",
      path: "/pulse/conversations/:capability",
      operationId: "getPulseConversation",
      tag: "Pulse",
      summary: "The respondent's private conversation: the question, their comment and the replies",
      description: "Authenticated by the capability alone. The leads' replies carry their names; the respondent is never named.",
      access: "public",
      params: conversationParams,
      response: conversationSchema,
      otherResponses: { 404: NOT_FOUND },
      handler: async ({ params, res }) => {
        res.setHeader("Cache-Control", "no-store");
        return conversationOf(params.capability, await comments.conversation(params.capability));
      },
    }),
    route({
      method: "post",
      path: "/pulse/conversations/:capability/replies",
      operationId: "replyInPulseConversation",
      tag: "Pulse",
      summary: "The respondent answers the leads, as “a colleague”",
      description: "Once the comment is released (before: 409 COMMENT_NOT_RELEASED). Checked for content; not audited.",
      access: "public",
      params: conversationParams,
      body: replyBody,
      status: 201,
      response: commentReplySchema,
      otherResponses: { 404: NOT_FOUND, 409: "COMMENT_NOT_RELEASED", 422: "CONTENT_REJECTED" },
      handler: async ({ params, body, res }) => {
        res.setHeader("Cache-Control", "no-store");
        return presentReply(await comments.replyAsColleague(params.capability, body.body));
      },
    }),
    route({
      method: "post",
      path: "/pulse/follow-ups",
      operationId: "answerPulseFollowUp",
      tag: "Pulse",
      summary: "One of the answer's follow-up questions, answered with its conversation capability",
      description:
        "Each follow-up is its own anonymous answer: sealed, waiting in its own (question, team) group and released with " +
        "it, counting toward k as the first answer does; nothing links it to the first answer. Once per question (again: 409 " +
        "FOLLOW_UP_ANSWERED), within 24 hours of the answer (after: 409 FOLLOW_UPS_CLOSED). A question not offered: 404.",
      access: "public",
      body: followUpBody,
      response: followUpResultSchema,
      otherResponses: { 404: `${NOT_FOUND}, or a question this answer was not offered`, 409: "FOLLOW_UP_ANSWERED or FOLLOW_UPS_CLOSED" },
      handler: async ({ body, res }) => {
        res.setHeader("Cache-Control", "no-store");
        await followUps.answer(body.conversation, body.questionId, body.score);
        return { ok: true as const, followUps: await followUps.offered(body.conversation) };
      },
    }),
    route({
      method: "get",
      path: "/pulse/comments",
      operationId: "listPulseComments",
      tag: "Pulse",
      summary: "Released pulse comments of a team (or all), newest week first, with unread markers",
      description:
        "Permissions as /pulse/summary: admins and owners any team or all; a moderator `team` = one of their teams. Only " +
        "released comments, dated by the ISO week of their release.",
      access: "pulse.summary",
      query: commentsQuery,
      record: { load: async ({ query }) => ({ teamId: query.team ?? null }), rule: pulsePolicy.summary },
      response: commentPageSchema,
      handler: async ({ ctx, query }) => {
        const page = await comments.list(ctx, {
          rangeWeeks: Number.parseInt(query.range, 10),
          teamId: query.team ?? null,
          questionId: query.question,
          limit: query.limit,
          offset: query.offset,
        });
        return { ...page, items: page.items.map((item) => ({ ...presentComment(item), unread: item.unread })) };
      },
    }),
    route({
      method: "get",
      path: "/pulse/comments/:id",
      operationId: "getPulseComment",
      tag: "Pulse",
      summary: "A released comment with its conversation (reading it marks it read for you)",
      access: "pulse.summary",
      params: commentParams,
      record: { load: ({ ctx, params }) => comments.load(ctx, params.id), rule: pulsePolicy.summary },
      response: commentDetailSchema,
      handler: async ({ ctx, record }) => {
        const read = await comments.read(ctx, record);
        return { ...presentComment(read), replies: read.replies.map(presentReply) };
      },
    }),
    route({
      method: "post",
      path: "/pulse/comments/:id/replies",
      operationId: "replyToPulseComment",
      tag: "Pulse",
      summary: "A lead's reply to a released comment, shown to its writer with the lead's name",
      description: "Audited (pulse.comment.reply). Checked for content (422 CONTENT_REJECTED).",
      access: "pulse.summary",
      params: commentParams,
      body: replyBody,
      record: { load: ({ ctx, params }) => comments.load(ctx, params.id), rule: pulsePolicy.summary },
      status: 201,
      response: commentReplySchema,
      otherResponses: { 422: "CONTENT_REJECTED" },
      handler: async ({ ctx, record, body }) => presentReply(await comments.replyAsLead(ctx, record, body.body)),
    }),
  ];
}
