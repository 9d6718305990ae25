import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { cohortWeekdays, MAX_COHORTS } from "@server/modules/pulse/pulse.constants";
import { CADENCES, type Cadence } from "@server/platform/tenant-settings.constants";
import { ApiError, errorMessage } from "../../shared/api";
import { LeaveGuard } from "../../shared/LeaveGuard";
import { useSession } from "../../shared/session";
import { announce, ErrorNotice, Field, Notice, useLoad } from "../../shared/ui";
import { getPulseSchedule, listPulseCohorts, savePulseSchedule, type PulseSchedule } from "./api";
import { PulseSendNow } from "./PulseSendNow";

/** Cohorts are picked by weekday, Monday to Friday in turn and the weekend the last one: more than MAX_COHORTS would never be invited. */
const COHORT_CHOICES = Array.from({ length: MAX_COHORTS }, (_, index) => index + 1);

export const CADENCE_LABELS: Record<Cadence, string> = {
  weekly: "Weekly",
  biweekly: "Every two weeks",
  monthly: "Monthly",
};

type FieldErrors = Partial<Record<keyof PulseSchedule, string>>;

/** The server's per-field messages ("body.timezone" → timezone), to show under each field. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const found: FieldErrors = {};
  for (const detail of error.details) {
    const key = detail.path?.replace(/^body\./, "") as keyof PulseSchedule | undefined;
    if (key && detail.message && !found[key]) found[key] = detail.message;
  }
  return found;
}

/**
 * The pulse schedule. Its switch, cadence, send time and rotation are the tenant's pulse settings
 * (CONTRACT §8), so the form always shows what the server holds: loaded on every visit and
 * replaced by the server's answer after a save.
 */
export function PulseScheduleForm() {
  const { settings, setSettings } = useSession();
  const schedule = useLoad((signal) => getPulseSchedule(signal), []);
  const cohorts = useLoad((signal) => listPulseCohorts(signal), [schedule.data?.numCohorts]);
  const [draft, setDraft] = useState<PulseSchedule | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  useEffect(() => setDraft(schedule.data), [schedule.data]);

  const edit = (patch: Partial<PulseSchedule>) => {
    setMessage(null);
    setDraft((current) => (current ? { ...current, ...patch } : current));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setMessage(null);
    setFieldErrors({});
    try {
      const saved = await savePulseSchedule(draft);
      schedule.setData(saved);
      setDraft(saved);
      // The switch is also a tenant setting the rest of the app reads.
      setSettings({ ...settings, pulse: { enabled: saved.enabled } });
      setMessage({ kind: "success", text: "Schedule saved." });
      announce("Schedule saved");
      cohorts.reload();
    } catch (caught) {
      setFieldErrors(fieldErrorsOf(caught));
      setMessage({ kind: "error", text: errorMessage(caught) });
    }
  };
  const unsaved = draft && schedule.data && JSON.stringify(draft) !== JSON.stringify(schedule.data) ? ["the schedule"] : [];
  return (
    <section aria-labelledby="schedule-heading">
      <LeaveGuard unsaved={unsaved} />
      <h2 id="schedule-heading">Schedule</h2>
      <ErrorNotice error={schedule.error} />
      {draft && (
        <form onSubmit={save} className="card" noValidate>
          <p className="hint">
            Automatic sends, cadence, send time and taking turns by weekday are the same values as <Link to="/admin">Settings › Pulse</Link>: saving either
            screen changes both.
          </p>
          <HintedCheckbox
            label="Automatic sends on"
            hint="When off, no pulse is sent, on schedule or with “Send today's pulse now”."
            checked={draft.enabled}
            onChange={(enabled) => edit({ enabled })}
          />
          <HintedCheckbox
            label="Take turns by weekday: when off, nothing is sent automatically"
            hint="When on, each day's run invites that weekday's group. When off, “Send today's pulse now” is refused too."
            checked={draft.rotatingCohorts}
            onChange={(rotatingCohorts) => edit({ rotatingCohorts })}
          />
          <div className="grid-2">
            <CadenceField value={draft.cadence} onChange={(cadence) => edit({ cadence })} error={fieldErrors.cadence} />
            <Field
              label="Send time"
              hint={`Once a day at this time, in the saved time zone (${schedule.data?.timezone ?? draft.timezone}).`}
              error={fieldErrors.time}
            >
              {(props) => <input {...props} type="time" value={draft.time} onChange={(event) => edit({ time: event.target.value })} required />}
            </Field>
            <Field label="Time zone" hint="IANA name, for example Europe/Berlin." error={fieldErrors.timezone}>
              {(props) => <input {...props} value={draft.timezone} onChange={(event) => edit({ timezone: event.target.value })} required />}
            </Field>
            <Field
              label="Number of groups"
              hint={`1 to ${MAX_COHORTS}: one group is invited each weekday, Monday to Friday in turn and the weekend the last one, so a ${MAX_COHORTS + 1}th would never be invited.`}
              error={fieldErrors.numCohorts}
            >
              {(props) => (
                <select {...props} value={draft.numCohorts} onChange={(event) => edit({ numCohorts: Number(event.target.value) })}>
                  {/* A value saved before the bound existed stays visible, so saving shows the server's refusal instead of a silent change. */}
                  {!COHORT_CHOICES.includes(draft.numCohorts) && (
                    <option value={draft.numCohorts}>
                      {draft.numCohorts} (too many: choose 1 to {MAX_COHORTS})
                    </option>
                  )}
                  {COHORT_CHOICES.map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div className="row">
            <button type="submit">Save schedule</button>
          </div>
          {message && <Notice kind={message.kind}>{message.text}</Notice>}
        </form>
      )}
      {schedule.data && (
        <div className="card">
          <h3>Send now</h3>
          <p className="hint">Today's group is asked at the send time on its own; this sends its invites now instead, once a day at most.</p>
          <PulseSendNow cadence={schedule.data.cadence} onSent={() => cohorts.reload()} />
        </div>
      )}
      {cohorts.data && (
        <div className="card">
          <h3>Groups</h3>
          <ul className="plain-list">
            {cohorts.data.map((cohort, index) => (
              <li key={cohort.name}>
                <strong>{cohort.label}</strong>, {cohort.size === 1 ? "1 person" : `${cohort.size} people`}{" "}
                <span className="hint">· {askedOn(index, cohorts.data?.length ?? 1)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The days a group is asked on, in words: "asked on Mondays and Thursdays". */
function askedOn(index: number, numCohorts: number): string {
  const days = cohortWeekdays(index, numCohorts).map((day) => `${day}s`);
  if (days.length === 7) return "asked every day";
  return `asked on ${days.length > 1 ? `${days.slice(0, -1).join(", ")} and ${days[days.length - 1]}` : days[0]}`;
}

/** A checkbox whose hint is announced with it. */
/** The cadence choice, the same on the schedule form and in Settings › Pulse (they edit one value). */
export function CadenceField({ value, onChange, error }: { value: Cadence; onChange: (cadence: Cadence) => void; error?: string }) {
  return (
    <Field label="Cadence" hint="Each person gets at most one invite per period." error={error}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value as Cadence)}>
          {CADENCES.map((cadence) => (
            <option key={cadence} value={cadence}>
              {CADENCE_LABELS[cadence]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function HintedCheckbox({
  label,
  hint,
  checked,
  onChange,
  disabled,
  error,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
  /** The server's refusal of this setting, beside it. */
  error?: string;
}) {
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="checkbox-field">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{" "}
        {label}
      </label>
      <div id={hintId} className="hint">
        {hint}
      </div>
      {error && (
        <div id={errorId} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}
