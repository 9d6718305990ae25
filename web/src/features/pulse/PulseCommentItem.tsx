import { useId } from "react";
import type { PulseComment } from "./api";
import { formatWeekOf } from "./pulseFormat";

interface CommentItemProps {
  comment: PulseComment;
  /** The question it answers, shown when the list holds every question's comments. */
  questionText: string | null;
  /** The team it came from, shown when the list holds every team's comments. */
  teamName: string | null;
  onOpen: () => void;
}

/** One released comment in the list: its text, its week, its replies, and whether it is new to this lead. */
export function PulseCommentItem({ comment, questionText, teamName, onOpen }: CommentItemProps) {
  const bodyId = useId();
  return (
    <li className={`pulse-comment${comment.unread ? " is-unread" : ""}`}>
      <div className="pulse-comment-meta">
        {comment.unread && <UnreadMarker />}
        <span>{formatWeekOf(comment.week)}</span>
        {teamName && <span dir="auto">{teamName}</span>}
      </div>
      {questionText && (
        <p className="pulse-comment-question" dir="auto">
          {questionText}
        </p>
      )}
      <p id={bodyId} className="pulse-comment-body" dir="auto">
        {comment.body}
      </p>
      <div className="pulse-comment-actions">
        <span className="hint">{repliesLabel(comment.replyCount)}</span>
        <button type="button" className="button-tertiary button-small" onClick={onOpen} aria-describedby={bodyId}>
          {comment.replyCount > 0 ? "Open conversation" : "Read and reply"}
        </button>
      </div>
    </li>
  );
}

/** A status, not a control: a dot and a word, the word said in full to screen readers. */
function UnreadMarker() {
  return (
    <span className="badge pulse-unread">
      <span className="pulse-unread-dot" aria-hidden="true" />
      Unread<span className="visually-hidden">: new to you, or the writer answered since you last read it</span>
    </span>
  );
}

export function repliesLabel(count: number): string {
  if (count === 0) return "No replies yet";
  return count === 1 ? "1 reply" : `${count} replies`;
}
