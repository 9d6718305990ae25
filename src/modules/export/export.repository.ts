import { isoTimestampSql, type Executor } from "../../platform/db.js";
import type { TimeRange } from "../../platform/time-range.js";

/** Keyset position: the sort timestamp as PostgreSQL text (microseconds kept) and the id. */
export interface RowCursor {
  at: string;
  id: string;
}

export interface QuestionExportRow {
  id: string;
  teamId: string;
  teamName: string;
  status: string;
  body: string;
  upvoteCount: number;
  submittedAt: string;
  /** Null for anonymous questions: their author is shown to nobody but the author, admins included. */
  authorId: string | null;
  authorName: string | null;
  isAnonymous: boolean;
  tags: string[];
  isPinned: boolean;
  isFrozen: boolean;
  responseText: string | null;
  respondedAt: string | null;
  responderName: string | null;
}

export interface QuestionExportFilters {
  teamId?: string;
  status?: string;
  range: TimeRange;
}

/** json_agg comes back parsed from pg and PGlite alike (text[] parsing differs between them). */
const jsonList = (value: unknown): string[] => (typeof value === "string" ? JSON.parse(value) : Array.isArray(value) ? value : []);

export async function questionBatch(
  db: Executor,
  tenantId: string,
  filters: QuestionExportFilters,
  after: RowCursor | null,
  limit: number,
): Promise<Array<QuestionExportRow & { cursor: RowCursor }>> {
  const query = db("questions as q")
    .join("teams as t", function joinTeam() {
      this.on("t.tenant_id", "=", "q.tenant_id").andOn("t.id", "=", "q.team_id");
    })
    .leftJoin("users as au", function joinAuthor() {
      this.on("au.tenant_id", "=", "q.tenant_id").andOn("au.id", "=", "q.author_id");
    })
    .leftJoin("users as r", function joinResponder() {
      this.on("r.tenant_id", "=", "q.tenant_id").andOn("r.id", "=", "q.responder_id");
    })
    .select(
      "q.id",
      "q.team_id",
      "t.name as team_name",
      "q.status",
      "q.body",
      "q.upvote_count",
      db.raw(`${isoTimestampSql("q.submitted_at")} as submitted_at`),
      "q.is_anonymous",
      "q.is_pinned",
      "q.is_frozen",
      "q.response_text",
      db.raw(`${isoTimestampSql("q.responded_at")} as responded_at`),
      "r.name as responder_name",
      db.raw("case when q.is_anonymous then null else q.author_id end as author_id"),
      db.raw("case when q.is_anonymous then null else au.name end as author_name"),
      db.raw(
        `coalesce((select json_agg(tg.name order by tg.name) from question_tags qt
          join tags tg on tg.tenant_id = qt.tenant_id and tg.id = qt.tag_id
          where qt.tenant_id = q.tenant_id and qt.question_id = q.id), '[]'::json) as tags`,
      ),
      db.raw("q.submitted_at::text as cursor_at"),
    )
    .where("q.tenant_id", tenantId);
  if (filters.teamId) query.andWhere("q.team_id", filters.teamId);
  if (filters.status) query.andWhere("q.status", filters.status);
  if (filters.range.from) query.andWhere("q.submitted_at", ">=", filters.range.from);
  if (filters.range.before) query.andWhere("q.submitted_at", "<", filters.range.before);
  if (filters.range.until) query.andWhere("q.submitted_at", "<=", filters.range.until);
  if (after) query.andWhereRaw("(q.submitted_at, q.id) > (?::timestamptz, ?::uuid)", [after.at, after.id]);
  const rows = await query.orderBy([{ column: "q.submitted_at" }, { column: "q.id" }]).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    teamId: row.team_id,
    teamName: row.team_name,
    status: row.status,
    body: row.body,
    upvoteCount: Number(row.upvote_count),
    submittedAt: row.submitted_at,
    authorId: row.author_id ?? null,
    authorName: row.author_name ?? null,
    isAnonymous: Boolean(row.is_anonymous),
    tags: jsonList(row.tags),
    isPinned: Boolean(row.is_pinned),
    isFrozen: Boolean(row.is_frozen),
    responseText: row.response_text ?? null,
    respondedAt: row.responded_at ?? null,
    responderName: row.responder_name ?? null,
    cursor: { at: row.cursor_at, id: row.id },
  }));
}

export interface UserExportRow {
  id: string;
  email: string;
  name: string;
  role: string;
  primaryTeamId: string | null;
  primaryTeamName: string | null;
  teams: string[];
  deactivated: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface UserExportFilters {
  role?: string;
  teamId?: string;
}

export async function userBatch(
  db: Executor,
  tenantId: string,
  filters: UserExportFilters,
  after: RowCursor | null,
  limit: number,
): Promise<Array<UserExportRow & { cursor: RowCursor }>> {
  const query = db("users as u")
    .leftJoin("teams as pt", function joinPrimaryTeam() {
      this.on("pt.tenant_id", "=", "u.tenant_id").andOn("pt.id", "=", "u.primary_team_id");
    })
    .select(
      "u.id",
      "u.email",
      "u.name",
      "u.role",
      "u.primary_team_id",
      "pt.name as primary_team_name",
      db.raw("u.deactivated_at is not null as deactivated"),
      db.raw(`${isoTimestampSql("u.created_at")} as created_at`),
      db.raw(`${isoTimestampSql("u.last_login_at")} as last_login_at`),
      db.raw(
        `coalesce((select json_agg(t.name order by t.name) from team_members m
          join teams t on t.tenant_id = m.tenant_id and t.id = m.team_id
          where m.tenant_id = u.tenant_id and m.user_id = u.id), '[]'::json) as teams`,
      ),
      db.raw("u.created_at::text as cursor_at"),
    )
    .where("u.tenant_id", tenantId);
  if (filters.role) query.andWhere("u.role", filters.role);
  if (filters.teamId) {
    query.whereExists(
      db("team_members as fm").select(db.raw("1")).whereRaw("fm.tenant_id = u.tenant_id and fm.user_id = u.id").andWhere("fm.team_id", filters.teamId),
    );
  }
  if (after) query.andWhereRaw("(u.created_at, u.id) > (?::timestamptz, ?::uuid)", [after.at, after.id]);
  const rows = await query.orderBy([{ column: "u.created_at" }, { column: "u.id" }]).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    primaryTeamId: row.primary_team_id ?? null,
    primaryTeamName: row.primary_team_name ?? null,
    teams: jsonList(row.teams),
    deactivated: Boolean(row.deactivated),
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at ?? null,
    cursor: { at: row.cursor_at, id: row.id },
  }));
}
