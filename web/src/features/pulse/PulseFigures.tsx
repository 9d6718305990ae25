import { changeBetween, formatScore, weeksLabel } from "./pulseFormat";

/**
 * Small markers shared by the heatmap and the question cards. Answers are released in groups of k
 * (CONTRACT §5), so "waiting" answers are normal, not an error: they get a compact badge, never a
 * sentence in a table cell.
 */

/**
 * "3 waiting · shown at 5" for one (question, team) group. Summed over several groups (a question
 * across teams) the count can exceed k, so there the badge says only "12 waiting".
 */
export function WaitingBadge({ waiting, threshold, perGroup }: { waiting: number; threshold: number; perGroup: boolean }) {
  if (waiting <= 0) return null;
  const title = perGroup
    ? `${waiting} ${waiting === 1 ? "answer is" : "answers are"} waiting: this group's answers are counted together once ${threshold} have come in.`
    : `${waiting} ${waiting === 1 ? "answer is" : "answers are"} waiting to be counted: each team's answers are counted in groups of ${threshold}.`;
  return (
    <span className="badge badge-waiting" title={title}>
      {/* No-break spaces: in a narrow cell the badge wraps only after the dot. */}
      {perGroup ? `${waiting}\u00a0waiting\u00a0· shown\u00a0at\u00a0${threshold}` : `${waiting}\u00a0waiting`}
    </span>
  );
}

/** A question card's line: "▲ 0.3 vs previous 4 weeks (3.6)", or "No earlier data to compare". */
export function ChangeLine({ current, previous, weeks }: { current: number | null; previous: number | null; weeks: number }) {
  if (current === null) return null;
  const change = changeBetween(current, previous);
  if (!change || previous === null) return <p className="change change-none">No earlier data to compare</p>;
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
