/**
 * The web app's types of what crosses HTTP are the OpenAPI document's (api-types.gen.ts); the
 * server validates and answers with its zod schemas. The document is made from those schemas, but
 * through JSON Schema, which can say less than zod (a transform, a refinement, a date): each pair
 * below must describe the same values both ways, or `npm run typecheck` fails here. Types only:
 * nothing imports this file, and nothing of it reaches the bundle.
 */
import type { z } from "zod";
import type { auditEntrySchema, auditFiltersSchema, auditPageSchema } from "@server/modules/audit/audit.schemas";
import type { authModesSchema, csrfSchema, sessionSchema } from "@server/modules/auth/auth.schemas";
import type { directEmailBody, directEmailResult, emailQueueSchema } from "@server/modules/email/email.schemas";
import type {
  createPulseQuestionBody,
  PulseSummary,
  pulseCohortSchema,
  pulsePrivacySchema,
  pulseQuestionSchema,
  pulseRunSchema,
  pulseSendPreviewSchema,
  pulseScheduleSchema,
  putPulseScheduleBody,
  updatePulseQuestionBody,
} from "@server/modules/pulse/pulse.schemas";
import type { questionPageSchema, questionSchema, submitQuestionBody, upvoteResultSchema } from "@server/modules/questions/questions.schemas";
import type { createdScimTokenSchema, createScimTokenBody, scimTokenSchema } from "@server/modules/scim/scim.schemas";
import type { SettingsPatch } from "@server/modules/settings/settings.schemas";
import type { createTagBody, tagSchema, updateTagBody } from "@server/modules/tags/tags.schemas";
import type { addMemberBody, createTeamBody, memberSchema, newcomerSchema, teamSchema, updateTeamBody } from "@server/modules/teams/teams.schemas";
import type { createdTokenSchema, createTokenBody, tokenSchema } from "@server/modules/tokens/tokens.schemas";
import type { createUserBody, updateUserBody, UserView } from "@server/modules/users/users.schemas";
import type { healthSchema } from "@server/platform/health.schemas";
import type { SettingsView } from "@server/modules/settings/settings.schemas";
import type { ApiAnswer, ApiBody } from "./api";

/** Each accepts every value of the other. */
type Same<Generated, Server> = [Generated] extends [Server] ? ([Server] extends [Generated] ? true : false) : false;
type Agree<Checks extends Record<string, true>> = Checks;

/**
 * zod-to-openapi leaves a key of any value (z.unknown(), which takes a missing key too) out of
 * `required`, so the document lists an audit entry's `before` and `after` as optional; the server
 * sends both in every entry (null when there is nothing), and reading either gives `unknown`.
 */
type AuditEntryAsDocumented = Omit<z.infer<typeof auditEntrySchema>, "before" | "after"> & { before?: unknown; after?: unknown };
type AuditPage = ApiAnswer<"listAuditLogs">;

/** What the server answers (z.infer of its response schema) and what the web app reads. */
export type AnswersAgree = Agree<{
  getAuthModes: Same<ApiAnswer<"getAuthModes">, z.infer<typeof authModesSchema>>;
  getSession: Same<ApiAnswer<"getSession">, z.infer<typeof sessionSchema>>;
  getCsrfToken: Same<ApiAnswer<"getCsrfToken">, z.infer<typeof csrfSchema>>;
  listTeams: Same<ApiAnswer<"listTeams">, z.infer<typeof teamSchema>[]>;
  getTenantSettings: Same<ApiAnswer<"getTenantSettings">, SettingsView>;
  listApiTokens: Same<ApiAnswer<"listApiTokens">, z.infer<typeof tokenSchema>[]>;
  createApiToken: Same<ApiAnswer<"createApiToken">, z.infer<typeof createdTokenSchema>>;
  listScimTokens: Same<ApiAnswer<"listScimTokens">, z.infer<typeof scimTokenSchema>[]>;
  createScimToken: Same<ApiAnswer<"createScimToken">, z.infer<typeof createdScimTokenSchema>>;
  getQuestion: Same<ApiAnswer<"getQuestion">, z.infer<typeof questionSchema>>;
  listQuestions: Same<ApiAnswer<"listQuestions">, z.infer<typeof questionPageSchema>>;
  upvoteQuestion: Same<ApiAnswer<"upvoteQuestion">, z.infer<typeof upvoteResultSchema>>;
  listTags: Same<ApiAnswer<"listTags">, z.infer<typeof tagSchema>[]>;
  listTeamNewcomers: Same<ApiAnswer<"listTeamNewcomers">, z.infer<typeof newcomerSchema>[]>;
  listUsers: Same<ApiAnswer<"listUsers">, UserView[]>;
  listTeamMembers: Same<ApiAnswer<"listTeamMembers">, z.infer<typeof memberSchema>[]>;
  listAuditLogs: Same<Omit<AuditPage, "items">, Omit<z.infer<typeof auditPageSchema>, "items">>;
  listAuditLogsItems: Same<AuditPage["items"][number], AuditEntryAsDocumented>;
  listAuditLogFilters: Same<ApiAnswer<"listAuditLogFilters">, z.infer<typeof auditFiltersSchema>>;
  getEmailQueue: Same<ApiAnswer<"getEmailQueue">, z.infer<typeof emailQueueSchema>>;
  sendEmail: Same<ApiAnswer<"sendEmail">, z.infer<typeof directEmailResult>>;
  getHealth: Same<ApiAnswer<"getHealth">, z.infer<typeof healthSchema>>;
  getPulseSummary: Same<ApiAnswer<"getPulseSummary">, PulseSummary>;
  getPulsePrivacy: Same<ApiAnswer<"getPulsePrivacy">, z.infer<typeof pulsePrivacySchema>>;
  getPulseSchedule: Same<ApiAnswer<"getPulseSchedule">, z.infer<typeof pulseScheduleSchema>>;
  listPulseCohorts: Same<ApiAnswer<"listPulseCohorts">, z.infer<typeof pulseCohortSchema>[]>;
  runPulse: Same<ApiAnswer<"runPulse">, z.infer<typeof pulseRunSchema>>;
  previewPulseRun: Same<ApiAnswer<"previewPulseRun">, z.infer<typeof pulseSendPreviewSchema>>;
  listPulseQuestions: Same<ApiAnswer<"listPulseQuestions">, z.infer<typeof pulseQuestionSchema>[]>;
}>;

/** What the server accepts (z.input of its body schema) and what the web app sends. */
export type BodiesAgree = Agree<{
  createApiToken: Same<ApiBody<"createApiToken">, z.input<typeof createTokenBody>>;
  createScimToken: Same<ApiBody<"createScimToken">, z.input<typeof createScimTokenBody>>;
  submitQuestion: Same<ApiBody<"submitQuestion">, z.input<typeof submitQuestionBody>>;
  updateTenantSettings: Same<ApiBody<"updateTenantSettings">, SettingsPatch>;
  createUser: Same<ApiBody<"createUser">, z.input<typeof createUserBody>>;
  updateUser: Same<ApiBody<"updateUser">, z.input<typeof updateUserBody>>;
  createTeam: Same<ApiBody<"createTeam">, z.input<typeof createTeamBody>>;
  updateTeam: Same<ApiBody<"updateTeam">, z.input<typeof updateTeamBody>>;
  addTeamMember: Same<ApiBody<"addTeamMember">, z.input<typeof addMemberBody>>;
  createTag: Same<ApiBody<"createTag">, z.input<typeof createTagBody>>;
  updateTag: Same<ApiBody<"updateTag">, z.input<typeof updateTagBody>>;
  sendEmail: Same<ApiBody<"sendEmail">, z.input<typeof directEmailBody>>;
  updatePulseSchedule: Same<ApiBody<"updatePulseSchedule">, z.input<typeof putPulseScheduleBody>>;
  createPulseQuestion: Same<ApiBody<"createPulseQuestion">, z.input<typeof createPulseQuestionBody>>;
  updatePulseQuestion: Same<ApiBody<"updatePulseQuestion">, z.input<typeof updatePulseQuestionBody>>;
}>;
