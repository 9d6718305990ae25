import { z } from "zod";
import { userText } from "../../platform/user-text.js";
import {
  POLL_LIST_LIMIT_DEFAULT,
  POLL_LIST_LIMIT_MAX,
  POLL_OPTION_TEXT_MAX,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_SCALE_MAXES,
  POLL_STATUSES,
  POLL_TITLE_MAX,
  POLL_TYPES,
  POLL_WORD_MAX,
} from "./polls.constants.js";

export * from "./polls.constants.js";

/**
 * Live polls (CONTRACT §9): the request and response shapes of `/polls`, the source of the OpenAPI
 * document and of the web app's types.
 */

export const pollIdParams = z.object({ id: z.uuid() });

export const listPollsQuery = z
  .object({
    teamId: z.uuid().optional().describe("One team's polls; without it, every team's the caller may see"),
    status: z.enum(POLL_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .transform((query) => ({ ...query, limit: Math.min(query.limit ?? POLL_LIST_LIMIT_DEFAULT, POLL_LIST_LIMIT_MAX), offset: query.offset ?? 0 }));
export type ListPollsQuery = z.output<typeof listPollsQuery>;

const pollTitle = userText({ min: 1, max: POLL_TITLE_MAX });
const optionText = userText({ min: 1, max: POLL_OPTION_TEXT_MAX });
const scaleMax = z.union(POLL_SCALE_MAXES.map((value) => z.literal(value)) as [z.ZodLiteral<5>, z.ZodLiteral<10>]);

/**
 * A poll as its author writes it. Which fields a type needs is checked on the whole (a single or
 * multiple choice poll has 2..10 options; a rating poll its scale; a words poll neither), so the
 * same check serves creating and editing a draft.
 */
const pollDraftFields = {
  title: pollTitle,
  type: z.enum(POLL_TYPES),
  options: z.array(optionText).min(POLL_OPTIONS_MIN).max(POLL_OPTIONS_MAX).optional().describe("single and multiple: the choices, in order"),
  maxChoices: z.number().int().min(1).max(POLL_OPTIONS_MAX).optional().describe("multiple: how many a voter may pick (default all)"),
  scaleMax: scaleMax.optional().describe("rating: 1..5 or 1..10"),
  resultsVisible: z.boolean().optional().describe("Whether the room sees the results (default false: moderators always do)"),
};

function checkPollShape(poll: { type: (typeof POLL_TYPES)[number]; options?: string[]; maxChoices?: number; scaleMax?: number }, ctx: z.RefinementCtx): void {
  const choice = poll.type === "single" || poll.type === "multiple";
  if (choice && !poll.options) ctx.addIssue({ code: "custom", path: ["options"], message: `needs ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options` });
  if (!choice && poll.options) ctx.addIssue({ code: "custom", path: ["options"], message: `a ${poll.type} poll has no options` });
  if (poll.options) {
    const seen = new Set<string>();
    for (const [index, option] of poll.options.entries()) {
      const key = option.toLocaleLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["options", index], message: "is the same as another option" });
      seen.add(key);
    }
  }
  if (poll.maxChoices !== undefined && poll.type !== "multiple")
    ctx.addIssue({ code: "custom", path: ["maxChoices"], message: "only a multiple choice poll has a maximum" });
  if (poll.maxChoices !== undefined && poll.options && poll.maxChoices > poll.options.length)
    ctx.addIssue({ code: "custom", path: ["maxChoices"], message: "must not exceed the number of options" });
  if (poll.type === "rating" && poll.scaleMax === undefined)
    ctx.addIssue({ code: "custom", path: ["scaleMax"], message: "a rating poll needs a scale of 5 or 10" });
  if (poll.type !== "rating" && poll.scaleMax !== undefined) ctx.addIssue({ code: "custom", path: ["scaleMax"], message: "only a rating poll has a scale" });
}

export const createPollBody = z.strictObject({ teamId: z.uuid(), ...pollDraftFields }).superRefine(checkPollShape);
export type CreatePollBody = z.output<typeof createPollBody>;

/** Editing a draft replaces it whole (type included): the fields are those of creating it, without the team. */
export const editPollBody = z.strictObject(pollDraftFields).superRefine(checkPollShape);
export type EditPollBody = z.output<typeof editPollBody>;

export const pollResultsVisibilityBody = z.strictObject({ visible: z.boolean() });

/** One vote, in the shape of the poll's type; the service checks it fits the poll. */
export const pollVoteBody = z.union([
  z.strictObject({ optionIds: z.array(z.uuid()).min(1).max(POLL_OPTIONS_MAX).describe("single: exactly one; multiple: 1..maxChoices, no repeats") }),
  z.strictObject({ rating: z.number().int().min(1).max(10).describe("1..scaleMax") }),
  z.strictObject({
    text: userText({ min: 1, max: POLL_WORD_MAX }).describe(`A word or short phrase, 1..${POLL_WORD_MAX} visible characters, content checked`),
  }),
]);
export type PollVoteBody = z.output<typeof pollVoteBody>;

export const pollMyVoteSchema = z
  .union([z.object({ optionIds: z.array(z.uuid()) }), z.object({ rating: z.number().int() }), z.object({ text: z.string() })])
  .nullable()
  .describe("The caller's own vote (a visitor's by the browser's vote cookie), null before voting");
export type PollMyVote = z.infer<typeof pollMyVoteSchema>;

export const pollOptionSchema = z.object({ id: z.uuid(), text: z.string() });

export const pollSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  title: z.string(),
  type: z.enum(POLL_TYPES),
  options: z.array(pollOptionSchema).describe("single and multiple: the choices in order; empty for rating and words"),
  maxChoices: z.number().int().nullable().describe("multiple: how many a voter may pick; null for the other types"),
  scaleMax: z.number().int().nullable().describe("rating: 5 or 10; null for the other types"),
  status: z.enum(POLL_STATUSES),
  resultsVisible: z.boolean(),
  voteCount: z.number().int(),
  position: z.number().int().describe("The order of drafts in the moderators' list (lower first)"),
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  myVote: pollMyVoteSchema,
});
export type PollView = z.infer<typeof pollSchema>;

export const pollPageSchema = z.object({
  items: z.array(pollSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const pollVoteResultSchema = z.object({ pollId: z.uuid(), voteCount: z.number().int(), myVote: pollMyVoteSchema });

export const choiceResultsSchema = z.object({
  pollId: z.uuid(),
  voteCount: z.number().int(),
  options: z.array(z.object({ id: z.uuid(), text: z.string(), votes: z.number().int() })),
});
export const ratingResultsSchema = z.object({
  pollId: z.uuid(),
  voteCount: z.number().int(),
  average: z.number().nullable().describe("null before the first vote"),
  distribution: z.array(z.number().int()).describe("votes for 1, 2, .. scaleMax"),
});
export const wordsResultsSchema = z.object({
  pollId: z.uuid(),
  voteCount: z.number().int(),
  words: z.array(z.object({ text: z.string(), count: z.number().int() })).describe("case-folded and trimmed, the most frequent first, at most 100"),
});
export const pollResultsSchema = z.union([choiceResultsSchema, ratingResultsSchema, wordsResultsSchema]);
export type PollResults = z.infer<typeof pollResultsSchema>;

/** Drafts in the order the moderators want to run them. */
export const reorderPollsBody = z.strictObject({ teamId: z.uuid(), pollIds: z.array(z.uuid()).min(1).max(500) });
