import type { PulseQuestionSummary } from "./api";
import { enpsInWords, formatEnps, formatWeek } from "./pulseFormat";

/**
 * An eNPS question's figure: per cent who would recommend (9–10) minus per cent who would not
 * (0–6), from released answers only, with who it is made of in words and its weekly trend as a
 * list (its 0–10 answers do not belong on the 1–5 chart).
 */
export function PulseEnps({ question }: { question: PulseQuestionSummary }) {
  const weekly = question.trend.weekly.filter((week) => week.enps !== null && week.enps !== undefined);
  if (question.enps === null || question.enps === undefined || !question.enpsBreakdown) {
    return <p className="pulse-figure-none">No eNPS yet</p>;
  }
  return (
    <div>
      <p className="pulse-enps">
        <strong className="pulse-enps-score">eNPS {formatEnps(question.enps)}</strong>
        <span className="pulse-enps-parts">{enpsInWords(question.enpsBreakdown)}</span>
      </p>
      {weekly.length > 0 && (
        <>
          <h4 className="visually-hidden">eNPS by week</h4>
          <ul className="pulse-enps-trend" aria-label={`eNPS by week for ${question.text}`}>
            {weekly.map((week) => (
              <li key={week.week}>
                {formatWeek(week.week)}: {formatEnps(week.enps as number)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
