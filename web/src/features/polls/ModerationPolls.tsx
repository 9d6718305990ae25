import { useState } from "react";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import { errorMessage } from "../../shared/api";
import type { Team } from "../../shared/sessionApi";
import { announce, ErrorNotice, Loading, Notice } from "../../shared/ui";
import { closePoll, createPoll, deletePoll, duplicatePoll, editPoll, openPoll, reorderPolls, showResults } from "./api";
import { PollAdminItem } from "./PollAdminItem";
import { PollForm } from "./PollForm";
import { draftOf, emptyDraft } from "./pollForm";
import { PollResultsView } from "./PollResultsView";
import type { PollView } from "./pollResults";
import { usePollsAdmin } from "./usePollsAdmin";
import "./polls.css";
import "./polls-moderation.css";

/** The moderation page's Polls tab: a team's polls (one team at a time: polls run in a team's room). */
export function ModerationPolls({ team }: { team: Team | undefined }) {
  if (!team) return <p className="empty">Choose a team above to run its polls.</p>;
  return <TeamPolls key={team.id} team={team} />;
}

type Pending = { kind: "open" | "delete"; poll: PollView };

function TeamPolls({ team }: { team: Team }) {
  const { drafts, open, closed, results, error, loading, reload } = usePollsAdmin(team.id);
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const act = async (action: () => Promise<unknown>, done: string) => {
    setActionError(null);
    try {
      await action();
      announce(done);
    } catch (caught) {
      setActionError(errorMessage(caught));
    }
    await reload();
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = drafts.map((poll) => poll.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void act(() => reorderPolls(team.id, ids), "Order saved");
  };
  const startOpen = (poll: PollView) => (open ? setPending({ kind: "open", poll }) : void act(() => openPoll(poll.id), `${poll.title} is open`));

  if (loading) return <Loading label="Loading polls…" />;
  return (
    <div className="moderation-polls">
      <ErrorNotice error={error} />
      {actionError && <Notice kind="error">{actionError}</Notice>}
      <section aria-labelledby="polls-open-heading" className="moderation-list">
        <h2 id="polls-open-heading">Open now</h2>
        {open ? (
          <PollAdminItem poll={open}>
            <button type="button" className="button-secondary" onClick={() => void act(() => closePoll(open.id), "Poll closed")}>
              Close poll
            </button>
            <button
              type="button"
              className="button-secondary"
              onClick={() => void act(() => showResults(open.id, !open.resultsVisible), open.resultsVisible ? "Results hidden" : "Results shown")}
            >
              {open.resultsVisible ? "Hide results from the room" : "Show results to the room"}
            </button>
          </PollAdminItem>
        ) : (
          <p className="empty">No poll is open. Open a draft below when the room is ready.</p>
        )}
        {open && results && (
          <div className="card poll-admin-results" aria-label="Live results">
            <h3 className="poll-admin-title">Live results</h3>
            <PollResultsView poll={open} results={results} />
          </div>
        )}
      </section>

      <section aria-labelledby="polls-drafts-heading" className="moderation-list">
        <div className="poll-admin-section-head">
          <h2 id="polls-drafts-heading">
            Drafts <span className="list-count">{drafts.length}</span>
          </h2>
          {!creating && (
            <button type="button" onClick={() => setCreating(true)}>
              New poll
            </button>
          )}
        </div>
        {creating && (
          <div className="card">
            <h3 className="poll-admin-title">New poll</h3>
            <PollForm
              initial={emptyDraft()}
              submitLabel="Create poll"
              onCancel={() => setCreating(false)}
              onSubmit={async (body) => {
                await createPoll({ teamId: team.id, ...body });
                setCreating(false);
                announce("Poll created");
                await reload();
              }}
            />
          </div>
        )}
        {drafts.length === 0 && !creating && <p className="empty">No drafts. Write a poll ahead, then open it in the room.</p>}
        <ol className="poll-admin-list">
          {drafts.map((poll, index) => (
            <li key={poll.id}>
              {editingId === poll.id ? (
                <div className="card">
                  <h3 className="poll-admin-title">Edit draft</h3>
                  <PollForm
                    initial={draftOf(poll)}
                    submitLabel="Save draft"
                    onCancel={() => setEditingId(null)}
                    onSubmit={async (body) => {
                      await editPoll(poll.id, body);
                      setEditingId(null);
                      announce("Draft saved");
                      await reload();
                    }}
                  />
                </div>
              ) : (
                <PollAdminItem poll={poll}>
                  <button type="button" onClick={() => startOpen(poll)}>
                    Open<span className="visually-hidden"> {poll.title}</span>
                  </button>
                  <button type="button" className="button-secondary" onClick={() => setEditingId(poll.id)}>
                    Edit<span className="visually-hidden"> {poll.title}</span>
                  </button>
                  <DraftMoreActions poll={poll} first={index === 0} last={index === drafts.length - 1} onMove={(by) => move(index, by)}>
                    <DuplicateAndDelete
                      title={poll.title}
                      onDuplicate={() => void act(() => duplicatePoll(poll.id), "Poll duplicated")}
                      onDelete={() => setPending({ kind: "delete", poll })}
                    />
                  </DraftMoreActions>
                </PollAdminItem>
              )}
            </li>
          ))}
        </ol>
      </section>

      {closed.length > 0 && (
        <section aria-labelledby="polls-closed-heading" className="moderation-list">
          <h2 id="polls-closed-heading">
            Closed <span className="list-count">{closed.length}</span>
          </h2>
          <ol className="poll-admin-list">
            {closed.map((poll) => (
              <li key={poll.id}>
                <PollAdminItem poll={poll}>
                  <button type="button" className="button-secondary" onClick={() => startOpen(poll)}>
                    Open again<span className="visually-hidden"> {poll.title}</span>
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() => void act(() => showResults(poll.id, !poll.resultsVisible), poll.resultsVisible ? "Results hidden" : "Results shown")}
                  >
                    {poll.resultsVisible ? "Hide results" : "Show results"}
                    <span className="visually-hidden"> of {poll.title}</span>
                  </button>
                  <DuplicateAndDelete
                    title={poll.title}
                    onDuplicate={() => void act(() => duplicatePoll(poll.id), "Poll duplicated")}
                    onDelete={() => setPending({ kind: "delete", poll })}
                  />
                </PollAdminItem>
              </li>
            ))}
          </ol>
        </section>
      )}

      {pending?.kind === "open" && open && (
        <ConfirmDialog
          title="Open this poll?"
          confirmLabel="Open poll"
          onClose={() => setPending(null)}
          onConfirm={() => act(() => openPoll(pending.poll.id), `${pending.poll.title} is open`)}
        >
          <p>
            Opening this closes ‘<span dir="auto">{open.title}</span>’.
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === "delete" && (
        <ConfirmDialog
          title="Delete this poll?"
          confirmLabel="Delete poll"
          onClose={() => setPending(null)}
          onConfirm={() => act(() => deletePoll(pending.poll.id), "Poll deleted")}
        >
          <p>
            ‘<span dir="auto">{pending.poll.title}</span>’ and its votes will be deleted. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Reordering (Move up, Move down) and the rarer actions of a draft. */
/** A poll's copy for the next meeting and its deletion (through the dialog), named for the poll. */
function DuplicateAndDelete({ title, onDuplicate, onDelete }: { title: string; onDuplicate: () => void; onDelete: () => void }) {
  return (
    <>
      <button type="button" className="button-secondary" onClick={onDuplicate}>
        Duplicate<span className="visually-hidden"> {title}</span>
      </button>
      <button type="button" className="button-secondary poll-delete" onClick={onDelete}>
        Delete<span className="visually-hidden"> {title}</span>
      </button>
    </>
  );
}

function DraftMoreActions({
  poll,
  first,
  last,
  onMove,
  children,
}: {
  poll: PollView;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  children: React.ReactNode;
}) {
  return (
    <>
      <button type="button" className="button-secondary" disabled={first} onClick={() => onMove(-1)}>
        Move up<span className="visually-hidden"> {poll.title}</span>
      </button>
      <button type="button" className="button-secondary" disabled={last} onClick={() => onMove(1)}>
        Move down<span className="visually-hidden"> {poll.title}</span>
      </button>
      {children}
    </>
  );
}
