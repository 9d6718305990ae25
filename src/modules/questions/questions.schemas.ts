import { z } from "zod";
import { userText } from "../../platform/user-text.js";
import { tagSchema } from "../tags/tags.schemas.js";

import {
  ANSWER_MAX_LENGTH,
  BODY_HARD_MAX,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  QUESTION_SORTS,
  QUESTION_STATUSES,
  SEARCH_MAX_LENGTH,
} from "./questions.constants.js";

export {
  ANSWER_MAX_LENGTH,
  BODY_HARD_MAX,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  QUESTION_SORTS,
  QUESTION_STATUSES,
  SEARCH_MAX_LENGTH,
  type QuestionSort,
  type QuestionStatus,
} from "./questions.constants.js";

export const questionIdParams = z.object({ id: z.uuid() });
export const questionTagParams = z.object({ id: z.uuid(), tagId: z.uuid() });
export const teamIdParams = z.object({ teamId: z.uuid() });

const booleanQuery = z.enum(["true", "false"]).transform((value) => value === "true");

/** `status` takes one status, a comma-separated list, or the parameter repeated. */
const statusQuery = z
  .union([z.string(), z.array(z.string()).max(3)])
  .transform((value) =>
    [value]
      .flat()
      .join(",")
      .split(",")
      .map((part) => part.trim().toUpperCase()),
  )
  .pipe(z.array(z.enum(QUESTION_STATUSES)).min(1).max(3));

export const listQuestionsQuery = z
  .object({
    teamId: z.uuid().optional(),
    team: z.string().trim().min(1).max(100).optional(),
    status: statusQuery.optional(),
    search: z.string().max(SEARCH_MAX_LENGTH).optional(),
    tag: z.uuid().optional(),
    pinned: booleanQuery.optional(),
    sort: z.enum(QUESTION_SORTS).optional(),
    limit: z.coerce.number().int().min(1).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .transform((query) => ({
    ...query,
    search: query.search?.trim() || undefined,
    limit: Math.min(query.limit ?? LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX),
    offset: query.offset ?? 0,
  }));
export type ListQuestionsQuery = z.output<typeof listQuestionsQuery>;

/**
 * A question body: its bounds are the tenant's settings, so the service checks them
 * (questions.text.ts); this only refuses what no setting allows.
 */
const questionBody = z
  .string()
  .max(BODY_HARD_MAX * 4)
  .describe(
    "Between the tenant's `questions.minLength` and `questions.maxLength` visible characters (white space, zero-width, " +
      "format and Braille-blank characters and combining marks do not count), at most twice the maximum in code points. " +
      "Saved in NFC, trimmed, without bidirectional override and isolate controls (U+202A..U+202E, U+2066..U+2069).",
  );

export const submitQuestionBody = z.strictObject({
  body: questionBody,
  teamId: z.uuid(),
  anonymous: z.boolean().optional(),
});

export const editQuestionBody = z.strictObject({ body: questionBody });
export const answerBody = z.strictObject({ responseText: userText({ min: 1, max: ANSWER_MAX_LENGTH, multiline: true }) });
export const pinBody = z.strictObject({ pinned: z.boolean() });
export const freezeBody = z.strictObject({ frozen: z.boolean() });
export const tagQuestionBody = z.strictObject({ tagId: z.uuid() });
export const approveBody = z.strictObject({ body: questionBody.optional() }).optional();
export const rejectBody = z.strictObject({ reason: userText({ min: 0, max: 500, multiline: true }).optional() }).optional();

const personSchema = z.object({ id: z.uuid(), name: z.string() });

export const questionSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  teamId: z.uuid(),
  status: z.enum(QUESTION_STATUSES),
  upvoteCount: z.number().int(),
  submittedAt: z.string(),
  responseText: z.string().nullable(),
  respondedAt: z.string().nullable(),
  responder: personSchema.nullable(),
  author: personSchema.nullable().describe("null for anonymous questions, except for their author"),
  isAnonymous: z.boolean(),
  tags: z.array(tagSchema.pick({ id: true, name: true, color: true })),
  isPinned: z.boolean(),
  isFrozen: z.boolean(),
  hasUpvoted: z.boolean(),
  moderation: z
    .object({ reasons: z.array(z.string()), confidence: z.enum(["low", "medium", "high"]) })
    .nullable()
    .describe("Why the content check flagged it; shown to the team's moderators and admins only"),
});
export type QuestionView = z.infer<typeof questionSchema>;

export const questionPageSchema = z.object({
  items: z.array(questionSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const upvoteResultSchema = z.object({ questionId: z.uuid(), upvoteCount: z.number().int(), hasUpvoted: z.boolean() });
