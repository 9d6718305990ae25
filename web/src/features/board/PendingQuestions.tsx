import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { LiveEvent } from "../../shared/live";
import { useLiveEvents } from "../../shared/session";
import { errorMessage } from "../../shared/api";
import { announce, Notice, RelativeTime, useLoad } from "../../shared/ui";
import { deleteQuestion, listQuestions, type Question } from "./api";
import { ConfirmDialog } from "../../shared/ConfirmDialog";

const PENDING_POLL_MS = 20_000;

const short = (body: string) => (body.length > 40 ? `${body.slice(0, 40)}…` : body);

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
  const [error, setError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<Question | null>(null);
  const withdraw = async (question: Question) => {
    setError(null);
    try {
      await deleteQuestion(question.id);
      announce("Question withdrawn");
      reloadPending();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  if (items.length === 0) return null;
  return (
    <section className="card pending" aria-labelledby="pending-heading">
      <h2 id="pending-heading">Waiting for review ({pending.data?.total ?? items.length})</h2>
      {isModerator ? (
        <p>
          <Link to="/moderation/queue">Open the moderation queue</Link>
        </p>
      ) : (
        <ul className="plain-list pending-list">
          {items.map((question) => (
            <li key={question.id}>
              <p className="pending-body" dir="auto">
                {question.body}
              </p>
              <p className="hint pending-meta">
                Pending · <RelativeTime iso={question.submittedAt} /> ·{" "}
                <button type="button" className="link-button" onClick={() => setWithdrawing(question)} aria-label={`Withdraw “${short(question.body)}”`}>
                  Withdraw
                </button>
              </p>
            </li>
          ))}
        </ul>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      {withdrawing && (
        <ConfirmDialog
          title="Withdraw your question?"
          confirmLabel="Withdraw question"
          onConfirm={() => withdraw(withdrawing)}
          onClose={() => setWithdrawing(null)}
        >
          <p className="quote" dir="auto">
            {withdrawing.body}
          </p>
          <p>It will not reach the board. You can ask it again later.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
