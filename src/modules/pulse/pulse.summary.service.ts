import type { Clock } from "../../platform/clock.js";
import type { RequestContext, Tenant } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { countComments } from "./pulse.comments.repository.js";
import { errors } from "../../platform/errors.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { isoWeekLabel, previousWeekRange, weekRange } from "./pulse.calendar.js";
import { countWaitingByGroup } from "./pulse.release.repository.js";
import { findTeam, listTeams } from "../teams/index.js";
import {
  inviteTotals,
  listEnpsCells,
  listQuestionsForSummary,
  listResponseCells,
  reminderParticipation,
  type ResponseCell,
} from "./pulse.responses.repository.js";
import type { PulseSummary } from "./pulse.schemas.js";

/** People without a team (or whose team was deleted) form one more group. */
const NO_TEAM = "";
const NO_TEAM_NAME = "No team";

export interface SummaryOptions {
  rangeWeeks: number;
  /** Only this team's figures. */
  teamId?: string | null;
  now?: Date;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** `promoters` and `detractors` are counted for enps11 questions only. */
interface Tally {
  count: number;
  sum: number;
  promoters: number;
  detractors: number;
}

const zero = (): Tally => ({ count: 0, sum: 0, promoters: 0, detractors: 0 });

const add = (into: Tally, cell: Tally) => {
  into.count += cell.count;
  into.sum += cell.sum;
  into.promoters += cell.promoters;
  into.detractors += cell.detractors;
};

interface Row {
  current: Tally;
  previous: Tally;
  weeks: Map<string, Tally>;
  waiting: number;
}

const emptyRow = (): Row => ({ current: zero(), previous: zero(), weeks: new Map(), waiting: 0 });

/**
 * SPEC's pulse summary over released responses only (CONTRACT §5). Every released batch holds at
 * least k answers and lies in one (question, team, week) cell, so every figure here, and every
 * difference between two figures of any views or times, is 0 or at least k answers: nothing has
 * to be hidden to stop differencing. A figure of fewer than k responses can only exist after k
 * was raised above an earlier batch's size; SPEC's rule hides its average. Reusable by the export.
 */
export async function computePulseSummary(db: Executor, tenant: Pick<Tenant, "id">, settings: TenantSettings, options: SummaryOptions): Promise<PulseSummary> {
  const threshold = settings.pulse.anonThreshold;
  const now = options.now ?? new Date();
  const range = weekRange(now, options.rangeWeeks);
  const previousRange = previousWeekRange(now, options.rangeWeeks);
  const teamId = options.teamId ?? null;
  const [cells, enpsCells, waiting, invites, reminders, questions, names, comments] = await Promise.all([
    listResponseCells(db, tenant.id, previousRange.start, teamId ?? undefined),
    listEnpsCells(db, tenant.id, previousRange.start),
    countWaitingByGroup(db, tenant.id),
    inviteTotals(db, tenant.id, range.start, teamId ?? undefined),
    reminderParticipation(db, tenant.id, range.start, teamId ?? undefined),
    listQuestionsForSummary(db, tenant.id),
    listTeams(db, tenant.id).then((teams) => new Map(teams.map((team) => [team.id, team.name]))),
    countComments(db, { tenantId: tenant.id, teamIds: teamId ? [teamId] : null, fromWeek: range.start }),
  ]);
  const commentsOf = new Map(comments.map((count) => [count.questionId, { total: count.comments, conversations: count.conversations }]));

  // question -> team row -> figures; only the rows of this view are kept.
  const inView = (row: string) => teamId === null || row === teamId;
  const byQuestion = new Map<string, Map<string, Row>>();
  const rowOf = (questionId: string, row: string): Row => {
    let rows = byQuestion.get(questionId);
    if (!rows) byQuestion.set(questionId, (rows = new Map()));
    let entry = rows.get(row);
    if (!entry) rows.set(row, (entry = emptyRow()));
    return entry;
  };
  const cellKey = (cell: { questionId: string; teamId: string | null; week: string }) => `${cell.questionId}|${cell.teamId ?? NO_TEAM}|${cell.week}`;
  const enpsOf = new Map(enpsCells.map((cell) => [cellKey(cell), cell]));
  for (const cell of cells as ResponseCell[]) {
    const row = cell.teamId ?? NO_TEAM;
    if (!inView(row)) continue;
    const entry = rowOf(cell.questionId, row);
    const enps = enpsOf.get(cellKey(cell));
    const tally = { count: cell.responses, sum: cell.scoreSum, promoters: enps?.promoters ?? 0, detractors: enps?.detractors ?? 0 };
    if (cell.week >= range.start) {
      add(entry.current, tally);
      const week = entry.weeks.get(cell.week) ?? zero();
      add(week, tally);
      entry.weeks.set(cell.week, week);
    } else {
      add(entry.previous, tally);
    }
  }
  for (const group of waiting) {
    const row = group.teamId ?? NO_TEAM;
    if (inView(row)) rowOf(group.questionId, row).waiting += group.waiting;
  }

  const figure = (tally: Tally) => ({
    responseCount: tally.count,
    averageScore: tally.count >= threshold ? round(tally.sum / tally.count, 2) : null,
  });
  // CONTRACT §5: per cent promoters minus per cent detractors, under the same threshold as the average.
  const enpsFigure = (tally: Tally) => {
    if (tally.count < threshold) return { enps: null, enpsBreakdown: null };
    const passives = tally.count - tally.promoters - tally.detractors;
    return {
      enps: Math.round(((tally.promoters - tally.detractors) / tally.count) * 100),
      enpsBreakdown: { promoters: tally.promoters, passives, detractors: tally.detractors },
    };
  };
  const figureOf = (tally: Tally, enps: boolean) => (enps ? { ...figure(tally), ...enpsFigure(tally) } : figure(tally));
  // SPEC: a hidden team entry says responses are insufficient to protect anonymity; say why too.
  const hiddenMessage = (row: Row) => {
    const lead = "Insufficient responses to protect anonymity";
    if (row.current.count > 0) return `${lead} (fewer than ${threshold}).`;
    if (row.waiting === 1) return `${lead}: 1 answer is waiting until ${threshold} can be counted together.`;
    if (row.waiting > 1) return `${lead}: ${row.waiting} answers are waiting until ${threshold} can be counted together.`;
    return `${lead}: no answers counted yet.`;
  };

  let totalResponses = 0;
  let totalWaiting = 0;
  const listed: PulseSummary["questions"] = [];
  for (const question of questions) {
    const rows = byQuestion.get(question.id) ?? new Map<string, Row>();
    // An active question lists every team it is asked in, answered or not, so a team lead sees "no responses yet".
    if (question.active) {
      const askedIn = question.teamId ? [question.teamId] : [...names.keys()];
      for (const team of askedIn) if (inView(team) && !rows.has(team)) rows.set(team, emptyRow());
    }
    if (rows.size === 0) continue;

    const isEnps = question.scale === "enps11";
    const overall = emptyRow();
    const weeks = new Map<string, Tally>();
    for (const row of rows.values()) {
      add(overall.current, row.current);
      add(overall.previous, row.previous);
      overall.waiting += row.waiting;
      for (const [week, tally] of row.weeks) {
        const total = weeks.get(week) ?? zero();
        add(total, tally);
        weeks.set(week, total);
      }
    }
    const byTeam = [...rows]
      .map(([row, entry]) => {
        const shown = figureOf(entry.current, isEnps);
        return {
          teamId: row === NO_TEAM ? null : row,
          teamName: row === NO_TEAM ? NO_TEAM_NAME : (names.get(row) ?? NO_TEAM_NAME),
          ...shown,
          ...(shown.averageScore === null ? { message: hiddenMessage(entry) } : {}),
          waitingResponses: entry.waiting,
          previousPeriod: figureOf(entry.previous, isEnps),
        };
      })
      .sort((a, b) => (a.teamId === null ? 1 : b.teamId === null ? -1 : a.teamName.localeCompare(b.teamName) || a.teamId.localeCompare(b.teamId)));

    totalResponses += overall.current.count;
    totalWaiting += overall.waiting;
    listed.push({
      id: question.id,
      text: question.text,
      scale: question.scale,
      ...figureOf(overall.current, isEnps),
      trend: {
        weekly: [...weeks]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([week, tally]) => {
            const shown = figure(tally);
            const enps = isEnps ? { enps: enpsFigure(tally).enps } : {};
            return { week: isoWeekLabel(week), avg: shown.averageScore, count: shown.responseCount, ...enps };
          }),
      },
      byTeam,
      waitingResponses: overall.waiting,
      previousPeriod: figureOf(overall.previous, isEnps),
      comments: commentsOf.get(question.id) ?? { total: 0, conversations: 0 },
    });
  }

  return {
    summary: {
      totalResponses,
      totalInvites: invites.invited,
      participationRate: invites.invited === 0 ? 0 : round((invites.answered / invites.invited) * 100, 1),
      participation: reminders,
      dateRange: range,
      previousDateRange: previousRange,
      anonThreshold: threshold,
      waitingResponses: totalWaiting,
      comments: {
        total: comments.reduce((sum, count) => sum + count.comments, 0),
        conversations: comments.reduce((sum, count) => sum + count.conversations, 0),
      },
    },
    questions: listed,
  };
}

export interface PulseSummaryService {
  summary(ctx: RequestContext, query: { rangeWeeks: number; teamId?: string }): Promise<PulseSummary>;
}

/** CONTRACT §5/§8. The route has applied pulsePolicy.summary to the team asked about. */
export function createPulseSummaryService(deps: { db: Database; clock: Clock }): PulseSummaryService {
  return {
    async summary(ctx, query) {
      if (query.teamId && !(await findTeam(deps.db, ctx.tenant.id, query.teamId))) throw errors.notFound("Team");
      return computePulseSummary(deps.db, ctx.tenant, ctx.settings, { rangeWeeks: query.rangeWeeks, teamId: query.teamId ?? null, now: deps.clock.now() });
    },
  };
}
