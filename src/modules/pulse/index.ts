/**
 * The pulse module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { pulseAdminRoutes } from "./pulse.admin.routes.js";
export { createPulseAdminService } from "./pulse.admin.service.js";
export { createPulseEmailPreview } from "./pulse.email-preview.js";
export { INVITE_LIFETIME_DAYS, cohortIndex, cohortName, releaseDay, utcWeekStart } from "./pulse.calendar.js";
export { createPulseReleaser, createPulseSealer, sealAnswer, startReleaseSweeps } from "./pulse.release.service.js";
export type { PulseReleaser } from "./pulse.release.service.js";
export { createPulseRespondService } from "./pulse.respond.service.js";
export { createHeldAnswers, SCANNER_WINDOW_MS } from "./pulse.held-answers.service.js";
export { createPulsePrivacyService } from "./pulse.privacy.service.js";
export { pulseRoutes, pulseTokenLinks } from "./pulse.routes.js";
export { createPulseComments } from "./pulse.comments.service.js";
export { createPulseFollowUps } from "./pulse.follow-ups.service.js";
export { pulseCommentRoutes } from "./pulse.comments.routes.js";
export { pulseConversationPages } from "./pulse.conversation.pages.js";
export { createDefaultSchedule } from "./pulse.schedule.js";
export { insertPulseQuestionLibrary, PULSE_QUESTION_LIBRARY } from "./pulse.library.js";
export type { PulseScale } from "./pulse.constants.js";
export { scaleEnds, scaleScores, scoreChoice } from "./pulse.constants.js";
export { conversationAddress } from "./pulse.respond.pages.js";
export { startPulseScheduler } from "./pulse.scheduler.cron.js";
export { runPulseForTenant } from "./pulse.scheduler.service.js";
export type { PulseSchedulerDeps } from "./pulse.scheduler.service.js";
export { summaryQuery } from "./pulse.schemas.js";
export type { PulseSummary } from "./pulse.schemas.js";
export { computePulseSummary, createPulseSummaryService } from "./pulse.summary.service.js";
