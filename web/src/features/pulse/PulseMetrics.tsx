import type { PulseSummary } from "./api";
import { Notice } from "../../shared/ui";
import { formatPeriod } from "./pulseFormat";

/**
 * The headline figures of the chosen period and team. The earlier period is named only when at
 * least one figure below is compared with it: a promise of comparison above cards that have none
 * would mislead.
 */
export function PulseMetrics({ summary, compared }: { summary: PulseSummary["summary"]; compared: boolean }) {
  return (
    <div className="metrics">
      <Metric value={`${summary.participationRate.toFixed(0)}%`} label="Participation" hint="of the pulse e-mails were answered" />
      <Metric value={String(summary.totalResponses)} label={summary.totalResponses === 1 ? "Answer" : "Answers"} hint="in the figures below" />
      {summary.waitingResponses > 0 && <Metric value={String(summary.waitingResponses)} label="Waiting" hint="for enough answers to be shown" />}
      <Metric value={String(summary.totalInvites)} label="Pulse e-mails sent" />
      {summary.participation.reminded > 0 && (
        <Metric
          value={String(summary.participation.answeredAfterReminder)}
          label="Answered after a reminder"
          hint={`${summary.participation.reminded} reminded; ${summary.participation.answeredBeforeReminder} answered without one`}
        />
      )}
      <Metric
        value={formatPeriod(summary.dateRange)}
        label="Period"
        hint={compared ? `Changes are against ${formatPeriod(summary.previousDateRange)}` : undefined}
        small
      />
    </div>
  );
}

function Metric({ value, label, hint, small }: { value: string; label: string; hint?: string; small?: boolean }) {
  return (
    <div className="metric">
      <div className={small ? "metric-value metric-dates" : "metric-value"}>{value}</div>
      <div className="metric-label">{label}</div>
      {hint && <div className="metric-hint">{hint}</div>}
    </div>
  );
}

/** Said once per page: why figures appear in steps and some answers wait (CONTRACT §5 batches). */
export function AnonymityNote({ threshold, waiting }: { threshold: number; waiting: number }) {
  return (
    <Notice>
      Answers are anonymous and counted in groups of {threshold}, so nobody can be singled out: a team&apos;s answers to a question are shown only once{" "}
      {threshold} have come in, all together.
      {waiting > 0 && ` ${waiting} ${waiting === 1 ? "answer is" : "answers are"} waiting for enough answers to be shown.`}
    </Notice>
  );
}
