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
  /** Waiting answers this server can open (sealed with a key it has). */
  openable: number;
  /** The tenant's threshold k. */
  threshold: number;
}

export interface SealedRow {
  id: string;
  keyId: string;
  sealed: Buffer;
}

function whereGroup(query: ReturnType<Executor>, group: ResponseGroup) {
  query.where({ tenant_id: group.tenantId, question_id: group.questionId });
  if (group.teamId === null) query.whereNull("team_id");
  else query.andWhere("team_id", group.teamId);
  return query;
}

/** A Postgres array literal: knex would spread a JS array into a list of placeholders. */
const textArray = (values: string[]) => `{${values.join(",")}}`;

export async function insertWaitingResponse(trx: Executor, group: ResponseGroup, box: { keyId: string; sealed: Buffer }): Promise<void> {
  await trx("pulse_waiting_responses").insert({
    tenant_id: group.tenantId,
    question_id: group.questionId,
    team_id: group.teamId,
    key_id: box.keyId,
    sealed: box.sealed,
  });
}

/** The group's openable waiting answers and the tenant's threshold, in one round trip. */
export async function findWaitingGroup(db: Executor, group: ResponseGroup, keyIds: string[], defaultThreshold: number): Promise<WaitingGroup> {
  const teamFilter = group.teamId === null ? "w.team_id is null" : "w.team_id = ?";
  const result = await db.raw(
    `select
       (select count(*)::int from pulse_waiting_responses w
        where w.tenant_id = ? and w.question_id = ? and ${teamFilter} and w.key_id = any(?::text[])) as openable,
       coalesce((select (settings #>> '{pulse,anonThreshold}')::int from tenant_settings where tenant_id = ?), ?) as threshold`,
    [group.tenantId, group.questionId, ...(group.teamId === null ? [] : [group.teamId]), textArray(keyIds), group.tenantId, defaultThreshold],
  );
  const row = result.rows[0] ?? { openable: 0, threshold: defaultThreshold };
  return { ...group, openable: Number(row.openable), threshold: Number(row.threshold) };
}

/** Every group whose openable waiting answers reach its tenant's threshold (the release sweep). */
export async function listReadyGroups(db: Executor, keyIds: string[], defaultThreshold: number): Promise<WaitingGroup[]> {
  const result = await db.raw(
    `select w.tenant_id, w.question_id, w.team_id, count(*)::int as openable, min(k.threshold) as threshold
     from pulse_waiting_responses w
     join (
       select t.id as tenant_id, coalesce((ts.settings #>> '{pulse,anonThreshold}')::int, ?) as threshold
       from tenants t left join tenant_settings ts on ts.tenant_id = t.id
     ) k on k.tenant_id = w.tenant_id
     where w.key_id = any(?::text[])
     group by w.tenant_id, w.question_id, w.team_id
     having count(*) >= min(k.threshold)`,
    [defaultThreshold, textArray(keyIds)],
  );
  return result.rows.map((row: { tenant_id: string; question_id: string; team_id: string | null; openable: number; threshold: number }) => ({
    tenantId: row.tenant_id,
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    openable: Number(row.openable),
    threshold: Number(row.threshold),
  }));
}

/**
 * Serialises releases of one group across connections and instances until the transaction ends
 * (a 64-bit hash of the group's key; PostgreSQL and PGlite both have advisory locks).
 */
export async function lockGroup(trx: Executor, group: ResponseGroup): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`pulse-release:${group.tenantId}:${group.questionId}:${group.teamId ?? "-"}`]);
}

/** Removes and returns the group's openable waiting answers (inside the release transaction). */
export async function takeWaitingResponses(trx: Executor, group: ResponseGroup, keyIds: string[]): Promise<SealedRow[]> {
  const query = whereGroup(trx("pulse_waiting_responses"), group).whereRaw("key_id = any(?::text[])", [textArray(keyIds)]);
  const rows: Array<{ id: string; key_id: string; sealed: Buffer }> = await query.delete().returning(["id", "key_id", "sealed"]);
  return rows.map((row) => ({ id: row.id, keyId: row.key_id, sealed: Buffer.from(row.sealed) }));
}

/**
 * Writes one released batch: the scores in the order given (already shuffled), all dated on the
 * release day, with fresh random ids. Called by a transaction that consumes no invite.
 */
export async function insertReleasedBatch(trx: Executor, group: ResponseGroup, scores: number[], releasedOn: Date): Promise<void> {
  await trx.raw(
    `insert into pulse_responses (tenant_id, question_id, team_id, score, responded_at)
     select ?, ?, ?, score, ? from unnest(?::smallint[]) with ordinality as s(score, position) order by position`,
    [group.tenantId, group.questionId, group.teamId, releasedOn, `{${scores.join(",")}}`],
  );
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
