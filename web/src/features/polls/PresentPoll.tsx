import { lazy, Suspense } from "react";
import { JoinAddress } from "../../shared/JoinAddress";
import type { Team } from "../../shared/sessionApi";
import { PollResultsView } from "./PollResultsView";
import { votesLabel, type PollResults, type PollView } from "./pollResults";
import "./polls.css";
import "./polls-present.css";

// d3-cloud comes with the cloud, on the presenter's screen only, and only for a words poll.
const WordCloud = lazy(() => import("./WordCloud"));

/**
 * The poll on the room's screen: its title and count, and its results live while the room may see
 * them (bars, a rating's average and spread, a word cloud); while they are hidden, the count and
 * where to vote, large enough to scan from the room.
 */
export function PresentPoll({ poll, results, team }: { poll: PollView; results: PollResults | null; team: Team }) {
  const closed = poll.status === "closed";
  const shown = poll.resultsVisible && results;
  return (
    <div className={`present-poll present-poll-${poll.type}`} data-poll-id={poll.id}>
      <div className="present-poll-head">
        <p className="present-poll-kind">{closed ? "Final results" : "Poll"}</p>
        <h2 className="present-poll-title" dir="auto">
          {poll.title}
        </h2>
        <p className="present-poll-count">{votesLabel(poll.voteCount)}</p>
      </div>
      {shown ? (
        <div className="present-poll-results">
          <PollResultsView
            poll={poll}
            results={results}
            words={(words) =>
              words.words.length === 0 ? (
                <p className="present-poll-empty">No words yet.</p>
              ) : (
                <Suspense fallback={null}>
                  <WordCloud words={words.words} label={`Words sent for ${poll.title}`} />
                </Suspense>
              )
            }
          />
        </div>
      ) : (
        <div className="present-poll-waiting">
          <JoinAddress team={team} size="large" />
          {!closed && <p className="present-poll-hint">Vote on your phone: the results appear here when the moderators show them.</p>}
        </div>
      )}
    </div>
  );
}
