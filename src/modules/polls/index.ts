/**
 * The polls module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { createPollEvents } from "./polls.events.js";
export { listPollResultsForExport } from "./polls.export.js";
export { pollRoutes } from "./polls.routes.js";
export { createPollService } from "./polls.service.js";
export { createVoterKeys } from "./polls.voter.js";
export { createPollVotes } from "./polls.votes.service.js";
