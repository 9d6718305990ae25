import type { ReactNode } from "react";
import { averageLabel, isChoiceResults, isRatingResults, percent, votesLabel, type PollResults, type PollView, type WordsResults } from "./pollResults";

interface Props {
  poll: Pick<PollView, "title" | "scaleMax">;
  results: PollResults;
  /** Marks the caller's own choices ("Your vote"). */
  myOptionIds?: string[];
  /** Drawn instead of the list for a words poll (the presenter's word cloud). */
  words?: (results: WordsResults) => ReactNode;
}

/**
 * A poll's results as bars with percentages (choices), the average and the spread (rating) or
 * the words, most frequent first. The bars' widths move with CSS transitions (none when reduced
 * motion is asked for), so live results glide rather than jump.
 */
export function PollResultsView({ poll, results, myOptionIds = [], words }: Props) {
  if (isChoiceResults(results)) {
    return (
      <ul className="poll-bars" aria-label={`Results of ${poll.title}`}>
        {results.options.map((option) => {
          const share = percent(option.votes, results.voteCount);
          const mine = myOptionIds.includes(option.id);
          return (
            <li key={option.id} className="poll-bar" data-option-id={option.id}>
              <div className="poll-bar-label">
                <span dir="auto" className="poll-bar-text">
                  {option.text}
                  {mine && <span className="poll-mine"> (your vote)</span>}
                </span>
                <span className="poll-bar-figure">
                  {share}% <span className="poll-bar-votes">· {votesLabel(option.votes)}</span>
                </span>
              </div>
              <div className="poll-bar-track" aria-hidden="true">
                <div className="poll-bar-fill" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  if (isRatingResults(results)) {
    const most = Math.max(1, ...results.distribution);
    return (
      <div className="poll-rating-results">
        <p className="poll-average">
          <span className="poll-average-figure">{averageLabel(results.average)}</span>{" "}
          <span className="poll-average-label">average of {poll.scaleMax ?? results.distribution.length}</span>
        </p>
        <ol className="poll-distribution" aria-label="Votes for each rating">
          {results.distribution.map((count, index) => (
            <li key={index} className="poll-distribution-item" aria-label={`${index + 1}: ${votesLabel(count)}`}>
              <span className="poll-distribution-column" aria-hidden="true">
                <span className="poll-distribution-fill" style={{ height: `${(count / most) * 100}%` }} />
              </span>
              <span className="poll-distribution-count" aria-hidden="true">
                {count}
              </span>
              <span className="poll-distribution-value" aria-hidden="true">
                {index + 1}
              </span>
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (words) return <>{words(results)}</>;
  return results.words.length === 0 ? (
    <p className="hint">No words yet.</p>
  ) : (
    <ol className="poll-words" aria-label={`Words sent for ${poll.title}`}>
      {results.words.map((word) => (
        <li key={word.text} className="poll-word">
          <span dir="auto">{word.text}</span> <span className="poll-word-count">×{word.count}</span>
        </li>
      ))}
    </ol>
  );
}
