import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { LIST_LIMIT_MAX } from "@server/modules/questions/questions.constants";
import { PRESENTING_TAG } from "@server/modules/tags/tags.constants";
import { ApiError, errorMessage } from "../../shared/api";
import type { LiveEvent } from "../../shared/live";
import { NotFound } from "../../shared/Layout";
import { useCanModerate, useLiveEvents, useLiveStatus, useSession } from "../../shared/session";
import { Loading, Notice } from "../../shared/ui";
import { listQuestions, listTags, type Question, type Tag } from "../board/api";
import { authorLabel } from "../board/QuestionCard";
import { applyEvent, questionFromEvent, sortQuestions } from "../board/questions";
import { tagQuestion, untagQuestion } from "../moderation/api";

const STATUS_LABEL = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  polling: "Updates every 20 seconds",
  expired: "Signed out",
  off: "Offline",
} as const;

/**
 * Presentation mode: the team's question tagged `Currently Presenting`, large enough for the back
 * of a room. The presenter's keys move the tag (Space: next, H: highest voted), so every screen
 * showing this page, and every board, follows the same question over SSE. Esc leaves.
 */
export default function PresentPage() {
  const { teamSlug = "" } = useParams();
  const { teams } = useSession();
  const team = teams.find((candidate) => candidate.slug === teamSlug);
  const navigate = useNavigate();
  const liveStatus = useLiveStatus();
  const [questions, setQuestions] = useState<Question[] | null>(null);
  const [presentingTag, setPresentingTag] = useState<Tag | null | undefined>(undefined);
  // The question most recently given the tag wins when several carry it.
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // presentation.access: admins everywhere, moderators in their own teams (the server decides too).
  const canPresent = useCanModerate()(team?.id);

  const load = useCallback(async () => {
    if (!team) return;
    try {
      const [tags, page] = await Promise.all([listTags(), listQuestions({ team: team.slug, limit: LIST_LIMIT_MAX })]);
      const tag = tags.find((candidate) => candidate.name.toLowerCase() === PRESENTING_TAG.toLowerCase()) ?? null;
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
        if (team && data.teamId === team.id)
          setQuestions((items) => (items && !items.some((item) => item.id === data.id) ? [...items, questionFromEvent(data)] : items));
        return;
      }
      if (tag && event.type === "question:tagged" && (data.tag as Tag | undefined)?.id === tag.id) {
        setCurrentId(String(data.questionId));
        presentedId.current = String(data.questionId);
      }
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

  const queue = useMemo(
    () =>
      sortQuestions(
        (questions ?? []).filter((question) => question.status === "OPEN"),
        "top",
      ),
    [questions],
  );
  const current = questions?.find((question) => question.id === currentId) ?? null;

  // Key presses queue up: pressing Space twice quickly moves two questions on, never zero.
  const latest = useRef({ queue, questions, currentId });
  latest.current = { queue, questions, currentId };
  const chain = useRef<Promise<void>>(Promise.resolve());
  const presentedId = useRef<string | null>(null);

  /** Moves the tag: onto the new question first, so no screen is ever left without one. */
  const present = useCallback(async (target: Question | undefined) => {
    const tag = tagRef.current;
    if (!tag || !target) return;
    const { questions: items } = latest.current;
    const holders = new Set((items ?? []).filter((question) => question.tags.some((t) => t.id === tag.id)).map((question) => question.id));
    if (presentedId.current) holders.add(presentedId.current);
    try {
      if (!holders.has(target.id)) await tagQuestion(target.id, tag.id);
      holders.delete(target.id);
      await Promise.all(
        [...holders].map((id) =>
          untagQuestion(id, tag.id).catch((caught) => {
            if (!(caught instanceof ApiError && caught.status === 404)) throw caught;
          }),
        ),
      );
      presentedId.current = target.id;
      setCurrentId(target.id);
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, []);

  const enqueue = useCallback(
    (pick: (state: typeof latest.current, current: string | null) => Question | undefined) => {
      chain.current = chain.current.then(() => present(pick(latest.current, presentedId.current ?? latest.current.currentId)));
    },
    [present],
  );
  const next = useCallback(
    () =>
      enqueue(({ queue: open }, current) => {
        if (open.length === 0) return undefined;
        return open[(open.findIndex((question) => question.id === current) + 1) % open.length];
      }),
    [enqueue],
  );
  const highest = useCallback(
    () =>
      enqueue(({ queue: open }, current) => {
        const top = [...open].sort((a, b) => b.upvoteCount - a.upvoteCount || a.submittedAt.localeCompare(b.submittedAt))[0];
        return top && top.id !== current ? top : undefined;
      }),
    [enqueue],
  );
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
          {STATUS_LABEL[liveStatus]} · {queue.length} open
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
          <Notice kind="warning">The “{PRESENTING_TAG}” tag does not exist in this organisation; an admin can create it under Admin › Tags.</Notice>
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
