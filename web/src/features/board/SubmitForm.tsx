import { useEffect, useId, useState, type FocusEvent, type FormEvent } from "react";
import { Link } from "react-router";
import { ApiError, errorMessage } from "../../shared/api";
import { useSession } from "../../shared/session";
import type { Team } from "../../shared/sessionApi";
import { announce, Notice } from "../../shared/ui";
import { submitQuestion, type Question } from "./api";
import { questionLength } from "./questions";

/** How long the "it is on the board" confirmation stays: long enough to read, then out of the way. */
const CONFIRMATION_MS = 6000;

/**
 * Ask a question: one line until tapped (so a phone's first screen shows questions), then the
 * live length counter against the tenant's bounds (visible characters, counted as the server
 * counts them) and the anonymous option when allowed.
 */
export function SubmitForm({ team, onSubmitted }: { team: Team; onSubmitted: (question: Question) => void }) {
  const { me, settings } = useSession();
  const { minLength, maxLength } = settings.questions;
  const [body, setBody] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [result]);
  const length = questionLength(body);
  const tooShort = length > 0 && length < minLength;
  const tooLong = length > maxLength;

  if (me?.user.role === "viewer") return <Notice>Your account can read questions but not ask them.</Notice>;
  if (!me && !settings.features.allowAnonymousQuestions) {
    return (
      <Notice>
        <Link to={`/login?returnTo=/${team.slug}`}>Sign in</Link> to ask a question.
      </Notice>
    );
  }
  if (team.queueFrozen)
    return (
      <Notice kind="warning">
        New questions to <span dir="auto">{team.name}</span> are paused for now.
      </Notice>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (length < minLength || tooLong) {
      setError(length < minLength ? `A question needs at least ${minLength} characters.` : `A question can have at most ${maxLength} characters.`);
      return;
    }
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const question = await submitQuestion({ body: body.trim(), teamId: team.id, ...(me && anonymous ? { anonymous: true } : {}) });
      setBody("");
      setResult(
        question.status === "UNDER_REVIEW"
          ? "Thanks! Your question was sent to the moderators and will appear once approved."
          : "Your question is on the board.",
      );
      onSubmitted(question);
      announce("Question submitted");
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "CONTENT_REJECTED") {
        const reasons = caught.details.map((detail) => detail.message ?? String(detail)).filter(Boolean);
        setError(`This question was not accepted${reasons.length ? `: ${reasons.join(", ")}` : "."}`);
      } else {
        setError(errorMessage(caught));
      }
    } finally {
      setBusy(false);
    }
  };

  const counterClass = tooLong || tooShort ? "counter counter-bad" : "counter";
  const expanded = focused || body.length > 0 || Boolean(error);
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  return (
    <form
      className={`card submit-form ${expanded ? "is-expanded" : "is-collapsed"}`}
      onSubmit={submit}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="submit-title">
        Ask <span dir="auto">{team.name}</span>
      </h2>
      <label htmlFor={`${id}-body`} className="visually-hidden">
        Your question
      </label>
      <textarea
        id={`${id}-body`}
        dir="auto"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={expanded ? 3 : 1}
        placeholder="Ask a question…"
        aria-describedby={expanded ? `${id}-counter ${id}-bounds` : undefined}
        aria-invalid={tooLong || undefined}
        required
      />
      {expanded && (
        <>
          <div className="submit-row">
            <span id={`${id}-counter`} className={counterClass}>
              {length} / {maxLength}
            </span>
            <span id={`${id}-bounds`} className="hint">
              {tooShort
                ? `${minLength - length} more ${minLength - length === 1 ? "character" : "characters"} needed`
                : `Between ${minLength} and ${maxLength} characters; spaces do not count`}
            </span>
          </div>
          {me && (
            <label className="checkbox">
              <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} /> Ask anonymously (your name is hidden from
              everyone else)
            </label>
          )}
          {!me && <p className="hint">You are not signed in: your question will be posted anonymously.</p>}
          {error && <Notice kind="error">{error}</Notice>}
          <button type="submit" disabled={busy || tooLong}>
            {busy ? "Sending…" : "Ask question"}
          </button>
        </>
      )}
      {result && <Notice kind="success">{result}</Notice>}
    </form>
  );
}
