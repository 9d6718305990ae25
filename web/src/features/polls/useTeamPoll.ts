import { useCallback, useEffect, useRef, useState } from "react";
import type { PollVoteBody } from "@server/modules/polls/polls.schemas";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import { getPollResults, listPolls, vote as sendVote } from "./api";
import type { PollResults, PollView } from "./pollResults";

export interface TeamPoll {
  /** The team's open poll; or the one that just closed with its results shown to the room ("Final results"), until dismissed. */
  poll: PollView | null;
  /** Its results while the room may see them, else null. */
  results: PollResults | null;
  vote: (body: PollVoteBody) => Promise<void>;
  dismiss: () => void;
}

/**
 * The team's open poll as the room sees it (board and presenter): loaded once, then kept live by
 * the poll events (CONTRACT §9): it appears when opened, its count and results move as people vote,
 * and it goes when closed or deleted, except that a closed poll whose results the room sees stays
 * as final results until dismissed. Results are fetched only while shown to the room: the room's
 * screens never show more than the room may see, whoever is signed in. Visitors get no events:
 * their board reloads it with the rest every 20 seconds.
 */
export function useTeamPoll(teamId: string | undefined): TeamPoll {
  const [poll, setPoll] = useState<PollView | null>(null);
  const [results, setResults] = useState<PollResults | null>(null);
  const current = useRef<PollView | null>(null);
  current.current = poll;

  const fetchResults = useCallback((id: string) => {
    getPollResults(id).then(
      (fresh) => {
        if (current.current?.id === id && current.current.resultsVisible) setResults(fresh);
      },
      () => undefined,
    );
  }, []);

  const load = useCallback(async () => {
    if (!teamId) return;
    try {
      const page = await listPolls({ teamId, status: "open", limit: 1 });
      const open = page.items[0] ?? null;
      // A closed poll kept for its final results stays until dismissed or replaced.
      if (!open && current.current?.status === "closed") return;
      current.current = open;
      setPoll(open);
      if (!open?.resultsVisible) setResults(null);
      else fetchResults(open.id);
    } catch {
      // The board works without its poll; the next resync tries again.
    }
  }, [teamId, fetchResults]);
  useEffect(() => {
    current.current = null;
    setPoll(null);
    setResults(null);
    void load();
  }, [load]);

  const onEvent = useCallback(
    (event: LiveEvent) => {
      const shown = current.current;
      switch (event.type) {
        case "poll:opened": {
          const opened = event.data.poll;
          if (opened.teamId !== teamId) return;
          current.current = opened;
          setPoll(opened);
          setResults(null);
          if (opened.resultsVisible) fetchResults(opened.id);
          return;
        }
        case "poll:updated": {
          const updated = event.data.poll;
          if (updated.teamId !== teamId || (shown?.id !== updated.id && updated.status !== "open")) return;
          // Everyone's copy carries no vote: the caller's own stays.
          const next = { ...updated, myVote: shown?.id === updated.id ? shown.myVote : null };
          current.current = next;
          setPoll(next);
          if (next.resultsVisible) fetchResults(next.id);
          else setResults(null);
          return;
        }
        case "poll:voted":
          if (shown?.id === event.data.pollId) setPoll({ ...shown, voteCount: event.data.voteCount });
          return;
        case "poll:results":
          if (shown?.id === event.data.pollId && shown.resultsVisible) setResults(event.data.results);
          return;
        case "poll:closed":
          if (shown?.id !== event.data.id) return;
          if (shown.resultsVisible) {
            const closed = { ...shown, status: "closed" as const };
            current.current = closed;
            setPoll(closed);
          } else {
            current.current = null;
            setPoll(null);
          }
          return;
        case "poll:deleted":
          if (shown?.id !== event.data.id) return;
          current.current = null;
          setPoll(null);
          setResults(null);
          return;
        default:
      }
    },
    [teamId, fetchResults],
  );
  const resync = useCallback(() => void load(), [load]);
  useLiveEvents(onEvent, resync);

  const vote = useCallback(async (body: PollVoteBody) => {
    const target = current.current;
    if (!target) return;
    const answer = await sendVote(target.id, body);
    const latest = current.current;
    if (latest?.id !== answer.pollId) return;
    const next = { ...latest, voteCount: answer.voteCount, myVote: answer.myVote };
    current.current = next;
    setPoll(next);
  }, []);

  const dismiss = useCallback(() => {
    current.current = null;
    setPoll(null);
    setResults(null);
  }, []);

  return { poll, results, vote, dismiss };
}
