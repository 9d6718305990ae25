import { z } from "zod";
import { queryDate, queryInt } from "../../platform/http/query.js";
import { startNotAfterEnd } from "../../platform/time-range.js";

export const AUDIT_PAGE_MAX = 500;

/** SPEC's audit filters; `action` ending in `*` matches a prefix (`team*` for team.* and team_member.*). */
export const auditFilterFields = {
  userId: z.uuid().optional(),
  action: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.]+\*?$/, "must be an action name such as question.create, optionally ending in *")
    .optional(),
  entityType: z.string().trim().min(1).max(50).optional(),
  entityId: z.uuid().optional(),
  startDate: queryDate.optional().describe("ISO date or date-time, inclusive"),
  endDate: queryDate.optional().describe("ISO date (that whole UTC day included) or date-time, inclusive"),
};

const reversed = { message: "startDate must not be after endDate", path: ["startDate"] };

export const auditListQuery = z
  .object({
    ...auditFilterFields,
    limit: queryInt({ default: 50, min: 1, capAt: AUDIT_PAGE_MAX }).describe(`Default 50; above ${AUDIT_PAGE_MAX} is capped at ${AUDIT_PAGE_MAX}`),
    offset: queryInt({ default: 0, min: 0 }),
  })
  .refine(startNotAfterEnd, reversed);
export type AuditListQuery = z.output<typeof auditListQuery>;
export type AuditFilterQuery = Pick<AuditListQuery, keyof typeof auditFilterFields>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid().nullable(),
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable().describe("The acting user; null once deleted"),
  action: z.string(),
  entityType: z.string(),
  entityId: z.uuid().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const auditFiltersSchema = z.object({
  actions: z
    .array(z.object({ action: z.string(), entityTypes: z.array(z.string()) }))
    .describe("Every action the server writes, with the entity types it is written under"),
  entityTypes: z.array(z.string()).describe("Every entity type an entry can have"),
});
