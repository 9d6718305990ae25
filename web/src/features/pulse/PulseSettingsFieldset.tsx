import { Link } from "react-router";
import type { TenantSettings } from "../../shared/sessionApi";
import { Field, useLoad } from "../../shared/ui";
import { getPulseSchedule } from "./api";
import { CadenceField, HintedCheckbox } from "./PulseScheduleForm";

type PulseSettings = TenantSettings["pulse"];

/**
 * Settings › Pulse. The switch, cadence, send time and rotation are what the scheduler follows
 * (CONTRACT §8), the same values as the schedule form, so the labels say what each one does there.
 */
export function PulseSettingsFieldset({
  pulse,
  slackConnected,
  onChange,
  errorOf,
}: {
  pulse: PulseSettings;
  /** Slack invites need the organisation's Slack app (Admin › Integrations). */
  slackConnected: boolean;
  onChange: <K extends keyof PulseSettings>(key: K, value: PulseSettings[K]) => void;
  /** The message for a field the server refused, by its key in the pulse settings. */
  errorOf: (key: keyof PulseSettings) => string | undefined;
}) {
  // Only to name the send time's zone; the time zone itself is edited with the schedule.
  const schedule = useLoad((signal) => getPulseSchedule(signal), []);
  const zone = schedule.data?.timezone;

  return (
    <>
      <p className="hint">
        These are the pulse schedule's values too: saving here changes <Link to="/admin/pulse">Pulse › Schedule</Link>, where the time zone and number of groups
        are set.
      </p>
      <HintedCheckbox label="Automatic sends on" hint="When off, no pulse is sent." checked={pulse.enabled} onChange={(value) => onChange("enabled", value)} />
      <HintedCheckbox
        label="Take turns by weekday: when off, nothing is sent automatically"
        hint="When on, each day's run invites that weekday's group. When off, “Send today's pulse now” is refused too."
        checked={pulse.rotatingCohorts}
        onChange={(value) => onChange("rotatingCohorts", value)}
      />
      <HintedCheckbox
        label="Deliver by email"
        hint="Invites are sent by email. With this off and Slack on, they go to Slack, and by email only to people Slack does not know. With both off, nothing is sent."
        checked={pulse.channelEmail}
        onChange={(value) => onChange("channelEmail", value)}
        error={errorOf("channelEmail")}
      />
      <HintedCheckbox
        label="Send invites in Slack direct messages"
        hint={
          slackConnected ? (
            "Invites go to people's Slack direct messages, with a button per score; each Slack account is found by its email address. Someone Slack does not know gets the invite by email."
          ) : (
            <>
              Connect Slack first, in <Link to="/admin/integrations">Admin › Integrations</Link>.
            </>
          )
        }
        checked={pulse.channelSlack}
        disabled={!slackConnected && !pulse.channelSlack}
        onChange={(value) => onChange("channelSlack", value)}
        error={errorOf("channelSlack")}
      />
      <div className="grid-2">
        <CadenceField value={pulse.defaultCadence} onChange={(cadence) => onChange("defaultCadence", cadence)} error={errorOf("defaultCadence")} />
        <Field
          label="Send time"
          hint={zone ? `Once a day at this time, in the schedule's time zone (${zone}).` : "Once a day at this time, in the schedule's time zone."}
          error={errorOf("defaultTime")}
        >
          {(props) => <input {...props} type="time" value={pulse.defaultTime} onChange={(event) => onChange("defaultTime", event.target.value)} />}
        </Field>
        <Field
          label="Anonymity threshold (answers)"
          hint="Answers are counted in groups of at least this many, so nobody can be singled out. At least 3. Everyone is told of a change for 30 days."
          error={errorOf("anonThreshold")}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              min={3}
              value={pulse.anonThreshold}
              onChange={(event) => onChange("anonThreshold", event.target.value === "" ? 0 : Number(event.target.value))}
            />
          )}
        </Field>
        <Field
          label="Days in a team before an answer counts"
          hint="An answer counts toward its group only if its author had been in the team this long when invited, so accounts made for the purpose cannot single anyone out. 0 turns this off. Everyone is told of a change for 30 days."
          error={errorOf("minTenureDays")}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              min={0}
              max={90}
              value={pulse.minTenureDays}
              onChange={(event) => onChange("minTenureDays", event.target.value === "" ? 0 : Number(event.target.value))}
            />
          )}
        </Field>
        <Field
          label="Reminder after (days)"
          hint="Someone who has not answered this many days after their invite gets one reminder the same way (the same links or buttons), never a second. 0 sends no reminders. At most 14."
          error={errorOf("reminderAfterDays")}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              min={0}
              max={14}
              value={pulse.reminderAfterDays}
              onChange={(event) => onChange("reminderAfterDays", event.target.value === "" ? 0 : Number(event.target.value))}
            />
          )}
        </Field>
      </div>
    </>
  );
}
