import { useCallback, useEffect } from "react";
import { Link } from "react-router";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import { useLoad } from "../../shared/ui";
import { listQuestions } from "./api";

const PENDING_POLL_MS = 20_000;

/** The signed-in user's own questions still waiting for a moderator (moderators see the team's). */
export function PendingQuestions({ teamSlug, isModerator, version }: { teamSlug: string; isModerator: boolean; version: number }) {
  const pending = useLoad((signal) => listQuestions({ team: teamSlug, status: "UNDER_REVIEW", sort: "new", limit: 20 }, signal), [teamSlug, version]);
  const items = pending.data?.items ?? [];
  const { reload: reloadPending } = pending;
  // An approval publishes question:created: the approved question leaves this list.
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type === "question:created") reloadPending();
    },
    [reloadPending],
  );
  useLiveEvents(onEvent, reloadPending);
  // A rejection publishes nothing (the question was never public): look again while something waits.
  useEffect(() => {
    if (items.length === 0) return;
    const timer = setInterval(reloadPending, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [items.length, reloadPending]);
  if (items.length === 0) return null;
  return (
    <section className="card pending" aria-labelledby="pending-heading">
      <h2 id="pending-heading">Waiting for review ({pending.data?.total ?? items.length})</h2>
      {isModerator ? (
        <p>
          <Link to="/moderation/queue">Open the moderation queue</Link>
        </p>
      ) : (
        <ul className="plain-list">
          {items.map((question) => (
            <li key={question.id} className="hint">
              {question.body}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
