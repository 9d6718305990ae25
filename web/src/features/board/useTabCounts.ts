import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import type { Team } from "../../shared/sessionApi";
import { listQuestions } from "./api";
import type { BoardTab } from "./useBoardLiveEvents";

export type TabCounts = Record<BoardTab, number | null>;

/** A count the events cannot settle is asked again after a random pause, so a full room does not ask at once. */
const RECOUNT_MIN_MS = 2000;
const RECOUNT_SPREAD_MS = 8000;

/**
 * The team's open and answered counts for the tabs ("Open 11 · Answered 2"), whatever the board
 * filters. Kept by the live events where they say enough (a new question, a listed question
 * answered or deleted); asked again only when they do not.
 */
export function useTabCounts(team: Team | undefined, statusOf: (id: string) => BoardTab | undefined): TabCounts {
  const [counts, setCounts] = useState<TabCounts>({ OPEN: null, ANSWERED: null });
  const teamSlug = team?.slug;
  const teamId = team?.id;
  const lookup = useRef(statusOf);
  lookup.current = statusOf;

  const load = useCallback(() => {
    if (!teamSlug) return;
    const count = (status: BoardTab) => listQuestions({ team: teamSlug, status, limit: 1 }).then((page) => page.total);
    Promise.all([count("OPEN"), count("ANSWERED")]).then(
      ([open, answered]) => setCounts({ OPEN: open, ANSWERED: answered }),
      () => undefined,
    );
  }, [teamSlug]);
  useEffect(load, [load]);

  const recount = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recountLater = useCallback(() => {
    if (recount.current) return;
    recount.current = setTimeout(
      () => {
        recount.current = null;
        load();
      },
      RECOUNT_MIN_MS + Math.random() * RECOUNT_SPREAD_MS,
    );
  }, [load]);
  useEffect(
    () => () => {
      if (recount.current) clearTimeout(recount.current);
    },
    [],
  );

  const add = (status: BoardTab, delta: number) =>
    setCounts((current) => (current[status] === null ? current : { ...current, [status]: Math.max(0, (current[status] ?? 0) + delta) }));

  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === "question:created") {
        if (event.data.teamId === teamId) add(event.data.status === "ANSWERED" ? "ANSWERED" : "OPEN", 1);
        return;
      }
      if (event.type === "question:answered") {
        const before = lookup.current(event.data.id);
        if (before === "OPEN") {
          add("OPEN", -1);
          add("ANSWERED", 1);
        } else if (before === undefined) recountLater();
        return;
      }
      if (event.type === "question:deleted" && event.data.teamId === teamId) {
        const before = lookup.current(event.data.id);
        if (before) add(before, -1);
        else recountLater();
      }
    },
    [teamId, recountLater],
  );
  useLiveEvents(onEvent, load);
  return counts;
}
