import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { AppError, errors } from "../../platform/errors.js";
import { hideActor } from "../../platform/hidden-actor.js";
import type { RateLimitService } from "../../platform/rate-limit.js";
import { checkContent } from "../questions/index.js";
import type { PollEvents } from "./polls.events.js";
import { canSeeResults } from "./polls.policy.js";
import { presentResults } from "./polls.presenter.js";
import type { PollRecord } from "./polls.repository.js";
import type { PollMyVote, PollResults, PollVoteBody } from "./polls.schemas.js";
import type { Voter, VoterKeys } from "./polls.voter.js";
import { castVote, findVotes, tallyVotes, type StoredAnswer } from "./polls.votes.repository.js";

/** The caller's own votes on these polls (found by recomputing their hash), by poll id. */
export type MyVotes = (ctx: RequestContext, voter: Voter | null, pollIds: string[]) => Promise<Map<string, PollMyVote>>;

/** The voter a signed-in caller is; a visitor's comes from their browser's cookie (the route reads it). */
export const userVoter = (ctx: RequestContext): Voter | null => (ctx.user ? { kind: "user", id: ctx.user.id } : null);

/** A words entry as counted: case-folded, white space trimmed and runs of it made one space, so "Coffee " and "coffee" are one word. */
export function foldWord(text: string): string {
  return text.replace(/\s+/gu, " ").trim().toLowerCase();
}

const invalid = (message: string) => errors.validation([{ path: "body", message }], `This vote does not fit the poll: ${message}.`);

/** The vote as stored, once it fits the poll's type and choices (400 otherwise). */
function answerFor(poll: PollRecord, body: PollVoteBody): StoredAnswer {
  if ("optionIds" in body) {
    if (poll.type !== "single" && poll.type !== "multiple") throw invalid(`a ${poll.type} poll takes no option ids`);
    const ids = body.optionIds;
    if (new Set(ids).size !== ids.length) throw invalid("an option is chosen twice");
    const known = new Set(poll.options.map((option) => option.id));
    if (ids.some((id) => !known.has(id))) throw invalid("an option id is not one of this poll's options");
    if (poll.type === "single" && ids.length !== 1) throw invalid("a single choice poll takes exactly one option");
    const max = poll.maxChoices ?? poll.options.length;
    if (ids.length > max) throw invalid(`at most ${max} options may be chosen`);
    // In the poll's order, so the same choice is stored (and shown back) the same way.
    return { optionIds: poll.options.map((option) => option.id).filter((id) => ids.includes(id)) };
  }
  if ("rating" in body) {
    if (poll.type !== "rating") throw invalid(`a ${poll.type} poll takes no rating`);
    const max = poll.scaleMax ?? 5;
    if (body.rating < 1 || body.rating > max) throw invalid(`the rating must be between 1 and ${max}`);
    return { rating: body.rating };
  }
  if (poll.type !== "words") throw invalid(`a ${poll.type} poll takes no text`);
  const word = foldWord(body.text);
  // A word goes straight onto the presenter screen, with no review queue to hold it: anything the
  // content check finds more than cosmetic (shouting, punctuation) is refused.
  const verdict = checkContent(word);
  if (verdict.confidence === "high" || verdict.confidence === "medium") {
    throw new AppError("CONTENT_REJECTED", 422, "This entry was rejected by the content check.", verdict.reasons);
  }
  return { word };
}

function toMyVote(answer: StoredAnswer): PollMyVote {
  return "word" in answer ? { text: answer.word } : answer;
}

export function createPollVotes(deps: { db: Database; keys: VoterKeys; events: PollEvents; rateLimits: RateLimitService }) {
  const { db, keys, events, rateLimits } = deps;

  const myVotes: MyVotes = async (ctx, voter, pollIds) => {
    if (!voter || pollIds.length === 0) return new Map();
    return findVotes(
      db,
      ctx.tenant.id,
      pollIds.map((pollId) => ({ pollId, hashes: keys.hashes(pollId, voter) })),
    );
  };

  /**
   * Votes are limited like upvotes (security.rateLimits.upvotesPerMinute), per voter: the limit's
   * key is a keyed hash too, so the key-value store does not list who voted when either. A
   * visitor without a cookie yet is counted by address, so clearing cookies gains nothing.
   */
  async function limit(ctx: RequestContext, voter: Voter, newVisitor: boolean): Promise<void> {
    const who = newVisitor ? `ip:${ctx.ip ?? "unknown"}` : (keys.hashes("rate-limit", voter)[0] as string);
    await rateLimits.consume({ name: "pollVotes", points: ctx.settings.security.rateLimits.upvotesPerMinute, durationSeconds: 60 }, `${ctx.tenant.id}:${who}`);
  }

  /** One vote per voter and poll; again while open replaces it. 409 POLL_NOT_OPEN for a draft or a closed poll. */
  async function vote(ctx: RequestContext, poll: PollRecord, body: PollVoteBody, voter: Voter, newVisitor = false) {
    // Whoever votes is not to be named by the request's log line either (no client address).
    hideActor(ctx);
    const answer = answerFor(poll, body);
    if (poll.status !== "open") throw errors.conflict("POLL_NOT_OPEN", "This poll is not open for votes.");
    await limit(ctx, voter, newVisitor);
    const hashes = keys.hashes(poll.id, voter);
    const voteCount = await db.transaction((trx) => castVote(trx, ctx.tenant.id, poll.id, hashes, answer));
    if (voteCount === null) throw errors.conflict("POLL_NOT_OPEN", "This poll is not open for votes.");
    await events.voted(ctx.tenant.id, poll.id);
    return { pollId: poll.id, voteCount, myVote: toMyVote(answer) };
  }

  async function results(ctx: RequestContext, poll: PollRecord): Promise<PollResults> {
    if (!canSeeResults(ctx.user, poll)) throw new AppError("RESULTS_HIDDEN", 403, "The results of this poll are not shown yet.");
    return presentResults(poll, await tallyVotes(db, poll));
  }

  return { myVotes, vote, results };
}

export type PollVotes = ReturnType<typeof createPollVotes>;
