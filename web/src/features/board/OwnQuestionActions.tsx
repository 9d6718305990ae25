import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../shared/api";
import { useSession } from "../../shared/session";
import { announce, Dialog, DialogFooter, Notice } from "../../shared/ui";
import { deleteQuestion, editQuestion, type Question } from "./api";
import { ConfirmDialog } from "../../shared/ConfirmDialog";
import { questionLength } from "./questions";

/**
 * What an author may do with their own question (the API's PUT and DELETE /questions/:id):
 * reword it while it waits for an answer, or take it back. An answered question keeps its words,
 * so the answer never ends up under a different question.
 */
export function OwnQuestionActions({ question, onChange, onRemove }: { question: Question; onChange: (q: Question) => void; onRemove: (id: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const short = question.body.length > 40 ? `${question.body.slice(0, 40)}…` : question.body;
  const canEdit = question.status !== "ANSWERED" && !question.isFrozen;

  const [confirming, setConfirming] = useState(false);

  const remove = async () => {
    setError(null);
    try {
      await deleteQuestion(question.id);
      onRemove(question.id);
      announce("Your question was deleted");
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <div className="own-actions">
      <div className="row">
        {canEdit && (
          <button type="button" className="button-small button-ghost" onClick={() => setEditing(true)} aria-label={`Edit “${short}”`}>
            Edit
          </button>
        )}
        <button type="button" className="button-small button-ghost" onClick={() => setConfirming(true)} aria-label={`Delete “${short}”`}>
          Delete
        </button>
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      {editing && <EditDialog question={question} onClose={() => setEditing(false)} onSaved={onChange} />}
      {confirming && (
        <ConfirmDialog title="Delete your question?" confirmLabel="Delete question" onConfirm={remove} onClose={() => setConfirming(false)}>
          <p className="quote" dir="auto">
            {question.body}
          </p>
          <p>It leaves the board for everyone, with its votes. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function EditDialog({ question, onClose, onSaved }: { question: Question; onClose: () => void; onSaved: (q: Question) => void }) {
  const { settings } = useSession();
  const { minLength, maxLength } = settings.questions;
  const [text, setText] = useState(question.body);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const length = questionLength(text);
  const outOfBounds = length < minLength || length > maxLength;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (outOfBounds) {
      setError(`A question needs between ${minLength} and ${maxLength} characters.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSaved(await editQuestion(question.id, text.trim()));
      announce("Your question was updated");
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="Edit your question" open onClose={onClose}>
      <form onSubmit={submit}>
        <label htmlFor={`${id}-text`}>Your question</label>
        <textarea
          id={`${id}-text`}
          dir="auto"
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-count`}
          required
        />
        <p id={`${id}-count`} className={outOfBounds ? "counter counter-bad" : "counter"}>
          {length} / {maxLength}
        </p>
        {error && <Notice kind="error">{error}</Notice>}
        <DialogFooter onCancel={onClose} disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </DialogFooter>
      </form>
    </Dialog>
  );
}
