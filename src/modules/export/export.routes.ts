import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { auditExportQuery, auditExportSchema, questionExportSchema, questionsExportQuery, userExportSchema, usersExportQuery } from "./export.schemas.js";
import type { ExportService } from "./export.service.js";
import { streamExport } from "../../platform/http/export-stream.js";
import { pulseExportQuery, pulseExportRowSchema, type createPulseExport } from "./export.pulse.service.js";
import { pollExportRowSchema, pollsExportQuery, type createPollExport } from "./export.polls.service.js";

const COMMON =
  "Streamed as `text/csv` (default) or `application/json` (`format=json`: an array of the documented objects), as an attachment. " +
  "CSV: one header row; lists as `a; b`, objects as JSON text; a cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed " +
  "with `'` so spreadsheets never run it as a formula. Audited as `data.export` with the filters.";

export function exportRoutes(deps: {
  exports: ExportService;
  pulseExport: ReturnType<typeof createPulseExport>;
  pollExport: ReturnType<typeof createPollExport>;
}): AnyRoute[] {
  const { exports, pulseExport, pollExport } = deps;
  return [
    route({
      method: "get",
      path: "/admin/export/questions",
      operationId: "exportQuestions",
      tag: "Export",
      summary: "Exports the tenant's questions (every status), oldest first",
      description: `${COMMON} Anonymous questions carry no author, for admins too.`,
      access: "data.export",
      query: questionsExportQuery,
      response: z.array(questionExportSchema),
      handler: async ({ ctx, query, res }) => streamExport(res, await exports.questions(ctx, query)),
    }),
    route({
      method: "get",
      path: "/admin/export/audit-logs",
      operationId: "exportAuditLogs",
      tag: "Export",
      summary: "Exports the audit log, newest first, with the filters of GET /admin/audit-logs (no paging)",
      description: COMMON,
      access: "data.export",
      query: auditExportQuery,
      response: z.array(auditExportSchema),
      handler: async ({ ctx, query, res }) => streamExport(res, await exports.auditLogs(ctx, query)),
    }),
    route({
      method: "get",
      path: "/admin/export/users",
      operationId: "exportUsers",
      tag: "Export",
      summary: "Exports the tenant's users with their teams, oldest first",
      description: COMMON,
      access: "data.export",
      query: usersExportQuery,
      response: z.array(userExportSchema),
      handler: async ({ ctx, query, res }) => streamExport(res, await exports.users(ctx, query)),
    }),
    route({
      method: "get",
      path: "/admin/export/pulse",
      operationId: "exportPulse",
      tag: "Export",
      summary: "Exports the pulse aggregates of GET /pulse/summary: one row per figure, suppressed exactly as there",
      description: `${COMMON} Rows: the tenant's totals (scope summary), then per question its overall figure, its teams and its weeks. No response is exported on its own.`,
      access: "data.export",
      query: pulseExportQuery,
      response: z.array(pulseExportRowSchema),
      handler: async ({ ctx, query, res }) => streamExport(res, await pulseExport(ctx, query)),
    }),
    route({
      method: "get",
      path: "/admin/export/polls",
      operationId: "exportPolls",
      tag: "Export",
      summary: "Exports the results of every poll that was opened: one row per poll and answer (option, score or word)",
      description: `${COMMON} Totals only: no voter, no single vote, no time of a vote.`,
      access: "data.export",
      query: pollsExportQuery,
      response: z.array(pollExportRowSchema),
      handler: async ({ ctx, query, res }) => streamExport(res, await pollExport(ctx, query)),
    }),
  ];
}
