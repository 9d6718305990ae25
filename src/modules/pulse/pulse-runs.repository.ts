import type { Executor } from "../../platform/db.js";
import { settingsFromStorage, type TenantSettings } from "../settings/settings.schema.js";
import { toSchedule, type PulseScheduleRecord } from "./pulse-admin.repository.js";

export interface ScheduledTenant {
  tenant: { id: string; slug: string; name: string };
  settings: TenantSettings;
  schedule: PulseScheduleRecord;
}

/** Tenants whose schedule sends automatically; the pulse.enabled flag is checked by the caller. */
export async function listScheduledTenants(db: Executor, onlyTenantIds?: string[]): Promise<ScheduledTenant[]> {
  const query = db("pulse_schedules as s")
    .join("tenants as t", "t.id", "s.tenant_id")
    .leftJoin("tenant_settings as ts", "ts.tenant_id", "t.id")
    .where({ "s.enabled": true, "s.rotating_cohorts": true })
    .select("s.*", "t.slug", "t.name", "ts.settings")
    .orderBy("t.created_at");
  if (onlyTenantIds) query.whereIn("s.tenant_id", onlyTenantIds);
  const rows = await query;
  return rows.map((row) => ({
    tenant: { id: row.tenant_id, slug: row.slug, name: row.name },
    settings: settingsFromStorage(row.settings),
    schedule: toSchedule(row),
  }));
}

export async function findRun(db: Executor, tenantId: string, localDate: string) {
  const row = await db("pulse_runs").where({ tenant_id: tenantId, local_date: localDate }).first();
  return row ? { cohortName: row.cohort_name as string, invitesCreated: Number(row.invites_created), status: row.status as string } : null;
}

/**
 * Claims the tenant's run for its local date. The primary key (tenant, local date) makes this the
 * lock: a second instance's insert waits for the first transaction and then finds the row, so
 * it returns false and sends nothing; if the first rolls back, the second proceeds.
 */
export async function claimRun(
  trx: Executor,
  run: { tenantId: string; localDate: string; cohortName: string; questionId: string | null; trigger: "scheduler" | "manual"; now: Date },
): Promise<boolean> {
  const result = await trx.raw(
    `insert into pulse_runs (tenant_id, local_date, cohort_name, question_id, trigger, status, started_at)
     values (?, ?, ?, ?, ?, 'running', ?) on conflict (tenant_id, local_date) do nothing returning tenant_id`,
    [run.tenantId, run.localDate, run.cohortName, run.questionId, run.trigger, run.now],
  );
  return result.rows.length === 1;
}

export async function completeRun(trx: Executor, tenantId: string, localDate: string, invitesCreated: number, now: Date): Promise<void> {
  await trx("pulse_runs")
    .where({ tenant_id: tenantId, local_date: localDate })
    .update({ invites_created: invitesCreated, status: "completed", finished_at: now });
}

export async function listActiveQuestionsInOrder(db: Executor, tenantId: string): Promise<Array<{ id: string; teamId: string | null }>> {
  const rows = await db("pulse_questions")
    .where({ tenant_id: tenantId, active: true })
    .orderBy([{ column: "created_at" }, { column: "id" }])
    .select("id", "team_id");
  return rows.map((row) => ({ id: row.id, teamId: row.team_id ?? null }));
}

export async function listTeamIds(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db("teams").where({ tenant_id: tenantId }).select("id");
  return rows.map((row) => row.id as string);
}

export interface CohortInviteInput {
  tenantId: string;
  numCohorts: number;
  cohortIndex: number;
  cohortName: string;
  /** The question each primary team gets (null: users without a team). */
  questionByTeam: Array<{ teamId: string | null; questionId: string }>;
  periodStart: Date;
  sentAt: Date;
  expiresAt: Date;
}

/**
 * One invite per active user of the cohort who has none in the current cadence period, with a
 * fresh UUID v4 token from PostgreSQL's strong random source, in one statement (10,000 users in
 * well under a second). Users who unsubscribed from email get none: email is the only channel.
 */
export async function insertCohortInvites(trx: Executor, input: CohortInviteInput): Promise<string[]> {
  const result = await trx.raw(
    `insert into pulse_invites (tenant_id, token, user_id, question_id, cohort_name, team_id, sent_at, expires_at)
     select u.tenant_id, gen_random_uuid(), u.id, q.question_id, ?, u.primary_team_id, ?, ?
     from users u
     join json_to_recordset(?::json) as q(team_id uuid, question_id uuid)
       on q.team_id is not distinct from u.primary_team_id
     where u.tenant_id = ?
       and u.deactivated_at is null
       and u.email_opt_out_at is null
       and pulse_cohort_index(u.id, ?) = ?
       and not exists (
         select 1 from pulse_invites i where i.tenant_id = u.tenant_id and i.user_id = u.id and i.sent_at >= ?
       )
     returning id`,
    [
      input.cohortName,
      input.sentAt,
      input.expiresAt,
      JSON.stringify(input.questionByTeam.map((entry) => ({ team_id: entry.teamId, question_id: entry.questionId }))),
      input.tenantId,
      input.numCohorts,
      input.cohortIndex,
      input.periodStart,
    ],
  );
  return result.rows.map((row: { id: string }) => row.id);
}
