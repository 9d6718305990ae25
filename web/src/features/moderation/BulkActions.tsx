import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../shared/api";
import { Dialog, DialogFooter, Field, Notice } from "../../shared/ui";
import type { Question } from "../board/api";
import { approveQuestion, rejectQuestion } from "./api";
import type { Notify } from "./QuestionTools";

/** The outcome of a bulk action: what went through, and why each other one did not. */
interface BulkResult {
  done: Question[];
  failed: Array<{ question: Question; reason: string }>;
}

/** One call per question, all at once; a failure stops none of the others. */
async function each(questions: Question[], action: (question: Question) => Promise<Question | void>): Promise<BulkResult> {
  const settled = await Promise.allSettled(questions.map(action));
  const result: BulkResult = { done: [], failed: [] };
  settled.forEach((outcome, index) => {
    const question = questions[index] as Question;
    if (outcome.status === "fulfilled") result.done.push(outcome.value ?? question);
    else result.failed.push({ question, reason: errorMessage(outcome.reason) });
  });
  return result;
}

const plural = (count: number) => `${count} ${count === 1 ? "question" : "questions"}`;
const short = (body: string) => (body.length > 50 ? `${body.slice(0, 50)}…` : body);

/**
 * "Select all", "Approve selected" and "Reject selected" above the review list. Each selected
 * question is its own request; the ones that fail stay selected and are named with their reason.
 */
export function BulkActions({
  shown,
  selected,
  onSelect,
  onApproved,
  onRejected,
  notify,
}: {
  shown: Question[];
  selected: Question[];
  onSelect: (ids: string[]) => void;
  onApproved: (questions: Question[]) => void;
  onRejected: (ids: string[]) => void;
  notify: Notify;
}) {
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const selectAll = useRef<HTMLInputElement>(null);
  const all = shown.length > 0 && selected.length === shown.length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected.length > 0 && !all;
  }, [selected.length, all]);

  const run = async (verb: "approved" | "rejected", action: (question: Question) => Promise<Question | void>) => {
    setBusy(true);
    setFailure(null);
    const { done, failed } = await each(selected, action);
    setBusy(false);
    if (verb === "approved") onApproved(done);
    else onRejected(done.map((question) => question.id));
    onSelect(failed.map(({ question }) => question.id));
    if (failed.length) {
      setFailure(
        `${plural(done.length)} ${verb}; ${plural(failed.length)} could not be ${verb}: ${failed.map(({ question, reason: why }) => `“${short(question.body)}” (${why})`).join("; ")}`,
      );
    }
    notify(failed.length ? `${plural(done.length)} ${verb}, ${failed.length} failed` : `${plural(done.length)} ${verb}`);
  };

  return (
    <div className="bulk-actions">
      <div className="row bulk-bar" role="group" aria-label="Selected questions">
        <label className="checkbox">
          <input
            ref={selectAll}
            type="checkbox"
            checked={all}
            onChange={(event) => onSelect(event.target.checked ? shown.map((question) => question.id) : [])}
          />
          Select all shown
        </label>
        <button
          type="button"
          className="button-small"
          disabled={busy || selected.length === 0}
          onClick={() => void run("approved", (q) => approveQuestion(q.id))}
        >
          Approve selected ({selected.length})
        </button>
        <button
          type="button"
          className="button-small button-secondary button-danger-quiet"
          disabled={busy || selected.length === 0}
          onClick={() => setRejecting(true)}
        >
          Reject selected ({selected.length})
        </button>
      </div>
      {failure && <Notice kind="error">{failure}</Notice>}
      <Dialog title={`Reject ${plural(selected.length)}`} open={rejecting} onClose={() => setRejecting(false)}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setRejecting(false);
            void run("rejected", (question) => rejectQuestion(question.id, reason.trim()).then(() => undefined)).then(() => setReason(""));
          }}
        >
          <p>The selected questions are deleted; the audit log keeps a record.</p>
          <Field label="Reason (optional)">
            {(props) => <input {...props} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />}
          </Field>
          <DialogFooter onCancel={() => setRejecting(false)} danger>
            Reject {plural(selected.length)}
          </DialogFooter>
        </form>
      </Dialog>
    </div>
  );
}
