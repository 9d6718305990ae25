import { randomUUID } from "node:crypto";
import type { Executor } from "../../platform/db.js";
import type { SealedValue } from "../../platform/sealed-box.js";
import { releaseLockKey, type ResponseGroup } from "./pulse.release.repository.js";

/**
 * The stores of pulse comments (see the migration 20261128000400_pulse_comments): waiting
 * (sealed, found only by the hash of their conversation's secret) and released (readable by the
 * team's leads, dated by ISO week), with the replies of both sides and each lead's last reading.
 */

export interface ReleasedComment {
  id: string;
  tenantId: string;
  questionId: string;
  teamId: string | null;
  /** Monday of the ISO week of release, YYYY-MM-DD. */
  week: string;
  body: string;
  replyCount: number;
  lastReplyAt: Date | null;
}

export interface CommentReply {
  id: string;
  body: string;
  from: "lead" | "colleague";
  /** The lead's name; null for a colleague, or a lead whose account is gone. */
  leadName: string | null;
  createdAt: Date;
}

interface CommentRow {
  id: string;
  tenant_id: string;
  question_id: string;
  team_id: string | null;
  week: string;
  body: string;
  reply_count: number;
  last_reply_at: Date | null;
}

const COMMENT_COLUMNS = ["id", "tenant_id", "question_id", "team_id", "week", "body", "reply_count", "last_reply_at"];

function toComment(row: CommentRow): ReleasedComment {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    week: typeof row.week === "string" ? row.week.slice(0, 10) : new Date(row.week).toISOString().slice(0, 10),
    body: row.body,
    replyCount: Number(row.reply_count),
    lastReplyAt: row.last_reply_at ? new Date(row.last_reply_at) : null,
  };
}

/** The lock a group's release takes (pulse_release_batch): held, a comment and a release of its group go one at a time. */
export async function lockAnswerGroup(trx: Executor, group: ResponseGroup): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [releaseLockKey(group)]);
}

/**
 * The sealed boxes of the group's answers not yet released: held against link scanners (by their
 * invite's question and team) and waiting. Held first: an answer only ever moves from held to
 * waiting, so reading in this order cannot miss one that moves in between.
 */
export async function listUnreleasedAnswerBoxes(trx: Executor, group: ResponseGroup): Promise<SealedValue[]> {
  const held = await trx.raw(
    `select h.key_id, h.sealed from pulse_held_answers h join pulse_invites i on i.id = h.invite_id
     where h.tenant_id = ? and not h.disputed and i.tenant_id = ? and i.question_id = ? and i.team_id is not distinct from ?`,
    [group.tenantId, group.tenantId, group.questionId, group.teamId],
  );
  const waiting = await trx.raw(
    `select key_id, sealed from pulse_waiting_responses
     where tenant_id = ? and question_id = ? and team_id is not distinct from ? and key_id is not null and sealed is not null`,
    [group.tenantId, group.questionId, group.teamId],
  );
  return [...held.rows, ...waiting.rows].map((row: { key_id: string; sealed: Buffer }) => ({ keyId: row.key_id, sealed: Buffer.from(row.sealed) }));
}

export async function insertWaitingComment(trx: Executor, input: { tenantId: string; conversationHash: string; box: SealedValue }): Promise<void> {
  await trx("pulse_waiting_comments").insert({
    id: randomUUID(),
    tenant_id: input.tenantId,
    conversation_hash: input.conversationHash,
    key_id: input.box.keyId,
    sealed: input.box.sealed,
  });
}

export async function findWaitingComment(db: Executor, tenantId: string, conversationHash: string): Promise<SealedValue | null> {
  const row = await db("pulse_waiting_comments").where({ tenant_id: tenantId, conversation_hash: conversationHash }).first("key_id", "sealed");
  return row ? { keyId: row.key_id, sealed: Buffer.from(row.sealed) } : null;
}

export async function findCommentOfConversation(db: Executor, tenantId: string, conversationHash: string): Promise<ReleasedComment | null> {
  const row = await db("pulse_comments").where({ tenant_id: tenantId, conversation_hash: conversationHash }).first(COMMENT_COLUMNS);
  return row ? toComment(row) : null;
}

/** Takes (deletes) the waiting comments of these conversations, returning their sealed bodies. */
export async function takeWaitingComments(
  trx: Executor,
  tenantId: string,
  conversationHashes: string[],
): Promise<Array<{ conversationHash: string; box: SealedValue }>> {
  if (conversationHashes.length === 0) return [];
  const rows: Array<{ conversation_hash: string; key_id: string; sealed: Buffer }> = await trx("pulse_waiting_comments")
    .where({ tenant_id: tenantId })
    .whereIn("conversation_hash", conversationHashes)
    .delete()
    .returning(["conversation_hash", "key_id", "sealed"]);
  return rows.map((row) => ({ conversationHash: row.conversation_hash, box: { keyId: row.key_id, sealed: Buffer.from(row.sealed) } }));
}

/** Writes released comments in the order given (the caller shuffles), with fresh ids. */
export async function insertReleasedComments(
  trx: Executor,
  group: ResponseGroup,
  week: string,
  comments: Array<{ conversationHash: string; body: string }>,
): Promise<void> {
  if (comments.length === 0) return;
  await trx("pulse_comments").insert(
    comments.map((comment) => ({
      id: randomUUID(),
      tenant_id: group.tenantId,
      question_id: group.questionId,
      team_id: group.teamId,
      week,
      body: comment.body,
      conversation_hash: comment.conversationHash,
    })),
  );
}

export interface CommentFilter {
  tenantId: string;
  /** null: every team, and comments of people without a team. */
  teamIds: string[] | null;
  questionId?: string;
  fromWeek: string;
}

function filtered(db: Executor, filter: CommentFilter) {
  const query = db("pulse_comments as c").where("c.tenant_id", filter.tenantId).andWhere("c.week", ">=", filter.fromWeek);
  if (filter.teamIds) query.whereIn("c.team_id", filter.teamIds);
  if (filter.questionId) query.andWhere("c.question_id", filter.questionId);
  return query;
}

/**
 * A page of released comments, newest week first, each with whether `readerId` has new things
 * in it: never opened, or a colleague's reply after their last reading.
 */
export async function listComments(
  db: Executor,
  filter: CommentFilter,
  page: { limit: number; offset: number; readerId: string },
): Promise<{ items: Array<ReleasedComment & { unread: boolean }>; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .leftJoin("pulse_comment_reads as r", function joinReads() {
        this.on("r.comment_id", "=", "c.id").andOn("r.user_id", "=", db.raw("?", [page.readerId]));
      })
      .orderBy([
        { column: "c.week", order: "desc" },
        { column: "c.id", order: "asc" },
      ])
      .limit(page.limit)
      .offset(page.offset)
      // One array: knex drops a raw column given after an array of names.
      .select([...COMMENT_COLUMNS.map((column) => `c.${column}`), db.raw("(r.read_at is null or c.last_colleague_reply_at > r.read_at) as unread")]),
    filtered(db, filter).count<{ n: number }>("* as n").first(),
  ]);
  return {
    items: rows.map((row: CommentRow & { unread: boolean }) => ({ ...toComment(row), unread: Boolean(row.unread) })),
    total: Number(count?.n ?? 0),
  };
}

/** Released comments and how many have a conversation (a reply), per question, for the summary. */
export async function countComments(db: Executor, filter: CommentFilter): Promise<Array<{ questionId: string; comments: number; conversations: number }>> {
  const rows: Array<{ question_id: string; comments: number; conversations: number }> = await filtered(db, filter)
    .groupBy("c.question_id")
    .select("c.question_id", db.raw("count(*)::int as comments"), db.raw("count(*) filter (where c.reply_count > 0)::int as conversations"));
  return rows.map((row) => ({ questionId: row.question_id, comments: Number(row.comments), conversations: Number(row.conversations) }));
}

export async function findComment(db: Executor, tenantId: string, id: string): Promise<ReleasedComment | null> {
  const row = await db("pulse_comments").where({ tenant_id: tenantId, id }).first(COMMENT_COLUMNS);
  return row ? toComment(row) : null;
}

export async function listReplies(db: Executor, tenantId: string, commentId: string): Promise<CommentReply[]> {
  const rows: Array<{ id: string; body: string; author: "lead" | "colleague"; name: string | null; created_at: Date }> = await db("pulse_comment_replies as r")
    .leftJoin("users as u", function joinLead() {
      this.on("u.tenant_id", "=", "r.tenant_id").andOn("u.id", "=", "r.lead_user_id");
    })
    .where({ "r.tenant_id": tenantId, "r.comment_id": commentId })
    .orderBy([{ column: "r.created_at" }, { column: "r.id" }])
    .select("r.id", "r.body", "r.author", "u.name", "r.created_at");
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    from: row.author,
    leadName: row.author === "lead" ? (row.name ?? null) : null,
    createdAt: new Date(row.created_at),
  }));
}

/** Adds a reply and moves the comment's counters; returns the reply's id. */
export async function insertReply(
  trx: Executor,
  input: { tenantId: string; commentId: string; from: "lead" | "colleague"; leadUserId: string | null; body: string; at: Date },
): Promise<string> {
  const [row] = await trx("pulse_comment_replies")
    .insert({
      tenant_id: input.tenantId,
      comment_id: input.commentId,
      author: input.from,
      lead_user_id: input.leadUserId,
      body: input.body,
      created_at: input.at,
    })
    .returning("id");
  await trx("pulse_comments")
    .where({ tenant_id: input.tenantId, id: input.commentId })
    .update({
      reply_count: trx.raw("reply_count + 1"),
      last_reply_at: input.at,
      ...(input.from === "colleague" ? { last_colleague_reply_at: input.at } : {}),
    });
  return row.id as string;
}

/** The lead has read the conversation as it is now. */
export async function markCommentRead(db: Executor, input: { tenantId: string; commentId: string; userId: string; at: Date }): Promise<void> {
  await db("pulse_comment_reads")
    .insert({ tenant_id: input.tenantId, comment_id: input.commentId, user_id: input.userId, read_at: input.at })
    .onConflict(["comment_id", "user_id"])
    .merge(["read_at"]);
}

/** Which of these follow-up uses (hashes) were made already. */
export async function listFollowUpUses(db: Executor, useHashes: string[]): Promise<Set<string>> {
  if (useHashes.length === 0) return new Set();
  return new Set((await db("pulse_follow_up_uses").whereIn("use_hash", useHashes).pluck("use_hash")) as string[]);
}

/**
 * A follow-up answer: its use recorded (false, and nothing written, when it was made already) and
 * its sealed score waiting in its group, in the caller's transaction.
 */
export async function recordFollowUpAnswer(
  trx: Executor,
  input: { useHash: string; expiresOn: string; group: ResponseGroup; box: SealedValue; established: boolean },
): Promise<boolean> {
  const [used] = await trx("pulse_follow_up_uses")
    .insert({ use_hash: input.useHash, tenant_id: input.group.tenantId, expires_on: input.expiresOn })
    .onConflict("use_hash")
    .ignore()
    .returning("use_hash");
  if (!used) return false;
  await trx("pulse_waiting_responses").insert({
    tenant_id: input.group.tenantId,
    question_id: input.group.questionId,
    team_id: input.group.teamId,
    key_id: input.box.keyId,
    sealed: input.box.sealed,
    established: input.established,
  });
  return true;
}

/** Forgets the follow-up uses whose day has passed (the release sweep). */
export async function deleteExpiredFollowUpUses(db: Executor, today: string): Promise<void> {
  await db("pulse_follow_up_uses").where("expires_on", "<", today).delete();
}
