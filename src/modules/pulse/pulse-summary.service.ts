import type { Clock } from "../../platform/clock.js";
import type { RequestContext, Tenant } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { hasPermission, teamsWithPermission } from "../../platform/http/permissions.js";
import type { TenantSettings } from "../settings/settings.schema.js";
import { isoWeekLabel, weekRange } from "./pulse.calendar.js";
import { inviteTotals, listQuestionsForSummary, listResponseCells, teamNames, type ResponseCell } from "./pulse-responses.repository.js";
import type { PulseSummary } from "./pulse.schemas.js";
import { suppressGrid } from "./pulse-suppression.js";

/** People without a team (or whose team was deleted) form one more group of the grid. */
const NO_TEAM = "";
const NO_TEAM_NAME = "No team";

export interface SummaryOptions {
  rangeWeeks: number;
  /** Only this team's figures; the suppression is still decided on every team's data. */
  teamId?: string | null;
  now?: Date;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const average = (sum: number, count: number) => round(sum / count, 2);

function suppressedMessage(count: number, threshold: number): string {
  return count < threshold
    ? `Insufficient responses to protect anonymity (fewer than ${threshold}).`
    : "Insufficient responses to protect anonymity: together with the figures shown, this figure would reveal a smaller group's responses.";
}

interface Cell {
  count: number;
  sum: number;
}

function gridOf(cells: ResponseCell[]): Map<string, Map<string, Cell>> {
  const grid = new Map<string, Map<string, Cell>>();
  for (const cell of cells) {
    const row = cell.teamId ?? NO_TEAM;
    if (!grid.has(row)) grid.set(row, new Map());
    grid.get(row)?.set(cell.week, { count: cell.responses, sum: cell.scoreSum });
  }
  return grid;
}

function totalOf(cells: Iterable<Cell>): Cell {
  let count = 0;
  let sum = 0;
  for (const cell of cells) {
    count += cell.count;
    sum += cell.sum;
  }
  return { count, sum };
}

/**
 * SPEC's pulse summary for a tenant, with every figure below the tenant's threshold hidden and
 * complementary suppression across the whole question (pulse-suppression.ts). The threshold is the
 * tenant setting only. Reusable by the export: it needs no request.
 */
export async function computePulseSummary(db: Executor, tenant: Pick<Tenant, "id">, settings: TenantSettings, options: SummaryOptions): Promise<PulseSummary> {
  const threshold = settings.pulse.anonThreshold;
  const range = weekRange(options.now ?? new Date(), options.rangeWeeks);
  const teamId = options.teamId ?? null;
  const [cells, invites, questions, names] = await Promise.all([
    listResponseCells(db, tenant.id, range.start),
    inviteTotals(db, tenant.id, range.start, teamId ?? undefined),
    listQuestionsForSummary(db, tenant.id),
    teamNames(db, tenant.id),
  ]);

  const cellsByQuestion = new Map<string, ResponseCell[]>();
  for (const cell of cells) {
    const list = cellsByQuestion.get(cell.questionId);
    if (list) list.push(cell);
    else cellsByQuestion.set(cell.questionId, [cell]);
  }

  let totalResponses = 0;
  const listed: PulseSummary["questions"] = [];
  for (const question of questions) {
    const grid = gridOf(cellsByQuestion.get(question.id) ?? []);
    const applies = question.active && (teamId === null || question.teamId === null || question.teamId === teamId);
    const viewRows = teamId === null ? [...grid.keys()] : grid.has(teamId) ? [teamId] : [];
    if (viewRows.length === 0 && !applies) continue;

    const counts = new Map([...grid].map(([row, weeks]) => [row, new Map([...weeks].map(([week, cell]) => [week, cell.count]))]));
    const pattern = suppressGrid(counts, threshold);

    const byTeam = viewRows
      .map((row) => {
        const total = totalOf(grid.get(row)?.values() ?? []);
        const hidden = pattern.rowHidden(row);
        return {
          teamId: row === NO_TEAM ? null : row,
          teamName: row === NO_TEAM ? NO_TEAM_NAME : (names.get(row) ?? NO_TEAM_NAME),
          responseCount: total.count,
          averageScore: hidden ? null : average(total.sum, total.count),
          ...(hidden ? { message: suppressedMessage(total.count, threshold) } : {}),
        };
      })
      .sort((a, b) => (a.teamId === null ? 1 : b.teamId === null ? -1 : a.teamName.localeCompare(b.teamName) || a.teamId.localeCompare(b.teamId)));

    let overall: Cell;
    let overallHidden: boolean;
    let weekly: Array<{ week: string; avg: number | null; count: number }>;
    if (teamId === null) {
      overall = totalOf([...grid.values()].flatMap((weeks) => [...weeks.values()]));
      overallHidden = pattern.totalHidden;
      const columns = new Map<string, Cell>();
      for (const weeks of grid.values()) {
        for (const [week, cell] of weeks) columns.set(week, totalOf([columns.get(week) ?? { count: 0, sum: 0 }, cell]));
      }
      weekly = [...columns].map(([week, cell]) => ({ week, avg: pattern.colHidden(week) ? null : average(cell.sum, cell.count), count: cell.count }));
    } else {
      const row = grid.get(teamId) ?? new Map<string, Cell>();
      overall = totalOf(row.values());
      overallHidden = overall.count < threshold || pattern.rowHidden(teamId);
      weekly = [...row].map(([week, cell]) => ({ week, avg: pattern.cellHidden(teamId, week) ? null : average(cell.sum, cell.count), count: cell.count }));
    }
    weekly.sort((a, b) => a.week.localeCompare(b.week));
    totalResponses += overall.count;
    listed.push({
      id: question.id,
      text: question.text,
      responseCount: overall.count,
      averageScore: overallHidden || overall.count === 0 ? null : average(overall.sum, overall.count),
      trend: { weekly: weekly.map((entry) => ({ ...entry, week: isoWeekLabel(entry.week) })) },
      byTeam,
    });
  }

  return {
    summary: {
      totalResponses,
      totalInvites: invites.invited,
      participationRate: invites.invited === 0 ? 0 : round((invites.answered / invites.invited) * 100, 1),
      dateRange: range,
    },
    questions: listed,
  };
}

export interface PulseSummaryService {
  summary(ctx: RequestContext, query: { rangeWeeks: number; teamId?: string }): Promise<PulseSummary>;
}

/** True when the user may see some pulse summary (an admin or owner, or a moderator of a team). */
export function canSeeSomeSummary(ctx: RequestContext): boolean {
  const teams = teamsWithPermission(ctx.user, "pulse.summary");
  return teams === null || teams.length > 0;
}

/** CONTRACT §5/§8: admins and owners see any team or all; a moderator only one of their teams. */
export function createPulseSummaryService(deps: { db: Database; clock: Clock }): PulseSummaryService {
  return {
    async summary(ctx, query) {
      const user = ctx.user;
      if (!user) throw errors.unauthenticated();
      const everyTeam = teamsWithPermission(user, "pulse.summary") === null;
      if (!query.teamId) {
        if (!everyTeam) throw errors.forbidden("Moderators see the pulse of their own teams: add team=<teamId>.");
      } else if (!hasPermission(user, "pulse.summary", query.teamId)) {
        throw errors.forbidden("You can see the pulse of your own teams only.");
      } else if (!(await teamNames(deps.db, ctx.tenant.id)).has(query.teamId)) {
        throw errors.notFound("Team");
      }
      return computePulseSummary(deps.db, ctx.tenant, ctx.settings, { rangeWeeks: query.rangeWeeks, teamId: query.teamId ?? null, now: deps.clock.now() });
    },
  };
}
