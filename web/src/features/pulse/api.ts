import type { z } from "zod";
import type {
  createPulseQuestionBody,
  PulseSummary,
  pulseCohortSchema,
  pulsePrivacySchema,
  pulseQuestionSchema,
  pulseRunSchema,
  pulseScheduleSchema,
  updatePulseQuestionBody,
} from "@server/modules/pulse/pulse.schemas";
import { api } from "../../shared/api";

/** The pulse calls (dashboard and admin) and the server's shapes of their answers (its zod schemas, as types only). */
export type { PulseSummary };
export type PulseQuestionSummary = PulseSummary["questions"][number];
export type PulseTeamEntry = PulseQuestionSummary["byTeam"][number];
/** A figure over the weeks just before the chosen range (`summary.previousDateRange`). */
export type PulsePreviousPeriod = PulseQuestionSummary["previousPeriod"];
/** `week` is an ISO week, `YYYY-Www`; only weeks in which a batch of answers was released are listed. */
export type PulseWeek = PulseQuestionSummary["trend"]["weekly"][number];
export type PulseQuestion = z.infer<typeof pulseQuestionSchema>;
export type PulseSchedule = z.infer<typeof pulseScheduleSchema>;
export type PulseCohort = z.infer<typeof pulseCohortSchema>;
export type PulseRun = z.infer<typeof pulseRunSchema>;
export type PulsePrivacy = z.infer<typeof pulsePrivacySchema>;

/** `range`: `<n>w`, weeks back from the current ISO week; `team`: a team id, or empty for every team (admins). */
export const getPulseSummary = (query: { range: string; team: string }, signal?: AbortSignal) => api.get<PulseSummary>("/pulse/summary", query, signal);

/** What protects an answer in this organisation and what changed about it lately (everyone signed in). */
export const getPulsePrivacy = (signal?: AbortSignal) => api.get<PulsePrivacy>("/pulse/privacy", undefined, signal);

export const getPulseSchedule = (signal?: AbortSignal) => api.get<PulseSchedule>("/admin/pulse/schedule", undefined, signal);
export const savePulseSchedule = (schedule: PulseSchedule) => api.put<PulseSchedule>("/admin/pulse/schedule", schedule);
export const listPulseCohorts = (signal?: AbortSignal) => api.get<PulseCohort[]>("/admin/pulse/cohorts", undefined, signal);
/** Sends today's pulse to today's cohort now (once a day). */
export const runPulseNow = () => api.post<PulseRun>("/admin/pulse/run");

export const listPulseQuestions = (signal?: AbortSignal) => api.get<PulseQuestion[]>("/admin/pulse/questions", undefined, signal);
export const createPulseQuestion = (body: z.input<typeof createPulseQuestionBody>) => api.post<PulseQuestion>("/admin/pulse/questions", body);
export const updatePulseQuestion = (id: string, body: z.input<typeof updatePulseQuestionBody>) => api.put<PulseQuestion>(`/admin/pulse/questions/${id}`, body);
/** Takes the question out of the rotation; its answers stay. */
export const deactivatePulseQuestion = (id: string) => api.delete(`/admin/pulse/questions/${id}`);
