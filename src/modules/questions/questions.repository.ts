import type { Knex } from "knex";
import { preparedRows, type Executor, type DatabaseRow } from "../../platform/db.js";
import { SEARCH_MAX_TERMS } from "./questions.constants.js";
import type { QuestionStatus } from "./questions.schemas.js";

export interface QuestionRecord {
  id: string;
  tenantId: string;
  teamId: string;
  authorId: string | null;
  authorName: string | null;
  isAnonymous: boolean;
  body: string;
  status: QuestionStatus;
  upvoteCount: number;
  isPinned: boolean;
  isFrozen: boolean;
  responseText: string | null;
  responderId: string | null;
  responderName: string | null;
  respondedAt: string | null;
  moderation: { reasons: string[]; confidence: "low" | "medium" | "high" } | null;
  submittedAt: string;
  tags: Array<{ id: string; name: string; color: string }>;
  hasUpvoted: boolean;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const parseJson = <T>(value: unknown): T => (typeof value === "string" ? (JSON.parse(value) as T) : (value as T));

export function toQuestionRecord(row: DatabaseRow): QuestionRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    teamId: row.team_id,
    authorId: row.author_id ?? null,
    authorName: row.author_name ?? null,
    isAnonymous: Boolean(row.is_anonymous),
    body: row.body,
    status: row.status,
    upvoteCount: Number(row.upvote_count),
    isPinned: Boolean(row.is_pinned),
    isFrozen: Boolean(row.is_frozen),
    responseText: row.response_text ?? null,
    responderId: row.responder_id ?? null,
    responderName: row.responder_name ?? null,
    respondedAt: iso(row.responded_at ?? null),
    moderation: row.moderation ? parseJson(row.moderation) : null,
    submittedAt: iso(row.submitted_at) as string,
    tags: parseJson(row.tags ?? "[]"),
    hasUpvoted: Boolean(row.has_upvoted),
  };
}

/** The question columns plus author and responder names, tags and the viewer's upvote, in one query. */
export function selectQuestions(db: Executor, viewerId: string | null): Knex.QueryBuilder {
  return db("questions as q")
    .leftJoin("users as a", function joinAuthor() {
      this.on("a.tenant_id", "q.tenant_id").andOn("a.id", "q.author_id");
    })
    .leftJoin("users as r", function joinResponder() {
      this.on("r.tenant_id", "q.tenant_id").andOn("r.id", "q.responder_id");
    })
    .select(
      "q.id",
      "q.tenant_id",
      "q.team_id",
      "q.author_id",
      "q.is_anonymous",
      "q.body",
      "q.status",
      "q.upvote_count",
      "q.is_pinned",
      "q.is_frozen",
      "q.response_text",
      "q.responder_id",
      "q.responded_at",
      "q.moderation",
      "q.submitted_at",
      "a.name as author_name",
      "r.name as responder_name",
      db.raw(
        `coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
           from question_tags qt join tags t on t.tenant_id = qt.tenant_id and t.id = qt.tag_id
           where qt.tenant_id = q.tenant_id and qt.question_id = q.id), '[]'::json) as tags`,
      ),
      viewerId
        ? db.raw("exists (select 1 from upvotes u where u.question_id = q.id and u.user_id = ?) as has_upvoted", [viewerId])
        : db.raw("false as has_upvoted"),
    );
}

export async function findQuestion(db: Executor, tenantId: string, id: string, viewerId: string | null): Promise<QuestionRecord | null> {
  const row = await selectQuestions(db, viewerId).where({ "q.tenant_id": tenantId, "q.id": id }).first();
  return row ? toQuestionRecord(row) : null;
}

/**
 * Locks the question row for a change in this transaction and reads it whole, as the viewer sees
 * it: the one read a command makes (only the question row is locked, not its author or tags).
 */
export async function lockQuestion(trx: Knex.Transaction, tenantId: string, id: string, viewerId: string | null): Promise<QuestionRecord | null> {
  const row = await selectQuestions(trx, viewerId).where({ "q.tenant_id": tenantId, "q.id": id }).forUpdate("q").first();
  return row ? toQuestionRecord(row) : null;
}

/**
 * Which UNDER_REVIEW questions the viewer may see (CONTRACT §2): all for admins, their teams'
 * for moderators, and their own.
 */
export interface ReviewVisibility {
  allTeams: boolean;
  teamIds: string[];
  authorId: string | null;
}

export interface QuestionFilter {
  tenantId: string;
  viewerId: string | null;
  teamId?: string;
  statuses: QuestionStatus[];
  review: ReviewVisibility;
  /** A to_tsquery text built by toPrefixQuery (never raw user input). */
  tsquery?: string;
  tagId?: string;
  pinned?: boolean;
  sort: "top" | "new" | "relevance";
  limit: number;
  offset: number;
}

export function applyFilter(query: Knex.QueryBuilder, filter: QuestionFilter): Knex.QueryBuilder {
  query.where("q.tenant_id", filter.tenantId).whereIn("q.status", filter.statuses);
  if (filter.teamId) query.where("q.team_id", filter.teamId);
  if (filter.statuses.includes("UNDER_REVIEW") && !filter.review.allTeams) {
    const { teamIds, authorId } = filter.review;
    query.where((visible) => {
      visible.whereNot("q.status", "UNDER_REVIEW");
      if (teamIds.length) visible.orWhereIn("q.team_id", teamIds);
      if (authorId) visible.orWhere("q.author_id", authorId);
    });
  }
  if (filter.pinned !== undefined) query.where("q.is_pinned", filter.pinned);
  if (filter.tagId) {
    query.whereExists((tagged) =>
      tagged
        .select(query.client.raw("1"))
        .from("question_tags as ft")
        .whereRaw("ft.tenant_id = q.tenant_id and ft.question_id = q.id")
        .where("ft.tag_id", filter.tagId as string),
    );
  }
  if (filter.tsquery !== undefined) query.whereRaw("q.search @@ to_tsquery('english', ?)", [filter.tsquery]);
  return query;
}

const ORDER_BY = {
  top: "q.is_pinned desc, q.upvote_count desc, q.submitted_at asc, q.id asc",
  new: "q.submitted_at desc, q.id desc",
} as const;

/**
 * A page of questions (not a search: questions.search.repository.ts) in two steps: choose the
 * page's ids from the questions table alone (an index walk in the board's order), then read
 * authors, tags and the viewer's votes for those rows only, so a deep offset does not pay for
 * rows it does not return.
 */
export async function listQuestions(db: Executor, filter: QuestionFilter): Promise<{ items: QuestionRecord[]; total: number }> {
  const sort = filter.sort === "relevance" ? "top" : filter.sort;
  const pageIds = applyFilter(db("questions as q").select("q.id"), filter).orderByRaw(ORDER_BY[sort]).limit(filter.limit).offset(filter.offset);
  const page = selectQuestions(db, filter.viewerId).with("page", pageIds).join("page", "page.id", "q.id").orderByRaw(ORDER_BY[sort]);
  const [rows, total] = await Promise.all([preparedRows<DatabaseRow>(db, page), countQuestions(db, filter)]);
  return { items: rows.map(toQuestionRecord), total };
}

/**
 * The number of questions a filter matches. A board (team and status filters only) reads the
 * trigger-kept counts; searches, tag and pin filters, and a moderator's partial view of the
 * review queue count their rows.
 */
export async function countQuestions(db: Executor, filter: QuestionFilter): Promise<number> {
  const partialReview = filter.statuses.includes("UNDER_REVIEW") && !filter.review.allTeams;
  if (filter.tsquery === undefined && !filter.tagId && filter.pinned === undefined && !partialReview) {
    const query = db("question_counts")
      .where("tenant_id", filter.tenantId)
      .whereIn("status", filter.statuses)
      .select(db.raw("coalesce(sum(n), 0)::int as total"));
    if (filter.teamId) query.where("team_id", filter.teamId);
    const [row] = await preparedRows<{ total: number }>(db, query);
    return Number(row?.total ?? 0);
  }
  const row = await applyFilter(db("questions as q").select(db.raw("count(*)::int as total")), filter).first();
  return Number(row?.total ?? 0);
}

/**
 * Turns anything a user types into a safe prefix query: only runs of letters and digits survive
 * (so no tsquery operator or quote can reach PostgreSQL), each becomes a stemmed prefix term
 * (`'deploying':*` finds "deployment"; `'depl':*` finds both), all of them required. Only the
 * first SEARCH_MAX_TERMS words count, each by its first 64 characters.
 * Returns null when nothing searchable is left.
 */
export function toPrefixQuery(text: string): string | null {
  const terms = (text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_TERMS).map((term) => term.slice(0, 64).toLowerCase());
  if (terms.length === 0) return null;
  return [...new Set(terms)].map((term) => `'${term}':*`).join(" & ");
}

export interface NewQuestion {
  tenantId: string;
  teamId: string;
  authorId: string | null;
  isAnonymous: boolean;
  body: string;
  status: QuestionStatus;
  moderation: QuestionRecord["moderation"];
}

export async function insertQuestion(db: Executor, input: NewQuestion): Promise<string> {
  const [row] = await db("questions")
    .insert({
      tenant_id: input.tenantId,
      team_id: input.teamId,
      author_id: input.authorId,
      is_anonymous: input.isAnonymous,
      body: input.body,
      status: input.status,
      moderation: input.moderation ? JSON.stringify(input.moderation) : null,
    })
    .returning("id");
  return row.id as string;
}

export type QuestionChanges = Partial<{
  body: string;
  status: QuestionStatus;
  is_pinned: boolean;
  pinned_at: Date | null;
  is_frozen: boolean;
  response_text: string | null;
  responder_id: string | null;
  responded_at: Date | null;
  moderation: null;
}>;

export async function updateQuestion(db: Executor, tenantId: string, id: string, changes: QuestionChanges, at: Date): Promise<void> {
  await db("questions")
    .where({ tenant_id: tenantId, id })
    .update({ ...changes, updated_at: at });
}

export async function deleteQuestion(db: Executor, tenantId: string, id: string): Promise<void> {
  await db("questions").where({ tenant_id: tenantId, id }).delete();
}

/** True when the tag was not on the question yet. */
export async function addQuestionTag(db: Executor, tenantId: string, questionId: string, tagId: string): Promise<boolean> {
  const inserted = await db.raw("insert into question_tags (tenant_id, question_id, tag_id) values (?, ?, ?) on conflict do nothing returning 1 as added", [
    tenantId,
    questionId,
    tagId,
  ]);
  return inserted.rows.length > 0;
}

/** The question's tags in the order every read of a question lists them (by name). */
export async function listQuestionTags(db: Executor, tenantId: string, questionId: string): Promise<QuestionRecord["tags"]> {
  const rows = await db("question_tags as qt")
    .join("tags as t", function joinTag() {
      this.on("t.tenant_id", "qt.tenant_id").andOn("t.id", "qt.tag_id");
    })
    .where({ "qt.tenant_id": tenantId, "qt.question_id": questionId })
    .orderBy("t.name")
    .select("t.id", "t.name", "t.color");
  return rows.map((row) => ({ id: row.id as string, name: row.name as string, color: row.color as string }));
}

/** True when the tag was on the question. */
export async function removeQuestionTag(db: Executor, tenantId: string, questionId: string, tagId: string): Promise<boolean> {
  return (await db("question_tags").where({ tenant_id: tenantId, question_id: questionId, tag_id: tagId }).delete()) > 0;
}

/**
 * Serialises, until the transaction ends, the changes of which question of a team holds a tag
 * that only one may hold (every instance, one database). A lock of its own rather than the team
 * row's, so it never waits on (or for) a change of the team.
 */
export async function lockTeamTagHolder(trx: Executor, tenantId: string, teamId: string, tagId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`question.tag-holder:${tenantId}:${teamId}:${tagId}`]);
}

/** Takes the tag off every question of the team but one; returns the questions it was on. */
export async function removeTagFromTeamQuestions(
  db: Executor,
  tenantId: string,
  teamId: string,
  tagId: string,
  exceptQuestionId: string,
): Promise<Array<{ id: string; tenantId: string; status: QuestionStatus }>> {
  const removed = await db.raw(
    `delete from question_tags qt using questions q
      where qt.tenant_id = ? and qt.tag_id = ? and qt.question_id <> ?
        and q.tenant_id = qt.tenant_id and q.id = qt.question_id and q.team_id = ?
      returning qt.question_id, q.status`,
    [tenantId, tagId, exceptQuestionId, teamId],
  );
  return (removed.rows as DatabaseRow[]).map((row) => ({ id: row.question_id, tenantId, status: row.status }));
}

/** A team's questions, whatever their status (a team with questions cannot be deleted without moving them). */
export async function countTeamQuestions(db: Executor, tenantId: string, teamId: string): Promise<number> {
  const row = await db("questions").where({ tenant_id: tenantId, team_id: teamId }).count<{ count: number }>("* as count").first();
  return Number(row?.count ?? 0);
}

/** Moves every question of a team to another team (deleting a team). */
export async function moveTeamQuestions(trx: Executor, tenantId: string, fromTeamId: string, toTeamId: string, at: Date): Promise<number> {
  return trx("questions").where({ tenant_id: tenantId, team_id: fromTeamId }).update({ team_id: toTeamId, updated_at: at });
}

/**
 * SPEC: a deleted user's questions remain, anonymised. The foreign key clears author_id when
 * the row goes; marking them anonymous as well keeps every reader (and export) from treating
 * them as authored by someone. Counts only the questions it makes anonymous: counting those
 * already anonymous would tell the admin (the deletion's audit entry) how many the user asked.
 */
export async function anonymiseQuestionsOf(trx: Executor, tenantId: string, userId: string): Promise<number> {
  return trx("questions").where({ tenant_id: tenantId, author_id: userId, is_anonymous: false }).update({ is_anonymous: true });
}

/** Where the author hears that their question was answered (users.answers_via, chosen on their account page): `email` or `slack`. */
export async function findAnswersVia(db: Executor, tenantId: string, authorId: string): Promise<"email" | "slack"> {
  const row = await db("users").where({ tenant_id: tenantId, id: authorId }).first("answers_via");
  return row?.answers_via === "slack" ? "slack" : "email";
}
