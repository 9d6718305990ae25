import { useState, type FormEvent } from "react";
import { ANSWER_MAX_LENGTH } from "@server/modules/questions/questions.constants";
import { errorMessage } from "../../shared/api";
import { Dialog, DialogFooter, Field, Notice } from "../../shared/ui";
import type { Question } from "../board/api";
import { answerQuestion, reopenQuestion } from "./api";

/** Writes the answer of a question, or edits it: everyone on the board sees it at once. */
export function AnswerDialog({
  question,
  open,
  onClose,
  onAnswered,
  notify,
}: {
  question: Question;
  open: boolean;
  onClose: () => void;
  onAnswered: (q: Question) => void;
  notify: (text: string, undo?: () => Promise<void>) => void;
}) {
  const [text, setText] = useState(question.responseText ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = question.status === "ANSWERED";
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const previous = question.responseText;
      const answered = await answerQuestion(question.id, text.trim());
      onClose();
      onAnswered(answered);
      // Undo puts back what was there: the previous answer, or no answer at all (open again).
      notify(editing ? "Answer updated" : "Answer published", async () =>
        onAnswered(await (editing && previous ? answerQuestion(question.id, previous) : reopenQuestion(question.id))),
      );
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={editing ? "Edit the answer" : "Answer the question"} open={open} onClose={onClose}>
      <blockquote className="quote" dir="auto">
        {question.body}
      </blockquote>
      <form onSubmit={submit}>
        <Field label="Answer" hint="Everyone on the board sees it at once.">
          {(props) => (
            <textarea {...props} dir="auto" rows={5} value={text} onChange={(event) => setText(event.target.value)} required maxLength={ANSWER_MAX_LENGTH} />
          )}
        </Field>
        {error && <Notice kind="error">{error}</Notice>}
        <DialogFooter onCancel={onClose} disabled={busy || !text.trim()}>
          {busy ? "Publishing…" : "Publish answer"}
        </DialogFooter>
      </form>
    </Dialog>
  );
}
