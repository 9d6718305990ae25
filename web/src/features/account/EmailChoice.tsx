import { useState } from "react";
import { errorMessage, type ApiAnswer, type ApiBody } from "../../shared/api";
import { ErrorNotice, Loading, Notice, useLoad } from "../../shared/ui";
import { getEmailPreferences, setEmailPreferences } from "./api";

type Preferences = ApiAnswer<"getMyEmailPreferences">;
type Change = ApiBody<"setMyEmailPreferences">;

const SAVED: Record<string, string> = {
  "emails:true": "E-mails are on.",
  "emails:false": "E-mails are off. You can turn them on again here at any time.",
  "answersVia:email": "Answers to your questions will reach you by e-mail.",
  "answersVia:slack": "Answers to your questions will reach you in Slack.",
};

/**
 * The person's message choices: whether the organisation's messages reach them at all (the same
 * choice as the unsubscribe link at the foot of every e-mail, so the words say what it covers),
 * and, where the organisation has Slack, where they hear of an answer to their question.
 */
export function EmailChoice() {
  const preferences = useLoad((signal) => getEmailPreferences(signal), []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const change = async (next: Change) => {
    const before = preferences.data;
    if (!before) return;
    setSaving(true);
    setError(null);
    setSaved(null);
    // The control follows the tap at once; a refused save puts it back and says why.
    preferences.setData({ ...before, ...next } as Preferences);
    try {
      preferences.setData(await setEmailPreferences(next));
      const [key, value] = Object.entries(next)[0] ?? [];
      setSaved(SAVED[`${key}:${String(value)}`] ?? "Saved.");
    } catch (caught) {
      preferences.setData(before);
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  const data = preferences.data;
  // Shown where Slack can be chosen, and to whoever chose it before it was disconnected (so they see it no longer applies).
  const slackChoice = data && (data.slackAvailable || data.answersVia === "slack");
  return (
    <section className="card narrow-wide" aria-labelledby="email-choice-heading">
      <h2 id="email-choice-heading">{slackChoice ? "Messages" : "E-mails"}</h2>
      <ErrorNotice error={preferences.error} />
      {preferences.loading && !data && <Loading />}
      {data && (
        <label className="check-row">
          <input type="checkbox" checked={data.emails} disabled={saving} onChange={(event) => void change({ emails: event.target.checked })} />
          <span>
            {slackChoice
              ? "Send me answers to my questions, and the weekly pulse question"
              : "E-mail me when one of my questions is answered, and the weekly pulse question"}
            <span className="hint block">The unsubscribe link in every e-mail changes this same choice.</span>
          </span>
        </label>
      )}
      {data && slackChoice && (
        <fieldset className="choice-group" disabled={saving}>
          <legend>When one of my questions is answered, tell me</legend>
          {(["email", "slack"] as const).map((via) => (
            <label key={via} className="check-row">
              <input type="radio" name="answers-via" value={via} checked={data.answersVia === via} onChange={() => void change({ answersVia: via })} />
              <span>{via === "email" ? "By e-mail" : "In Slack, as a direct message from the Team Q&A app"}</span>
            </label>
          ))}
          {!data.slackAvailable && <p className="hint">Your organisation has disconnected Slack: answers reach you by e-mail until it is connected again.</p>}
          {!data.emails && <p className="hint">Messages are off above: nothing is sent either way.</p>}
        </fieldset>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <div role="status" className="hint">
        {saved}
      </div>
    </section>
  );
}
