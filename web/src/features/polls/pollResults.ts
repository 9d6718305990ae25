import type { PollMyVote, PollResults, PollView } from "@server/modules/polls/polls.schemas";

/** A poll's results in each of their three shapes (CONTRACT §9). */
export type ChoiceResults = Extract<PollResults, { options: unknown }>;
export type RatingResults = Extract<PollResults, { distribution: unknown }>;
export type WordsResults = Extract<PollResults, { words: unknown }>;
export type { PollMyVote, PollResults, PollView };

export const isChoiceResults = (results: PollResults): results is ChoiceResults => "options" in results;
export const isRatingResults = (results: PollResults): results is RatingResults => "distribution" in results;
export const isWordsResults = (results: PollResults): results is WordsResults => "words" in results;

/** A whole percentage of the voters (a multiple choice poll's add up to more than 100: each voter picks several). */
export function percent(votes: number, voters: number): number {
  return voters > 0 ? Math.round((votes / voters) * 100) : 0;
}

/** "1 vote", "12 votes". */
export const votesLabel = (count: number) => `${count} ${count === 1 ? "vote" : "votes"}`;

/** The option ids of the caller's vote, the rating or the words (one of them is set, matching the poll's type). */
export function voteParts(vote: PollMyVote): { optionIds: string[]; rating: number | null; text: string | null } {
  return {
    optionIds: vote && "optionIds" in vote ? vote.optionIds : [],
    rating: vote && "rating" in vote ? vote.rating : null,
    text: vote && "text" in vote ? vote.text : null,
  };
}

/** The rating's average as people read it: one decimal, "–" before the first vote. */
export const averageLabel = (average: number | null) => (average === null ? "–" : average.toFixed(1));

/** What a type is called in the moderators' words. */
export const TYPE_LABEL: Record<PollView["type"], string> = {
  single: "Single choice",
  multiple: "Multiple choice",
  rating: "Rating",
  words: "Words",
};
