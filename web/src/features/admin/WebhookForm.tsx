import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from "@server/modules/webhooks/webhooks.constants";
import { Field, Notice } from "../../shared/ui";
import { notSavedText } from "./settingsForm";
import {
  splitWebhookErrors,
  toggleEvent,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookDraftErrors,
  type WebhookDraft,
  type WebhookField,
  type WebhookFieldErrors,
} from "./webhooksForm";

/** One endpoint form's state: the draft, the messages on its fields and above its buttons, and whether it is saving. */
export function useWebhookDraft(initial: WebhookDraft) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<WebhookFieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Checks the draft, then sends it with `send`; true once sent. */
  const submit = async (send: (draft: WebhookDraft) => Promise<void>): Promise<boolean> => {
    const found = webhookDraftErrors(draft);
    const marked = Object.keys(found).length;
    setErrors(found);
    setNotice(marked ? notSavedText([], marked, null) : null);
    if (marked) return false;
    setBusy(true);
    try {
      await send(draft);
      return true;
    } catch (caught) {
      const split = splitWebhookErrors(caught);
      setErrors(split.fields);
      setNotice(notSavedText(split.rest ? [split.rest] : [], Object.keys(split.fields).length, caught));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const clearError = (field: WebhookField) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const reset = (next: WebhookDraft) => {
    setDraft(next);
    setErrors({});
    setNotice(null);
  };
  return { draft, setDraft, errors, notice, busy, submit, clearError, reset };
}

/**
 * An endpoint's URL, description and events, for adding one or editing one. The field that was
 * refused keeps its message until it is changed; the URL field has the focus when the form opens.
 */
export function WebhookForm({
  legend,
  form,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  legend: string;
  form: ReturnType<typeof useWebhookDraft>;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { draft, setDraft, errors, clearError, notice, busy } = form;
  const url = useRef<HTMLInputElement>(null);
  const eventsErrorId = useId();
  useEffect(() => url.current?.focus(), []);
  const set = <K extends WebhookField>(field: K, value: WebhookDraft[K]) => {
    setDraft({ ...draft, [field]: value });
    clearError(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="webhook-form" onSubmit={submit} noValidate>
      <fieldset disabled={busy}>
        <legend>{legend}</legend>
        <Field
          label="Endpoint URL"
          hint="Where each event is POSTed as JSON, signed with the endpoint's secret (Standard Webhooks). Use https."
          error={errors.url}
        >
          {(props) => (
            <input
              {...props}
              ref={url}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={WEBHOOK_URL_MAX}
              placeholder="https://example.com/webhooks"
              value={draft.url}
              onChange={(event) => set("url", event.target.value)}
            />
          )}
        </Field>
        <Field label="Description (optional)" hint="What receives the events, for example “CRM sync”." error={errors.description}>
          {(props) => (
            <input
              {...props}
              dir="auto"
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              value={draft.description}
              onChange={(event) => set("description", event.target.value)}
            />
          )}
        </Field>
        <fieldset className="webhook-events" aria-describedby={errors.events ? eventsErrorId : undefined}>
          <legend>Events to send</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="checkbox webhook-event">
              <input
                type="checkbox"
                checked={draft.events.includes(event)}
                aria-invalid={errors.events ? true : undefined}
                onChange={(change) => set("events", toggleEvent(draft.events, event, change.target.checked))}
              />
              <span>
                <code>{event}</code> <span className="hint">{WEBHOOK_EVENT_LABELS[event]}</span>
              </span>
            </label>
          ))}
          {errors.events && (
            <div id={eventsErrorId} className="field-error">
              {errors.events}
            </div>
          )}
        </fieldset>
      </fieldset>
      {notice && <Notice kind="error">{notice}</Notice>}
      <div className="row settings-section-actions">
        <button type="submit" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
