import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { api, errorMessage } from "../../shared/api";
import { NotFound } from "../../shared/Layout";
import { rank, useLiveEvents, useLiveStatus, useSession } from "../../shared/session";
import type { LiveEvent, Paged, Question, Tag } from "../../shared/types";
import { announce, Loading, Notice } from "../../shared/ui";
import { authorLabel } from "../board/QuestionCard";
import { applyEvent, questionFromEvent, sortQuestions } from "../board/questions";

export const PRESENTING_TAG = "currently presenting";

/**
 * Presentation mode: the team's question tagged `Currently Presenting`, large enough for the back
 * of a room. The presenter's keys move the tag (Space: next, H: highest voted), so every screen
 * showing this page, and every board, follows the same question over SSE. Esc leaves.
 */
export default function PresentPage() {
  const { teamSlug = "" } = useParams();
  const { me, teams } = useSession();
  const team = teams.find((candidate) => candidate.slug === teamSlug);
  const navigate = useNavigate();
  const liveStatus = useLiveStatus();
  const [questions, setQuestions] = useState<Question[] | null>(null);
  const [presentingTag, setPresentingTag] = useState<Tag | null | undefined>(undefined);
  // The question most recently given the tag wins when several carry it.
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canPresent = rank(me?.user.role) >= rank("member");

  const load = useCallback(async () => {
    if (!team) return;
    try {
      const [tags, page] = await Promise.all([api.get<Tag[]>("/tags"), api.get<Paged<Question>>("/questions", { team: team.slug, limit: 200 })]);
      const tag = tags.find((candidate) => candidate.name.toLowerCase() === PRESENTING_TAG) ?? null;
      setPresentingTag(tag);
      setQuestions(page.items);
      setCurrentId((current) => {
        const tagged = page.items.filter((question) => tag && question.tags.some((t) => t.id === tag.id));
        return tagged.some((question) => question.id === current) ? current : (tagged[0]?.id ?? null);
      });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [team]);
  useEffect(() => {
    void load();
  }, [load]);

  const tagRef = useRef(presentingTag);
  tagRef.current = presentingTag;
  const onEvent = useCallback(
    (event: LiveEvent) => {
      const data = event.data as Record<string, unknown>;
      const tag = tagRef.current;
      if (event.type === "question:created") {
        if (team && data.teamId === team.id) setQuestions((items) => (items && !items.some((item) => item.id === data.id) ? [...items, questionFromEvent(data)] : items));
        return;
      }
      if (tag && event.type === "question:tagged" && (data.tag as Tag | undefined)?.id === tag.id) setCurrentId(String(data.questionId));
      setQuestions((items) => {
        if (!items) return items;
        const next = items.map((item) => applyEvent(item, event) ?? item);
        if (tag && event.type === "question:untagged" && data.tagId === tag.id) {
          setCurrentId((current) => (current === data.questionId ? (next.find((item) => item.tags.some((t) => t.id === tag.id))?.id ?? null) : current));
        }
        return next;
      });
    },
    [team],
  );
  useLiveEvents(onEvent, load);

  const queue = useMemo(() => sortQuestions((questions ?? []).filter((question) => question.status === "OPEN"), "top"), [questions]);
  const current = questions?.find((question) => question.id === currentId) ?? null;

  /** Moves the tag: the new question first, so no screen is ever left without one. */
  const present = useCallback(
    async (target: Question | undefined) => {
      const tag = tagRef.current;
      if (!tag || !target || busy) return;
      setBusy(true);
      setError(null);
      try {
        if (!target.tags.some((t) => t.id === tag.id)) await api.post(`/questions/${target.id}/tags`, { tagId: tag.id });
        const others = (questions ?? []).filter((question) => question.id !== target.id && question.tags.some((t) => t.id === tag.id));
        await Promise.all(others.map((question) => api.delete(`/questions/${question.id}/tags/${tag.id}`)));
        setCurrentId(target.id);
        announce(`Now presenting: ${target.body}`);
      } catch (caught) {
        setError(errorMessage(caught));
      } finally {
        setBusy(false);
      }
    },
    [busy, questions],
  );

  const next = useCallback(() => {
    if (queue.length === 0) return;
    const index = queue.findIndex((question) => question.id === currentId);
    void present(queue[(index + 1) % queue.length]);
  }, [queue, currentId, present]);
  const highest = useCallback(() => {
    const top = [...queue].sort((a, b) => b.upvoteCount - a.upvoteCount || a.submittedAt.localeCompare(b.submittedAt))[0];
    if (top && top.id !== currentId) void present(top);
  }, [queue, currentId, present]);
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
      } else if (event.key === "f" || event.key === "F") {
        event.preventDefault();
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void document.documentElement.requestFullscreen?.().catch(() => undefined);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [exit, next, highest, canPresent]);

  useEffect(() => {
    document.title = team ? `Presenting ${team.name}` : "Presentation";
    return () => {
      document.title = "Team Q&A";
    };
  }, [team]);

  if (!team) return teams.length ? <NotFound what="team" /> : <Loading />;
  return (
    <main className="present" id="main">
      <header className="present-header">
        <h1 className="present-team">{team.name}</h1>
        <span className="present-status">
          {liveStatus === "live" ? "Live" : liveStatus === "polling" ? "Refreshing every 20 s" : "Reconnecting…"} · {queue.length} open
        </span>
        <div className="row">
          <button type="button" className="button-ghost" onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}>
            Full screen
          </button>
          <Link to={`/${team.slug}`}>Exit</Link>
        </div>
      </header>
      <section className="present-stage" aria-live="polite" aria-atomic="true" aria-label="Presented question">
        {questions === null ? (
          <Loading />
        ) : presentingTag === null ? (
          <Notice kind="warning">The “Currently Presenting” tag does not exist in this organisation; an admin can create it under Admin › Tags.</Notice>
        ) : current ? (
          <>
            <p className="present-question" data-question-id={current.id}>
              {current.body}
            </p>
            <div className="present-meta">
              <span className="present-votes">▲ {current.upvoteCount} votes</span>
              <span>{authorLabel(current)}</span>
            </div>
            {current.status === "ANSWERED" && current.responseText && <p className="present-answer">Answer: {current.responseText}</p>}
          </>
        ) : (
          <p className="present-question present-empty">{queue.length ? "Press Space to present the first question." : "No open questions yet."}</p>
        )}
      </section>
      {error && <Notice kind="error">{error}</Notice>}
      <footer className="present-keys">
        {canPresent ? (
          <>
            <span>
              <kbd>Space</kbd> next
            </span>
            <span>
              <kbd>H</kbd> highest voted
            </span>
          </>
        ) : (
          <span>Following the presenter</span>
        )}
        <span>
          <kbd>F</kbd> full screen
        </span>
        <span>
          <kbd>Esc</kbd> exit
        </span>
      </footer>
    </main>
  );
}
