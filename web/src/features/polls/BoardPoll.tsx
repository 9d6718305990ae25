import { useId } from "react";
import { PollResultsView } from "./PollResultsView";
import { votesLabel, voteParts } from "./pollResults";
import { PollVote } from "./PollVote";
import type { TeamPoll } from "./useTeamPoll";
import "./polls.css";

/**
 * The team's live poll at the top of the board, for everyone who reads it (visitors vote too: the
 * server keeps their vote by a cookie). Voting stays open to change while the poll is; the results
 * show once the moderators show them to the room. A closed poll with shown results stays as
 * "Final results" until dismissed.
 */
export default function BoardPoll({ poll, results, vote, dismiss }: TeamPoll) {
  const titleId = useId();
  if (!poll) return null;
  const closed = poll.status === "closed";
  return (
    <section className={`card poll-card ${closed ? "is-closed" : ""}`} aria-labelledby={titleId} data-poll-id={poll.id}>
      <div className="poll-card-head">
        <span className={`pill ${closed ? "pill-neutral" : "pill-ok"}`}>{closed ? "Final results" : "Live poll"}</span>
        <span className="poll-count" aria-live="polite">
          {votesLabel(poll.voteCount)}
        </span>
      </div>
      <h2 id={titleId} className="poll-title" dir="auto">
        {poll.title}
      </h2>
      {!closed && <PollVote key={poll.id} poll={poll} onVote={vote} />}
      {poll.resultsVisible && results ? (
        <div className="poll-results" aria-label="Results">
          <PollResultsView poll={poll} results={results} myOptionIds={voteParts(poll.myVote).optionIds} />
        </div>
      ) : (
        !closed && <p className="hint">The results show here when the moderators share them.</p>
      )}
      {closed && (
        <button type="button" className="link-button poll-dismiss" onClick={dismiss}>
          Dismiss
          <span className="visually-hidden"> the results of {poll.title}</span>
        </button>
      )}
    </section>
  );
}
