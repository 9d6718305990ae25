import { z } from "zod";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { summaryQuery, type PulseSummary } from "../pulse/index.js";
import { computePulseSummary } from "../pulse/index.js";
import { PULSE_SCALES } from "../pulse/pulse.constants.js";
import { findTeam } from "../teams/index.js";
import type { ExportService } from "./export.service.js";
import { EXPORT_FORMATS, type ExportColumn, type ExportOptions } from "../../platform/export-rows.js";

export const pulseExportQuery = summaryQuery.extend({ format: z.enum(EXPORT_FORMATS).default("csv").describe("csv (default) or json") });
export type PulseExportQuery = z.output<typeof pulseExportQuery>;

/**
 * One figure of the pulse summary per row. `scope`: `summary` (the tenant's totals), `question`
 * (a question over every team), `team` (a question in one team), `week` (a question in one week).
 * A suppressed figure has `averageScore` null and says why in `message`, exactly as the summary.
 */
export const pulseExportRowSchema = z.object({
  scope: z.enum(["summary", "question", "team", "week"]),
  questionId: z.uuid().nullable(),
  questionText: z.string().nullable(),
  scale: z.enum(PULSE_SCALES).nullable().describe("The question's scale; its averageScore is on it (0..10 for enps11)"),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  week: z.string().nullable().describe("YYYY-Www"),
  responseCount: z.number().int(),
  averageScore: z.number().nullable(),
  enps: z.number().int().nullable().describe("enps11 questions: per cent promoters minus per cent detractors, suppressed as averageScore"),
  suppressed: z.boolean(),
  message: z.string().nullable(),
  waitingResponses: z.number().int().nullable().describe("question and team rows: answers stored but not yet counted (released in groups of the threshold)"),
  totalInvites: z.number().int().nullable().describe("summary row only"),
  participationRate: z.number().nullable().describe("summary row only, percent"),
  dateRangeStart: z.string().nullable().describe("summary row only"),
  dateRangeEnd: z.string().nullable().describe("summary row only"),
});
type PulseExportRow = z.infer<typeof pulseExportRowSchema>;

const COLUMNS: Array<ExportColumn<PulseExportRow>> = (Object.keys(pulseExportRowSchema.shape) as Array<keyof PulseExportRow>).map((key) => ({
  key,
  value: (row: PulseExportRow) => row[key],
}));

const EMPTY = {
  questionId: null,
  questionText: null,
  scale: null,
  enps: null,
  teamId: null,
  teamName: null,
  week: null,
  message: null,
  waitingResponses: null,
  totalInvites: null,
  participationRate: null,
  dateRangeStart: null,
  dateRangeEnd: null,
};

/** Flattens the summary: the same released figures, so the export allows no differencing the summary does not. */
export function pulseExportRows(summary: PulseSummary): PulseExportRow[] {
  const rows: PulseExportRow[] = [
    {
      ...EMPTY,
      scope: "summary",
      responseCount: summary.summary.totalResponses,
      averageScore: null,
      suppressed: false,
      totalInvites: summary.summary.totalInvites,
      participationRate: summary.summary.participationRate,
      dateRangeStart: summary.summary.dateRange.start,
      dateRangeEnd: summary.summary.dateRange.end,
    },
  ];
  for (const question of summary.questions) {
    const about = { questionId: question.id, questionText: question.text, scale: question.scale };
    rows.push({
      ...EMPTY,
      ...about,
      scope: "question",
      responseCount: question.responseCount,
      averageScore: question.averageScore,
      enps: question.enps ?? null,
      suppressed: question.averageScore === null && question.responseCount > 0,
      waitingResponses: question.waitingResponses,
    });
    for (const team of question.byTeam) {
      rows.push({
        ...EMPTY,
        ...about,
        scope: "team",
        teamId: team.teamId,
        teamName: team.teamName,
        responseCount: team.responseCount,
        averageScore: team.averageScore,
        enps: team.enps ?? null,
        suppressed: team.averageScore === null,
        message: team.message ?? null,
        waitingResponses: team.waitingResponses,
      });
    }
    for (const week of question.trend.weekly) {
      rows.push({
        ...EMPTY,
        ...about,
        scope: "week",
        week: week.week,
        responseCount: week.count,
        averageScore: week.avg,
        enps: week.enps ?? null,
        suppressed: week.avg === null,
      });
    }
  }
  return rows;
}

/** CONTRACT §6: the pulse export, aggregated and thresholded exactly like GET /pulse/summary. */
export function createPulseExport(deps: { db: Database; clock: Clock; exports: ExportService }) {
  return async function pulseExport(ctx: RequestContext, query: PulseExportQuery): Promise<ExportOptions<PulseExportRow>> {
    if (query.team && !(await findTeam(deps.db, ctx.tenant.id, query.team))) throw errors.notFound("Team");
    await deps.exports.auditExport(ctx, "pulse", query.format, query);
    const summary = await computePulseSummary(deps.db, ctx.tenant, ctx.settings, {
      rangeWeeks: Number(query.range.slice(0, -1)),
      teamId: query.team ?? null,
      now: deps.clock.now(),
    });
    return {
      format: query.format,
      filename: `pulse-${ctx.tenant.slug}-${deps.clock.now().toISOString().slice(0, 10)}`,
      columns: COLUMNS,
      rows: pulseExportRows(summary),
    };
  };
}
