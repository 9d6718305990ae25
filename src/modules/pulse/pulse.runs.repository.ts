import type { Executor } from "../../platform/db.js";
import { settingsFromStorage, type TenantSettings } from "../../platform/tenant-settings.schemas.js";
import type { PulseScheduleRecord } from "./pulse.admin.repository.js";
import { scheduleOf } from "./pulse.schedule.js";

const DAY_MS = 86_400_000;

export interface ScheduledTenant {
  tenant: { id: string; slug: string; name: string };
  settings: TenantSettings;
  schedule: PulseScheduleRecord;
}

/**
 * Tenants whose pulse sends automatically: pulse.enabled and rotatingCohorts in their settings
 * (a tenant without a schedule row sends on the default one).
 */
export async function listScheduledTenants(db: Executor, onlyTenantIds?: string[]): Promise<ScheduledTenant[]> {
  const query = db("tenants as t")
    .join("tenant_settings as ts", "ts.tenant_id", "t.id")
    .leftJoin("pulse_schedules as s", "s.tenant_id", "t.id")
    .whereRaw(`coalesce((ts.settings #>> '{pulse,enabled}')::boolean, false)`)
    .select("t.id", "t.slug", "t.name", "ts.settings", "s.timezone", "s.num_cohorts")
    .orderBy("t.created_at");
  if (onlyTenantIds) query.whereIn("t.id", onlyTenantIds);
  const rows = await query;
  return rows
    .map((row) => {
      const settings = settingsFromStorage(row.settings);
      const own = row.timezone ? { timezone: row.timezone as string, numCohorts: Number(row.num_cohorts) } : null;
      return { tenant: { id: row.id, slug: row.slug, name: row.name }, settings, schedule: scheduleOf(row.id, settings, own) };
    })
    .filter((entry) => entry.schedule.enabled && entry.schedule.rotatingCohorts);
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

/**
 * The cohort's users who can get an invite: active, and not unsubscribed from email (the only
 * channel), with none sent since `periodStart`. Two plain lookups rather than one anti-join, whose
 * plan depends on statistics that a large send makes stale (observed: a nested loop of 200 million
 * steps); the second is bounded by the cohort's own ids.
 */
export async function listCohortToInvite(
  db: Executor,
  input: { tenantId: string; numCohorts: number; cohortIndex: number; periodStart: Date },
): Promise<Array<{ id: string; teamId: string | null }>> {
  const members = await db("users")
    .where({ tenant_id: input.tenantId })
    .whereNull("deactivated_at")
    .whereNull("email_opt_out_at")
    .whereRaw("pulse_hash % ? = ?", [input.numCohorts, input.cohortIndex])
    .select("id", "primary_team_id");
  if (members.length === 0) return [];
  const invited = new Set<string>(
    await db("pulse_invites")
      .where({ tenant_id: input.tenantId })
      .andWhere("sent_at", ">=", input.periodStart)
      .whereRaw("user_id = any(?::uuid[])", [`{${members.map((member) => member.id).join(",")}}`])
      .distinct()
      .pluck("user_id"),
  );
  return members
    .filter((member) => !invited.has(member.id))
    .map((member) => ({ id: member.id as string, teamId: (member.primary_team_id ?? null) as string | null }));
}

export interface NewInvites {
  tenantId: string;
  cohortName: string;
  sentAt: Date;
  expiresAt: Date;
  /** pulse.minTenureDays: how long an invitee must have been in the team and the tenant for the answer to count toward k. */
  minTenureDays: number;
  invites: Array<{ userId: string; questionId: string; teamId: string | null }>;
}

/**
 * Inserts the invites in one statement per few thousand, each with a fresh UUID v4 token from
 * PostgreSQL's strong random source; returns their ids. Each invite records whether its invitee
 * is established (CONTRACT §5): an account and a membership of the invite's team both at least
 * `minTenureDays` old now. Only established invitees' answers count toward their group's k.
 */
export async function insertInvites(trx: Executor, input: NewInvites, chunk = 5000): Promise<string[]> {
  const ids: string[] = [];
  const array = (values: Array<string | null>) => `{${values.map((value) => value ?? "NULL").join(",")}}`;
  for (let i = 0; i < input.invites.length; i += chunk) {
    const part = input.invites.slice(i, i + chunk);
    const result = await trx.raw(
      `with x as (
         select * from unnest(?::uuid[], ?::uuid[], ?::uuid[]) as x(user_id, question_id, team_id)
       ), tenure as (select ?::timestamptz as joined_by)
       insert into pulse_invites (tenant_id, token, user_id, question_id, cohort_name, team_id, sent_at, expires_at, established)
       select ?, gen_random_uuid(), x.user_id, x.question_id, ?, x.team_id, ?, ?,
         tenure.joined_by is null or (
           exists (select 1 from users u where u.tenant_id = ? and u.id = x.user_id and u.created_at <= tenure.joined_by)
           and (x.team_id is null or exists (
             select 1 from team_members m
             where m.tenant_id = ? and m.team_id = x.team_id and m.user_id = x.user_id and m.created_at <= tenure.joined_by)))
       from x, tenure
       returning id`,
      [
        array(part.map((invite) => invite.userId)),
        array(part.map((invite) => invite.questionId)),
        array(part.map((invite) => invite.teamId)),
        // 0 turns the rule off: every invitee counts.
        input.minTenureDays > 0 ? new Date(input.sentAt.getTime() - input.minTenureDays * DAY_MS) : null,
        input.tenantId,
        input.cohortName,
        input.sentAt,
        input.expiresAt,
        input.tenantId,
        input.tenantId,
      ],
    );
    for (const row of result.rows as Array<{ id: string }>) ids.push(row.id);
  }
  return ids;
}
