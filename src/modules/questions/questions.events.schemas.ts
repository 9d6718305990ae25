import { z } from "zod";
import { QUESTION_STATUSES } from "./questions.constants.js";

/**
 * The Q&A queue's live events (CONTRACT §4), one strict schema per type: a field that is not
 * declared here is refused before it goes out. None of them is sent for a question under review,
 * and none carries an anonymous question's author.
 */

const eventTag = z.strictObject({ id: z.uuid(), name: z.string(), color: z.string() });

export const questionEventSchemas = {
  "question:created": z
    .strictObject({
      id: z.uuid(),
      body: z.string(),
      teamId: z.uuid(),
      status: z.enum(QUESTION_STATUSES),
      upvoteCount: z.number().int().min(0),
      submittedAt: z.iso.datetime(),
      isAnonymous: z.boolean(),
      author: z.strictObject({ id: z.uuid(), name: z.string() }).nullable().describe("null when the question is anonymous: its author never goes out"),
      tags: z.array(eventTag),
    })
    .describe("A question became visible: submitted (when the tenant does not hold questions for review), approved, or reopened (its answer undone)."),
  "question:updated": z
    .strictObject({ id: z.uuid(), body: z.string(), teamId: z.uuid() })
    .describe("A visible question's text changed (its author's edit, or a moderator's on approval)."),
  "question:deleted": z
    .strictObject({ id: z.uuid(), teamId: z.uuid() })
    .describe("A visible question was deleted or rejected, or reopened: then its `question:created` follows at once."),
  "question:upvoted": z
    .strictObject({ questionId: z.uuid(), upvoteCount: z.number().int().min(0) })
    .describe("A question's upvote count. Coalesced: within 250 ms only the latest count of a question goes out (counts are absolute)."),
  "question:answered": z
    .strictObject({ id: z.uuid(), status: z.enum(QUESTION_STATUSES), responseText: z.string().nullable() })
    .describe("A question was answered (with a written answer, or marked answered without one)."),
  "question:tagged": z.strictObject({ questionId: z.uuid(), tag: eventTag }).describe("A tag was put on a question."),
  "question:untagged": z.strictObject({ questionId: z.uuid(), tagId: z.uuid() }).describe("A tag was taken off a question."),
  "question:pinned": z.strictObject({ id: z.uuid(), isPinned: z.boolean() }).describe("A question was pinned or unpinned."),
  "question:frozen": z
    .discriminatedUnion("scope", [
      z.strictObject({ scope: z.literal("question"), id: z.uuid(), isFrozen: z.boolean() }),
      z.strictObject({ scope: z.literal("queue"), teamId: z.uuid(), frozen: z.boolean() }),
    ])
    .describe("One question was frozen or thawed (`scope: question`), or a team's whole queue was (`scope: queue`)."),
};

export type QuestionEventSchemas = typeof questionEventSchemas;
export type QuestionEventData<Type extends keyof QuestionEventSchemas> = z.infer<QuestionEventSchemas[Type]>;
