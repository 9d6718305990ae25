import { z } from "zod";
import { ROLES } from "../../platform/context.js";
import { queryDate } from "../../platform/http/query.js";
import { startNotAfterEnd } from "../../platform/time-range.js";
import { auditEntrySchema, auditFilterFields } from "../audit/index.js";
import { EXPORT_FORMATS } from "../../platform/export-rows.js";

const format = z.enum(EXPORT_FORMATS).default("csv").describe("csv (default) or json");
const reversed = { message: "startDate must not be after endDate", path: ["startDate"] };

export const questionsExportQuery = z
  .object({
    format,
    teamId: z.uuid().optional(),
    status: z.enum(["OPEN", "UNDER_REVIEW", "ANSWERED"]).optional(),
    startDate: queryDate.optional().describe("Submitted at or after (ISO date or date-time)"),
    endDate: queryDate.optional().describe("Submitted at or before (a date-only value includes that whole UTC day)"),
  })
  .refine(startNotAfterEnd, reversed);
export type QuestionsExportQuery = z.output<typeof questionsExportQuery>;

export const auditExportQuery = z.object({ format, ...auditFilterFields }).refine(startNotAfterEnd, reversed);
export type AuditExportQuery = z.output<typeof auditExportQuery>;

export const usersExportQuery = z.object({
  format,
  role: z.enum(ROLES).optional(),
  teamId: z.uuid().optional().describe("Only members of this team"),
});
export type UsersExportQuery = z.output<typeof usersExportQuery>;

/** JSON form of each export (the CSV has the same columns; lists as "a; b", objects as JSON text). */
export const questionExportSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid(),
  teamName: z.string(),
  status: z.string(),
  body: z.string(),
  upvoteCount: z.number().int(),
  submittedAt: z.string(),
  authorId: z.uuid().nullable().describe("Null for anonymous questions"),
  authorName: z.string().nullable(),
  isAnonymous: z.boolean(),
  tags: z.array(z.string()),
  isPinned: z.boolean(),
  isFrozen: z.boolean(),
  responseText: z.string().nullable(),
  respondedAt: z.string().nullable(),
  responderName: z.string().nullable(),
});

export const userExportSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  primaryTeamId: z.uuid().nullable(),
  primaryTeamName: z.string().nullable(),
  teams: z.array(z.string()),
  deactivated: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

// One tenant's export: its rows (CSV columns and JSON fields alike) do not repeat the tenant.
export const auditExportSchema = auditEntrySchema
  .omit({ user: true, tenantId: true })
  .extend({ userName: z.string().nullable(), userEmail: z.string().nullable() });
