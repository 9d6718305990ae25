import { useId, useState, type FormEvent } from "react";
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_SCALE_MAXES, POLL_TITLE_MAX, POLL_TYPES, type PollType } from "@server/modules/polls/polls.constants";
import { visibleLength } from "@server/platform/text.constants";
import { Field, Notice } from "../../shared/ui";
import { bodyOf, serverErrors, validateDraft, type PollDraft, type PollFormErrors } from "./pollForm";
import { TYPE_LABEL } from "./pollResults";

interface Props {
  initial: PollDraft;
  /** "Create poll" or "Save draft". */
  submitLabel: string;
  onSubmit: (body: ReturnType<typeof bodyOf>) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Writing a poll: title, type, the options of a choice poll (2..10), how many a voter may pick,
 * a rating's scale, and whether the room sees the results. Each field says what is wrong as soon
 * as it has been touched (the server's limits), and the server's own refusal lands on its field.
 */
export function PollForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fromServer, setFromServer] = useState<{ fields: PollFormErrors; rest: string | null }>({ fields: {}, rest: null });
  const errors = validateDraft(draft);
  const shown = (field: string) => (tried || touched.has(field) ? (errors[field] ?? fromServer.fields[field] ?? null) : (fromServer.fields[field] ?? null));
  const change = (field: string, next: Partial<PollDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setTouched((current) => new Set(current).add(field));
    setFromServer(({ fields, rest }) => ({ fields: Object.fromEntries(Object.entries(fields).filter(([key]) => key !== field)), rest }));
  };
  const setOption = (index: number, text: string) => change(`options.${index}`, { options: draft.options.map((option, at) => (at === index ? text : option)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0) {
      document.getElementById(`${id}-form`)?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(bodyOf(draft));
    } catch (caught) {
      setFromServer(serverErrors(caught));
    } finally {
      setBusy(false);
    }
  };

  const choice = draft.type === "single" || draft.type === "multiple";
  return (
    <form id={`${id}-form`} className="poll-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Title" error={shown("title")} hint={`${visibleLength(draft.title)} / ${POLL_TITLE_MAX}`}>
        {(props) => <input {...props} dir="auto" value={draft.title} onChange={(event) => change("title", { title: event.target.value })} />}
      </Field>
      <Field label="Type">
        {(props) => (
          <select {...props} value={draft.type} onChange={(event) => change("type", { type: event.target.value as PollType })}>
            {POLL_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABEL[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {choice && (
        <fieldset className="poll-form-options">
          <legend>Options</legend>
          {draft.options.map((option, index) => (
            <div className="poll-form-option" key={index}>
              <Field label={`Option ${index + 1}`} error={shown(`options.${index}`)}>
                {(props) => <input {...props} dir="auto" value={option} onChange={(event) => setOption(index, event.target.value)} />}
              </Field>
              <button
                type="button"
                className="button-secondary button-small"
                disabled={draft.options.length <= POLL_OPTIONS_MIN}
                onClick={() => change("options", { options: draft.options.filter((_, at) => at !== index) })}
              >
                Remove<span className="visually-hidden"> option {index + 1}</span>
              </button>
            </div>
          ))}
          {errors.options && tried && <p className="field-error">{errors.options}</p>}
          <button
            type="button"
            className="button-secondary button-small"
            disabled={draft.options.length >= POLL_OPTIONS_MAX}
            onClick={() => change("options", { options: [...draft.options, ""] })}
          >
            Add option
          </button>
          <p className="hint">
            {POLL_OPTIONS_MIN} to {POLL_OPTIONS_MAX} options.
          </p>
        </fieldset>
      )}
      {draft.type === "multiple" && (
        <Field label="Most choices per voter" error={shown("maxChoices")} hint="Leave empty to allow every option.">
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={draft.options.length}
              value={draft.maxChoices}
              onChange={(event) => change("maxChoices", { maxChoices: event.target.value })}
            />
          )}
        </Field>
      )}
      {draft.type === "rating" && (
        <fieldset className="poll-form-scale">
          <legend>Scale</legend>
          {POLL_SCALE_MAXES.map((scale) => (
            <label key={scale} className="checkbox">
              <input type="radio" name={`${id}-scale`} checked={draft.scaleMax === scale} onChange={() => change("scaleMax", { scaleMax: scale })} /> 1 to{" "}
              {scale}
            </label>
          ))}
        </fieldset>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={draft.resultsVisible} onChange={(event) => change("resultsVisible", { resultsVisible: event.target.checked })} /> Show
        results to the room
      </label>
      {fromServer.rest && <Notice kind="error">{fromServer.rest}</Notice>}
      <div className="row">
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
