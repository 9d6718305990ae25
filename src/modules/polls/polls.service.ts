import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { recordAudit, type AuditEntryInput } from "../audit/index.js";
import { findTeam } from "../teams/index.js";
import type { PollEvents } from "./polls.events.js";
import { canSee, managedTeams } from "./polls.policy.js";
import { presentPoll } from "./polls.presenter.js";
import {
  deletePoll,
  draftIds,
  findPoll,
  insertPoll,
  listPolls,
  lockOpenPoll,
  lockPoll,
  lockTeamPolls,
  nextDraftPosition,
  setPositions,
  setResultsVisible,
  setStatus,
  updateDraft,
  type PollDraft,
  type PollRecord,
} from "./polls.repository.js";
import type { CreatePollBody, EditPollBody, ListPollsQuery, PollStatus, PollView } from "./polls.schemas.js";
import type { Voter } from "./polls.voter.js";
import { shuffleVotes } from "./polls.votes.repository.js";
import { userVoter, type MyVotes } from "./polls.votes.service.js";

export interface PollServiceDeps {
  db: Database;
  clock: Clock;
  events: PollEvents;
  myVotes: MyVotes;
}

/** What a command did: audit entries written in its transaction, events sent after the commit. */
interface Outcome {
  audit: AuditEntryInput[];
  afterCommit?: () => Promise<void>;
}

/** The audit entry's picture of a poll: what it asked, never who answered. */
const about = (poll: Pick<PollRecord, "id" | "title" | "type" | "teamId">) => ({ pollId: poll.id, title: poll.title, type: poll.type, teamId: poll.teamId });

function draftOf(body: EditPollBody): PollDraft {
  return {
    title: body.title,
    type: body.type,
    options: (body.options ?? []).map((text) => ({ id: randomUUID(), text })),
    maxChoices: body.type === "multiple" ? (body.maxChoices ?? null) : null,
    scaleMax: body.type === "rating" ? (body.scaleMax ?? null) : null,
    resultsVisible: body.resultsVisible ?? false,
  };
}

const notDraft = () => errors.conflict("POLL_NOT_DRAFT", "Only a draft can be edited: this poll has been opened.");

export function createPollService(deps: PollServiceDeps) {
  const { db, clock, events, myVotes } = deps;

  /** Locks the poll, runs the change and its audit entries in one transaction, then sends its events. */
  async function command(
    ctx: RequestContext,
    pollId: string,
    change: (locked: PollRecord, trx: Knex.Transaction, now: Date) => Promise<Outcome>,
  ): Promise<void> {
    const outcome = await db.transaction(async (trx) => {
      const locked = await lockPoll(trx, ctx.tenant.id, pollId);
      if (!locked) throw errors.notFound("Poll");
      const done = await change(locked, trx, clock.now());
      for (const entry of done.audit) await recordAudit(trx, ctx, entry);
      return done;
    });
    await outcome.afterCommit?.();
  }

  /** The poll as it is now, for the moderator who changed it. */
  async function readBack(ctx: RequestContext, pollId: string): Promise<PollView> {
    return get(ctx, await visible(ctx, pollId), userVoter(ctx));
  }

  /** A poll the caller may see: another tenant's, or a draft to someone who does not run the team's polls, is 404. */
  async function visible(ctx: RequestContext, id: string): Promise<PollRecord> {
    const poll = await findPoll(db, ctx.tenant.id, id);
    if (!poll || !canSee(ctx.user, poll)) throw errors.notFound("Poll");
    return poll;
  }

  async function team(ctx: RequestContext, teamId: string): Promise<{ id: string }> {
    const found = await findTeam(db, ctx.tenant.id, teamId);
    if (!found) throw errors.notFound("Team");
    return { id: found.id };
  }

  async function get(ctx: RequestContext, poll: PollRecord, voter: Voter | null): Promise<PollView> {
    const mine = await myVotes(ctx, voter, [poll.id]);
    return presentPoll(poll, mine.get(poll.id) ?? null);
  }

  async function list(ctx: RequestContext, query: ListPollsQuery, voter: Voter | null) {
    if (query.teamId) await team(ctx, query.teamId);
    const statuses: PollStatus[] = query.status ? [query.status] : ["draft", "open", "closed"];
    const page = await listPolls(db, {
      tenantId: ctx.tenant.id,
      teamId: query.teamId,
      statuses,
      draftTeams: managedTeams(ctx.user),
      limit: query.limit,
      offset: query.offset,
    });
    const mine = await myVotes(
      ctx,
      voter,
      page.items.filter((poll) => poll.status !== "draft").map((poll) => poll.id),
    );
    return { items: page.items.map((poll) => presentPoll(poll, mine.get(poll.id) ?? null)), total: page.total, limit: query.limit, offset: query.offset };
  }

  async function create(ctx: RequestContext, body: CreatePollBody): Promise<PollView> {
    const draft = draftOf(body);
    const id = await db.transaction(async (trx) => {
      await lockTeamPolls(trx, ctx.tenant.id, body.teamId);
      const position = await nextDraftPosition(trx, ctx.tenant.id, body.teamId);
      const pollId = await insertPoll(trx, { tenantId: ctx.tenant.id, teamId: body.teamId, createdBy: ctx.user?.id ?? null, position, draft });
      await recordAudit(trx, ctx, {
        action: "poll.create",
        entityType: "poll",
        entityId: pollId,
        after: { ...about({ ...draft, id: pollId, teamId: body.teamId }), options: draft.options.map((o) => o.text) },
      });
      return pollId;
    });
    return readBack(ctx, id);
  }

  async function edit(ctx: RequestContext, poll: PollRecord, body: EditPollBody): Promise<PollView> {
    const draft = draftOf(body);
    await command(ctx, poll.id, async (locked, trx) => {
      if (locked.status !== "draft") throw notDraft();
      await updateDraft(trx, ctx.tenant.id, locked.id, draft);
      const texts = (p: { options: Array<{ text: string }> }) => p.options.map((option) => option.text);
      return {
        audit: [
          {
            action: "poll.update",
            entityType: "poll",
            entityId: locked.id,
            before: { ...about(locked), options: texts(locked), maxChoices: locked.maxChoices, scaleMax: locked.scaleMax },
            after: {
              ...about({ ...draft, id: locked.id, teamId: locked.teamId }),
              options: texts(draft),
              maxChoices: draft.maxChoices,
              scaleMax: draft.scaleMax,
            },
          },
        ],
      };
    });
    return readBack(ctx, poll.id);
  }

  async function remove(ctx: RequestContext, poll: PollRecord): Promise<void> {
    await command(ctx, poll.id, async (locked, trx) => {
      await deletePoll(trx, ctx.tenant.id, locked.id);
      return {
        audit: [
          { action: "poll.delete", entityType: "poll", entityId: locked.id, before: { ...about(locked), status: locked.status, voteCount: locked.voteCount } },
        ],
        afterCommit: () => events.deleted(locked),
      };
    });
  }

  /** Opens a draft or a closed poll; the team's other open poll closes in the same transaction (one open poll per team). */
  async function open(ctx: RequestContext, poll: PollRecord): Promise<PollView> {
    await command(ctx, poll.id, async (locked, trx, now) => {
      if (locked.status === "open") return { audit: [] };
      await lockTeamPolls(trx, ctx.tenant.id, locked.teamId);
      const other = await lockOpenPoll(trx, ctx.tenant.id, locked.teamId, locked.id);
      const audit: AuditEntryInput[] = [];
      if (other) {
        await closePoll(trx, ctx, other, now);
        audit.push({ action: "poll.close", entityType: "poll", entityId: other.id, metadata: { ...about(other), reason: "another poll of the team opened" } });
      }
      await setStatus(trx, ctx.tenant.id, locked.id, "open", now);
      audit.push({
        action: "poll.open",
        entityType: "poll",
        entityId: locked.id,
        before: { status: locked.status },
        after: { status: "open" },
        metadata: about(locked),
      });
      return {
        audit,
        afterCommit: async () => {
          if (other) await events.closed(other);
          const opened = await findPoll(db, ctx.tenant.id, locked.id);
          if (opened) await events.opened(opened);
        },
      };
    });
    return readBack(ctx, poll.id);
  }

  async function closePoll(trx: Knex.Transaction, ctx: RequestContext, poll: PollRecord, now: Date): Promise<void> {
    await setStatus(trx, ctx.tenant.id, poll.id, "closed", now);
    await shuffleVotes(trx, ctx.tenant.id, poll.id);
  }

  async function close(ctx: RequestContext, poll: PollRecord): Promise<PollView> {
    await command(ctx, poll.id, async (locked, trx, now) => {
      if (locked.status !== "open") throw errors.conflict("POLL_NOT_OPEN", "Only an open poll can be closed.");
      await closePoll(trx, ctx, locked, now);
      return {
        audit: [
          { action: "poll.close", entityType: "poll", entityId: locked.id, before: { status: "open" }, after: { status: "closed" }, metadata: about(locked) },
        ],
        afterCommit: () => events.closed(locked),
      };
    });
    return readBack(ctx, poll.id);
  }

  async function showResults(ctx: RequestContext, poll: PollRecord, visibleToRoom: boolean): Promise<PollView> {
    await command(ctx, poll.id, async (locked, trx) => {
      if (locked.resultsVisible === visibleToRoom) return { audit: [] };
      await setResultsVisible(trx, ctx.tenant.id, locked.id, visibleToRoom);
      return {
        audit: [
          {
            action: "poll.results",
            entityType: "poll",
            entityId: locked.id,
            before: { resultsVisible: locked.resultsVisible },
            after: { resultsVisible: visibleToRoom },
            metadata: about(locked),
          },
        ],
        afterCommit: () => events.resultsChanged({ ...locked, resultsVisible: visibleToRoom }),
      };
    });
    return readBack(ctx, poll.id);
  }

  /** Orders the team's drafts: the listed ones first in the given order, the others after them as they were. */
  async function reorder(ctx: RequestContext, teamId: string, pollIds: string[]): Promise<PollView[]> {
    if (new Set(pollIds).size !== pollIds.length) throw errors.validation([{ path: "body.pollIds", message: "must not list a poll twice" }]);
    await db.transaction(async (trx) => {
      await lockTeamPolls(trx, ctx.tenant.id, teamId);
      const drafts = await draftIds(trx, ctx.tenant.id, teamId);
      for (const id of pollIds) {
        if (drafts.includes(id)) continue;
        const poll = await findPoll(trx, ctx.tenant.id, id);
        if (!poll || poll.teamId !== teamId) throw errors.notFound("Poll");
        throw notDraft();
      }
      await setPositions(trx, ctx.tenant.id, [...pollIds, ...drafts.filter((id) => !pollIds.includes(id))]);
    });
    const page = await listPolls(db, { tenantId: ctx.tenant.id, teamId, statuses: ["draft"], draftTeams: [teamId], limit: 500, offset: 0 });
    return page.items.map((poll) => presentPoll(poll, null));
  }

  /** A new draft with the poll's question and choices (not its votes or state), after the team's drafts. */
  async function duplicate(ctx: RequestContext, poll: PollRecord): Promise<PollView> {
    return create(ctx, {
      teamId: poll.teamId,
      title: poll.title,
      type: poll.type,
      ...(poll.options.length > 0 ? { options: poll.options.map((option) => option.text) } : {}),
      ...(poll.type === "multiple" && poll.maxChoices !== null ? { maxChoices: poll.maxChoices } : {}),
      ...(poll.type === "rating" && poll.scaleMax !== null ? { scaleMax: poll.scaleMax as 5 | 10 } : {}),
    });
  }

  return { visible, team, get, list, create, edit, remove, open, close, showResults, reorder, duplicate };
}

export type PollService = ReturnType<typeof createPollService>;
