/**
 * The Slack module's public face (CONTRACT §11): pulse invites as direct messages, and the
 * interaction requests of their buttons. Everything else in this folder is internal.
 */
export { createSlackClients } from "./slack.client.js";
export type { SlackClients } from "./slack.client.js";
export { createSlackInviteSender } from "./slack.invites.js";
export { createSlackInteractions } from "./slack.interactions.service.js";
export type { SlackInteractions } from "./slack.interactions.service.js";
export { slackInteractionsRouter, SLACK_INTERACTIONS_PATH } from "./slack.interactions.routes.js";
export { slackJobProcessors } from "./slack.jobs.js";
