import { useCallback, useEffect, useRef, type ReactNode, type RefObject } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PRESENTING_TAG } from "@server/modules/tags/tags.constants";
import { JoinAddress } from "../../shared/JoinAddress";
import { LIVE_STATUS_LABEL } from "../../shared/live";
import { NotFound } from "../../shared/Layout";
import { useCanModerate, useLiveStatus, useSession } from "../../shared/session";
import type { Team } from "../../shared/sessionApi";
import { Loading, Notice } from "../../shared/ui";
import type { Question } from "../board/api";
import { PausedBanner } from "../board/PausedBanner";
import { PresentPoll } from "../polls/PresentPoll";
import { usePresentedPoll } from "../polls/usePresentedPoll";
import { useFitText } from "./useFitText";
import { usePresenter } from "./usePresenter";
import "./present.css";

// A room screen never names the author of an anonymous question, not even to that author's own session.
const presentedAuthor = (question: Question) => (question.isAnonymous || !question.author ? "Anonymous" : question.author.name);

/**
 * Presentation mode: the team's question tagged `Currently Presenting`, large enough for the back
 * of a room, with the team's join address in a corner; the join address fills the screen while no
 * question is shown. The presenter's keys move the tag (Space: next, H: most upvoted), so every
 * screen showing this page, and every board, follows the same question over SSE. Esc leaves.
 */
export default function PresentPage() {
  const { teamSlug = "" } = useParams();
  const { teams } = useSession();
  const team = teams.find((candidate) => candidate.slug === teamSlug);
  const navigate = useNavigate();
  const liveStatus = useLiveStatus();
  // presentation.access: admins everywhere, moderators in their own teams (the server decides too).
  const canPresent = useCanModerate()(team?.id);
  const { questions, presentingTag, current, queue, error, next, highest } = usePresenter(team);
  const stage = useRef<HTMLElement>(null);
  const { poll, results, showPoll, toggle: togglePoll } = usePresentedPoll(team?.id, current?.id ?? null);

  const exit = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    navigate(`/${teamSlug}`);
  }, [navigate, teamSlug]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey || target?.closest("input, textarea, select")) return;
      if (event.key === "Escape") {
        event.preventDefault();
        exit();
      } else if (canPresent && (event.key === " " || event.code === "Space")) {
        // Space on a focused button would also click it: the key alone decides here.
        event.preventDefault();
        next();
      } else if (canPresent && (event.key === "h" || event.key === "H")) {
        event.preventDefault();
        highest();
      } else if (event.key === "p" || event.key === "P") {
        event.preventDefault();
        togglePoll();
      } else if (event.key === "f" || event.key === "F") {
        event.preventDefault();
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void document.documentElement.requestFullscreen?.().catch(() => undefined);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [exit, next, highest, canPresent, togglePoll]);

  useEffect(() => {
    document.title = team ? `Presenting ${team.name}` : "Presentation";
    return () => {
      document.title = "Team Q&A";
    };
  }, [team]);

  if (!team) return teams.length ? <NotFound what="team" /> : <Loading />;
  const waiting = !queue.length
    ? "No open questions yet."
    : canPresent
      ? "Press Space to present the first question."
      : "The presenter will show a question soon.";
  return (
    <main className="present" id="main">
      <header className="present-header">
        <h1 className="present-team" dir="auto">
          {team.name}
        </h1>
        <span className="present-status">
          {LIVE_STATUS_LABEL[liveStatus]} · {queue.length} open
        </span>
        <PausedBanner teamId={team.id} discreet />
        <div className="row">
          <button type="button" className="button-ghost" onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}>
            Full screen
          </button>
          <Link to={`/${team.slug}`}>Exit</Link>
        </div>
      </header>
      <section
        className="present-stage"
        ref={stage}
        // A poll's bars move with every vote: read out, they would drown the room's screen reader.
        aria-live={showPoll ? "off" : "polite"}
        aria-atomic="true"
        aria-label={showPoll ? "Presented poll" : "Presented question"}
      >
        {showPoll && poll ? (
          <PresentPoll poll={poll} results={results} team={team} />
        ) : questions === null ? (
          <Loading />
        ) : current ? (
          <PresentedQuestion question={current} frame={stage} />
        ) : (
          <Welcome team={team}>
            {presentingTag === null ? (
              <Notice kind="warning">The “{PRESENTING_TAG}” tag does not exist in this organisation; an admin can create it under Admin › Tags.</Notice>
            ) : (
              <p className="present-waiting">{waiting}</p>
            )}
          </Welcome>
        )}
      </section>
      {error && <Notice kind="error">{error}</Notice>}
      <footer className="present-footer">
        <p className="present-keys">
          {canPresent ? (
            <>
              <span>
                <kbd>Space</kbd> next
              </span>
              <span>
                <kbd>H</kbd> most upvoted
              </span>
            </>
          ) : (
            <span>Following the presenter</span>
          )}
          {poll && (
            <span>
              <kbd>P</kbd> {showPoll ? "questions" : "poll"}
            </span>
          )}
          <span>
            <kbd>F</kbd> full screen
          </span>
          <span>
            <kbd>Esc</kbd> exit
          </span>
        </p>
        {(showPoll ? Boolean(poll?.resultsVisible && results) : current) && <JoinAddress team={team} size="small" />}
      </footer>
    </main>
  );
}

/** The join address across the screen while no question is shown, so the room can scan it. */
function Welcome({ team, children }: { team: Team; children: ReactNode }) {
  return (
    <div className="present-welcome">
      <JoinAddress team={team} size="large" />
      {children}
    </div>
  );
}

/** The question at the largest size that fits the stage, with its votes and author always in view. */
function PresentedQuestion({ question, frame }: { question: Question; frame: RefObject<HTMLElement | null> }) {
  const slide = useRef<HTMLDivElement>(null);
  const answer = question.status === "ANSWERED" ? question.responseText : null;
  useFitText(frame, slide, [question.id, question.body, question.upvoteCount, answer].join("\u0000"));
  return (
    <div className="present-slide" ref={slide}>
      <p className="present-question" data-question-id={question.id} dir="auto">
        {question.body}
      </p>
      <p className="present-meta">
        <span className="present-votes">
          ▲ {question.upvoteCount} {question.upvoteCount === 1 ? "vote" : "votes"}
        </span>
        <span className="present-author" dir="auto">
          {presentedAuthor(question)}
        </span>
      </p>
      {answer && (
        <p className="present-answer">
          Answer: <span dir="auto">{answer}</span>
        </p>
      )}
    </div>
  );
}
