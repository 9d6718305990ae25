/**
 * The questions module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { createQuestionBoard, createUpvoteSets } from "./questions.board.js";
// The content check is used by the service; exported for its benchmark (bench/content-check.ts).
export { checkContent, countLinks } from "./questions.content-check.js";
export { createQuestionEvents } from "./questions.events.js";
export { createBoardFirstScreen, type BoardFirstScreen } from "./questions.first-screen.js";
export { createQuestionLimits } from "./questions.limits.js";
export { createModerationService } from "./questions.moderation.service.js";
export { anonymiseQuestionsOf, countTeamQuestions, moveTeamQuestions } from "./questions.repository.js";
export { currentUpvoteCount, withdrawUpvotesOf } from "./questions.upvotes.repository.js";
export { questionRoutes } from "./questions.routes.js";
export { ownQuestionRoutes } from "./questions.mine.routes.js";
export { createQuestionService } from "./questions.service.js";
