import type { Executor } from "../../platform/db.js";
import { presentResults } from "./polls.presenter.js";
import { listOpenedPolls } from "./polls.repository.js";
import { tallyVotes } from "./polls.votes.repository.js";

/** One answer of one poll and how many chose it (CONTRACT §9's export: results per poll, no voter). */
export interface PollExportRow {
  pollId: string;
  teamId: string;
  teamName: string;
  title: string;
  type: string;
  status: string;
  openedAt: string | null;
  closedAt: string | null;
  voteCount: number;
  /** The option's text, the score ("1".."10") or the word; null for a words poll nobody answered. */
  answer: string | null;
  votes: number;
}

/**
 * Every poll that was opened, its results flattened to one row per answer: options in the poll's
 * order, scores from 1, words most frequent first (at most 100, as shown). Drafts have no results.
 * Only totals leave: nothing of a single vote, its order or its voter.
 */
export async function listPollResultsForExport(db: Executor, tenantId: string): Promise<PollExportRow[]> {
  const rows: PollExportRow[] = [];
  for (const poll of await listOpenedPolls(db, tenantId)) {
    const results = presentResults(poll, await tallyVotes(db, poll));
    const base = {
      pollId: poll.id,
      teamId: poll.teamId,
      teamName: poll.teamName,
      title: poll.title,
      type: poll.type,
      status: poll.status,
      openedAt: poll.openedAt,
      closedAt: poll.closedAt,
      voteCount: results.voteCount,
    };
    if ("options" in results) for (const option of results.options) rows.push({ ...base, answer: option.text, votes: option.votes });
    else if ("distribution" in results) results.distribution.forEach((votes, index) => rows.push({ ...base, answer: String(index + 1), votes }));
    else if (results.words.length === 0) rows.push({ ...base, answer: null, votes: 0 });
    else for (const word of results.words) rows.push({ ...base, answer: word.text, votes: word.count });
  }
  return rows;
}
