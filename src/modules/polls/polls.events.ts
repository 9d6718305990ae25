import type { z } from "zod";
import { createCoalescer } from "../../platform/coalescer.js";
import type { Database } from "../../platform/db.js";
import type { EventBus } from "../../platform/events.js";
import { liveEventPublisher, LiveEventRefused } from "../../platform/live-events.js";
import type { Logger } from "../../platform/logger.js";
import type { PublishWebhookEvent } from "../webhooks/index.js";
import { pollEventSchemas, type PollEventSchemas } from "./polls.events.schemas.js";
import { presentPoll, presentResults } from "./polls.presenter.js";
import { findPoll, type PollRecord } from "./polls.repository.js";
import type { PollResults } from "./polls.schemas.js";
import { tallyVotes } from "./polls.votes.repository.js";

/** What a poll's coalesced vote events carry: its count, and its results while the room sees them. */
interface Tally {
  teamId: string;
  voteCount: number;
  results: PollResults | null;
}

/**
 * The live events of polls (CONTRACT §9; their schemas in polls.events.schemas.ts), published after
 * the change committed. Nothing of a draft goes out, and no event says who voted: a poll in an
 * event carries `myVote: null`. Vote events are coalesced per poll (platform/coalescer.ts), their
 * figures read from the database when they go out, so every instance sends the same.
 */
export function createPollEvents(deps: {
  bus: EventBus;
  logger: Logger;
  db: Database;
  windowMs?: number;
  /** The tenant's outgoing webhooks (CONTRACT §11): a closed poll with its results. */
  webhooks?: PublishWebhookEvent;
}) {
  const { bus, logger, db } = deps;
  const publish = liveEventPublisher(bus, pollEventSchemas);
  async function emit<Type extends keyof PollEventSchemas>(tenantId: string, type: Type, data: z.input<PollEventSchemas[Type]>): Promise<void> {
    try {
      await publish(tenantId, type, data);
    } catch (error) {
      // The change is committed either way: a lost live event only means clients refresh a bit later.
      if (error instanceof LiveEventRefused) logger.error({ err: { message: error.message }, tenantId, eventType: type }, "live event refused");
      else logger.warn({ err: { message: (error as Error).message }, tenantId, eventType: type }, "live event not published");
    }
  }

  async function currentTally(tenantId: string, pollId: string): Promise<Tally | null> {
    const poll = await findPoll(db, tenantId, pollId);
    if (!poll || poll.status === "draft") return null;
    const raw = await tallyVotes(db, poll);
    return { teamId: poll.teamId, voteCount: raw.voteCount, results: poll.resultsVisible ? presentResults(poll, raw) : null };
  }

  async function sendTally(tenantId: string, pollId: string, tally: Tally): Promise<void> {
    await emit(tenantId, "poll:voted", { pollId, teamId: tally.teamId, voteCount: tally.voteCount });
    if (tally.results) await emit(tenantId, "poll:results", { pollId, teamId: tally.teamId, results: tally.results });
  }

  const tallies = createCoalescer<Tally>({
    publish: sendTally,
    current: currentTally,
    onError: (error) => logger.warn({ err: { message: (error as Error).message } }, "poll tally not read for its live event"),
    windowMs: deps.windowMs,
  });

  /** The poll as it closed, with its final results (whether or not the room was shown them: the tenant's own systems receive it). */
  async function sendClosedWebhook(webhooks: PublishWebhookEvent, tenantId: string, pollId: string): Promise<void> {
    try {
      const poll = await findPoll(db, tenantId, pollId);
      if (!poll || poll.status !== "closed") return;
      const results = presentResults(poll, await tallyVotes(db, poll));
      await webhooks(tenantId, "poll.closed", {
        id: poll.id,
        teamId: poll.teamId,
        title: poll.title,
        type: poll.type,
        closedAt: poll.closedAt,
        voteCount: results.voteCount,
        resultsVisible: poll.resultsVisible,
        results,
      });
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message }, tenantId }, "poll results not read for the closed poll's webhook");
    }
  }

  const everyones = (poll: PollRecord) => presentPoll(poll, null) as z.input<PollEventSchemas["poll:opened"]>["poll"];
  const isDraft = (poll: Pick<PollRecord, "status">) => poll.status === "draft";

  return {
    async opened(poll: PollRecord) {
      await emit(poll.tenantId, "poll:opened", { poll: { ...everyones(poll), myVote: null } });
    },
    async closed(poll: Pick<PollRecord, "tenantId" | "id" | "teamId">) {
      await emit(poll.tenantId, "poll:closed", { id: poll.id, teamId: poll.teamId });
      if (deps.webhooks) await sendClosedWebhook(deps.webhooks, poll.tenantId, poll.id);
    },
    /** Results shown or hidden; shown, the room gets them at once rather than at the next vote. */
    async resultsChanged(poll: PollRecord) {
      if (isDraft(poll)) return;
      await emit(poll.tenantId, "poll:updated", { poll: { ...everyones(poll), myVote: null } });
      if (!poll.resultsVisible) return;
      const tally = await currentTally(poll.tenantId, poll.id);
      if (tally?.results) await emit(poll.tenantId, "poll:results", { pollId: poll.id, teamId: poll.teamId, results: tally.results });
    },
    async deleted(poll: PollRecord) {
      if (isDraft(poll)) return;
      await emit(poll.tenantId, "poll:deleted", { id: poll.id, teamId: poll.teamId });
    },
    /** A vote committed: at most one `poll:voted` (and `poll:results`) per poll per 250 ms, with the latest figures. */
    async voted(tenantId: string, pollId: string) {
      await tallies.changed(tenantId, pollId, () => currentTally(tenantId, pollId));
    },
  };
}

export type PollEvents = ReturnType<typeof createPollEvents>;
