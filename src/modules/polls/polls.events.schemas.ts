import { z } from "zod";
import { choiceResultsSchema, pollSchema, ratingResultsSchema, wordsResultsSchema } from "./polls.schemas.js";

/**
 * Live poll events (CONTRACT §9), one strict schema per type. Nothing of a draft goes out, and no
 * event says who voted: a poll in an event carries `myVote: null` (it is everyone's copy).
 */
const eventPoll = pollSchema.extend({ myVote: z.null() }).strict();
const eventResults = z.union([choiceResultsSchema.strict(), ratingResultsSchema.strict(), wordsResultsSchema.strict()]);

export const pollEventSchemas = {
  "poll:opened": z.strictObject({ poll: eventPoll }).describe("A poll opened: the room shows it at the top of the team's board and on the presenter screen."),
  "poll:closed": z.strictObject({ id: z.uuid(), teamId: z.uuid() }).describe("A poll closed: it takes no more votes."),
  "poll:updated": z.strictObject({ poll: eventPoll }).describe("An open or closed poll changed: its results were shown to the room or hidden."),
  "poll:voted": z
    .strictObject({ pollId: z.uuid(), teamId: z.uuid(), voteCount: z.number().int().min(0) })
    .describe("A poll's vote count. Coalesced: at most one per poll per 250 ms (counts are absolute)."),
  "poll:results": z
    .strictObject({ pollId: z.uuid(), teamId: z.uuid(), results: eventResults })
    .describe("A poll's results, only while they are shown to the room. Coalesced like `poll:voted`."),
  "poll:deleted": z.strictObject({ id: z.uuid(), teamId: z.uuid() }).describe("An open or closed poll was deleted."),
};

export type PollEventSchemas = typeof pollEventSchemas;
export type PollEventData<Type extends keyof PollEventSchemas> = z.infer<PollEventSchemas[Type]>;
