import { useEffect } from "react";
import { Dialog, ErrorNotice, Loading, useLoad } from "../../shared/ui";
import { getPulseComment, type PulseComment, type PulseCommentReply } from "./api";
import { formatWeekOf } from "./pulseFormat";
import { PulseReplies } from "./PulseReplies";
import { PulseReplyForm } from "./PulseReplyForm";

interface ConversationDialogProps {
  /** The comment opened from the list; null: the dialog is closed. */
  comment: PulseComment | null;
  questionText: string | null;
  onClose: () => void;
  /** The comment was read (opening it marks it read) and has this many replies now. */
  onSeen: (id: string, replyCount: number) => void;
  /** The lead's reply was sent. */
  onReplied: (id: string, reply: PulseCommentReply) => void;
}

/** A comment and its conversation with the reply box: the dialog of the comments list, full width on a phone. */
export function PulseConversationDialog({ comment, questionText, onClose, onSeen, onReplied }: ConversationDialogProps) {
  return (
    <Dialog title="Comment and replies" open={comment !== null} onClose={onClose}>
      {comment && <Conversation key={comment.id} comment={comment} questionText={questionText} onClose={onClose} onSeen={onSeen} onReplied={onReplied} />}
    </Dialog>
  );
}

function Conversation({ comment, questionText, onClose, onSeen, onReplied }: ConversationDialogProps & { comment: PulseComment }) {
  const detail = useLoad((signal) => getPulseComment(comment.id, signal), [comment.id]);
  const { data, setData } = detail;

  useEffect(() => {
    if (data) onSeen(data.id, data.replies.length);
    // Once per load: the list's marker clears when the server has marked the comment read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.id]);

  const sent = (reply: PulseCommentReply) => {
    setData((current) => (current ? { ...current, replies: [...current.replies, reply], replyCount: current.replyCount + 1 } : current));
    onReplied(comment.id, reply);
  };

  return (
    <div className="pulse-conversation">
      <p className="hint">
        {formatWeekOf(comment.week)}
        {questionText && (
          <>
            {" · "}
            <span dir="auto">{questionText}</span>
          </>
        )}
      </p>
      <blockquote className="quote pulse-comment-body" dir="auto">
        {comment.body}
      </blockquote>
      <ErrorNotice error={detail.error} />
      {detail.loading && !data && <Loading label="Loading the replies…" />}
      {data && (
        <>
          <h3>Replies</h3>
          <PulseReplies replies={data.replies} />
          <PulseReplyForm commentId={comment.id} onSent={sent} onCancel={onClose} />
        </>
      )}
    </div>
  );
}
