import { changeBetween, formatScore, weeksLabel } from "./pulseFormat";

/**
 * Small markers shared by the heatmap and the question cards. Answers are released in groups of k
 * (CONTRACT §5), so "waiting" answers are normal, not an error: they get a compact badge, never a
 * sentence in a table cell.
 */

/**
 * "3 of 5 so far" for one (question, team) group: its answers are shown once k have come in.
 * Summed over several groups (a question across teams) the count can exceed k, so there the
 * badge says only "12 not shown yet".
 */
export function WaitingBadge({ waiting, threshold, perGroup }: { waiting: number; threshold: number; perGroup: boolean }) {
  if (waiting <= 0) return null;
  const title = perGroup
    ? `${waiting} ${waiting === 1 ? "answer is" : "answers are"} waiting for enough answers to be shown: this team's answers appear together once ${threshold} have come in.`
    : `${waiting} ${waiting === 1 ? "answer is" : "answers are"} waiting for enough answers to be shown: each team's answers appear once ${threshold} have come in.`;
  return (
    <span className="badge badge-waiting" title={title}>
      {/* No-break spaces: in a narrow cell the badge stays on one or two readable lines. */}
      {perGroup ? `${waiting}\u00a0of\u00a0${threshold} so\u00a0far` : `${waiting}\u00a0not shown\u00a0yet`}
    </span>
  );
}

/**
 * A question card's line: "▲ 0.3 vs previous 4 weeks (3.6)". Without an earlier average there is
 * nothing to compare, and the card says nothing about it rather than apologising.
 */
export function ChangeLine({ current, previous, weeks }: { current: number | null; previous: number | null; weeks: number }) {
  if (current === null) return null;
  const change = changeBetween(current, previous);
  if (!change || previous === null) return null;
  return (
    <p className={`change change-${change.direction}`}>
      <span aria-hidden="true">{change.short}</span>
      <span className="visually-hidden">{change.words}</span> vs {weeksLabel(weeks)} ({formatScore(previous)})
    </p>
  );
}

/** Inside a heatmap cell: just the arrow and size; the words are there for screen readers. */
export function CellChange({ current, previous, weeks }: { current: number; previous: number | null; weeks: number }) {
  const change = changeBetween(current, previous);
  if (!change || previous === null) return null;
  return (
    <span className="cell-change">
      <span aria-hidden="true">{change.short}</span>
      <span className="visually-hidden">
        , {change.words} on the {weeksLabel(weeks)} ({formatScore(previous)})
      </span>
    </span>
  );
}
