import { useId, useRef, useState, type FormEvent } from "react";
import { ANSWER_MAX_LENGTH } from "@server/modules/questions/questions.constants";
import { errorMessage } from "../../shared/api";
import { Dialog, DialogFooter, Field, Notice } from "../../shared/ui";
import type { Question, Tag } from "../board/api";
import { findPresentingTag } from "../board/questions";
import { answerQuestion, deleteQuestion, freezeQuestion, MARK_ANSWERED_TEXT, pinQuestion, showOnScreen, tagQuestion, untagQuestion } from "./api";
import { MoreMenu } from "./MoreMenu";
import { focusCard, useCardCommands, type CommandRegistry } from "./useShortcuts";

/** Shows a confirmation; `undo` reverses the action where the API can. */
export type Notify = (text: string, undo?: () => Promise<void>) => void;

/**
 * Moderator actions on one open or answered question. In view: answer (written, or "Mark
 * answered" in one click), show on the team's screens, pin. Under "More": freeze and delete.
 */
export function QuestionTools({
  question,
  tags,
  onChange,
  onRemove,
  notify,
  commands,
}: {
  question: Question;
  tags: Tag[];
  onChange: (q: Question) => void;
  onRemove: (id: string) => void;
  notify: Notify;
  commands?: CommandRegistry;
}) {
  const [answering, setAnswering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tagToAdd, setTagToAdd] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const freezeHintId = useId();
  const answered = question.status === "ANSWERED";
  useCardCommands(commands, question.id, { answer: () => !question.isFrozen && setAnswering(true) });

  /** After a control swaps (Pin/Unpin, Show/Stop showing) or disappears, focus stays on this card. */
  const keepFocus = () =>
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if ((!active || active === document.body) && root.current?.isConnected) focusCard(question.id);
    });
  /** Runs an action; its result replaces the question; `undo` is offered in the confirmation. */
  const act = async (confirmation: string, action: () => Promise<Question | void>, undo?: () => Promise<Question | void>) => {
    setError(null);
    try {
      const result = await action();
      if (result) onChange(result);
      notify(
        confirmation,
        undo &&
          (async () => {
            const reverted = await undo();
            if (reverted) onChange(reverted);
            focusCard(question.id);
          }),
      );
      keepFocus();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  // `Currently Presenting` has its own button: the generic tag controls leave it alone, so there is one way to move it.
  const presenting = findPresentingTag(tags);
  const onScreen = presenting !== undefined && question.tags.some((tag) => tag.id === presenting.id);
  const generic = (tag: { id: string }) => tag.id !== presenting?.id;
  const available = tags.filter((tag) => generic(tag) && !question.tags.some((existing) => existing.id === tag.id));
  const short = question.body.length > 40 ? `${question.body.slice(0, 40)}…` : question.body;
  const id = question.id;
  const freeze = (frozen: boolean) =>
    act(
      frozen ? "Frozen" : "Unfrozen",
      () => freezeQuestion(id, frozen),
      () => freezeQuestion(id, !frozen),
    );

  return (
    <div className="question-tools" ref={root}>
      <div className="question-actions">
        <button type="button" className="button-small" onClick={() => setAnswering(true)} disabled={question.isFrozen}>
          {answered ? "Edit answer" : "Answer"}
        </button>
        {!answered && (
          <button
            type="button"
            className="button-small button-secondary"
            disabled={question.isFrozen}
            title={`Publishes “${MARK_ANSWERED_TEXT}”; Edit answer changes it later`}
            onClick={() => void act("Marked answered", () => answerQuestion(id, MARK_ANSWERED_TEXT))}
          >
            Mark answered
          </button>
        )}
        {presenting &&
          (onScreen ? (
            <>
              <span className="badge badge-accent">On screen now</span>
              <button
                type="button"
                className="button-small button-secondary"
                onClick={() =>
                  void act(
                    "Taken off the screen",
                    () => untagQuestion(id, presenting.id),
                    () => showOnScreen(id, presenting.id),
                  )
                }
              >
                Stop showing
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button-small button-secondary"
              onClick={() =>
                void act(
                  "Shown on screen",
                  () => showOnScreen(id, presenting.id),
                  () => untagQuestion(id, presenting.id),
                )
              }
            >
              Show on screen
            </button>
          ))}
        <button
          type="button"
          className="button-small button-secondary"
          aria-pressed={question.isPinned}
          onClick={() =>
            void act(
              question.isPinned ? "Unpinned" : "Pinned",
              () => pinQuestion(id, !question.isPinned),
              () => pinQuestion(id, question.isPinned),
            )
          }
        >
          {question.isPinned ? "Unpin" : "Pin"}
        </button>
        {/* Undoing a freeze is common enough to stay in view; freezing is rare and sits under More. */}
        {question.isFrozen && (
          <button type="button" className="button-small button-secondary" onClick={() => void freeze(false)}>
            Unfreeze
          </button>
        )}
        <MoreMenu label={`“${short}”`}>
          {(close) => (
            <>
              {!question.isFrozen && (
                <div className="more-item">
                  <button
                    type="button"
                    className="button-small button-ghost"
                    aria-describedby={freezeHintId}
                    onClick={() => {
                      close();
                      void freeze(true);
                    }}
                  >
                    Freeze
                  </button>
                  <span id={freezeHintId} className="more-hint">
                    Stops votes and answers until you unfreeze it
                  </span>
                </div>
              )}
              <div className="more-item">
                <button
                  type="button"
                  className="button-small button-ghost more-danger"
                  onClick={() => {
                    close();
                    if (!window.confirm(`Delete the question “${short}”? This cannot be undone.`)) return;
                    void act("Deleted", async () => {
                      await deleteQuestion(id);
                      onRemove(id);
                    });
                  }}
                >
                  Delete
                </button>
              </div>
            </>
          )}
        </MoreMenu>
      </div>
      {question.isFrozen && <p className="hint">Votes and answers are closed until you unfreeze it.</p>}
      <div className="row tag-editor">
        {question.tags.filter(generic).map((tag) => (
          <span key={tag.id} className="tag-chip">
            <span className="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
            <span dir="auto">{tag.name}</span>
            <button
              type="button"
              className="tag-remove"
              aria-label={`Remove tag ${tag.name} from “${short}”`}
              onClick={() =>
                void act(
                  `Tag ${tag.name} removed`,
                  () => untagQuestion(id, tag.id),
                  () => tagQuestion(id, tag.id),
                )
              }
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
              const tag = available.find((candidate) => candidate.id === tagToAdd);
              if (!tag) return;
              void act(
                `Tag ${tag.name} added`,
                () => tagQuestion(id, tag.id),
                () => untagQuestion(id, tag.id),
              ).then(() => setTagToAdd(""));
            }}
          >
            <label className="visually-hidden" htmlFor={`tag-${id}`}>
              Tag to add to “{short}”
            </label>
            <select id={`tag-${id}`} value={tagToAdd} onChange={(event) => setTagToAdd(event.target.value)} className="select-small">
              <option value="">Add a tag…</option>
              {available.map((tag) => (
                <option key={tag.id} value={tag.id} dir="auto">
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
      <AnswerDialog question={question} open={answering} onClose={() => setAnswering(false)} onAnswered={onChange} notify={notify} />
    </div>
  );
}

function AnswerDialog({
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
  notify: Notify;
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
      const answered = await answerQuestion(question.id, text.trim());
      onClose();
      onAnswered(answered);
      notify(editing ? "Answer updated" : "Answer published");
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
