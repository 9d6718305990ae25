import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { timeRange, type DateBound } from "../../platform/time-range.js";
import { errors } from "../../platform/errors.js";
import { recordAudit } from "../audit/index.js";
import { findTeam } from "../teams/index.js";
import type { AuditService } from "../audit/index.js";
import type { AuditExportRow } from "../audit/index.js";
import { questionBatch, userBatch, type QuestionExportRow, type RowCursor, type UserExportRow } from "./export.repository.js";
import type { AuditExportQuery, QuestionsExportQuery, UsersExportQuery } from "./export.schemas.js";
import { keysetBatches, rawJson, type ExportColumn, type ExportFormat, type ExportOptions } from "../../platform/export-rows.js";

/** Columns in the order they appear; each column's key is both the CSV header and the JSON field. */
function columnsOf<Row>(keys: ReadonlyArray<keyof Row & string>): Array<ExportColumn<Row>> {
  return keys.map((key) => ({ key, value: (row: Row) => row[key] }));
}

const QUESTION_COLUMNS = columnsOf<QuestionExportRow>([
  "id",
  "teamId",
  "teamName",
  "status",
  "body",
  "upvoteCount",
  "submittedAt",
  "authorId",
  "authorName",
  "isAnonymous",
  "tags",
  "isPinned",
  "isFrozen",
  "responseText",
  "respondedAt",
  "responderName",
]);

const USER_COLUMNS = columnsOf<UserExportRow>([
  "id",
  "email",
  "name",
  "role",
  "primaryTeamId",
  "primaryTeamName",
  "teams",
  "deactivated",
  "createdAt",
  "lastLoginAt",
]);

const AUDIT_COLUMNS: Array<ExportColumn<AuditExportRow>> = [
  ...columnsOf<AuditExportRow>(["id", "createdAt", "userId", "userName", "userEmail", "action", "entityType", "entityId"]),
  { key: "before", value: (entry) => rawJson(entry.beforeJson) },
  { key: "after", value: (entry) => rawJson(entry.afterJson) },
  ...columnsOf<AuditExportRow>(["ipAddress", "userAgent"]),
  { key: "metadata", value: (entry) => rawJson(entry.metadataJson) },
];

/** Filters as recorded in the audit entry of the export (dates as ISO strings). */
function filtersForAudit(query: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(query).filter(([key, value]) => key !== "format" && value !== undefined);
  return Object.fromEntries(entries.map(([key, value]) => [key, (value as DateBound)?.at instanceof Date ? (value as DateBound).at.toISOString() : value]));
}

export function createExportService(deps: { db: Database; audit: AuditService }) {
  const { db, audit } = deps;

  function filename(ctx: RequestContext, dataset: string): string {
    return `${dataset}-${ctx.tenant.slug}-${new Date().toISOString().slice(0, 10)}`;
  }

  /** Every export is an admin action: audited (`data.export`) before the first byte leaves. */
  async function auditExport(ctx: RequestContext, dataset: string, format: ExportFormat, query: Record<string, unknown>) {
    await recordAudit(db, ctx, {
      action: "data.export",
      entityType: "export",
      metadata: { dataset, format, filters: filtersForAudit(query) },
    });
  }

  /** A team filter naming no team of the tenant is 404, as in GET /questions, not an empty file. */
  async function requireTeamFilter(ctx: RequestContext, teamId: string | undefined): Promise<void> {
    if (teamId && !(await findTeam(db, ctx.tenant.id, teamId))) throw errors.notFound("Team");
  }

  /** What to stream (the route writes it with streamExport); nothing is read before the client asks. */
  async function questions(ctx: RequestContext, query: QuestionsExportQuery): Promise<ExportOptions<QuestionExportRow>> {
    await requireTeamFilter(ctx, query.teamId);
    await auditExport(ctx, "questions", query.format, query);
    const filters = { teamId: query.teamId, status: query.status, range: timeRange(query.startDate, query.endDate) };
    return {
      format: query.format,
      filename: filename(ctx, "questions"),
      columns: QUESTION_COLUMNS,
      batches: keysetBatches((after: RowCursor | null, limit: number) => questionBatch(db, ctx.tenant.id, filters, after, limit)),
    };
  }

  async function users(ctx: RequestContext, query: UsersExportQuery): Promise<ExportOptions<UserExportRow>> {
    await requireTeamFilter(ctx, query.teamId);
    await auditExport(ctx, "users", query.format, query);
    const filters = { role: query.role, teamId: query.teamId };
    return {
      format: query.format,
      filename: filename(ctx, "users"),
      columns: USER_COLUMNS,
      batches: keysetBatches((after: RowCursor | null, limit: number) => userBatch(db, ctx.tenant.id, filters, after, limit)),
    };
  }

  async function auditLogs(ctx: RequestContext, query: AuditExportQuery): Promise<ExportOptions<AuditExportRow>> {
    await auditExport(ctx, "audit-logs", query.format, query);
    return { format: query.format, filename: filename(ctx, "audit-logs"), columns: AUDIT_COLUMNS, batches: audit.entries(ctx, query) };
  }

  return { questions, users, auditLogs, auditExport };
}

export type ExportService = ReturnType<typeof createExportService>;
