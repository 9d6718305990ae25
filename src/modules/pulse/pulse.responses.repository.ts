import { ENPS_DETRACTOR_MAX, ENPS_PROMOTER_MIN, type PulseScale } from "./pulse.constants.js";
import type { Executor } from "../../platform/db.js";

/** The condition on `pulse_invites i` of an open invite of the token (bindings: token, now). */
export const OPEN_INVITE = `i.token = ? and i.responded_at is null and i.expires_at > ?
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

/**
 * The scale of an open invite's question; null for any token that names no open invite, so a
 * used, expired or unknown token is answered alike (INVALID_INVITE), whatever its score.
 */
export async function findOpenInviteScale(db: Executor, token: string, now: Date): Promise<PulseScale | null> {
  const result = await db.raw(
    `select q.scale from pulse_invites i join pulse_questions q on q.tenant_id = i.tenant_id and q.id = i.question_id where ${OPEN_INVITE}`,
    [token, now],
  );
  return (result.rows[0]?.scale as PulseScale | undefined) ?? null;
}

/** The tenant an invite token belongs to, answered or not (its link names the tenant). */
export async function findInviteTenant(db: Executor, token: string): Promise<string | null> {
  const row = await db("pulse_invites").where({ token }).first("tenant_id");
  return row?.tenant_id ?? null;
}

export interface LockedInvite {
  id: string;
  tenantId: string;
  questionId: string;
  teamId: string | null;
  established: boolean;
}

/** An invite row as LockedInvite (the columns `id, tenant_id, question_id, team_id, established`). */
export function toLockedInvite(row: { id: string; tenant_id: string; question_id: string; team_id: string | null; established: boolean }): LockedInvite {
  return { id: row.id, tenantId: row.tenant_id, questionId: row.question_id, teamId: row.team_id ?? null, established: Boolean(row.established) };
}

/** The open invite of a token, locked for the caller's transaction, so requests with one token go one at a time. */
export async function lockOpenInvite(trx: Executor, token: string, now: Date): Promise<LockedInvite | null> {
  const result = await trx.raw(`select i.id, i.tenant_id, i.question_id, i.team_id, i.established from pulse_invites i where ${OPEN_INVITE} for update of i`, [
    token,
    now,
  ]);
  const row = result.rows[0];
  return row ? toLockedInvite(row) : null;
}

export interface ResponseCell {
  questionId: string;
  teamId: string | null;
  /** Monday of the ISO week, YYYY-MM-DD (UTC). */
  week: string;
  responses: number;
  scoreSum: number;
}

/** Released responses per (question, team, week) since `fromWeek` (the rollup of pulse_responses), of one team or all. */
export async function listResponseCells(db: Executor, tenantId: string, fromWeek: string, teamId?: string): Promise<ResponseCell[]> {
  const query = db("pulse_response_weeks")
    .where({ tenant_id: tenantId })
    .andWhere("week", ">=", fromWeek)
    .select("question_id", "team_id", db.raw("week::text as week"), "responses", "score_sum");
  if (teamId) query.andWhere("team_id", teamId);
  const rows: Array<{ question_id: string; team_id: string | null; week: string; responses: number; score_sum: number }> = await query;
  return rows.map((row) => ({
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    week: row.week,
    responses: Number(row.responses),
    scoreSum: Number(row.score_sum),
  }));
}

export interface EnpsCell {
  questionId: string;
  teamId: string | null;
  week: string;
  promoters: number;
  detractors: number;
}

/**
 * Promoters (9..10) and detractors (0..6) of released enps11 answers per (question, team, week)
 * since `fromWeek`: the same cells as listResponseCells (pulse_responses holds released rows only).
 */
export async function listEnpsCells(db: Executor, tenantId: string, fromWeek: string): Promise<EnpsCell[]> {
  const result = await db.raw(
    `select r.question_id, r.team_id, (date_trunc('week', r.responded_at at time zone 'UTC'))::date::text as week,
       count(*) filter (where r.score >= ?)::int as promoters, count(*) filter (where r.score <= ?)::int as detractors
     from pulse_responses r
     join pulse_questions q on q.tenant_id = r.tenant_id and q.id = r.question_id and q.scale = 'enps11'
     where r.tenant_id = ? and r.responded_at >= (?::date)::timestamp at time zone 'UTC'
     group by 1, 2, 3`,
    [ENPS_PROMOTER_MIN, ENPS_DETRACTOR_MAX, tenantId, fromWeek],
  );
  return (result.rows as Array<{ question_id: string; team_id: string | null; week: string; promoters: number; detractors: number }>).map((row) => ({
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    week: row.week,
    promoters: Number(row.promoters),
    detractors: Number(row.detractors),
  }));
}

/**
 * What a reminder did, over the invites of the range, from the weekly invite rollup (invite rows
 * only: nothing here is about a response). `answered_after_reminder` is set on the invite when it
 * is consumed after its reminder, so the others answered are answered before it.
 */
export async function reminderParticipation(
  db: Executor,
  tenantId: string,
  fromWeek: string,
  teamId?: string,
): Promise<{ reminded: number; answeredBeforeReminder: number; answeredAfterReminder: number }> {
  const query = db("pulse_invite_weeks")
    .where("tenant_id", tenantId)
    .andWhere("week", ">=", fromWeek)
    .first(
      db.raw("coalesce(sum(reminded), 0)::int as reminded"),
      db.raw("coalesce(sum(answered - answered_after_reminder), 0)::int as before"),
      db.raw("coalesce(sum(answered_after_reminder), 0)::int as after"),
    );
  if (teamId) query.andWhere("team_id", teamId);
  const row = await query;
  return { reminded: Number(row?.reminded ?? 0), answeredBeforeReminder: Number(row?.before ?? 0), answeredAfterReminder: Number(row?.after ?? 0) };
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
  return rows.map((row) => ({
    id: row.id as string,
    text: row.text as string,
    active: row.active as boolean,
    teamId: (row.team_id ?? null) as string | null,
    scale: row.scale as PulseScale,
  }));
}
