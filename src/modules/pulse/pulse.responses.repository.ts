import type { Executor } from "../../platform/db.js";

const OPEN_INVITE = `i.token = ? and i.responded_at is null and i.expires_at > ?
  and exists (select 1 from users u where u.tenant_id = i.tenant_id and u.id = i.user_id and u.deactivated_at is null)`;

/**
 * An open invite's tenant and question, without consuming it (the page that offers the scores
 * again). Invites are authenticated by their token alone (SPEC), and the token names the tenant:
 * these are the tenant-table queries without a tenant filter, on purpose. A deactivated user's
 * links stop working.
 */
export async function findOpenInvite(db: Executor, token: string, now: Date): Promise<{ tenantId: string; questionId: string } | null> {
  const result = await db.raw(`select i.tenant_id, i.question_id from pulse_invites i where ${OPEN_INVITE}`, [token, now]);
  const row = result.rows[0];
  return row ? { tenantId: row.tenant_id, questionId: row.question_id } : null;
}

/** The tenant an invite token belongs to, answered or not (its link names the tenant). */
export async function findInviteTenant(db: Executor, token: string): Promise<string | null> {
  const row = await db("pulse_invites").where({ token }).first("tenant_id");
  return row?.tenant_id ?? null;
}

export interface StoredAnswer {
  tenantId: string;
  questionId: string;
  teamId: string | null;
  /** Openable waiting answers of the group, this one included. */
  openable: number;
  /** The tenant's threshold k. */
  threshold: number;
}

/**
 * Consumes an open invite and stores its sealed answer as waiting, in one statement (so one
 * short transaction, whose locks, such as the invite rollup's row of the team and week, are held
 * no longer than the statement): concurrent requests with one token serialise on the invite's
 * row lock and the losers re-check `responded_at is null` and store nothing. Returns the group,
 * how many openable answers it now has and the tenant's threshold, or null when the token names
 * no open invite.
 */
export async function consumeInviteAndStore(
  db: Executor,
  input: { token: string; now: Date; keyId: string; sealed: Buffer; openableKeyIds: string[]; defaultThreshold: number },
): Promise<StoredAnswer | null> {
  const result = await db.raw(
    `with consumed as (
       update pulse_invites i set responded_at = ? where ${OPEN_INVITE}
       returning i.tenant_id, i.question_id, i.team_id
     ), stored as (
       insert into pulse_waiting_responses (tenant_id, question_id, team_id, key_id, sealed)
       select tenant_id, question_id, team_id, ?, ? from consumed
       returning tenant_id, question_id, team_id
     )
     select s.tenant_id, s.question_id, s.team_id,
       1 + (select count(*)::int from pulse_waiting_responses w
            where w.tenant_id = s.tenant_id and w.question_id = s.question_id and w.team_id is not distinct from s.team_id
              and w.key_id = any(?::text[])) as openable,
       coalesce((select (ts.settings #>> '{pulse,anonThreshold}')::int from tenant_settings ts where ts.tenant_id = s.tenant_id), ?) as threshold
     from stored s`,
    [input.now, input.token, input.now, input.keyId, input.sealed, `{${input.openableKeyIds.join(",")}}`, input.defaultThreshold],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    tenantId: row.tenant_id,
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    openable: Number(row.openable),
    threshold: Number(row.threshold),
  };
}

export interface ResponseCell {
  questionId: string;
  teamId: string | null;
  /** Monday of the ISO week, YYYY-MM-DD (UTC). */
  week: string;
  responses: number;
  scoreSum: number;
}

/** Released responses per (question, team, week) since `fromWeek` (the rollup of pulse_responses). */
export async function listResponseCells(db: Executor, tenantId: string, fromWeek: string): Promise<ResponseCell[]> {
  const rows: Array<{ question_id: string; team_id: string | null; week: string; responses: number; score_sum: number }> = await db("pulse_response_weeks")
    .where({ tenant_id: tenantId })
    .andWhere("week", ">=", fromWeek)
    .select("question_id", "team_id", db.raw("week::text as week"), "responses", "score_sum");
  return rows.map((row) => ({
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    week: row.week,
    responses: Number(row.responses),
    scoreSum: Number(row.score_sum),
  }));
}

export async function inviteTotals(db: Executor, tenantId: string, fromWeek: string, teamId?: string): Promise<{ invited: number; answered: number }> {
  const query = db("pulse_invite_weeks")
    .where("tenant_id", tenantId)
    .andWhere("week", ">=", fromWeek)
    .select(db.raw("coalesce(sum(invited), 0)::int as invited"), db.raw("coalesce(sum(answered), 0)::int as answered"))
    .first();
  if (teamId) query.andWhere("team_id", teamId);
  const row = await query;
  return { invited: Number(row?.invited ?? 0), answered: Number(row?.answered ?? 0) };
}

export async function listQuestionsForSummary(db: Executor, tenantId: string) {
  const rows = await db("pulse_questions")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "created_at" }, { column: "id" }]);
  return rows.map((row) => ({ id: row.id as string, text: row.text as string, active: row.active as boolean, teamId: (row.team_id ?? null) as string | null }));
}

export async function teamNames(db: Executor, tenantId: string): Promise<Map<string, string>> {
  const rows = await db("teams").where({ tenant_id: tenantId }).select("id", "name");
  return new Map(rows.map((row) => [row.id as string, row.name as string]));
}
