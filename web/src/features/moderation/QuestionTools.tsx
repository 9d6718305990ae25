import { useState, type FormEvent } from "react";
import { ANSWER_MAX_LENGTH } from "@server/modules/questions/questions.constants";
import { errorMessage } from "../../shared/api";
import { announce, Dialog, Field, Notice } from "../../shared/ui";
import type { Question, Tag } from "../board/api";
import { answerQuestion, deleteQuestion, freezeQuestion, pinQuestion, tagQuestion, untagQuestion } from "./api";

/** Moderator actions on one visible question: answer, tag, pin, freeze, delete. */
export function QuestionTools({
  question,
  tags,
  onChange,
  onRemove,
}: {
  question: Question;
  tags: Tag[];
  onChange: (q: Question) => void;
  onRemove: (id: string) => void;
}) {
  const [answering, setAnswering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tagToAdd, setTagToAdd] = useState("");

  const act = async (label: string, action: () => Promise<Question | void>) => {
    setError(null);
    try {
      const result = await action();
      if (result) onChange(result);
      announce(label);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const available = tags.filter((tag) => !question.tags.some((existing) => existing.id === tag.id));
  const short = question.body.length > 40 ? `${question.body.slice(0, 40)}…` : question.body;

  return (
    <div className="question-tools">
      <div className="question-actions">
        <button type="button" className="button-small" onClick={() => setAnswering(true)} disabled={question.isFrozen}>
          {question.status === "ANSWERED" ? "Edit answer" : "Answer"}
        </button>
        <button
          type="button"
          className="button-small button-secondary"
          aria-pressed={question.isPinned}
          onClick={() => void act(question.isPinned ? "Unpinned" : "Pinned", () => pinQuestion(question.id, !question.isPinned))}
        >
          {question.isPinned ? "Unpin" : "Pin"}
        </button>
        <button
          type="button"
          className="button-small button-secondary"
          aria-pressed={question.isFrozen}
          onClick={() => void act(question.isFrozen ? "Unfrozen" : "Frozen", () => freezeQuestion(question.id, !question.isFrozen))}
        >
          {question.isFrozen ? "Unfreeze" : "Freeze"}
        </button>
        <button
          type="button"
          className="button-small button-danger"
          onClick={() => {
            if (window.confirm(`Delete the question “${short}”? This cannot be undone.`)) {
              void act("Deleted", async () => {
                await deleteQuestion(question.id);
                onRemove(question.id);
              });
            }
          }}
        >
          Delete
        </button>
      </div>
      <div className="row tag-editor">
        {question.tags.map((tag) => (
          <span key={tag.id} className="tag-chip">
            <span className="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
            {tag.name}
            <button
              type="button"
              className="tag-remove"
              aria-label={`Remove tag ${tag.name} from “${short}”`}
              onClick={() => void act(`Tag ${tag.name} removed`, () => untagQuestion(question.id, tag.id))}
            >
              ×
            </button>
          </span>
        ))}
        {available.length > 0 && (
          <form
            className="row"
            onSubmit={(event) => {
              event.preventDefault();
              if (tagToAdd) void act("Tag added", () => tagQuestion(question.id, tagToAdd)).then(() => setTagToAdd(""));
            }}
          >
            <label className="visually-hidden" htmlFor={`tag-${question.id}`}>
              Tag to add to “{short}”
            </label>
            <select id={`tag-${question.id}`} value={tagToAdd} onChange={(event) => setTagToAdd(event.target.value)} className="select-small">
              <option value="">Add a tag…</option>
              {available.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </select>
            <button type="submit" className="button-small button-secondary" disabled={!tagToAdd}>
              Add tag
            </button>
          </form>
        )}
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      <AnswerDialog question={question} open={answering} onClose={() => setAnswering(false)} onAnswered={onChange} />
    </div>
  );
}

function AnswerDialog({ question, open, onClose, onAnswered }: { question: Question; open: boolean; onClose: () => void; onAnswered: (q: Question) => void }) {
  const [text, setText] = useState(question.responseText ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onAnswered(await answerQuestion(question.id, text.trim()));
      announce("Answer published");
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={question.status === "ANSWERED" ? "Edit the answer" : "Answer the question"} open={open} onClose={onClose}>
      <blockquote className="quote">{question.body}</blockquote>
      <form onSubmit={submit}>
        <Field label="Answer" hint="Everyone on the board sees it at once.">
          {(props) => <textarea {...props} rows={5} value={text} onChange={(event) => setText(event.target.value)} required maxLength={ANSWER_MAX_LENGTH} />}
        </Field>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="row">
          <button type="submit" disabled={busy || !text.trim()}>
            {busy ? "Publishing…" : "Publish answer"}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
