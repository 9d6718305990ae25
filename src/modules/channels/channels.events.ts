import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import { CHANNEL_EVENT_TYPES, type ChannelEventType, type ChannelQueue, type ChannelTarget } from "./channels.queue.js";
import { findTeamChannels } from "./channels.repository.js";

const posted = new Set<string>(CHANNEL_EVENT_TYPES);
const isChannelEvent = (type: string): type is ChannelEventType => posted.has(type);

/** The events' data as the questions and polls modules publish them (the webhooks' event data). */
type EventData = { id?: unknown; teamId?: unknown; isAnonymous?: unknown; author?: unknown } & Record<string, unknown>;

/**
 * What the modules' publish hook also calls, after the change committed: queues one post per
 * channel the event's team has. Questions held for review are published only once visible
 * (the questions module's events). Never throws: a lost chat message must not fail the request.
 */
export function createChannelPublisher(deps: { db: Database; logger: Logger; queue: ChannelQueue }) {
  const { db, logger, queue } = deps;
  return async (tenantId: string, type: string, data: EventData): Promise<void> => {
    if (!isChannelEvent(type)) return;
    try {
      if (typeof data.teamId !== "string" || typeof data.id !== "string") return;
      // A channel is read by people: results the room was not shown stay with the poll's moderators.
      if (type === "poll.closed" && data.resultsVisible !== true) return;
      // An anonymous question's author never reaches a channel, whatever the caller passed.
      const safe = data.isAnonymous === true ? { ...data, author: null } : data;
      const channels = await findTeamChannels(db, tenantId, data.teamId);
      if (!channels) return;
      const targets: ChannelTarget[] = [];
      if (channels.slackChannel) targets.push("slack");
      if (channels.teamsWebhookSealed) targets.push("teams");
      const { teamId, id: subjectId } = data;
      await queue.addMany(targets.map((target) => ({ job: { tenantId, teamId, target, eventType: type, subjectId, data: safe, attempt: 0 }, delayMs: 0 })));
    } catch (error) {
      logger.error({ err: error, tenantId, eventType: type }, "channel post not queued");
    }
  };
}

export type PublishChannelEvent = ReturnType<typeof createChannelPublisher>;
