import { route, type AnyRoute } from "../../platform/http/route.js";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "./audit.constants.js";
import { auditFiltersSchema, auditListQuery, auditPageSchema } from "./audit.schemas.js";
import type { AuditService } from "./audit.service.js";

const DESCRIPTION =
  "Newest first. Filters: `userId`, `action` (exact, or a prefix ending in `*`), `entityType`, `entityId`, `startDate`, `endDate` " +
  "(ISO dates or date-times, both inclusive; a date-only endDate includes that whole UTC day). Paging: `limit` (default 50, " +
  "capped at 500) and `offset` (default 0). Accepts a bearer token (`Authorization: Bearer ...`) as well as a session. " +
  "Entries cannot be changed or deleted through any path.";

export function auditRoutes(deps: { audit: AuditService }): AnyRoute[] {
  const { audit } = deps;
  const filters = {
    actions: Object.entries(AUDIT_ACTIONS).map(([action, entityTypes]) => ({ action, entityTypes: [...entityTypes] })),
    entityTypes: AUDIT_ENTITY_TYPES,
  };
  const filtersRoute = route({
    method: "get",
    path: "/admin/audit-logs/filters",
    operationId: "listAuditLogFilters",
    tag: "Audit",
    summary: "The actions and entity types the audit log can hold (the values its filters take)",
    access: "audit.view",
    response: auditFiltersSchema,
    handler: () => filters,
  });
  // /admin/audit is the API form SPEC also refers to (GET /admin/audit?limit=<n> with a bearer token).
  const listRoutes = ["/admin/audit-logs", "/admin/audit"].map((path) =>
    route({
      method: "get",
      path,
      operationId: path === "/admin/audit" ? "listAuditLogsAlias" : "listAuditLogs",
      tag: "Audit",
      summary: path === "/admin/audit" ? "Audit log (alias of /admin/audit-logs)" : "Audit log of the tenant",
      description: DESCRIPTION,
      access: "audit.view",
      query: auditListQuery,
      response: auditPageSchema,
      handler: ({ ctx, query }) => audit.list(ctx, query),
    }),
  );
  return [filtersRoute, ...listRoutes];
}
