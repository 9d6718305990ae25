import { useState, type Ref } from "react";
import { useSession } from "../../shared/session";
import { ErrorNotice, Field, Loading, Notice } from "../../shared/ui";
import type { PulseComment, PulseCommentReply, PulseSummary } from "./api";
import { PulseCommentItem } from "./PulseCommentItem";
import { PulseConversationDialog } from "./PulseConversationDialog";
import { usePulseComments } from "./usePulseComments";
import "./pulse.css";

interface CommentsProps {
  range: string;
  /** The dashboard's team (empty: every team, admins). */
  team: string;
  /** The question filter (empty: every question); the dashboard holds it so a question card can set it. */
  question: string;
  onQuestionChange: (questionId: string) => void;
  /** The summary of the same range and team: its questions, its k and its comment counts. */
  summary: PulseSummary;
  /** A reply was sent: the summary's count of conversations may have changed. */
  onReplied: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * What people wrote with their answers, for the dashboard's team and period: released with their
 * group's answers, never alone, so a comment is no easier to trace than an answer.
 */
export function PulseComments({ range, team, question, onQuestionChange, summary, onReplied, headingRef }: CommentsProps) {
  const { teams } = useSession();
  const comments = usePulseComments({ range, team, question });
  const [opened, setOpened] = useState<PulseComment | null>(null);
  const questionText = (id: string) => summary.questions.find((entry) => entry.id === id)?.text ?? null;
  const teamName = (id: string | null) => (id ? (teams.find((entry) => entry.id === id)?.name ?? "Another team") : "No team");
  const threshold = summary.summary.anonThreshold;
  const { total, conversations } = summary.summary.comments;

  const seen = (id: string, replyCount: number) => comments.update(id, (comment) => ({ ...comment, unread: false, replyCount }));
  const replied = (id: string, reply: PulseCommentReply) => {
    comments.update(id, (comment) => ({ ...comment, unread: false, replyCount: comment.replyCount + 1, lastReplyAt: reply.createdAt }));
    onReplied();
  };

  return (
    <section className="card pulse-comments" aria-labelledby="pulse-comments-heading" aria-busy={comments.loading}>
      <h2 id="pulse-comments-heading" ref={headingRef} tabIndex={-1}>
        Comments
      </h2>
      <p className="hint">
        {total > 0 && `${total} ${total === 1 ? "comment" : "comments"} in this period, ${conversations} with replies. `}
        People may add a comment to their answer; who wrote it is never shown.
      </p>
      <Field label="Question">
        {(props) => (
          <select {...props} value={question} onChange={(event) => onQuestionChange(event.target.value)}>
            <option value="">All questions</option>
            {summary.questions.map((entry) => (
              <option key={entry.id} value={entry.id} dir="auto">
                {entry.text}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ErrorNotice error={comments.error} />
      {comments.loading && <Loading label="Loading comments…" />}
      {comments.ready && comments.total === 0 && (
        <Notice>
          {question ? "No comments on this question in this period yet." : "No comments in this period yet."} Comments appear here only when the answers of
          their group are released, together with at least {threshold} answers.
        </Notice>
      )}
      {comments.items.length > 0 && (
        <ul className="pulse-comment-list" aria-label={question ? `Comments on “${questionText(question) ?? "this question"}”` : "Comments"}>
          {comments.items.map((comment) => (
            <PulseCommentItem
              key={comment.id}
              comment={comment}
              questionText={question ? null : questionText(comment.questionId)}
              teamName={team ? null : teamName(comment.teamId)}
              onOpen={() => setOpened(comment)}
            />
          ))}
        </ul>
      )}
      {comments.moreError && <Notice kind="error">{comments.moreError}</Notice>}
      {comments.hasMore && (
        <button type="button" className="button-secondary" onClick={() => void comments.loadMore()} disabled={comments.loadingMore}>
          {comments.loadingMore ? "Loading…" : `Show more (${comments.total - comments.items.length} more)`}
        </button>
      )}
      <PulseConversationDialog
        comment={opened}
        questionText={opened ? questionText(opened.questionId) : null}
        onClose={() => setOpened(null)}
        onSeen={seen}
        onReplied={replied}
      />
    </section>
  );
}
