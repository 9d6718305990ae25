import { randomInt } from "node:crypto";
import type { Knex } from "knex";
import type { DatabaseRow, Executor } from "../../platform/db.js";
import type { PollMyVote } from "./polls.schemas.js";
import type { PollRecord } from "./polls.repository.js";
import { POLL_WORDS_SHOWN } from "./polls.constants.js";
import { SHARE_VOTES_LOCK, votesLockKey } from "./polls.votes-lock.js";

/** One vote as stored: exactly one of the three. */
export type StoredAnswer = { optionIds: string[] } | { rating: number } | { word: string };

const parseJson = <T>(value: unknown): T => (typeof value === "string" ? (JSON.parse(value) as T) : (value as T));

function toMyVote(row: DatabaseRow): PollMyVote {
  if (row.option_ids !== null && row.option_ids !== undefined) return { optionIds: parseJson<string[]>(row.option_ids) };
  if (row.rating !== null && row.rating !== undefined) return { rating: Number(row.rating) };
  return { text: row.word as string };
}

const answerColumns = (answer: StoredAnswer) => ({
  option_ids: "optionIds" in answer ? JSON.stringify(answer.optionIds) : null,
  rating: "rating" in answer ? answer.rating : null,
  word: "word" in answer ? answer.word : null,
});

/**
 * The voter's vote, new or replacing theirs, while the poll is open; returns the poll's vote count
 * with it, or null when the poll is not open (any more). `hashes[0]` is the voter's hash under the
 * current secret; a vote stored under an older one (before a rotation) is replaced too, not
 * counted twice.
 *
 * Votes share an advisory lock on the poll, taken before the statement that reads the status, so
 * a close (which takes it whole) waits for the votes under way and the votes after it see it
 * closed. The lock lives in the lock manager: unlike `FOR SHARE` on the poll's row it writes
 * nothing, so a room voting at once does not turn the row into a chain of multixacts.
 */
export async function castVote(trx: Knex.Transaction, tenantId: string, pollId: string, hashes: string[], answer: StoredAnswer): Promise<number | null> {
  const [current, ...older] = hashes;
  if (current === undefined) throw new Error("castVote needs the voter's hash");
  // A live vote does not wait for its commit to reach the disk: the room votes within seconds,
  // and a flush waits behind every other write of the database server. What a database crash
  // could lose is the last moment's votes, never consistency; the voter can vote again while the
  // poll is open.
  await trx.raw(`select set_config('synchronous_commit', 'off', true), ${SHARE_VOTES_LOCK}`, [votesLockKey(pollId)]);
  if (older.length > 0) await trx("poll_votes").where({ tenant_id: tenantId, poll_id: pollId }).whereIn("voter_hash", older).delete();
  const columns = answerColumns(answer);
  // One statement: the vote, if the poll is open, and the count it makes (the count reads the
  // statement's snapshot, which a new vote is not in yet: it is added).
  const result = await trx.raw(
    `with open_poll as (
       select 1 from polls where tenant_id = ? and id = ? and status = 'open'
     ), written as (
       insert into poll_votes (tenant_id, poll_id, voter_hash, option_ids, rating, word)
       select ?, ?, ?, ?::jsonb, ?::int, ?::text from open_poll
       on conflict (poll_id, voter_hash) do update set option_ids = excluded.option_ids, rating = excluded.rating, word = excluded.word
       returning (xmax = 0) as inserted
     )
     select (select count(*)::int from written) as written,
       (select count(*)::int from written where inserted) + (select count(*)::int from poll_votes where tenant_id = ? and poll_id = ?) as vote_count`,
    [tenantId, pollId, tenantId, pollId, current, columns.option_ids, columns.rating, columns.word, tenantId, pollId],
  );
  const row = result.rows[0] as { written: number; vote_count: number };
  return Number(row.written) === 0 ? null : Number(row.vote_count);
}

/** The caller's own votes on these polls, found by their hashes (any of a poll's). */
export async function findVotes(db: Executor, tenantId: string, wanted: Array<{ pollId: string; hashes: string[] }>): Promise<Map<string, PollMyVote>> {
  const pairs = wanted.flatMap(({ pollId, hashes }) => hashes.map((hash) => [pollId, hash]));
  const found = new Map<string, PollMyVote>();
  if (pairs.length === 0) return found;
  const rows = await db("poll_votes")
    .where({ tenant_id: tenantId })
    .whereIn(["poll_id", "voter_hash"], pairs)
    .select("poll_id", "option_ids", "rating", "word");
  for (const row of rows) found.set(row.poll_id, toMyVote(row));
  return found;
}

export async function countVotes(db: Executor, tenantId: string, pollId: string): Promise<number> {
  const [{ count }] = await db("poll_votes").where({ tenant_id: tenantId, poll_id: pollId }).select(db.raw("count(*)::int as count"));
  return Number(count);
}

export interface RawResults {
  voteCount: number;
  /** single and multiple: votes per option id. */
  optionVotes: Map<string, number>;
  /** rating: votes per score. */
  ratings: Map<number, number>;
  /** words: the most frequent first (ties alphabetically), at most POLL_WORDS_SHOWN. */
  words: Array<{ text: string; count: number }>;
}

/** The tally of a poll, read in one go from the votes (never from a counter a second instance could disagree with). */
export async function tallyVotes(db: Executor, poll: Pick<PollRecord, "tenantId" | "id" | "type">): Promise<RawResults> {
  const results: RawResults = { voteCount: await countVotes(db, poll.tenantId, poll.id), optionVotes: new Map(), ratings: new Map(), words: [] };
  const votes = () => db("poll_votes as v").where({ "v.tenant_id": poll.tenantId, "v.poll_id": poll.id });
  if (poll.type === "single" || poll.type === "multiple") {
    const rows = await votes()
      .joinRaw("cross join lateral jsonb_array_elements_text(v.option_ids) as chosen(option_id)")
      .groupBy("chosen.option_id")
      .select("chosen.option_id as option_id", db.raw("count(*)::int as votes"));
    for (const row of rows) results.optionVotes.set(row.option_id, Number(row.votes));
  } else if (poll.type === "rating") {
    const rows = await votes().groupBy("v.rating").select("v.rating", db.raw("count(*)::int as votes"));
    for (const row of rows) results.ratings.set(Number(row.rating), Number(row.votes));
  } else {
    const rows = await votes()
      .groupBy("v.word")
      .select("v.word", db.raw("count(*)::int as votes"))
      .orderBy([{ column: "votes", order: "desc" }, { column: "v.word" }])
      .limit(POLL_WORDS_SHOWN);
    results.words = rows.map((row) => ({ text: row.word as string, count: Number(row.votes) }));
  }
  return results;
}

/**
 * Rewrites a poll's votes in random order (at close, in its transaction): until then the rows sit
 * in the order people voted (their physical position, their transaction ids), which someone with
 * the database files could line up with other records of the same moments. Rewritten together by
 * one transaction, they no longer follow the voting. (The old row versions stay on disk until
 * PostgreSQL's vacuum reclaims them.)
 */
export async function shuffleVotes(trx: Knex.Transaction, tenantId: string, pollId: string): Promise<void> {
  const rows: DatabaseRow[] = await trx("poll_votes")
    .where({ tenant_id: tenantId, poll_id: pollId })
    .delete()
    .returning(["tenant_id", "poll_id", "voter_hash", "option_ids", "rating", "word"]);
  for (let i = rows.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [rows[i], rows[j]] = [rows[j] as DatabaseRow, rows[i] as DatabaseRow];
  }
  const shuffled = rows.map((row) => ({ ...row, option_ids: row.option_ids === null ? null : JSON.stringify(parseJson(row.option_ids)) }));
  for (let start = 0; start < shuffled.length; start += 500) await trx("poll_votes").insert(shuffled.slice(start, start + 500));
}
