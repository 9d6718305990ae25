import { useMemo } from "react";
import type { PulseQuestionSummary, PulseTeamEntry } from "./api";
import { CellChange, WaitingBadge } from "./PulseFigures";
import { formatEnps, formatScore, HEAT_BANDS, heatBand } from "./pulseFormat";

interface HeatmapProps {
  questions: PulseQuestionSummary[];
  threshold: number;
  /** Length of the range in weeks, for "vs previous n weeks". */
  weeks: number;
  period: string;
  /** Whether any cell has an earlier figure: the legend explains the arrows only then. */
  compared: boolean;
}

/** `byTeam` names people without a team with teamId null; a column needs a string key. */
const teamKey = (entry: Pick<PulseTeamEntry, "teamId">) => entry.teamId ?? "no-team";

/** Questions down, teams across: each cell the team's average, its change, or a waiting marker. */
export function PulseHeatmap({ questions, threshold, weeks, period, compared }: HeatmapProps) {
  const columns = useMemo(() => {
    const seen = new Map<string, string>();
    for (const question of questions) for (const entry of question.byTeam) seen.set(teamKey(entry), entry.teamName);
    return [...seen.entries()].map(([key, name]) => ({ key, name }));
  }, [questions]);
  if (columns.length === 0) return null;

  return (
    <section aria-labelledby="heatmap-heading" className="heatmap-section">
      <h2 id="heatmap-heading">Teams at a glance</h2>
      <HeatLegend threshold={threshold} compared={compared} />
      {/* Focusable so keyboard users can scroll it sideways when there are many teams. */}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Average score per question and team">
        <table className="heatmap">
          <caption className="visually-hidden">Average score per question and team, 1 to 5, {period}</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              {columns.map((team) => (
                <th scope="col" key={team.key} className="heatmap-team" dir="auto">
                  {team.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {questions.map((question) => (
              <tr key={question.id}>
                <th scope="row" className="heatmap-question" dir="auto">
                  {question.text}
                </th>
                {columns.map((team) => (
                  <HeatCell
                    key={team.key}
                    entry={question.byTeam.find((candidate) => teamKey(candidate) === team.key)}
                    enps={question.scale === "enps11"}
                    threshold={threshold}
                    weeks={weeks}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function HeatCell({ entry, enps, threshold, weeks }: { entry: PulseTeamEntry | undefined; enps: boolean; threshold: number; weeks: number }) {
  if (!entry) {
    return (
      <td className="cell cell-empty">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">Not asked in this team</span>
      </td>
    );
  }
  if (entry.averageScore === null) {
    return (
      <td className="cell cell-empty">
        {entry.waitingResponses > 0 ? (
          <WaitingBadge waiting={entry.waitingResponses} threshold={threshold} perGroup />
        ) : entry.responseCount > 0 ? (
          // Only after k was raised above an earlier batch's size (CONTRACT §5): that average stays hidden.
          `Fewer than ${threshold} answers`
        ) : (
          "No answers yet"
        )}
      </td>
    );
  }
  if (enps) {
    // A 0..10 question: its eNPS, coloured by its average brought onto the 1..5 bands.
    const band = heatBand(1 + (entry.averageScore * 4) / 10);
    return (
      <td className="cell" style={{ background: band.background, color: band.color }}>
        <span className="cell-score">
          {entry.enps === null || entry.enps === undefined ? formatScore(entry.averageScore) : `eNPS ${formatEnps(entry.enps)}`}
        </span>
        <span className="visually-hidden">
          , average {formatScore(entry.averageScore)} of 10 from {entry.responseCount} answers
        </span>
      </td>
    );
  }
  const band = heatBand(entry.averageScore);
  return (
    <td className="cell" style={{ background: band.background, color: band.color }}>
      <span className="cell-score">{formatScore(entry.averageScore)}</span>
      <CellChange current={entry.averageScore} previous={entry.previousPeriod.averageScore} weeks={weeks} />
      <span className="visually-hidden">, from {entry.responseCount} answers</span>
    </td>
  );
}

/** The colour scale, each band's label drawn in its own colours (the pairs keep 4.5:1 contrast). */
function HeatLegend({ threshold, compared }: { threshold: number; compared: boolean }) {
  return (
    <div className="heat-legend">
      <span className="heat-legend-title" id="heat-legend-title">
        Average score
      </span>
      <ul aria-labelledby="heat-legend-title">
        {HEAT_BANDS.map((band) => (
          <li key={band.label} className="heat-legend-band" style={{ background: band.background, color: band.color }}>
            {band.label}
          </li>
        ))}
        <li className="heat-legend-note">
          {/* An example of the marker: one answer short of the group size. */}
          <span className="badge badge-waiting">
            {Math.max(1, threshold - 1)} of {threshold} so far
          </span>{" "}
          waiting for enough answers to be shown
        </li>
        {compared && (
          <li className="heat-legend-note">
            <span aria-hidden="true">▲▼</span> up or down on the previous period
          </li>
        )}
      </ul>
    </div>
  );
}
