import type { Executor } from "../../platform/db.js";

/**
 * The two stores of pulse answers (CONTRACT §5): pulse_waiting_responses (sealed scores, not yet
 * counted anywhere) and pulse_responses (released batches, counted). Neither names a person,
 * an invite or a time of answering.
 */

export interface ResponseGroup {
  tenantId: string;
  questionId: string;
  teamId: string | null;
}

export interface WaitingGroup extends ResponseGroup {
  /** Waiting answers that count toward k: of established invitees, sealed with a key this server has. */
  counting: number;
  /** The tenant's threshold k. */
  threshold: number;
}

export interface SealedRow {
  id: string;
  keyId: string;
  sealed: Buffer;
  /** Whether the answer counts toward k (its invitee had been in the team for pulse.minTenureDays). */
  established: boolean;
}

/** A Postgres array literal: knex would spread a JS array into a list of placeholders. */
const textArray = (values: string[]) => `{${values.join(",")}}`;

/** Every group whose counting waiting answers reach its tenant's threshold (the release sweep). */
export async function listReadyGroups(db: Executor, keyIds: string[], defaultThreshold: number, tenantIds?: string[]): Promise<WaitingGroup[]> {
  const result = await db.raw(
    `select w.tenant_id, w.question_id, w.team_id, count(*) filter (where w.established)::int as counting, min(k.threshold) as threshold
     from pulse_waiting_responses w
     join (
       select t.id as tenant_id, coalesce((ts.settings #>> '{pulse,anonThreshold}')::int, ?) as threshold
       from tenants t left join tenant_settings ts on ts.tenant_id = t.id
     ) k on k.tenant_id = w.tenant_id
     where w.key_id = any(?::text[]) ${tenantIds ? "and w.tenant_id = any(?::uuid[])" : ""}
     group by w.tenant_id, w.question_id, w.team_id
     having count(*) filter (where w.established) >= min(k.threshold)`,
    [defaultThreshold, textArray(keyIds), ...(tenantIds ? [textArray(tenantIds)] : [])],
  );
  return result.rows.map((row: { tenant_id: string; question_id: string; team_id: string | null; counting: number; threshold: number }) => ({
    tenantId: row.tenant_id,
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    counting: Number(row.counting),
    threshold: Number(row.threshold),
  }));
}

/** The group's openable waiting answers, read (not taken) before a release. */
export async function listWaitingAnswers(db: Executor, group: ResponseGroup, keyIds: string[]): Promise<SealedRow[]> {
  const query = db("pulse_waiting_responses")
    .where({ tenant_id: group.tenantId, question_id: group.questionId })
    .whereRaw("key_id = any(?::text[])", [textArray(keyIds)])
    .select("id", "key_id", "sealed", "established");
  if (group.teamId === null) query.whereNull("team_id");
  else query.andWhere("team_id", group.teamId);
  const rows: Array<{ id: string; key_id: string; sealed: Buffer; established: boolean }> = await query;
  return rows.map((row) => ({ id: row.id, keyId: row.key_id, sealed: Buffer.from(row.sealed), established: Boolean(row.established) }));
}

/** The advisory lock of a group's release (pulse_release_batch() tries it); a comment on the group's answers waits for it. */
export function releaseLockKey(group: ResponseGroup): string {
  return `pulse-release:${group.tenantId}:${group.questionId}:${group.teamId ?? "-"}`;
}

/** Whether a release statement failed because the batch changed under it (another release took some of its rows). */
export const isBatchChanged = (error: unknown) => (error as { code?: string } | null)?.code === "PB001";

/**
 * Releases one batch in one statement (pulse_release_batch(), see its migration): deletes exactly
 * these waiting rows and writes the scores, in the order given, dated `releasedOn`, with fresh
 * random ids, in a transaction that touches nothing else. Returns how many were released: 0 when
 * another connection of any instance holds the group's lock, that is, is releasing it right now.
 * Throws (isBatchChanged) when some rows were already gone; nothing is changed then.
 */
export async function releaseBatch(db: Executor, group: ResponseGroup, waitingIds: string[], scores: number[], releasedOn: Date): Promise<number> {
  const result = await db.raw(`select pulse_release_batch(?, ?, ?, ?, ?::uuid[], ?::smallint[], ?) as released`, [
    releaseLockKey(group),
    group.tenantId,
    group.questionId,
    group.teamId,
    textArray(waitingIds),
    `{${scores.join(",")}}`,
    releasedOn,
  ]);
  return Number(result.rows[0]?.released ?? 0);
}

/** Waiting rows that still need (re)sealing: scores a migration carried over, or sealed with an older key. */
export async function listRowsToSeal(db: Executor, olderKeyIds: string[], limit: number) {
  const rows: Array<{ id: string; tenant_id: string; question_id: string; key_id: string | null; sealed: Buffer | null; legacy_score: number | null }> =
    await db("pulse_waiting_responses")
      .whereNotNull("legacy_score")
      .orWhereRaw("key_id = any(?::text[])", [textArray(olderKeyIds)])
      .select("id", "tenant_id", "question_id", "key_id", "sealed", "legacy_score")
      .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    questionId: row.question_id,
    keyId: row.key_id,
    sealed: row.sealed ? Buffer.from(row.sealed) : null,
    legacyScore: row.legacy_score === null ? null : Number(row.legacy_score),
  }));
}

export async function replaceSeal(db: Executor, id: string, box: { keyId: string; sealed: Buffer }): Promise<void> {
  await db("pulse_waiting_responses").where({ id }).update({ key_id: box.keyId, sealed: box.sealed, legacy_score: null });
}

/** Waiting answers per (question, team) of a tenant: every one counts toward participation. */
export async function countWaitingByGroup(db: Executor, tenantId: string): Promise<Array<{ questionId: string; teamId: string | null; waiting: number }>> {
  const rows: Array<{ question_id: string; team_id: string | null; waiting: number }> = await db("pulse_waiting_responses")
    .where({ tenant_id: tenantId })
    .groupBy("question_id", "team_id")
    .select("question_id", "team_id", db.raw("count(*)::int as waiting"));
  return rows.map((row) => ({ questionId: row.question_id, teamId: row.team_id ?? null, waiting: Number(row.waiting) }));
}

/** Waiting rows sealed with a key this server does not have (they can never be released here). */
export async function countUnopenable(db: Executor, keyIds: string[]): Promise<number> {
  const row = await db("pulse_waiting_responses")
    .whereNotNull("key_id")
    .whereRaw("not (key_id = any(?::text[]))", [textArray(keyIds)])
    .count<{ n: number }>("* as n")
    .first();
  return Number(row?.n ?? 0);
}
