import { useState, type FormEvent } from "react";
import type { Cadence } from "@server/platform/tenant-settings.constants";
import { errorMessage } from "../../shared/api";
import { Dialog, DialogFooter, Loading, Notice } from "../../shared/ui";
import { previewPulseRun, runPulseNow, type PulseSendPreview } from "./api";

const PERIODS: Record<Cadence, string> = { weekly: "week", biweekly: "two-week period", monthly: "month" };

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** A group's label in the middle of a sentence: "Everyone" reads "everyone" there. */
const inSentence = (label: string | null) => (label === "Everyone" ? "everyone" : (label ?? "today's group"));

/** Why a send now would invite nobody, in the words of this screen. */
export function zeroReason(preview: PulseSendPreview, cadence: Cadence): string {
  const group = inSentence(preview.cohortLabel);
  switch (preview.reason) {
    case "pulse_disabled":
      return "The pulse is switched off. Turn on “Automatic sends on” and save the schedule first.";
    case "no_channel":
      return "Both email and Slack invites are off in Settings › Pulse, so there is no way to reach people. Turn on “Deliver by email” or “Send invites in Slack direct messages” and save first.";
    case "not_rotating":
      return "Rotation is off, so no group is due today. Turn it on and save the schedule first.";
    case "invalid_timezone":
      return "The schedule's time zone is not one this service knows. Correct it and save the schedule first.";
    case "no_active_questions":
      return "There is no active pulse question to ask. Add one under Questions first.";
    case "already_ran":
      return `Today's pulse already went out to ${group}. Nothing is sent twice on one day.`;
    case "empty_cohort":
      return `Nobody is in ${group} today: there are fewer people than groups.`;
    case "everyone_asked":
      return group === "everyone"
        ? `Everyone has already been asked this ${PERIODS[cadence]}.`
        : `Everyone in ${group} has already been asked this ${PERIODS[cadence]}.`;
    case "no_question_for_teams":
      return `The people in ${group} not asked yet are in teams with no active question. Add a question for all teams or for theirs.`;
    default:
      return "Nobody is due today.";
  }
}

/**
 * "Send today's pulse now" reaches real inboxes, so it first shows who is due and asks; when
 * nobody is due it says why instead of offering a send that would do nothing.
 */
export function PulseSendNow({ cadence, onSent }: { cadence: Cadence; onSent: () => void }) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<PulseSendPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const start = async () => {
    setOpen(true);
    setPreview(null);
    setError(null);
    setResult(null);
    try {
      setPreview(await previewPulseRun());
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  const close = () => setOpen(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const sent = await runPulseNow();
      const group = inSentence(preview?.cohortLabel ?? null);
      const text = sent.alreadyRan
        ? `Today's pulse had already gone out to ${group}; nothing was sent again.`
        : `Sent ${plural(sent.invitesCreated, "invite", "invites")} to ${group}.`;
      // The notice is a status region: it is announced without a second announcement.
      setResult(text);
      setOpen(false);
      onSent();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSending(false);
    }
  };

  const title = !preview
    ? "Send today's pulse now?"
    : preview.canSend
      ? `Send ${plural(preview.due, "invite", "invites")} to ${inSentence(preview.cohortLabel)}?`
      : "Nobody to invite today";
  return (
    <>
      <button type="button" className="button-secondary" onClick={() => void start()}>
        Send today's pulse now…
      </button>
      {result && <Notice kind="success">{result}</Notice>}
      <Dialog title={title} open={open} onClose={close}>
        {error && <Notice kind="error">{error}</Notice>}
        {!preview && !error && <Loading label="Checking who is due today…" />}
        {preview?.canSend && (
          <form onSubmit={send}>
            <p>
              Today it is {preview.cohortLabel === "Everyone" ? "everyone's turn" : `the turn of ${preview.cohortLabel ?? "today's group"}`}:{" "}
              {preview.due === preview.cohortSize
                ? `all ${plural(preview.cohortSize, "person", "people")}`
                : `${preview.due} of its ${plural(preview.cohortSize, "person", "people")}`}{" "}
              {preview.due === 1 ? "has" : "have"} not been asked this {PERIODS[cadence]}. Each is invited now with today's question, as Settings › Pulse says
              (by email, in Slack, or both).
            </p>
            <DialogFooter onCancel={close} disabled={sending}>
              {sending ? "Sending…" : `Send ${plural(preview.due, "invite", "invites")}`}
            </DialogFooter>
          </form>
        )}
        {preview && !preview.canSend && (
          <>
            <p>{zeroReason(preview, cadence)}</p>
            <div className="row">
              <button type="button" onClick={close}>
                Back to the schedule
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
