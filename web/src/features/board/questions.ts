import type { QuestionSort } from "@server/modules/questions/questions.constants";
import { PRESENTING_TAG } from "@server/modules/tags/tags.constants";
import { writtenLength } from "@server/platform/text.constants";
import type { LiveEvent } from "../../shared/live";
import type { Question } from "./api";

/** Pure list updates shared by the board, the moderation queue and the presenter. */

/** The server's list orders that a list can keep by itself (a search's relevance cannot be recomputed here). */
export type SortOrder = Exclude<QuestionSort, "relevance">;

export function sortQuestions(questions: Question[], order: SortOrder): Question[] {
  return [...questions].sort((a, b) => {
    if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
    if (order === "new") return b.submittedAt.localeCompare(a.submittedAt);
    if (a.upvoteCount !== b.upvoteCount) return b.upvoteCount - a.upvoteCount;
    return a.submittedAt.localeCompare(b.submittedAt);
  });
}

type EventData<Type extends LiveEvent["type"]> = Extract<LiveEvent, { type: Type }>["data"];

/** A question as a question:created event tells it (author null when anonymous; the caller's vote is none yet). */
export function questionFromEvent(data: EventData<"question:created">): Question {
  return {
    ...data,
    responseText: null,
    respondedAt: null,
    responder: null,
    isPinned: false,
    isFrozen: false,
    hasUpvoted: false,
    moderation: null,
  };
}

/** Applies one live event to a question in place; returns null when the event does not concern it. */
export function applyEvent(question: Question, event: LiveEvent): Question | null {
  switch (event.type) {
    case "question:updated":
      return event.data.id === question.id ? { ...question, body: event.data.body } : null;
    case "question:upvoted":
      return event.data.questionId === question.id ? { ...question, upvoteCount: event.data.upvoteCount } : null;
    case "question:answered":
      return event.data.id === question.id ? { ...question, status: "ANSWERED", responseText: event.data.responseText ?? "" } : null;
    case "question:tagged": {
      const { questionId, tag } = event.data;
      if (questionId !== question.id) return null;
      return question.tags.some((existing) => existing.id === tag.id) ? question : { ...question, tags: [...question.tags, tag] };
    }
    case "question:untagged": {
      const { questionId, tagId } = event.data;
      return questionId === question.id ? { ...question, tags: question.tags.filter((tag) => tag.id !== tagId) } : null;
    }
    case "question:pinned":
      return event.data.id === question.id ? { ...question, isPinned: event.data.isPinned } : null;
    case "question:frozen": {
      const data = event.data;
      return data.scope === "question" && data.id === question.id ? { ...question, isFrozen: data.isFrozen } : null;
    }
    default:
      return null;
  }
}

export function replaceQuestion(list: Question[], updated: Question): Question[] {
  return list.map((question) => (question.id === updated.id ? updated : question));
}

/** Visible characters of the text as it will be saved, counted as the server counts them (CONTRACT §3). */
export const questionLength = writtenLength;

/** The tag that puts a question on the team's screens (matched without regard to case, as the server does). */
export const isPresentingTag = (tag: { name: string }): boolean => tag.name.toLowerCase() === PRESENTING_TAG.toLowerCase();

/** The tenant's `Currently Presenting` tag, if it has one. */
export const findPresentingTag = <T extends { name: string }>(tags: readonly T[]): T | undefined => tags.find(isPresentingTag);
