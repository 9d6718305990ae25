import type { z } from "zod";
import type { auditFilterFields, auditFiltersSchema, auditPageSchema } from "@server/modules/audit/audit.schemas";
import type { directEmailBody, directEmailResult, emailDeliverySchema, emailQueueSchema } from "@server/modules/email/email.schemas";
import type { SettingsPatch } from "@server/modules/settings/settings.schemas";
import type { createTagBody, tagSchema, updateTagBody } from "@server/modules/tags/tags.schemas";
import type { addMemberBody, createTeamBody, memberSchema, updateTeamBody } from "@server/modules/teams/teams.schemas";
import type { createUserBody, updateUserBody, UserView } from "@server/modules/users/users.schemas";
import type { TeamRole } from "@server/platform/roles.constants";
import { api, ApiError, withQuery } from "../../shared/api";
import type { TenantSettings } from "../../shared/sessionApi";

/** The admin panel's calls and the server's shapes of their answers (its zod schemas, as types only). */
export type { SettingsPatch };

/** An entry of GET /users. */
export type User = UserView;
export type TeamMember = z.infer<typeof memberSchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
export type AuditEntry = AuditPage["items"][number];
/** GET /admin/audit-logs: the filters as the form holds them (strings), and the page. */
export type AuditQuery = Partial<Record<keyof typeof auditFilterFields, string>> & { limit?: number; offset?: number };
export type EmailQueue = z.infer<typeof emailQueueSchema>;
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;
type Tag = z.infer<typeof tagSchema>;

/** GET /health (src/modules/health/health.service.ts): the server declares no schema for it. */
export interface Health {
  status: string;
  timestamp: string;
  uptime: string;
  database: { status: string; latency: string };
  kvstore: { status: string; latency: string };
  rateLimiting: { status: string; requestsInLastHour: number };
  auth: { mode: string; strategies: string[] };
}

export const getSettings = (signal?: AbortSignal) => api.get<TenantSettings>("/admin/tenant-settings", undefined, signal);
/** Deep-merged by the server: send only what changed. */
export const saveSettings = (patch: SettingsPatch) => api.post<TenantSettings>("/admin/tenant-settings", patch);

export const listUsers = (signal?: AbortSignal) => api.get<User[]>("/users", undefined, signal);
export const createUser = (body: z.input<typeof createUserBody>) => api.post<User>("/admin/users", body);
export const updateUser = (id: string, body: z.input<typeof updateUserBody>) => api.put<User>(`/admin/users/${id}`, body);
export const deleteUser = (id: string) => api.delete(`/admin/users/${id}`);

export const createTeam = (body: z.input<typeof createTeamBody>) => api.post("/admin/teams", body);
export const updateTeam = (id: string, body: z.input<typeof updateTeamBody>) => api.put(`/admin/teams/${id}`, body);
/** A team with questions needs somewhere to move them (409 TEAM_NOT_EMPTY otherwise). */
export const deleteTeam = (id: string, moveQuestionsTo?: string) => api.delete(withQuery(`/admin/teams/${id}`, { moveQuestionsTo }));
export const listMembers = (teamId: string, signal?: AbortSignal) => api.get<TeamMember[]>(`/admin/teams/${teamId}/members`, undefined, signal);
export const addMember = (teamId: string, body: z.input<typeof addMemberBody>) => api.post<TeamMember>(`/admin/teams/${teamId}/members`, body);
export const changeMemberRole = (teamId: string, userId: string, role: TeamRole) => api.put<TeamMember>(`/admin/teams/${teamId}/members/${userId}`, { role });
export const removeMember = (teamId: string, userId: string) => api.delete(`/admin/teams/${teamId}/members/${userId}`);

export const createTag = (body: z.input<typeof createTagBody>) => api.post<Tag>("/admin/tags", body);
export const updateTag = (id: string, body: z.input<typeof updateTagBody>) => api.put<Tag>(`/admin/tags/${id}`, body);
export const deleteTag = (id: string) => api.delete(`/admin/tags/${id}`);

export const getEmailQueue = (signal?: AbortSignal) => api.get<EmailQueue>("/admin/email-queue", undefined, signal);
export const retryEmailJob = (id: string) => api.post(`/admin/email-queue/${encodeURIComponent(id)}/retry`);
export const sendDirectEmail = (body: z.input<typeof directEmailBody>) => api.post<z.infer<typeof directEmailResult>>("/admin/emails", body);

export const listAuditFilters = (signal?: AbortSignal) => api.get<z.infer<typeof auditFiltersSchema>>("/admin/audit-logs/filters", undefined, signal);
export const listAuditEntries = (query: AuditQuery, signal?: AbortSignal) => api.get<AuditPage>("/admin/audit-logs", query, signal);

export const getHealth = () => api.get<Health>("/health");

export type ExportKind = "questions" | "pulse" | "audit-logs" | "users";
export type ExportFormat = "csv" | "json";

/**
 * One export file (GET /admin/export/<kind>). Fetched rather than linked: a plain link would be a
 * browser navigation (Accept: text/html), which the server answers with the app itself.
 */
export async function fetchExport(kind: ExportKind, format: ExportFormat, period: { startDate: string; endDate: string }): Promise<Blob> {
  const response = await fetch(withQuery(`/admin/export/${kind}`, { format, ...period }), {
    headers: { Accept: format === "csv" ? "text/csv, */*" : "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    throw new ApiError(response.status, payload?.error?.code ?? "UNKNOWN", payload?.error?.message ?? response.statusText);
  }
  return response.blob();
}
