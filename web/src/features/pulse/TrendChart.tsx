import type { PulseWeek } from "./api";
import { formatMonthDay, formatScore, formatWeek, isoWeekMonday, dayKey, parseDay } from "./pulseFormat";
import { useElementWidth } from "./useElementWidth";

const HEIGHT = 190;
const PAD = { left: 30, right: 26, top: 12, bottom: 30 };
/** Room one x label needs at the chart's 12.5 px text ("Sep 14" plus a gap). */
const LABEL_SLOT = 56;
const SCORES = [1, 2, 3, 4, 5];

interface Point {
  index: number;
  week: string;
  avg: number;
  count: number;
}

interface TrendChartProps {
  weekly: PulseWeek[];
  /** The Mondays (YYYY-MM-DD) of every week of the range, released or not: the x axis. */
  weeks: string[];
  label: string;
  threshold: number;
  waiting: number;
}

/**
 * Weekly averages on the 1–5 scale across every week of the range. Only weeks in which a group's
 * answers were released have a point; a dashed line bridges weeks without one, so a gap in time
 * stays visible.
 */
export function TrendChart({ weekly, weeks, label, threshold, waiting }: TrendChartProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>(320);
  const points = toPoints(weekly, weeks);

  if (points.length === 0) {
    return (
      <div ref={ref} className="chart-frame chart-empty">
        {waiting > 0
          ? `Not shown yet: ${waiting} ${waiting === 1 ? "answer is" : "answers are"} waiting for ${threshold} to come in`
          : "No answers in this period"}
      </div>
    );
  }

  const innerW = Math.max(width - PAD.left - PAD.right, 40);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (weeks.length <= 1 ? innerW / 2 : (index * innerW) / (weeks.length - 1));
  const y = (score: number) => PAD.top + innerH - ((score - 1) / 4) * innerH;
  // Label every step-th week, counted back from the current one so the latest week is always named.
  const step = Math.max(1, Math.ceil(weeks.length / Math.max(1, Math.floor(innerW / LABEL_SLOT) + 1)));
  const labelled = weeks.map((_, index) => (weeks.length - 1 - index) % step === 0);

  return (
    <div ref={ref} className="chart-frame">
      <svg className="chart" width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={describe(label, points, weeks.length)}>
        {SCORES.map((score) => (
          <g key={score}>
            <line className="grid" x1={PAD.left} x2={PAD.left + innerW} y1={y(score)} y2={y(score)} />
            <text className="tick" x={PAD.left - 8} y={y(score)} textAnchor="end" dominantBaseline="middle">
              {score}
            </text>
          </g>
        ))}
        {weeks.map((monday, index) =>
          labelled[index] ? (
            <text key={monday} className="tick" x={x(index)} y={HEIGHT - 8} textAnchor="middle">
              {formatMonday(monday)}
            </text>
          ) : null,
        )}
        {points.slice(1).map((point, i) => {
          const before = points[i] as Point;
          const gap = point.index - before.index > 1;
          return (
            <line key={point.week} className={gap ? "line line-gap" : "line"} x1={x(before.index)} y1={y(before.avg)} x2={x(point.index)} y2={y(point.avg)} />
          );
        })}
        {points.map((point) => (
          <circle key={point.week} className="point" cx={x(point.index)} cy={y(point.avg)} r={4.5}>
            <title>{`Week of ${formatWeek(point.week, true)}: ${formatScore(point.avg)} from ${point.count} answers`}</title>
          </circle>
        ))}
      </svg>
    </div>
  );
}

function formatMonday(monday: string): string {
  const date = parseDay(monday);
  return date ? formatMonthDay(date) : monday;
}

/** Released weeks placed on the range's axis; weeks outside it (none, normally) are left out. */
function toPoints(weekly: PulseWeek[], weeks: string[]): Point[] {
  const indexOf = new Map(weeks.map((monday, index) => [monday, index]));
  const points: Point[] = [];
  for (const entry of weekly) {
    const monday = isoWeekMonday(entry.week);
    const index = monday ? indexOf.get(dayKey(monday)) : undefined;
    if (entry.avg === null || index === undefined) continue;
    points.push({ index, week: entry.week, avg: entry.avg, count: entry.count });
  }
  return points.sort((a, b) => a.index - b.index);
}

/** The chart's accessible name: every point when there are few, otherwise the first, last, low and high. */
function describe(label: string, points: Point[], weekCount: number): string {
  const say = (point: Point) => `week of ${formatWeek(point.week)} ${formatScore(point.avg)}`;
  const head = `${label}: weekly average on a 1 to 5 scale, ${points.length} of ${weekCount} weeks with answers shown`;
  if (points.length <= 8) return `${head}: ${points.map(say).join(", ")}.`;
  const sorted = [...points].sort((a, b) => a.avg - b.avg);
  return `${head}; first ${say(points[0] as Point)}, latest ${say(points[points.length - 1] as Point)}, lowest ${say(sorted[0] as Point)}, highest ${say(sorted[sorted.length - 1] as Point)}.`;
}
