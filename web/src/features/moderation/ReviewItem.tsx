import { useState, type FormEvent } from "react";
import { errorMessage } from "../../shared/api";
import type { Team } from "../../shared/sessionApi";
import { Dialog, DialogFooter, Field, Notice, RelativeTime } from "../../shared/ui";
import type { Question } from "../board/api";
import { AuthorName } from "../board/QuestionCard";
import { approveQuestion, rejectQuestion, type Flag } from "./api";
import type { Notify } from "./QuestionTools";
import { useCardCommands, type CommandRegistry } from "./useShortcuts";

/** One UNDER_REVIEW question: why it is held, and approve / edit and approve / reject; a checkbox selects it for the bulk actions. */
export function ReviewItem({
  question,
  team,
  flag,
  selected,
  onSelect,
  onDone,
  notify,
  commands,
}: {
  question: Question;
  team?: Team;
  flag?: Flag | null;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
  onDone: (id: string, approved?: Question) => void;
  notify: Notify;
  commands?: CommandRegistry;
}) {
  const [mode, setMode] = useState<"edit" | "reject" | null>(null);
  const [body, setBody] = useState(question.body);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = `review-${question.id}`;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const approve = (edited?: string) =>
    run(async () => {
      const approved = await approveQuestion(question.id, edited?.trim());
      notify("Approved");
      setMode(null);
      onDone(question.id, approved);
    });
  const reject = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await rejectQuestion(question.id, reason.trim());
      notify("Rejected");
      setMode(null);
      onDone(question.id);
    });
  };

  useCardCommands(commands, question.id, {
    approve: () => !busy && void approve(),
    reject: () => setMode("reject"),
    edit: () => setMode("edit"),
  });
  const checkboxId = `select-${question.id}`;

  return (
    <article className="question-card review-card" aria-labelledby={headingId} data-question-id={question.id} tabIndex={-1}>
      <div className="review-select">
        <input id={checkboxId} type="checkbox" checked={selected} onChange={(event) => onSelect(question.id, event.target.checked)} />
        <label htmlFor={checkboxId} className="visually-hidden">
          Select “{question.body.length > 60 ? `${question.body.slice(0, 60)}…` : question.body}”
        </label>
      </div>
      <div className="question-main">
        <p className="question-meta">
          {team ? <span dir="auto">{team.name}</span> : "Team"} · <AuthorName question={question} /> · <RelativeTime iso={question.submittedAt} />
        </p>
        <p id={headingId} className="question-body" dir="auto">
          {question.body}
        </p>
        <div className="review-reasons">
          {flag ? (
            <>
              <span className={`badge ${flag.confidence === "medium" ? "badge-warning" : ""}`}>Confidence: {flag.confidence}</span>{" "}
              <span>Flagged for: {flag.reasons.length ? flag.reasons.join(", ") : "unspecified"}</span>
            </>
          ) : (
            // Only two roads lead to review: a content flag, or the tenant's approval requirement.
            <span className="hint">Not flagged by the content check: every question needs approval in this organisation.</span>
          )}
        </div>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="question-actions">
          <button type="button" className="button-small" disabled={busy} onClick={() => void approve()}>
            Approve
          </button>
          <button type="button" className="button-small button-secondary" disabled={busy} onClick={() => setMode("edit")}>
            Edit and approve
          </button>
          <button type="button" className="button-small button-secondary button-danger-quiet" disabled={busy} onClick={() => setMode("reject")}>
            Reject
          </button>
        </div>
      </div>
      <Dialog title="Edit and approve" open={mode === "edit"} onClose={() => setMode(null)}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void approve(body);
          }}
        >
          <Field label="Question" hint="The original text stays in the audit log.">
            {(props) => <textarea {...props} dir="auto" rows={5} value={body} onChange={(event) => setBody(event.target.value)} required />}
          </Field>
          {error && <Notice kind="error">{error}</Notice>}
          <DialogFooter onCancel={() => setMode(null)} disabled={busy}>
            Approve edited question
          </DialogFooter>
        </form>
      </Dialog>
      <Dialog title="Reject question" open={mode === "reject"} onClose={() => setMode(null)}>
        <form onSubmit={reject}>
          <p>The question is deleted; the audit log keeps a record.</p>
          <Field label="Reason (optional)">
            {(props) => <input {...props} dir="auto" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />}
          </Field>
          {error && <Notice kind="error">{error}</Notice>}
          <DialogFooter onCancel={() => setMode(null)} disabled={busy} danger>
            Reject question
          </DialogFooter>
        </form>
      </Dialog>
    </article>
  );
}
