import type { PulseSummary } from "./api";
import { Notice } from "../../shared/ui";
import { formatPeriod } from "./pulseFormat";

/** The headline figures of the chosen period and team. */
export function PulseMetrics({ summary }: { summary: PulseSummary["summary"] }) {
  return (
    <div className="metrics">
      <Metric value={`${summary.participationRate.toFixed(0)}%`} label="Participation" hint="Invites answered" />
      <Metric value={String(summary.totalResponses)} label="Answers counted" />
      <Metric value={String(summary.waitingResponses)} label="Waiting to be counted" />
      <Metric value={String(summary.totalInvites)} label="Invites sent" />
      <Metric value={formatPeriod(summary.dateRange)} label="Period" hint={`Compared with ${formatPeriod(summary.previousDateRange)}`} small />
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
      Answers are anonymous and counted in groups of {threshold}, so nobody can be singled out: a team's answers to a question appear only once {threshold} have
      come in, all together, in the week they are counted.
      {waiting > 0 && ` Until then they show as waiting (${waiting} now).`}
    </Notice>
  );
}
