import type { Knex } from "knex";
import type { DatabaseRow, Executor } from "../../platform/db.js";
import { applyFilter, countQuestions, selectQuestions, toQuestionRecord, type QuestionFilter, type QuestionRecord } from "./questions.repository.js";

/**
 * A search ranks the newest questions that match, at most this many. Ranking every match of a
 * common word in a tenant of a million questions (100,000 matches) costs seconds; the newest
 * matches are what a room asks about, and their number bounds the cost.
 */
export const RANKED_SEARCH_MATCHES = 200;
/**
 * How many of the newest questions (of the filter) are read in date order to find those matches.
 * Words common enough fill the ranked set within it at the cost of reading it (about 15 ms); rarer
 * words are looked up in the full-text index instead, where they are cheap.
 */
const NEWEST_SCANNED = 20_000;

const RANKED_ORDER = {
  relevance: "rank desc, m.upvote_count desc, m.submitted_at asc, m.id asc",
  top: "m.is_pinned desc, m.upvote_count desc, m.submitted_at asc, m.id asc",
  new: "m.submitted_at desc, m.id desc",
} as const;

const MATCH_COLUMNS = ["q.id", "q.search", "q.upvote_count", "q.submitted_at", "q.is_pinned"];

/** The matches' ids in the requested order, with their rank (`ts_rank`, CONTRACT §3). */
function ranked(db: Executor, matches: Knex.QueryBuilder, tsquery: string, sort: QuestionFilter["sort"]) {
  return db
    .select("m.id")
    .from(matches.as("m"))
    .select(db.raw("ts_rank(m.search, to_tsquery('english', ?)) as rank", [tsquery]))
    .orderByRaw(RANKED_ORDER[sort]) as Knex.QueryBuilder<DatabaseRow, Array<{ id: string }>>;
}

/** Among the newest questions of the filter, read in date order: the newest matches, if common enough to be there. */
function newestAmongRecent(db: Executor, filter: QuestionFilter, tsquery: string) {
  const recent = applyFilter(db("questions as q").select(MATCH_COLUMNS), { ...filter, tsquery: undefined })
    .orderBy("q.submitted_at", "desc")
    .limit(NEWEST_SCANNED);
  return db
    .select("*")
    .from(recent.as("q"))
    .whereRaw("q.search @@ to_tsquery('english', ?)", [tsquery])
    .orderBy("q.submitted_at", "desc")
    .limit(RANKED_SEARCH_MATCHES);
}

/** Through the full-text index over the whole filter (materialised, so the index is what finds them): for rarer words. */
function newestThroughIndex(db: Executor, filter: QuestionFilter, tsquery: string) {
  return db
    .withMaterialized("matches", applyFilter(db("questions as q").select(MATCH_COLUMNS), { ...filter, tsquery }))
    .select("*")
    .from("matches as q")
    .orderBy("q.submitted_at", "desc")
    .limit(RANKED_SEARCH_MATCHES);
}

/**
 * A page of a search: the newest matches (at most RANKED_SEARCH_MATCHES) ranked and ordered, the
 * page cut from them, then read whole. `total` is the number of ranked matches. The newest are
 * found in date order when the words are common (the ranked set fills among the newest questions),
 * else through the full-text index; a filter with no more questions than are read in date order
 * never needs the index.
 */
export async function searchQuestions(db: Executor, filter: QuestionFilter, tsquery: string): Promise<{ items: QuestionRecord[]; total: number }> {
  let order = await ranked(db, newestAmongRecent(db, filter, tsquery), tsquery, filter.sort);
  if (order.length < RANKED_SEARCH_MATCHES && (await countQuestions(db, { ...filter, tsquery: undefined })) > NEWEST_SCANNED) {
    order = await ranked(db, newestThroughIndex(db, filter, tsquery), tsquery, filter.sort);
  }
  const pageIds = order.slice(filter.offset, filter.offset + filter.limit).map((row) => row.id);
  if (pageIds.length === 0) return { items: [], total: order.length };
  const rows: DatabaseRow[] = await selectQuestions(db, filter.viewerId).where("q.tenant_id", filter.tenantId).whereIn("q.id", pageIds);
  const position = new Map(pageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) as number) - (position.get(b.id) as number));
  return { items: rows.map(toQuestionRecord), total: order.length };
}
