import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { LIST_LIMIT_MAX } from "@server/modules/questions/questions.constants";
import { errorMessage } from "../../shared/api";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import type { Team } from "../../shared/sessionApi";
import { listQuestions, listTags, type Question, type Tag } from "../board/api";
import { applyEvent, findPresentingTag, questionFromEvent, sortQuestions } from "../board/questions";
import { showOnScreen } from "../moderation/api";

/**
 * The server announces the previous holder's untag just before the next holder's tag: the old
 * question stays up this long so the screens do not flash the join address in between.
 */
const HANDOVER_MS = 400;

const holds = (question: Question, tag: Tag | null | undefined) => Boolean(tag && question.tags.some((t) => t.id === tag.id));

/** The next open question after `currentId` in the board's default order (pinned first, then most votes), wrapping round. */
export function nextInQueue(queue: Question[], currentId: string | null): Question | undefined {
  if (queue.length === 0) return undefined;
  return queue[(queue.findIndex((question) => question.id === currentId) + 1) % queue.length];
}

/** The open question with the most votes (the oldest among equals), unless it is already shown. */
export function mostUpvoted(queue: Question[], currentId: string | null): Question | undefined {
  const top = [...queue].sort((a, b) => b.upvoteCount - a.upvoteCount || a.submittedAt.localeCompare(b.submittedAt))[0];
  return top && top.id !== currentId ? top : undefined;
}

/**
 * The team's questions, live, and the one holding `Currently Presenting` (the server keeps it on
 * at most one question per team). `next` and `highest` move it; presses queue up, so pressing
 * Space twice quickly moves two questions on.
 */
export function usePresenter(team: Team | undefined) {
  const [questions, setQuestions] = useState<Question[] | null>(null);
  // undefined while loading, null when the tenant has no such tag.
  const [presentingTag, setPresentingTag] = useState<Tag | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const tagRef = useRef(presentingTag);
  tagRef.current = presentingTag;
  // The question this screen last saw take the tag: it wins while an event race leaves two holders.
  const presentedId = useRef<string | null>(null);

  const load = useCallback(async () => {
    if (!team) return;
    try {
      const [tags, page] = await Promise.all([listTags(), listQuestions({ team: team.slug, limit: LIST_LIMIT_MAX })]);
      const tag = findPresentingTag(tags) ?? null;
      let items = page.items;
      // A team with more questions than one page: the holder may be among those not loaded.
      if (tag && page.total > items.length && !items.some((question) => holds(question, tag))) {
        items = [...items, ...(await listQuestions({ team: team.slug, tag: tag.id, limit: 1 })).items];
      }
      setPresentingTag(tag);
      setQuestions(items);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [team]);
  useEffect(() => {
    void load();
  }, [load]);

  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === "question:created") {
        const data = event.data;
        if (team && data.teamId === team.id)
          setQuestions((items) => (items && !items.some((item) => item.id === data.id) ? [...items, questionFromEvent(data)] : items));
        return;
      }
      const tag = tagRef.current;
      if (tag && event.type === "question:tagged" && event.data.tag.id === tag.id) presentedId.current = event.data.questionId;
      // Taken off the screen (by a moderator, say): the next press starts from what holds the tag now, if anything.
      if (tag && event.type === "question:untagged" && event.data.tagId === tag.id && event.data.questionId === presentedId.current) presentedId.current = null;
      setQuestions((items) => items && items.map((item) => applyEvent(item, event) ?? item));
    },
    [team],
  );
  useLiveEvents(onEvent, load);

  const holderId = useMemo(() => {
    const holders = (questions ?? []).filter((question) => holds(question, presentingTag));
    return (holders.find((question) => question.id === presentedId.current) ?? holders[0])?.id ?? null;
  }, [questions, presentingTag]);
  // The last holder, kept for HANDOVER_MS once nothing holds the tag.
  const [lastHolderId, setLastHolderId] = useState<string | null>(null);
  useEffect(() => {
    if (holderId) {
      setLastHolderId(holderId);
      return;
    }
    const timer = setTimeout(() => setLastHolderId(null), HANDOVER_MS);
    return () => clearTimeout(timer);
  }, [holderId]);
  const shownId = holderId ?? lastHolderId;
  const current = questions?.find((question) => question.id === shownId) ?? null;

  const queue = useMemo(
    () =>
      sortQuestions(
        (questions ?? []).filter((question) => question.status === "OPEN"),
        "top",
      ),
    [questions],
  );

  // Read by queued presses, which run after earlier ones finish, possibly before React re-renders.
  const latest = useRef({ queue, holderId });
  latest.current = { queue, holderId };
  const chain = useRef<Promise<void>>(Promise.resolve());

  const move = useCallback((pick: (queue: Question[], currentId: string | null) => Question | undefined) => {
    chain.current = chain.current.then(async () => {
      const tag = tagRef.current;
      const target = pick(latest.current.queue, presentedId.current ?? latest.current.holderId);
      if (!tag || !target) return;
      try {
        // Tagging is enough: the server takes the tag off the previous holder and tells every screen.
        const updated = await showOnScreen(target.id, tag.id);
        presentedId.current = target.id;
        setQuestions(
          (items) =>
            items &&
            items.map((item) => (item.id === target.id ? updated : holds(item, tag) ? { ...item, tags: item.tags.filter((t) => t.id !== tag.id) } : item)),
        );
        setError(null);
      } catch (caught) {
        setError(errorMessage(caught));
      }
    });
  }, []);
  const next = useCallback(() => move(nextInQueue), [move]);
  const highest = useCallback(() => move(mostUpvoted), [move]);

  return { questions, presentingTag, current, queue, error, next, highest };
}
