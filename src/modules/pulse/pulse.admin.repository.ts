import type { PulseScale } from "./pulse.constants.js";
import type { Executor, DatabaseRow } from "../../platform/db.js";
import { isUuid } from "../../platform/validation.js";
import type { Cadence } from "./pulse.calendar.js";

export interface PulseQuestionRecord {
  id: string;
  text: string;
  active: boolean;
  teamId: string | null;
  scale: PulseScale;
  createdAt: string;
}

/** SPEC's schedule record: the switch, cadence, time and rotation are the tenant's pulse settings. */
export interface PulseScheduleRecord {
  tenantId: string;
  enabled: boolean;
  cadence: Cadence;
  time: string;
  timezone: string;
  rotatingCohorts: boolean;
  numCohorts: number;
}

/** What only the schedule row holds. */
export interface ScheduleRow {
  timezone: string;
  numCohorts: number;
}

function toQuestion(row: DatabaseRow): PulseQuestionRecord {
  return { id: row.id, text: row.text, active: row.active, teamId: row.team_id ?? null, scale: row.scale, createdAt: new Date(row.created_at).toISOString() };
}

/** Creation order is the rotation order (CONTRACT §5), so it is the listing order too. */
export async function listPulseQuestions(db: Executor, tenantId: string): Promise<PulseQuestionRecord[]> {
  const rows = await db("pulse_questions")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "created_at" }, { column: "id" }]);
  return rows.map(toQuestion);
}

export async function findPulseQuestion(db: Executor, tenantId: string, id: string, options: { forUpdate?: boolean } = {}) {
  if (!isUuid(id)) return null;
  const query = db("pulse_questions").where({ tenant_id: tenantId, id }).first();
  if (options.forUpdate) query.forUpdate();
  const row = await query;
  return row ? toQuestion(row) : null;
}

export async function insertPulseQuestion(
  db: Executor,
  tenantId: string,
  input: { text: string; teamId: string | null; active: boolean; scale: PulseScale; now: Date },
): Promise<PulseQuestionRecord> {
  const [row] = await db("pulse_questions")
    .insert({
      tenant_id: tenantId,
      text: input.text,
      team_id: input.teamId,
      active: input.active,
      scale: input.scale,
      created_at: input.now,
      updated_at: input.now,
    })
    .returning("*");
  return toQuestion(row);
}

export async function updatePulseQuestion(
  db: Executor,
  tenantId: string,
  id: string,
  patch: { text?: string; teamId?: string | null; active?: boolean; scale?: PulseScale; now: Date },
): Promise<PulseQuestionRecord> {
  const changes: Record<string, unknown> = { updated_at: patch.now };
  if (patch.text !== undefined) changes.text = patch.text;
  if (patch.teamId !== undefined) changes.team_id = patch.teamId;
  if (patch.active !== undefined) changes.active = patch.active;
  if (patch.scale !== undefined) changes.scale = patch.scale;
  const [row] = await db("pulse_questions").where({ tenant_id: tenantId, id }).update(changes).returning("*");
  return toQuestion(row);
}

/** Whether any invite asked this question: its answers are on its scale, so the scale is fixed from then on. */
export async function questionHasInvites(db: Executor, tenantId: string, questionId: string): Promise<boolean> {
  const row = await db("pulse_invites").where({ tenant_id: tenantId, question_id: questionId }).first("id");
  return Boolean(row);
}

export async function findScheduleRow(db: Executor, tenantId: string, options: { forUpdate?: boolean } = {}): Promise<ScheduleRow | null> {
  const query = db("pulse_schedules").where({ tenant_id: tenantId }).first("timezone", "num_cohorts");
  if (options.forUpdate) query.forUpdate();
  const row = await query;
  return row ? { timezone: row.timezone, numCohorts: Number(row.num_cohorts) } : null;
}

export async function upsertScheduleRow(db: Executor, tenantId: string, schedule: ScheduleRow, now: Date): Promise<ScheduleRow> {
  const [saved] = await db("pulse_schedules")
    .insert({ tenant_id: tenantId, timezone: schedule.timezone, num_cohorts: schedule.numCohorts, updated_at: now })
    .onConflict("tenant_id")
    .merge()
    .returning(["timezone", "num_cohorts"]);
  return { timezone: saved.timezone, numCohorts: Number(saved.num_cohorts) };
}

/** Active users by cohort index (the stored hash, users.pulse_hash, mod numCohorts). */
export async function listCohortMembers(db: Executor, tenantId: string, numCohorts: number): Promise<Map<number, string[]>> {
  const rows: Array<{ cohort: number; user_ids: string[] }> = await db("users")
    .select(db.raw("(pulse_hash % ?)::int as cohort", [numCohorts]), db.raw("array_agg(id::text order by id) as user_ids"))
    .where({ tenant_id: tenantId })
    .whereNull("deactivated_at")
    .groupBy("cohort");
  return new Map(rows.map((row) => [Number(row.cohort), row.user_ids]));
}
