/**
 * The channels module's public face (CONTRACT §11): a team's Slack channel and Teams channel,
 * where its new questions, answers and closed polls are posted. Everything else here is internal.
 */
export { createChannelPublisher, type PublishChannelEvent } from "./channels.events.js";
export { CHANNEL_RETRY_DELAYS_MS, createChannelPosting, type ChannelPosting } from "./channels.posting.js";
export { BullChannelQueue, InProcessChannelQueue, startChannelWorker, type ChannelJob, type ChannelQueue, type ChannelWorker } from "./channels.queue.js";
export { resealTeamChannelSecrets } from "./channels.reseal.js";
export { channelRoutes } from "./channels.routes.js";
export { createChannelService } from "./channels.service.js";
