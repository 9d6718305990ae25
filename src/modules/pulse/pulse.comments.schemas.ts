import { z } from "zod";
import { userText } from "../../platform/user-text.js";
import { MAX_ANY_SCORE, MIN_ANY_SCORE, PULSE_COMMENT_TEXT as COMMENT_TEXT, PULSE_REPLY_TEXT as REPLY_TEXT } from "./pulse.constants.js";
import { followUpSchema, summaryQuery } from "./pulse.schemas.js";

export { PULSE_COMMENT_TEXT as COMMENT_TEXT, PULSE_REPLY_TEXT as REPLY_TEXT } from "./pulse.constants.js";
const COMMENTS_PAGE_DEFAULT = 20;
const COMMENTS_PAGE_MAX = 100;

const capability = z.string().max(400).describe("The private conversation capability given with the answer (`conversation`)");

export const commentBody = z.object({
  conversation: capability,
  body: userText(COMMENT_TEXT),
});

export const replyBody = z.object({ body: userText(REPLY_TEXT) });

export const conversationParams = z.object({ capability });
export const commentParams = z.object({ id: z.string().max(64).describe("The comment's id") });

export const commentReplySchema = z.object({
  id: z.uuid(),
  body: z.string(),
  from: z.enum(["lead", "colleague"]).describe("lead: one of the team's leads (named); colleague: the person who wrote the comment"),
  name: z.string().nullable().describe("The lead's name; null for the colleague (never named) or a lead whose account is gone"),
  createdAt: z.iso.datetime(),
});

export const conversationSchema = z.object({
  question: z.object({ text: z.string() }),
  comment: z
    .object({
      body: z.string(),
      released: z.boolean().describe("false while it waits, sealed, with its answer; true once its batch was released to the leads"),
    })
    .nullable()
    .describe("null until a comment is written"),
  canComment: z.boolean().describe("A comment may still be written: none yet, its answer not yet released, within 24 hours of the answer"),
  replies: z.array(commentReplySchema),
  followUps: z.array(followUpSchema).describe("The answer's follow-up questions while they may be answered (within 24 hours of the answer)"),
});

export const followUpBody = z.object({
  conversation: capability,
  questionId: z.uuid(),
  score: z.number().int().min(MIN_ANY_SCORE).max(MAX_ANY_SCORE).describe("On the question's own scale; another: 400 VALIDATION_FAILED"),
});

export const followUpResultSchema = z.object({ ok: z.literal(true), followUps: z.array(followUpSchema) });

export const commentsQuery = summaryQuery.extend({
  question: z.uuid().optional().describe("Only this pulse question's comments"),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).default(COMMENTS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const commentItemSchema = z.object({
  id: z.uuid(),
  questionId: z.uuid(),
  teamId: z.uuid().nullable(),
  week: z.string().describe("Monday (UTC) of the ISO week the comment was released in, YYYY-MM-DD: no finer time is kept"),
  body: z.string(),
  replyCount: z.number().int(),
  lastReplyAt: z.iso.datetime().nullable(),
  unread: z.boolean().describe("For the reader: never opened, or the colleague replied since they last read it"),
});

export const commentPageSchema = z.object({
  items: z.array(commentItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const commentDetailSchema = commentItemSchema.omit({ unread: true }).extend({ replies: z.array(commentReplySchema) });
