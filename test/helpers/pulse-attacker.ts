import { DateTime } from "luxon";
import type { ApiClient } from "./app.js";

/**
 * The differencing attacker of the pulse anonymity tests (CONTRACT §5): reads every figure the
 * summary and the export show with an average, and compares every two of them that are nested
 * (one counts a superset of the other's responses: the same question, a superset of teams and a
 * superset of weeks, read at the same time or later). If two such figures differ by 1..k-1
 * responses, that difference is the sum of fewer than k people's scores.
 */

export interface Figure {
  question: string;
  /** "all", or the team ids (or "none" for people without a team) the figure counts. */
  teams: "all" | string[];
  /** Monday dates (YYYY-MM-DD) of the first and last ISO week the figure counts. */
  from: string;
  to: string;
  count: number;
  /** When it was read: a later reading only ever counts more released responses. */
  at: number;
  source: string;
}

export interface Leak {
  larger: Figure;
  smaller: Figure;
  difference: number;
}

const mondayOf = (isoWeek: string) => DateTime.fromISO(isoWeek.replace(/^(\d{4})-W(\d{2})$/, "$1-W$2-1"), { zone: "utc" }).toISODate() as string;
const currentMonday = (date: string) => DateTime.fromISO(date, { zone: "utc" }).startOf("week").toISODate() as string;

interface SummaryBody {
  summary: { dateRange: { start: string; end: string } };
  questions: Array<{
    id: string;
    responseCount: number;
    averageScore: number | null;
    trend: { weekly: Array<{ week: string; avg: number | null; count: number }> };
    byTeam: Array<{ teamId: string | null; responseCount: number; averageScore: number | null }>;
  }>;
}

export class FigureCollector {
  readonly figures = new Map<string, Figure>();

  private add(figure: Figure): void {
    const key = `${figure.question}|${figure.teams === "all" ? "all" : figure.teams.join(",")}|${figure.from}|${figure.to}|${figure.at}`;
    const seen = this.figures.get(key);
    // The same figure read twice at the same time must agree (summary and export, two ranges).
    if (seen && seen.count !== figure.count) throw new Error(`${key} read as ${seen.count} (${seen.source}) and ${figure.count} (${figure.source})`);
    if (!seen) this.figures.set(key, figure);
  }

  /** Every figure with an average in one GET /pulse/summary answer. */
  addSummary(body: SummaryBody, view: { team: string | null; at: number; source: string }): void {
    const from = body.summary.dateRange.start;
    const to = currentMonday(body.summary.dateRange.end);
    const viewTeams = view.team === null ? ("all" as const) : [view.team];
    for (const question of body.questions) {
      const base = { question: question.id, at: view.at, source: view.source };
      if (question.averageScore !== null) this.add({ ...base, teams: viewTeams, from, to, count: question.responseCount });
      for (const entry of question.byTeam) {
        if (entry.averageScore !== null) this.add({ ...base, teams: [entry.teamId ?? "none"], from, to, count: entry.responseCount });
      }
      for (const week of question.trend.weekly) {
        if (week.avg !== null) this.add({ ...base, teams: viewTeams, from: mondayOf(week.week), to: mondayOf(week.week), count: week.count });
      }
    }
  }

  /** Every figure with an average in one pulse export (JSON rows). */
  addExport(rows: Array<Record<string, unknown>>, view: { team: string | null; at: number; source: string }): void {
    const summary = rows.find((row) => row.scope === "summary");
    if (!summary) throw new Error("the export has no summary row");
    const from = String(summary.dateRangeStart);
    const to = currentMonday(String(summary.dateRangeEnd));
    const viewTeams = view.team === null ? ("all" as const) : [view.team];
    for (const row of rows) {
      if (row.averageScore === null || row.scope === "summary") continue;
      const base = { question: String(row.questionId), at: view.at, source: view.source, count: Number(row.responseCount) };
      if (row.scope === "question") this.add({ ...base, teams: viewTeams, from, to });
      if (row.scope === "team") this.add({ ...base, teams: [row.teamId === null ? "none" : String(row.teamId)], from, to });
      if (row.scope === "week") this.add({ ...base, teams: viewTeams, from: mondayOf(String(row.week)), to: mondayOf(String(row.week)) });
    }
  }

  /** Every pair of nested figures whose counts differ by 1..k-1. */
  leaks(threshold: number): Leak[] {
    const byQuestion = new Map<string, Figure[]>();
    for (const figure of this.figures.values()) byQuestion.set(figure.question, [...(byQuestion.get(figure.question) ?? []), figure]);
    const leaks: Leak[] = [];
    for (const figures of byQuestion.values()) {
      for (const larger of figures) {
        for (const smaller of figures) {
          if (larger === smaller || !contains(larger, smaller)) continue;
          const difference = larger.count - smaller.count;
          if (difference >= 1 && difference < threshold) leaks.push({ larger, smaller, difference });
        }
      }
    }
    return leaks;
  }
}

function contains(larger: Figure, smaller: Figure): boolean {
  if (larger.at < smaller.at) return false;
  if (larger.from > smaller.from || larger.to < smaller.to) return false;
  if (larger.teams === "all") return true;
  if (smaller.teams === "all") return false;
  const teams = larger.teams;
  return smaller.teams.every((team) => teams.includes(team));
}

/** Reads the summary and the export for each range and team filter given, as an admin would. */
export async function readEverything(
  client: ApiClient,
  collector: FigureCollector,
  options: { ranges: number[]; teams: Array<string | null>; at: number; exportRanges?: number[] },
): Promise<void> {
  for (const team of options.teams) {
    const teamQuery = team ? `&team=${team}` : "";
    for (const range of options.ranges) {
      const summary = await client.get(`/pulse/summary?range=${range}w${teamQuery}`);
      if (summary.status !== 200) throw new Error(`summary ${range}w ${team}: ${summary.status}`);
      collector.addSummary(summary.body, { team, at: options.at, source: `summary ${range}w ${team ?? "all"}` });
    }
    for (const range of options.exportRanges ?? options.ranges) {
      const exported = await client.get(`/admin/export/pulse?format=json&range=${range}w${teamQuery}`);
      if (exported.status !== 200) throw new Error(`export ${range}w ${team}: ${exported.status}`);
      collector.addExport(exported.body, { team, at: options.at, source: `export ${range}w ${team ?? "all"}` });
    }
  }
}

export function describeLeaks(leaks: Leak[], limit = 5): string {
  return leaks
    .slice(0, limit)
    .map(({ larger, smaller, difference }) => `${larger.source} (${larger.count}) - ${smaller.source} (${smaller.count}) = ${difference} response(s)`)
    .join("\n");
}
