import type { PollRecord } from "./polls.repository.js";
import type { PollMyVote, PollResults, PollView } from "./polls.schemas.js";
import type { RawResults } from "./polls.votes.repository.js";

/** A poll as it goes out: `myVote` is the caller's own (null in events: they are everyone's copy). */
export function presentPoll(poll: PollRecord, myVote: PollMyVote): PollView {
  return {
    id: poll.id,
    teamId: poll.teamId,
    title: poll.title,
    type: poll.type,
    options: poll.options.map((option) => ({ id: option.id, text: option.text })),
    maxChoices: poll.type === "multiple" ? (poll.maxChoices ?? poll.options.length) : null,
    scaleMax: poll.type === "rating" ? poll.scaleMax : null,
    status: poll.status,
    resultsVisible: poll.resultsVisible,
    voteCount: poll.voteCount,
    position: poll.position,
    createdAt: poll.createdAt,
    openedAt: poll.openedAt,
    closedAt: poll.closedAt,
    myVote,
  };
}

/** CONTRACT §9's results, by the poll's type: options in the poll's order, a rating's average and distribution, words by frequency. */
export function presentResults(poll: Pick<PollRecord, "id" | "type" | "options" | "scaleMax">, raw: RawResults): PollResults {
  if (poll.type === "single" || poll.type === "multiple") {
    return {
      pollId: poll.id,
      voteCount: raw.voteCount,
      options: poll.options.map((option) => ({ id: option.id, text: option.text, votes: raw.optionVotes.get(option.id) ?? 0 })),
    };
  }
  if (poll.type === "rating") {
    const scale = poll.scaleMax ?? 5;
    const distribution = Array.from({ length: scale }, (_, index) => raw.ratings.get(index + 1) ?? 0);
    const total = distribution.reduce((sum, votes) => sum + votes, 0);
    const sum = distribution.reduce((acc, votes, index) => acc + votes * (index + 1), 0);
    return { pollId: poll.id, voteCount: raw.voteCount, average: total === 0 ? null : Math.round((sum / total) * 100) / 100, distribution };
  }
  return { pollId: poll.id, voteCount: raw.voteCount, words: raw.words };
}
