import type { Executor } from "../../platform/db.js";

export interface ConsumedInvite {
  tenantId: string;
  questionId: string;
  teamId: string | null;
}

/**
 * Marks an open invite answered, atomically: the row lock serialises concurrent requests with
 * the same token, and the losers re-check `responded_at is null` and match nothing. This is the
 * one tenant-table query without a tenant filter on purpose: the link is authenticated by its
 * token alone (SPEC), and the token names the tenant. A deactivated user's links stop working.
 */
export async function consumeInvite(trx: Executor, token: string, now: Date): Promise<ConsumedInvite | null> {
  const result = await trx.raw(
    `update pulse_invites i set responded_at = ?
     where i.token = ? and i.responded_at is null and i.expires_at > ?
       and exists (select 1 from users u where u.tenant_id = i.tenant_id and u.id = i.user_id and u.deactivated_at is null)
     returning i.tenant_id, i.question_id, i.team_id`,
    [now, token, now],
  );
  const row = result.rows[0];
  return row ? { tenantId: row.tenant_id, questionId: row.question_id, teamId: row.team_id ?? null } : null;
}

/**
 * The anonymous response: no user, invite, email or address, and only the week it was given in.
 * It is `pending` until the mixer rewrites it (mixPendingResponses).
 */
export async function insertPendingResponse(
  trx: Executor,
  response: { tenantId: string; questionId: string; teamId: string | null; score: number; bucket: Date },
): Promise<void> {
  await trx("pulse_responses").insert({
    tenant_id: response.tenantId,
    question_id: response.questionId,
    team_id: response.teamId,
    score: response.score,
    responded_at: response.bucket,
    pending: true,
  });
}

/**
 * Rewrites, in random order and in one statement, every response of each (tenant, week) that
 * has pending rows. Afterwards those rows share one transaction id (xmin), new ids, and physical
 * positions that say nothing about who answered first, so neither system columns nor the row
 * order of a dump can be matched with the invites' exact response times. Until a week is over
 * its rows are rewritten again at every run; the first run after the week ends mixes it whole.
 */
export async function mixPendingResponses(db: Executor, onlyTenantIds?: string[]): Promise<number> {
  const tenantFilter = onlyTenantIds ? "and tenant_id = any(?::uuid[])" : "";
  const result = await db.raw(
    `with weeks as (
       select distinct tenant_id, date_trunc('week', responded_at at time zone 'UTC') at time zone 'UTC' as week_start
       from pulse_responses where pending ${tenantFilter}
     ),
     moved as (
       delete from pulse_responses r using weeks w
       where r.tenant_id = w.tenant_id and r.responded_at >= w.week_start and r.responded_at < w.week_start + interval '7 days'
       returning r.tenant_id, r.question_id, r.team_id, r.score, r.responded_at
     )
     insert into pulse_responses (tenant_id, question_id, team_id, score, responded_at, pending)
     select tenant_id, question_id, team_id, score, responded_at, false from moved order by random()`,
    // A Postgres array literal: knex would spread a JS array into a list of placeholders.
    onlyTenantIds ? [`{${onlyTenantIds.join(",")}}`] : [],
  );
  return Number(result.rowCount ?? 0);
}

export interface ResponseCell {
  questionId: string;
  teamId: string | null;
  /** Monday of the ISO week, YYYY-MM-DD (UTC). */
  week: string;
  responses: number;
  scoreSum: number;
}

/**
 * Weekly groups of every team since `fromWeek`: the rollup (mixed rows) plus the few pending
 * rows. Always every team, because suppression is decided on the whole question.
 */
export async function listResponseCells(db: Executor, tenantId: string, fromWeek: string): Promise<ResponseCell[]> {
  const result = await db.raw(
    `select question_id, team_id, week::text as week, sum(responses)::int as responses, sum(score_sum)::int as score_sum
     from (
       select question_id, team_id, week, responses, score_sum
       from pulse_response_weeks where tenant_id = ? and week >= ?::date
       union all
       select question_id, team_id, (date_trunc('week', responded_at at time zone 'UTC'))::date, count(*)::int, sum(score)::int
       from pulse_responses where tenant_id = ? and pending and responded_at >= (?::date)::timestamp at time zone 'UTC'
       group by 1, 2, 3
     ) cells
     group by 1, 2, 3`,
    [tenantId, fromWeek, tenantId, fromWeek],
  );
  return result.rows.map((row: { question_id: string; team_id: string | null; week: string; responses: number; score_sum: number }) => ({
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
  const rows = await db("pulse_questions").where({ tenant_id: tenantId }).orderBy([{ column: "created_at" }, { column: "id" }]);
  return rows.map((row) => ({ id: row.id as string, text: row.text as string, active: row.active as boolean, teamId: (row.team_id ?? null) as string | null }));
}

export async function teamNames(db: Executor, tenantId: string): Promise<Map<string, string>> {
  const rows = await db("teams").where({ tenant_id: tenantId }).select("id", "name");
  return new Map(rows.map((row) => [row.id as string, row.name as string]));
}
