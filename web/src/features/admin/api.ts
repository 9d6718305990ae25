import type { TeamRole } from "@server/platform/roles.constants";
import { answer, api, type ApiAnswer, type ApiBody, type ApiQuery } from "../../shared/api";

/** The admin panel's calls, typed by the OpenAPI document. */
export type SettingsPatch = ApiBody<"updateTenantSettings">;
/** An entry of GET /users. */
export type User = ApiAnswer<"listUsers">[number];
export type TeamMember = ApiAnswer<"listTeamMembers">[number];
export type AuditPage = ApiAnswer<"listAuditLogs">;
export type AuditEntry = AuditPage["items"][number];
/** GET /admin/audit-logs: the filters as the form holds them (strings), and the page. */
export type AuditQuery = Omit<ApiQuery<"listAuditLogs">, "limit" | "offset"> & { limit?: number; offset?: number };
export type EmailQueue = ApiAnswer<"getEmailQueue">;
export type EmailDelivery = EmailQueue["delivery"];
export type Health = ApiAnswer<"getHealth">;
export type ScimToken = ApiAnswer<"listScimTokens">[number];
export type CreatedScimToken = ApiAnswer<"createScimToken">;

const byId = (id: string) => ({ params: { path: { id } } });

export const getSettings = (signal?: AbortSignal) => answer(api.GET("/admin/tenant-settings", { signal }));
/** Deep-merged by the server: send only what changed. */
export const saveSettings = (patch: SettingsPatch) => answer(api.POST("/admin/tenant-settings", { body: patch }));

export const listUsers = (signal?: AbortSignal) => answer(api.GET("/users", { signal }));
export const createUser = (body: ApiBody<"createUser">) => answer(api.POST("/admin/users", { body }));
export const updateUser = (id: string, body: ApiBody<"updateUser">) => answer(api.PUT("/admin/users/{id}", { ...byId(id), body }));
export const deleteUser = (id: string) => answer(api.DELETE("/admin/users/{id}", byId(id)));

export const createTeam = (body: ApiBody<"createTeam">) => answer(api.POST("/admin/teams", { body }));
export const updateTeam = (teamId: string, body: ApiBody<"updateTeam">) => answer(api.PUT("/admin/teams/{teamId}", { params: { path: { teamId } }, body }));
/** A team with questions needs somewhere to move them (409 TEAM_NOT_EMPTY otherwise). */
export const deleteTeam = (teamId: string, moveQuestionsTo?: string) =>
  answer(api.DELETE("/admin/teams/{teamId}", { params: { path: { teamId }, query: { moveQuestionsTo } } }));
export const listMembers = (teamId: string, signal?: AbortSignal) => answer(api.GET("/admin/teams/{teamId}/members", { params: { path: { teamId } }, signal }));
export const addMember = (teamId: string, body: ApiBody<"addTeamMember">) =>
  answer(api.POST("/admin/teams/{teamId}/members", { params: { path: { teamId } }, body }));
export const changeMemberRole = (teamId: string, userId: string, role: TeamRole) =>
  answer(api.PUT("/admin/teams/{teamId}/members/{userId}", { params: { path: { teamId, userId } }, body: { role } }));
export const removeMember = (teamId: string, userId: string) =>
  answer(api.DELETE("/admin/teams/{teamId}/members/{userId}", { params: { path: { teamId, userId } } }));

export const createTag = (body: ApiBody<"createTag">) => answer(api.POST("/admin/tags", { body }));
export const updateTag = (id: string, body: ApiBody<"updateTag">) => answer(api.PUT("/admin/tags/{id}", { ...byId(id), body }));
export const deleteTag = (id: string) => answer(api.DELETE("/admin/tags/{id}", byId(id)));

export const getEmailQueue = (signal?: AbortSignal) => answer(api.GET("/admin/email-queue", { signal }));
export const retryEmailJob = (id: string) => answer(api.POST("/admin/email-queue/{id}/retry", byId(id)));
export const sendDirectEmail = (body: ApiBody<"sendEmail">) => answer(api.POST("/admin/emails", { body }));

export const listAuditFilters = (signal?: AbortSignal) => answer(api.GET("/admin/audit-logs/filters", { signal }));
/** The page's numbers travel as the query's digits. */
export const listAuditEntries = ({ limit, offset, ...filters }: AuditQuery, signal?: AbortSignal) =>
  answer(api.GET("/admin/audit-logs", { params: { query: { ...filters, limit: limit?.toString(), offset: offset?.toString() } }, signal }));

export const getHealth = () => answer(api.GET("/health"));

export type ExportKind = "questions" | "pulse" | "audit-logs" | "users";
export type ExportFormat = "csv" | "json";

const EXPORT_PATHS = {
  questions: "/admin/export/questions",
  pulse: "/admin/export/pulse",
  "audit-logs": "/admin/export/audit-logs",
  users: "/admin/export/users",
} as const satisfies Record<ExportKind, string>;

/**
 * One export file (GET /admin/export/<kind>). Fetched rather than linked: a plain link would be a
 * browser navigation (Accept: text/html), which the server answers with the app itself.
 */
export const fetchExport = (kind: ExportKind, format: ExportFormat, period: { startDate: string; endDate: string }): Promise<Blob> =>
  answer(
    api.GET(EXPORT_PATHS[kind], {
      params: { query: { format, ...period } },
      headers: { Accept: format === "csv" ? "text/csv, */*" : "application/json" },
      parseAs: "blob",
    }),
  );

export const listScimTokens = (signal?: AbortSignal) => answer(api.GET("/admin/scim-tokens", { signal }));
export const createScimToken = (body: ApiBody<"createScimToken">) => answer(api.POST("/admin/scim-tokens", { body }));
export const revokeScimToken = (id: string) => answer(api.DELETE("/admin/scim-tokens/{id}", byId(id)));
export type UserImportResult = ApiAnswer<"importUsers">;
export type UserImportRow = UserImportResult["rows"][number];
/** POST /admin/users/import: the file travels as it is (text/csv), not as JSON. */
export const importUsers = (csv: string, dryRun: boolean) =>
  answer(
    api.POST("/admin/users/import", {
      params: { query: { dryRun: dryRun ? "true" : undefined } },
      body: csv,
      bodySerializer: (body: string) => body,
      headers: { "Content-Type": "text/csv" },
    }),
  );

/** The values an identity provider's admin enters on their side, and where a test sign-in starts. */
export type SignInValues = ApiAnswer<"getCompanySignInValues">;
export const getSignInValues = (signal?: AbortSignal) => answer(api.GET("/admin/sign-in", { signal }));
