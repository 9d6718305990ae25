import { z } from "zod";
import type { RequestContext } from "../../platform/context.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { pollPolicy, teamPollsPolicy } from "./polls.policy.js";
import type { PollService } from "./polls.service.js";
import type { VoterKeys } from "./polls.voter.js";
import { currentVoter, votingVoter } from "./polls.voter-cookie.js";
import type { PollVotes } from "./polls.votes.service.js";
import {
  createPollBody,
  editPollBody,
  listPollsQuery,
  pollIdParams,
  pollPageSchema,
  pollResultsSchema,
  pollResultsVisibilityBody,
  pollSchema,
  pollVoteBody,
  pollVoteResultSchema,
  reorderPollsBody,
} from "./polls.schemas.js";

const TAG = "Polls";
const MANAGE = "Poll moderation";

/**
 * CONTRACT §9. Reading and voting: everyone who may read the board (`qa.read`, `poll.vote`: visitors
 * too where the tenant allows them); a draft exists only for the team's moderators and admins
 * (404 to others). Writing, running and deleting polls: `poll.manage`, narrowed to the poll's team
 * by the policy's rule.
 */
export function pollRoutes(deps: { polls: PollService; votes: PollVotes; keys: VoterKeys; secureCookies: boolean }): AnyRoute[] {
  const { polls, votes, keys, secureCookies } = deps;
  const poll = <Input extends { ctx: RequestContext; params: { id: string } }>() => ({
    load: ({ ctx, params }: Input) => polls.visible(ctx, params.id),
    rule: pollPolicy.manage,
  });
  const notOpen = { 409: "POLL_NOT_OPEN" };
  return [
    route({
      method: "get",
      path: "/polls",
      operationId: "listPolls",
      tag: TAG,
      summary: "A team's polls (paged): the open one first, then drafts in order, then closed ones, latest first",
      description:
        "Drafts are listed only to the team's moderators and admins. `myVote` is the caller's own vote (a visitor's by their browser's vote cookie).",
      access: "qa.read",
      query: listPollsQuery,
      response: pollPageSchema,
      handler: ({ ctx, query, req }) => polls.list(ctx, query, currentVoter(ctx, req, keys)),
    }),
    route({
      method: "get",
      path: "/polls/:id",
      operationId: "getPoll",
      tag: TAG,
      summary: "One poll, with the caller's own vote",
      access: "qa.read",
      params: pollIdParams,
      response: pollSchema,
      handler: async ({ ctx, params, req }) => polls.get(ctx, await polls.visible(ctx, params.id), currentVoter(ctx, req, keys)),
    }),
    route({
      method: "post",
      path: "/polls",
      operationId: "createPoll",
      tag: MANAGE,
      summary: "Write a poll (a draft: nothing of it goes out until it opens)",
      access: "poll.manage",
      body: createPollBody,
      record: { load: ({ ctx, body }) => polls.team(ctx, body.teamId), rule: teamPollsPolicy.manage },
      status: 201,
      response: pollSchema,
      handler: ({ ctx, body }) => polls.create(ctx, body),
    }),
    route({
      method: "put",
      path: "/polls/:id",
      operationId: "editPoll",
      tag: MANAGE,
      summary: "Edit a draft (replaced whole)",
      access: "poll.manage",
      params: pollIdParams,
      record: poll(),
      body: editPollBody,
      response: pollSchema,
      otherResponses: { 409: "POLL_NOT_DRAFT: the poll has been opened" },
      handler: ({ ctx, record, body }) => polls.edit(ctx, record, body),
    }),
    route({
      method: "delete",
      path: "/polls/:id",
      operationId: "deletePoll",
      tag: MANAGE,
      summary: "Delete a poll and its votes",
      access: "poll.manage",
      params: pollIdParams,
      record: poll(),
      status: 204,
      handler: ({ ctx, record }) => polls.remove(ctx, record),
    }),
    route({
      method: "post",
      path: "/polls/:id/open",
      operationId: "openPoll",
      tag: MANAGE,
      summary: "Open a draft or a closed poll (the team's other open poll closes: one open poll per team)",
      access: "poll.manage",
      params: pollIdParams,
      record: poll(),
      response: pollSchema,
      handler: ({ ctx, record }) => polls.open(ctx, record),
    }),
    route({
      method: "post",
      path: "/polls/:id/close",
      operationId: "closePoll",
      tag: MANAGE,
      summary: "Close an open poll: it takes no more votes",
      access: "poll.manage",
      params: pollIdParams,
      record: poll(),
      response: pollSchema,
      otherResponses: notOpen,
      handler: ({ ctx, record }) => polls.close(ctx, record),
    }),
    route({
      method: "post",
      path: "/polls/:id/results",
      operationId: "setPollResultsVisible",
      tag: MANAGE,
      summary: "Show the results to the room, or hide them (moderators always see them)",
      access: "poll.manage",
      params: pollIdParams,
      record: poll(),
      body: pollResultsVisibilityBody,
      response: pollSchema,
      handler: ({ ctx, record, body }) => polls.showResults(ctx, record, body.visible),
    }),
    route({
      method: "post",
      path: "/polls/reorder",
      operationId: "reorderPolls",
      tag: MANAGE,
      summary: "Order a team's drafts (the listed ones first, in this order); answers the drafts in their new order",
      access: "poll.manage",
      body: reorderPollsBody,
      record: { load: ({ ctx, body }) => polls.team(ctx, body.teamId), rule: teamPollsPolicy.manage },
      response: z.array(pollSchema),
      otherResponses: { 409: "POLL_NOT_DRAFT: a listed poll has been opened" },
      handler: ({ ctx, body }) => polls.reorder(ctx, body.teamId, body.pollIds),
    }),
    route({
      method: "post",
      path: "/polls/:id/duplicate",
      operationId: "duplicatePoll",
      tag: MANAGE,
      summary: "A new draft with this poll's title, type and choices, after the team's drafts",
      access: "poll.manage",
      params: pollIdParams,
      record: poll(),
      status: 201,
      response: pollSchema,
      handler: ({ ctx, record }) => polls.duplicate(ctx, record),
    }),
    route({
      method: "post",
      path: "/polls/:id/votes",
      operationId: "votePoll",
      tag: TAG,
      summary: "Vote (again while open: replaces one's vote)",
      description:
        "The body is the poll type's: `{optionIds}` (single: exactly one; multiple: 1..maxChoices distinct options of this poll), `{rating}` (1..scaleMax) " +
        "or `{text}` (words: 1..40 visible characters, content checked). Anonymous: the vote is stored under a keyed hash of (poll, voter), never the user. " +
        "A visitor (where the tenant lets visitors read the board) votes once per browser: the first vote sets the signed `qa.voter` cookie. " +
        "Rate limited like upvotes (security.rateLimits.upvotesPerMinute).",
      access: "poll.vote",
      params: pollIdParams,
      body: pollVoteBody,
      response: pollVoteResultSchema,
      otherResponses: { 409: "POLL_NOT_OPEN: a draft or a closed poll", 422: "CONTENT_REJECTED (details: the reasons)", 429: "RATE_LIMITED" },
      handler: async ({ ctx, params, body, req, res }) => {
        const target = await polls.visible(ctx, params.id);
        const voting = votingVoter(ctx, req, keys, secureCookies);
        const result = await votes.vote(ctx, target, body, voting.voter, voting.isNew);
        voting.commit(res);
        return result;
      },
    }),
    route({
      method: "get",
      path: "/polls/:id/results",
      operationId: "getPollResults",
      tag: TAG,
      summary: "A poll's results (moderators always; others while they are shown to the room)",
      description:
        "Single and multiple: votes per option, in the poll's order. Rating: the average and the votes per score. Words: case-folded, the most frequent first, at most 100.",
      access: "qa.read",
      params: pollIdParams,
      response: pollResultsSchema,
      otherResponses: { 403: "RESULTS_HIDDEN: the results are not shown to the room" },
      handler: async ({ ctx, params }) => votes.results(ctx, await polls.visible(ctx, params.id)),
    }),
  ];
}
