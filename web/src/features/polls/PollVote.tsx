import { useEffect, useId, useState, type FormEvent } from "react";
import { POLL_WORD_MAX } from "@server/modules/polls/polls.constants";
import type { PollVoteBody } from "@server/modules/polls/polls.schemas";
import { visibleLength } from "@server/platform/text.constants";
import { voteParts, type PollView } from "./pollResults";
import { voteErrorMessage } from "./voteErrors";

interface Props {
  poll: PollView;
  /** Sends the vote; throws what the server answered when it did not count. */
  onVote: (body: PollVoteBody) => Promise<void>;
}

/**
 * How one votes, by the poll's type: one tap on a choice or a rating; several choices then Vote;
 * a few words then Send. The caller's current vote is marked, and voting again changes it while
 * the poll is open. The status line says whether the vote counted, in words.
 */
export function PollVote({ poll, onVote }: Props) {
  const mine = voteParts(poll.myVote);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async (body: PollVoteBody): Promise<boolean> => {
    setBusy(true);
    setStatus(null);
    try {
      await onVote(body);
      setStatus({ ok: true, text: "Your vote counted" });
      return true;
    } catch (caught) {
      setStatus({ ok: false, text: voteErrorMessage(caught) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="poll-vote">
      {poll.type === "single" && (
        <div className="poll-choices" role="group" aria-label="Choices">
          {poll.options.map((option) => (
            <button
              key={option.id}
              type="button"
              className="poll-choice"
              aria-pressed={mine.optionIds.includes(option.id)}
              disabled={busy}
              onClick={() => void send({ optionIds: [option.id] })}
            >
              {mine.optionIds.includes(option.id) && <span aria-hidden="true">✓</span>}
              <span dir="auto">{option.text}</span>
            </button>
          ))}
        </div>
      )}
      {poll.type === "multiple" && <MultipleVote poll={poll} chosen={mine.optionIds} busy={busy} onSend={send} />}
      {poll.type === "rating" && (
        <div className="poll-scale" role="group" aria-label={`Rating from 1 to ${poll.scaleMax ?? 5}`}>
          {Array.from({ length: poll.scaleMax ?? 5 }, (_, index) => index + 1).map((value) => (
            <button
              key={value}
              type="button"
              className="poll-rate"
              aria-pressed={mine.rating === value}
              disabled={busy}
              onClick={() => void send({ rating: value })}
            >
              {value}
            </button>
          ))}
        </div>
      )}
      {poll.type === "words" && <WordsVote sent={mine.text} busy={busy} onSend={send} />}
      <p className={`poll-status ${status && !status.ok ? "poll-status-bad" : ""}`} role="status">
        {status?.text ?? ""}
      </p>
    </div>
  );
}

function MultipleVote({ poll, chosen, busy, onSend }: { poll: PollView; chosen: string[]; busy: boolean; onSend: (body: PollVoteBody) => Promise<boolean> }) {
  const [picked, setPicked] = useState<string[]>(chosen);
  const chosenKey = chosen.join(",");
  // The vote the server holds (after a reload, or once sent) is where picking starts again.
  useEffect(() => setPicked(chosenKey ? chosenKey.split(",") : []), [chosenKey]);
  const most = poll.maxChoices ?? poll.options.length;
  const full = picked.length >= most;
  const changed = picked.length > 0 && [...picked].sort().join(",") !== [...chosen].sort().join(",");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSend({ optionIds: picked });
      }}
    >
      <fieldset className="poll-choices">
        <legend className="hint">{most < poll.options.length ? `Pick up to ${most}` : "Pick as many as you like"}</legend>
        {poll.options.map((option) => {
          const on = picked.includes(option.id);
          return (
            <label key={option.id} className={`poll-choice poll-check ${on ? "is-picked" : ""}`}>
              <input
                type="checkbox"
                checked={on}
                disabled={busy || (!on && full)}
                onChange={() => setPicked((current) => (on ? current.filter((id) => id !== option.id) : [...current, option.id]))}
              />
              <span dir="auto">{option.text}</span>
            </label>
          );
        })}
      </fieldset>
      <button type="submit" className="poll-send" disabled={busy || picked.length === 0 || (!changed && chosen.length > 0)}>
        {chosen.length > 0 ? "Change vote" : "Vote"}
      </button>
    </form>
  );
}

function WordsVote({ sent, busy, onSend }: { sent: string | null; busy: boolean; onSend: (body: PollVoteBody) => Promise<boolean> }) {
  const id = useId();
  const [text, setText] = useState("");
  const length = visibleLength(text);
  const tooLong = length > POLL_WORD_MAX;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (length === 0 || tooLong) return;
    if (await onSend({ text: text.trim() })) setText("");
  };
  return (
    <form className="poll-words-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id}>{sent ? "Change your words" : "Your words"}</label>
      <div className="poll-words-row">
        <input
          id={id}
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-counter`}
        />
        <button type="submit" className="poll-send" disabled={busy || length === 0 || tooLong}>
          Send
        </button>
      </div>
      <span id={`${id}-counter`} className={tooLong ? "counter counter-bad" : "counter"}>
        {length} / {POLL_WORD_MAX}
        {tooLong ? ` (${length - POLL_WORD_MAX} too many)` : ""}
      </span>
      {sent && (
        <p className="hint">
          You sent: <q dir="auto">{sent}</q>
        </p>
      )}
    </form>
  );
}
