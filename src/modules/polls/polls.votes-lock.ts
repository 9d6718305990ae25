import type { Knex } from "knex";

/**
 * The advisory lock on a poll's votes: every vote holds a share of it while it writes
 * (polls.votes.repository.ts castVote), every command on the poll takes it whole (lockPoll), so
 * a close waits for the votes under way and the votes after it see the poll closed.
 */
export const votesLockKey = (pollId: string) => `poll-votes:${pollId}`;

/** The shared form, as a select-list item (binding: votesLockKey). */
export const SHARE_VOTES_LOCK = "pg_advisory_xact_lock_shared(hashtextextended(?, 0))";

/** Waits for the votes being written to the poll, and keeps new ones out, until the caller's transaction ends. */
export async function lockPollAgainstVotes(trx: Knex.Transaction, pollId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtextextended(?, 0))", [votesLockKey(pollId)]);
}
