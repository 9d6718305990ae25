import { useId, useRef, useState } from "react";
import { errorMessage } from "../../shared/api";
import { useMediaQuery } from "../../shared/useMediaQuery";
import { Dialog, DialogFooter, Notice } from "../../shared/ui";
import type { Question, Tag } from "../board/api";
import { findPresentingTag } from "../board/questions";
import {
  answerQuestion,
  deleteQuestion,
  freezeQuestion,
  MARK_ANSWERED_TEXT,
  pinQuestion,
  reopenQuestion,
  showOnScreen,
  tagQuestion,
  untagQuestion,
} from "./api";
import { AnswerDialog } from "./AnswerDialog";
import { MoreMenu } from "./MoreMenu";
import { TagPicker } from "./TagPicker";
import { focusCard, useCardCommands, type CommandRegistry } from "./useShortcuts";

/** Shows a confirmation; `undo` reverses the action where the API can. */
export type Notify = (text: string, undo?: () => Promise<void>) => void;

/** Wide enough for the card's frequent actions in one row beside Answer; narrower, they move under More. */
const WIDE = "(min-width: 50rem)";

/**
 * Moderator actions on one open or answered question, in one row: Answer (the card's one filled
 * button), Mark answered, and on a wide screen Show on screen and Pin; the rest under More (on a
 * phone Show on screen and Pin too, so the card keeps two rows of controls). The topic tags
 * follow as chips with one small "Add tag". Statuses (On screen, Pinned, Frozen) are the card's
 * pills, not buttons.
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
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const freezeHintId = useId();
  const wide = useMediaQuery(WIDE);
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
  const topics = tags.filter((tag) => tag.id !== presenting?.id);
  const short = question.body.length > 40 ? `${question.body.slice(0, 40)}…` : question.body;
  const id = question.id;
  const freeze = (frozen: boolean) =>
    act(
      frozen ? "Frozen" : "Unfrozen",
      () => freezeQuestion(id, frozen),
      () => freezeQuestion(id, !frozen),
    );
  const toggleScreen = () => {
    if (!presenting) return;
    void (onScreen
      ? act(
          "Taken off the screen",
          () => untagQuestion(id, presenting.id),
          () => showOnScreen(id, presenting.id),
        )
      : act(
          "Shown on screen",
          () => showOnScreen(id, presenting.id),
          () => untagQuestion(id, presenting.id),
        ));
  };
  const togglePin = () =>
    void act(
      question.isPinned ? "Unpinned" : "Pinned",
      () => pinQuestion(id, !question.isPinned),
      () => pinQuestion(id, question.isPinned),
    );
  const screenLabel = onScreen ? "Stop showing" : "Show on screen";
  const pinLabel = question.isPinned ? "Unpin" : "Pin";

  return (
    <div className="question-tools" ref={root}>
      <div className="question-actions">
        <button type="button" className="button-small" onClick={() => setAnswering(true)} disabled={question.isFrozen}>
          {answered ? "Edit answer" : "Answer"}
        </button>
        {/* Undoing a freeze is common enough to stay in view; freezing is rare and sits under More. */}
        {question.isFrozen ? (
          <button type="button" className="button-small button-secondary" onClick={() => void freeze(false)}>
            Unfreeze
          </button>
        ) : (
          !answered && (
            <button
              type="button"
              className="button-small button-secondary"
              title={`Publishes “${MARK_ANSWERED_TEXT}”; Edit answer changes it later`}
              onClick={() =>
                void act(
                  "Marked answered",
                  () => answerQuestion(id, MARK_ANSWERED_TEXT),
                  () => reopenQuestion(id),
                )
              }
            >
              Mark answered
            </button>
          )
        )}
        {wide && presenting && (
          <button type="button" className="button-small button-tertiary" onClick={toggleScreen}>
            {screenLabel}
          </button>
        )}
        {wide && (
          <button type="button" className="button-small button-tertiary" aria-pressed={question.isPinned} onClick={togglePin}>
            {pinLabel}
          </button>
        )}
        <MoreMenu label={`“${short}”`}>
          {(close) => (
            <>
              {!wide && presenting && (
                <div className="more-item">
                  <button
                    type="button"
                    className="button-small button-ghost"
                    onClick={() => {
                      close();
                      toggleScreen();
                    }}
                  >
                    {screenLabel}
                  </button>
                </div>
              )}
              {!wide && (
                <div className="more-item">
                  <button
                    type="button"
                    className="button-small button-ghost"
                    aria-pressed={question.isPinned}
                    onClick={() => {
                      close();
                      togglePin();
                    }}
                  >
                    {pinLabel}
                  </button>
                </div>
              )}
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
                    setDeleting(true);
                  }}
                >
                  Delete
                </button>
              </div>
            </>
          )}
        </MoreMenu>
      </div>
      <TagPicker
        question={question}
        tags={topics}
        short={short}
        onAdd={(tag) =>
          void act(
            `Tag ${tag.name} added`,
            () => tagQuestion(id, tag.id),
            () => untagQuestion(id, tag.id),
          )
        }
        onRemove={(tag) =>
          void act(
            `Tag ${tag.name} removed`,
            () => untagQuestion(id, tag.id),
            () => tagQuestion(id, tag.id),
          )
        }
      />
      {question.isFrozen && <p className="hint question-tools-hint">Votes and answers are closed until you unfreeze it.</p>}
      {error && <Notice kind="error">{error}</Notice>}
      <AnswerDialog question={question} open={answering} onClose={() => setAnswering(false)} onAnswered={onChange} notify={notify} />
      <Dialog title="Delete question" open={deleting} onClose={() => setDeleting(false)}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setDeleting(false);
            void act("Deleted", async () => {
              await deleteQuestion(id);
              onRemove(id);
            });
          }}
        >
          <blockquote className="quote" dir="auto">
            {question.body}
          </blockquote>
          <p>The question, its votes and its answer are deleted for everyone. This cannot be undone.</p>
          <DialogFooter onCancel={() => setDeleting(false)} danger>
            Delete question
          </DialogFooter>
        </form>
      </Dialog>
    </div>
  );
}
