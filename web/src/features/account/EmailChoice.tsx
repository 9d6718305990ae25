import { useState } from "react";
import { errorMessage } from "../../shared/api";
import { ErrorNotice, Loading, Notice, useLoad } from "../../shared/ui";
import { getEmailPreferences, setEmailPreferences } from "./api";

/**
 * The one e-mail choice there is: the same as the unsubscribe link at the foot of every e-mail,
 * so the words say what it covers (answers to one's questions and the weekly pulse).
 */
export function EmailChoice() {
  const preferences = useLoad((signal) => getEmailPreferences(signal), []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const change = async (emails: boolean) => {
    setSaving(true);
    setError(null);
    setSaved(null);
    // The box follows the tap at once; a refused save puts it back and says why.
    preferences.setData({ emails });
    try {
      preferences.setData(await setEmailPreferences({ emails }));
      setSaved(emails ? "E-mails are on." : "E-mails are off. You can turn them on again here at any time.");
    } catch (caught) {
      preferences.setData({ emails: !emails });
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card narrow-wide" aria-labelledby="email-choice-heading">
      <h2 id="email-choice-heading">E-mails</h2>
      <ErrorNotice error={preferences.error} />
      {preferences.loading && !preferences.data && <Loading />}
      {preferences.data && (
        <label className="check-row">
          <input type="checkbox" checked={preferences.data.emails} disabled={saving} onChange={(event) => void change(event.target.checked)} />
          <span>
            E-mail me when one of my questions is answered, and the weekly pulse question
            <span className="hint block">The unsubscribe link in every e-mail changes this same choice.</span>
          </span>
        </label>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <div role="status" className="hint">
        {saved}
      </div>
    </section>
  );
}
