import type { PulseCommentReply } from "./api";

/**
 * When a reply was written, as a date and time in the reader's zone ("Nov 28, 16:09"): a relative
 * time would read "in 5 seconds" whenever the device's clock runs behind the server's.
 */
const WRITTEN_AT = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

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
            <time dateTime={reply.createdAt}>{WRITTEN_AT.format(new Date(reply.createdAt))}</time>
          </p>
          <p className="pulse-reply-body" dir="auto">
            {reply.body}
          </p>
        </li>
      ))}
    </ol>
  );
}
