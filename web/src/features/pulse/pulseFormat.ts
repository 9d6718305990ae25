/**
 * Pure formatting for the pulse dashboard: ISO weeks and dates as people read them, the change
 * against the previous period, and the 1–5 colour scale. No date library: the server sends UTC
 * calendar dates (YYYY-MM-DD) and ISO weeks (YYYY-Www), so plain UTC arithmetic is exact.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY_MS = 86_400_000;

/** "2026-11-02" → a Date at 00:00 UTC of that day; null when the text is not such a date. */
export function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A UTC date as YYYY-MM-DD. */
export function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The Monday of an ISO week: "2026-W37" → 2026-09-07 (UTC). Week 1 is the week holding 4 January,
 * so its Monday can fall in the previous December.
 */
export function isoWeekMonday(week: string): Date | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const year = Number(match[1]);
  const weekNumber = Number(match[2]);
  const january4 = Date.UTC(year, 0, 4);
  const january4Weekday = (new Date(january4).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return new Date(january4 - january4Weekday * DAY_MS + (weekNumber - 1) * 7 * DAY_MS);
}

/** "Sep 7", or "Sep 7, 2026" with the year. */
export function formatMonthDay(date: Date, withYear = false): string {
  const text = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return withYear ? `${text}, ${date.getUTCFullYear()}` : text;
}

/** A week as the date of its Monday: "2026-W37" → "Sep 7" (the raw text if it is not an ISO week). */
export function formatWeek(week: string, withYear = false): string {
  const monday = isoWeekMonday(week);
  return monday ? formatMonthDay(monday, withYear) : week;
}

/**
 * A comment's week, from its Monday (YYYY-MM-DD): "Week of Jun 8", with the year when it is not
 * `thisYear`'s (a 52-week range reaches into the year before).
 */
export function formatWeekOf(monday: string, thisYear: number = new Date().getUTCFullYear()): string {
  const date = parseDay(monday);
  return date ? `Week of ${formatMonthDay(date, date.getUTCFullYear() !== thisYear)}` : `Week of ${monday}`;
}

/** "Sep 1 – Nov 25"; both ends carry their year when the period spans two years. */
export function formatPeriod(range: { start: string; end: string }): string {
  const start = parseDay(range.start);
  const end = parseDay(range.end);
  if (!start || !end) return `${range.start} – ${range.end}`;
  const spansYears = start.getUTCFullYear() !== end.getUTCFullYear();
  return `${formatMonthDay(start, spansYears)} – ${formatMonthDay(end, spansYears)}`;
}

/** The Mondays (YYYY-MM-DD) of every ISO week from the range's start to its end: the chart's x axis. */
export function weeksOfRange(range: { start: string; end: string }): string[] {
  const start = parseDay(range.start);
  const end = parseDay(range.end);
  if (!start || !end) return [];
  const firstMonday = start.getTime() - ((start.getUTCDay() + 6) % 7) * DAY_MS;
  const weeks: string[] = [];
  for (let time = firstMonday; time <= end.getTime() && weeks.length < 60; time += 7 * DAY_MS) weeks.push(dayKey(new Date(time)));
  return weeks;
}

/** Averages are shown with one decimal: precision beyond that on a 1–5 scale is noise. */
export function formatScore(score: number): string {
  return score.toFixed(1);
}

export interface Change {
  /** Rounded to the one decimal shown. */
  delta: number;
  direction: "up" | "down" | "same";
  /** "▲ 0.3", "▼ 0.2" or "= 0.0". */
  short: string;
  /** "up 0.3", for screen readers and sentences. */
  words: string;
}

/** The change between two averages, or null when either is missing (no released answers then). */
export function changeBetween(current: number | null, previous: number | null): Change | null {
  if (current === null || previous === null) return null;
  const delta = Math.round((current - previous) * 10) / 10;
  if (delta === 0) return { delta: 0, direction: "same", short: "= 0.0", words: "no change" };
  const size = Math.abs(delta).toFixed(1);
  return delta > 0
    ? { delta, direction: "up", short: `▲ ${size}`, words: `up ${size}` }
    : { delta, direction: "down", short: `▼ ${size}`, words: `down ${size}` };
}

/** Whether any average on the page (a question's, or a team's) has an earlier figure to compare with. */
export function hasEarlierFigures(
  questions: ReadonlyArray<{
    averageScore: number | null;
    previousPeriod: { averageScore: number | null };
    byTeam: ReadonlyArray<{ averageScore: number | null; previousPeriod: { averageScore: number | null } }>;
  }>,
): boolean {
  const comparable = (figure: { averageScore: number | null; previousPeriod: { averageScore: number | null } }) =>
    figure.averageScore !== null && figure.previousPeriod.averageScore !== null;
  return questions.some((question) => comparable(question) || question.byTeam.some(comparable));
}

export function weeksLabel(weeks: number): string {
  return weeks === 1 ? "previous week" : `previous ${weeks} weeks`;
}

/** "12w" → 12. */
export function rangeWeeks(range: string): number {
  return Number.parseInt(range, 10) || 12;
}

export interface HeatBand {
  /** Lowest average (as shown, one decimal) in this band. */
  from: number;
  label: string;
  background: string;
  color: string;
}

/**
 * The heatmap's colour scale, low to high. Bands are cut on the one-decimal value that is shown, so
 * a cell's number always falls inside its legend label. The colours are the theme's variables
 * (shared/theme.ts), a light and a dark pair per band, each at 4.5:1 or more.
 */
export const HEAT_BANDS: readonly HeatBand[] = [
  { from: 1, label: "1.0–1.9", background: "var(--heat-1-bg)", color: "var(--heat-1-text)" },
  { from: 2, label: "2.0–2.7", background: "var(--heat-2-bg)", color: "var(--heat-2-text)" },
  { from: 2.8, label: "2.8–3.4", background: "var(--heat-3-bg)", color: "var(--heat-3-text)" },
  { from: 3.5, label: "3.5–4.2", background: "var(--heat-4-bg)", color: "var(--heat-4-text)" },
  { from: 4.3, label: "4.3–5.0", background: "var(--heat-5-bg)", color: "var(--heat-5-text)" },
];

export function heatBand(score: number): HeatBand {
  const shown = Math.round(score * 10) / 10;
  let band = HEAT_BANDS[0] as HeatBand;
  for (const candidate of HEAT_BANDS) if (shown >= candidate.from) band = candidate;
  return band;
}

/** An eNPS with its sign, as people write it: "+23", "−5" (a true minus), "0". */
export function formatEnps(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${Math.abs(value)}`;
  return "0";
}

/** Who an eNPS is made of, in plain words. */
export function enpsInWords(breakdown: { promoters: number; passives: number; detractors: number }): string {
  return [`${breakdown.promoters} would recommend (9–10)`, `${breakdown.passives} in between (7–8)`, `${breakdown.detractors} would not (0–6)`].join(", ");
}
