import { preparedRows, type DatabaseRow, type Executor } from "../../platform/db.js";
import type { QuestionRecord } from "./questions.repository.js";

// Upvotes: each user's at most once per question, and the question's count kept equal to them.

/** The questions the user has upvoted in the tenant. */
export async function listUpvotedQuestionIds(db: Executor, tenantId: string, userId: string): Promise<Set<string>> {
  const rows = await preparedRows<{ question_id: string }>(db, db("upvotes").select("question_id").where({ tenant_id: tenantId, user_id: userId }));
  return new Set(rows.map((row) => row.question_id));
}

/** What a vote needs to know of its question: whether it may be seen and voted on, and who asked it. */
export type VoteTarget = Pick<QuestionRecord, "id" | "tenantId" | "teamId" | "authorId" | "isAnonymous" | "status" | "isFrozen">;

/** The question's state for a vote: its own row only (the hottest read of a busy room). */
export async function findVoteTarget(db: Executor, tenantId: string, id: string): Promise<VoteTarget | null> {
  const [row] = await preparedRows<DatabaseRow>(
    db,
    db("questions").select("id", "tenant_id", "team_id", "author_id", "is_anonymous", "status", "is_frozen").where({ tenant_id: tenantId, id }).limit(1),
  );
  if (!row) return null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    teamId: row.team_id,
    authorId: row.author_id ?? null,
    isAnonymous: Boolean(row.is_anonymous),
    status: row.status,
    isFrozen: Boolean(row.is_frozen),
  };
}

/** A visible question's upvote count; null when it is gone or under review. */
export async function currentUpvoteCount(db: Executor, tenantId: string, questionId: string): Promise<number | null> {
  const row = await db("questions").where({ tenant_id: tenantId, id: questionId }).whereNot("status", "UNDER_REVIEW").first("upvote_count");
  return row ? Number(row.upvote_count) : null;
}

/** The vote's audit row, written by the statement that changes the vote (auditInsertFrom). */
export type VoteAudit = (count: { relation: string; before: string; after: string }) => { sql: string; bindings: Array<string | null> };

/**
 * The upvote, the question's count and the audit row in one statement, outside any transaction:
 * the row of a question a whole room votes on is locked from the count's update to the commit, and
 * a statement that commits alone holds it for the database's own time only, never across a round
 * trip to a busy server. The unique (question, user) key makes a repeat a no-op, and the count
 * moves (and the audit row is written) only when a row really changed, so concurrent requests count
 * exactly; a vote that changes nothing touches no question row.
 */
export async function addUpvote(db: Executor, tenantId: string, questionId: string, userId: string, audit: VoteAudit) {
  return changeVote(
    db,
    {
      sql: "insert into upvotes (tenant_id, question_id, user_id) values (?, ?, ?) on conflict (question_id, user_id) do nothing returning 1",
      bindings: [tenantId, questionId, userId],
    },
    1,
    { tenantId, questionId },
    audit,
  );
}

export async function removeUpvote(db: Executor, tenantId: string, questionId: string, userId: string, audit: VoteAudit) {
  return changeVote(
    db,
    { sql: "delete from upvotes where tenant_id = ? and question_id = ? and user_id = ? returning 1", bindings: [tenantId, questionId, userId] },
    -1,
    { tenantId, questionId },
    audit,
  );
}

async function changeVote(
  db: Executor,
  change: { sql: string; bindings: string[] },
  delta: 1 | -1,
  question: { tenantId: string; questionId: string },
  audit: VoteAudit,
): Promise<{ changed: boolean; upvoteCount: number }> {
  const audited = audit({
    relation: "counted",
    before: `jsonb_build_object('upvoteCount', upvote_count - (${delta}))`,
    after: "jsonb_build_object('upvoteCount', upvote_count)",
  });
  const counted = await db.raw(
    `with changed as (${change.sql}),
     counted as (
       update questions set upvote_count = upvote_count + (${delta})
       where tenant_id = ? and id = ? and exists (select 1 from changed)
       returning upvote_count
     ),
     audited as (${audited.sql})
     select upvote_count from counted`,
    [...change.bindings, question.tenantId, question.questionId, ...audited.bindings],
  );
  const updated: Array<{ upvote_count: number }> = counted.rows;
  if (updated[0]) return { changed: true, upvoteCount: Number(updated[0].upvote_count) };
  const row = await db("questions").where({ tenant_id: question.tenantId, id: question.questionId }).first("upvote_count");
  return { changed: false, upvoteCount: Number(row?.upvote_count ?? 0) };
}

/**
 * The user's upvotes go with the user (foreign key): take them off the questions' counters first
 * so each count still equals its upvote rows. Returns the new counts (visible: not under review).
 */
export async function withdrawUpvotesOf(
  trx: Executor,
  tenantId: string,
  userId: string,
): Promise<Array<{ questionId: string; upvoteCount: number; visible: boolean }>> {
  const rows: Array<{ id: string; upvote_count: number; status: string }> = await trx("questions")
    .where({ tenant_id: tenantId })
    .whereIn("id", trx("upvotes").select("question_id").where({ tenant_id: tenantId, user_id: userId }))
    .update({ upvote_count: trx.raw("greatest(upvote_count - 1, 0)") })
    .returning(["id", "upvote_count", "status"]);
  return rows.map((row) => ({ questionId: row.id, upvoteCount: Number(row.upvote_count), visible: row.status !== "UNDER_REVIEW" }));
}
