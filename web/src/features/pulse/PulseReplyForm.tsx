import { useState, type FormEvent } from "react";
import { writtenLength } from "@server/platform/text.constants";
import { PULSE_REPLY_TEXT } from "@server/modules/pulse/pulse.constants";
import { ApiError, errorMessage } from "../../shared/api";
import { useSession } from "../../shared/session";
import { announce, DialogFooter, Field, Notice } from "../../shared/ui";
import { replyToPulseComment, type PulseCommentReply } from "./api";

/** CONTRACT §5: a reply's visible characters, as the server counts them. */
const REPLY_MAX = PULSE_REPLY_TEXT.max;

/** What went wrong with a reply, in words a lead can act on. */
function replyError(error: unknown): string {
  if (error instanceof ApiError && error.code === "CONTENT_REJECTED") {
    const reasons = error.details.map((detail) => detail.message ?? String(detail)).filter(Boolean);
    return `The reply was not sent: the content check refused it${reasons.length ? ` (${reasons.join(", ")})` : ""}. Reword it and send it again.`;
  }
  if (error instanceof ApiError && error.code === "VALIDATION_FAILED") {
    // The server's detail reads after the field's name: "must be at most 2000 characters long, invisible ones included".
    const detail = error.details.find((item) => item.message)?.message;
    return detail ? `The reply was not sent: it ${detail}.` : `The reply was not sent: it needs 1 to ${REPLY_MAX} visible characters.`;
  }
  return `The reply was not sent. ${errorMessage(error)}`;
}

/**
 * The lead's reply: the writer stays anonymous to the lead, while the lead's name goes with the
 * reply, and the form says both before anything is sent.
 */
export function PulseReplyForm({ commentId, onSent, onCancel }: { commentId: string; onSent: (reply: PulseCommentReply) => void; onCancel: () => void }) {
  const { me } = useSession();
  const [body, setBody] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = writtenLength(body);
  const tooLong = length > REPLY_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (length === 0 || tooLong) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await replyToPulseComment(commentId, body);
      setBody("");
      onSent(reply);
      announce("Reply sent");
    } catch (caught) {
      setError(replyError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="pulse-reply-form">
      <p className="hint">
        The person who wrote this comment stays anonymous: nobody can see who they are. They read your reply on their private page, with your name
        {me ? ` (${me.user.name})` : ""}, and may answer you.
      </p>
      <Field
        label="Your reply"
        hint={
          <span className={tooLong ? "counter counter-bad" : "counter"}>
            {length} / {REPLY_MAX} characters (spaces do not count)
          </span>
        }
        error={tooLong ? `A reply can have at most ${REPLY_MAX} characters: ${length - REPLY_MAX} too many.` : null}
      >
        {(props) => <textarea {...props} dir="auto" rows={4} value={body} onChange={(event) => setBody(event.target.value)} />}
      </Field>
      {error && <Notice kind="error">{error}</Notice>}
      <DialogFooter onCancel={onCancel} disabled={busy || length === 0 || tooLong}>
        {busy ? "Sending…" : "Send reply"}
      </DialogFooter>
    </form>
  );
}
