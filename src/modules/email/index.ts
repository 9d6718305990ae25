/**
 * The email module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { emailAdminRoutes } from "./email.routes.js";
export { createEmailAdminService } from "./email.service.js";
export { unsubscribeRouter } from "./email.unsubscribe.routes.js";
export { createUnsubscribeService } from "./email.unsubscribe.service.js";
export { startEmailWorker } from "./email.worker.js";
export type { EmailWorker, OtherJobProcessors, OtherJobResult } from "./email.worker.js";
export { pulseInviteEmail, type RenderedEmail } from "./email.templates.js";
export { createAnsweredNoticeReader } from "./email.answered-notice.js";
export type { AnsweredNotice, AnsweredNoticeRead, AnsweredNoticeReader } from "./email.answered-notice.js";
