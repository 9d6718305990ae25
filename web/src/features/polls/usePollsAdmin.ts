import { useCallback, useEffect, useRef, useState } from "react";
import { POLL_LIST_LIMIT_MAX } from "@server/modules/polls/polls.constants";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import { getPollResults, listPolls } from "./api";
import type { PollResults, PollView } from "./pollResults";

/** Moderators see the open poll's results always; read again at most this often while votes come in. */
const RESULTS_EVERY_MS = 1000;

/** Drafts in their running order, then the open poll, then the closed ones, newest first. */
function arrange(polls: PollView[]) {
  const drafts = polls.filter((poll) => poll.status === "draft").sort((a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt));
  const open = polls.find((poll) => poll.status === "open") ?? null;
  const closed = polls.filter((poll) => poll.status === "closed").sort((a, b) => (b.closedAt ?? "").localeCompare(a.closedAt ?? ""));
  return { drafts, open, closed };
}

/**
 * A team's polls for its moderators, live: any change of a poll (opened, closed, shown, deleted)
 * reloads the list; votes move the counts, and the open poll's results are read again on each vote,
 * at most once a second (the room's `poll:results` comes only while the room sees them).
 */
export function usePollsAdmin(teamId: string) {
  const [polls, setPolls] = useState<PollView[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [results, setResults] = useState<PollResults | null>(null);
  const openId = useRef<string | null>(null);

  const readResults = useCallback((id: string) => {
    getPollResults(id).then(
      (fresh) => {
        if (openId.current === id) setResults(fresh);
      },
      () => undefined,
    );
  }, []);

  const reload = useCallback(async () => {
    try {
      const page = await listPolls({ teamId, limit: POLL_LIST_LIMIT_MAX });
      setPolls(page.items);
      setError(null);
      const open = page.items.find((poll) => poll.status === "open") ?? null;
      openId.current = open?.id ?? null;
      if (open) readResults(open.id);
      else setResults(null);
    } catch (caught) {
      setError(caught);
    }
  }, [teamId, readResults]);
  useEffect(() => {
    setPolls(null);
    void reload();
  }, [reload]);

  // Trailing throttle: the last vote of a burst is always read.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastRead = useRef(0);
  const readSoon = useCallback(
    (id: string) => {
      if (timer.current) return;
      const wait = Math.max(0, lastRead.current + RESULTS_EVERY_MS - Date.now());
      timer.current = setTimeout(() => {
        timer.current = null;
        lastRead.current = Date.now();
        readResults(id);
      }, wait);
    },
    [readResults],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onEvent = useCallback(
    (event: LiveEvent) => {
      switch (event.type) {
        case "poll:opened":
        case "poll:updated":
          if (event.data.poll.teamId === teamId) void reload();
          return;
        case "poll:closed":
        case "poll:deleted":
          if (event.data.teamId === teamId) void reload();
          return;
        case "poll:voted": {
          const { pollId, voteCount, teamId: team } = event.data;
          if (team !== teamId) return;
          setPolls((items) => items && items.map((poll) => (poll.id === pollId ? { ...poll, voteCount } : poll)));
          if (pollId === openId.current) readSoon(pollId);
          return;
        }
        case "poll:results":
          if (event.data.pollId === openId.current) setResults(event.data.results);
          return;
        default:
      }
    },
    [teamId, reload, readSoon],
  );
  const resync = useCallback(() => void reload(), [reload]);
  useLiveEvents(onEvent, resync);

  return { polls, ...arrange(polls ?? []), results, error, reload, loading: polls === null };
}
