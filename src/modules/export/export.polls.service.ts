import { z } from "zod";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { EXPORT_FORMATS, type ExportColumn, type ExportOptions } from "../../platform/export-rows.js";
import { listPollResultsForExport } from "../polls/index.js";
import type { ExportService } from "./export.service.js";

export const pollsExportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default("csv").describe("csv (default) or json") });
export type PollsExportQuery = z.output<typeof pollsExportQuery>;

export const pollExportRowSchema = z.object({
  pollId: z.uuid(),
  teamId: z.uuid(),
  teamName: z.string(),
  title: z.string(),
  type: z.string(),
  status: z.string(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  voteCount: z.number().int(),
  answer: z.string().nullable().describe("The option's text, the score (1..scaleMax) or the word; null for a words poll nobody answered"),
  votes: z.number().int(),
});
type PollExportRow = z.infer<typeof pollExportRowSchema>;

const COLUMNS: Array<ExportColumn<PollExportRow>> = (Object.keys(pollExportRowSchema.shape) as Array<keyof PollExportRow>).map((key) => ({
  key,
  value: (row: PollExportRow) => row[key],
}));

/** CONTRACT §9: the results of every poll that was opened, one row per answer; no voter, no single vote. */
export function createPollExport(deps: { db: Database; clock: Clock; exports: ExportService }) {
  return async function pollExport(ctx: RequestContext, query: PollsExportQuery): Promise<ExportOptions<PollExportRow>> {
    await deps.exports.auditExport(ctx, "polls", query.format, query);
    return {
      format: query.format,
      filename: `polls-${ctx.tenant.slug}-${deps.clock.now().toISOString().slice(0, 10)}`,
      columns: COLUMNS,
      rows: await listPollResultsForExport(deps.db, ctx.tenant.id),
    };
  };
}
