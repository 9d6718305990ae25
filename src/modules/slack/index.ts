/**
 * The Slack module's public face (CONTRACT §11): pulse invites and answered notices as direct
 * messages, the interaction requests of the invites' buttons, and what the team channels share
 * (the clients, Slack's refusals, mrkdwn escaping). Everything else in this folder is internal.
 */
export { createSlackClients, slackRefusal } from "./slack.client.js";
export { escapeMrkdwn } from "./slack.messages.js";
export type { SlackClients } from "./slack.client.js";
export { createSlackInviteSender } from "./slack.invites.js";
export { createSlackInteractions } from "./slack.interactions.service.js";
export type { SlackInteractions } from "./slack.interactions.service.js";
export { slackInteractionsRouter, SLACK_INTERACTIONS_PATH } from "./slack.interactions.routes.js";
export { slackJobProcessors } from "./slack.jobs.js";
export { createSlackConnectionTest, slackAdminRoutes, SLACK_BOT_SCOPES } from "./slack.connection.js";
