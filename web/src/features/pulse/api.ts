import { answer, api, type ApiAnswer, type ApiBody } from "../../shared/api";

/** The pulse calls (dashboard and admin), typed by the OpenAPI document. */
export type PulseSummary = ApiAnswer<"getPulseSummary">;
export type PulseQuestionSummary = PulseSummary["questions"][number];
export type PulseTeamEntry = PulseQuestionSummary["byTeam"][number];
/** A figure over the weeks just before the chosen range (`summary.previousDateRange`). */
export type PulsePreviousPeriod = PulseQuestionSummary["previousPeriod"];
/** `week` is an ISO week, `YYYY-Www`; only weeks in which a batch of answers was released are listed. */
export type PulseWeek = PulseQuestionSummary["trend"]["weekly"][number];
export type PulseQuestion = ApiAnswer<"listPulseQuestions">[number];
export type PulseSchedule = ApiAnswer<"getPulseSchedule">;
export type PulseCohort = ApiAnswer<"listPulseCohorts">[number];
export type PulseRun = ApiAnswer<"runPulse">;
export type PulseSendPreview = ApiAnswer<"previewPulseRun">;
export type PulsePrivacy = ApiAnswer<"getPulsePrivacy">;
/** A released comment as a lead lists it: `week` is the Monday (YYYY-MM-DD) of the ISO week it was released in, no finer time. */
export type PulseComment = ApiAnswer<"listPulseComments">["items"][number];
export type PulseCommentDetail = ApiAnswer<"getPulseComment">;
export type PulseCommentReply = PulseCommentDetail["replies"][number];

/** `range`: `<n>w`, weeks back from the current ISO week; `team`: a team id, or empty for every team (admins). */
export const getPulseSummary = (query: { range: string; team: string }, signal?: AbortSignal) =>
  answer(api.GET("/pulse/summary", { params: { query }, signal }));

/** Released comments of the range and team (empty: every team, admins), newest week first; `question` empty: every question. */
export const listPulseComments = (query: { range: string; team: string; question: string; limit: number; offset: number }, signal?: AbortSignal) =>
  answer(api.GET("/pulse/comments", { params: { query }, signal }));
/** A comment with its conversation; reading it marks it read for this lead. */
export const getPulseComment = (id: string, signal?: AbortSignal) => answer(api.GET("/pulse/comments/{id}", { params: { path: { id } }, signal }));
/** The lead's reply, shown to the comment's writer with the lead's name. */
export const replyToPulseComment = (id: string, body: string) => answer(api.POST("/pulse/comments/{id}/replies", { params: { path: { id } }, body: { body } }));

/** What protects an answer in this organisation and what changed about it lately (everyone signed in). */
export const getPulsePrivacy = (signal?: AbortSignal) => answer(api.GET("/pulse/privacy", { signal }));

export const getPulseSchedule = (signal?: AbortSignal) => answer(api.GET("/admin/pulse/schedule", { signal }));
export const savePulseSchedule = (schedule: ApiBody<"updatePulseSchedule">) => answer(api.PUT("/admin/pulse/schedule", { body: schedule }));
export const listPulseCohorts = (signal?: AbortSignal) => answer(api.GET("/admin/pulse/cohorts", { signal }));
/** Who a send now would invite, and why nobody when nobody; writes nothing. */
export const previewPulseRun = (signal?: AbortSignal) => answer(api.GET("/admin/pulse/send-preview", { signal }));
/** Sends today's pulse to today's cohort now (once a day). */
export const runPulseNow = () => answer(api.POST("/admin/pulse/run"));

export const listPulseQuestions = (signal?: AbortSignal) => answer(api.GET("/admin/pulse/questions", { signal }));
export const createPulseQuestion = (body: ApiBody<"createPulseQuestion">) => answer(api.POST("/admin/pulse/questions", { body }));
export const updatePulseQuestion = (id: string, body: ApiBody<"updatePulseQuestion">) =>
  answer(api.PUT("/admin/pulse/questions/{id}", { params: { path: { id } }, body }));
/** Takes the question out of the rotation; its answers stay. */
export const deactivatePulseQuestion = (id: string) => answer(api.DELETE("/admin/pulse/questions/{id}", { params: { path: { id } } }));
/** The question's e-mail as its invitees get it, for a sample recipient; its links answer nothing. */
export const previewPulseEmail = (id: string, signal?: AbortSignal) =>
  answer(api.GET("/admin/pulse/questions/{id}/email-preview", { params: { path: { id }, query: {} }, signal }));
export type PulseEmailPreview = ApiAnswer<"previewPulseQuestionEmail">;
