import { RelativeTime } from "../../shared/ui";
import type { PulseCommentReply } from "./api";

/**
 * The conversation under a comment, oldest first: the leads under their names (as the writer sees
 * them), the writer only as "Colleague", never named.
 */
export function PulseReplies({ replies }: { replies: readonly PulseCommentReply[] }) {
  if (replies.length === 0) return <p className="hint">No replies yet. The writer sees yours on their private page.</p>;
  return (
    <ol className="pulse-replies" aria-label="Replies">
      {replies.map((reply) => (
        <li key={reply.id} className={`pulse-reply pulse-reply-${reply.from}`}>
          <p className="pulse-reply-meta">
            <strong dir="auto">{reply.from === "colleague" ? "Colleague" : (reply.name ?? "A former lead")}</strong>
            <span className="hint">{reply.from === "colleague" ? "who wrote the comment" : "lead"}</span>
            <RelativeTime iso={reply.createdAt} />
          </p>
          <p className="pulse-reply-body" dir="auto">
            {reply.body}
          </p>
        </li>
      ))}
    </ol>
  );
}
