import type { Executor } from "../../platform/db.js";
import type { SealedValue } from "../../platform/sealed-box.js";
import type { ResponseGroup } from "./pulse.release.repository.js";
import { OPEN_INVITE, toLockedInvite, type LockedInvite } from "./pulse.responses.repository.js";

/**
 * Answers held while link scanners may still be at work (CONTRACT §5 "Link scanners"): a tapped
 * score waits here, sealed, until no other score of its invite has come for the hold window;
 * then it is committed (see commitHeldAnswers). Rows are found by their invite, which the caller
 * has locked (lockOpenInvite).
 */

export type HeldAnswer = { disputed: false; lastRequestAt: Date; box: SealedValue } | { disputed: true; lastRequestAt: Date; box: null };

export async function findHeldAnswer(trx: Executor, invite: LockedInvite): Promise<HeldAnswer | null> {
  const row = await trx("pulse_held_answers")
    .where({ tenant_id: invite.tenantId, invite_id: invite.id })
    .first("key_id", "sealed", "disputed", "last_request_at");
  if (!row) return null;
  const lastRequestAt = new Date(row.last_request_at);
  return row.disputed
    ? { disputed: true, lastRequestAt, box: null }
    : { disputed: false, lastRequestAt, box: { keyId: row.key_id, sealed: Buffer.from(row.sealed) } };
}

/**
 * A person's first tap, in one statement: holds the score for the token's open invite unless
 * something is held for it already. Null when nothing was written: the token names no open
 * invite, or the invite has a held answer or a dispute (the caller then decides, in a
 * transaction). The invite's row is locked as in lockOpenInvite, so a sweep committing it
 * meanwhile is waited for and its answer seen.
 */
export async function holdFirstTap(db: Executor, input: { token: string; now: Date; box: SealedValue }): Promise<LockedInvite | null> {
  const result = await db.raw(
    `with invite as (
       select i.id, i.tenant_id, i.question_id, i.team_id, i.established from pulse_invites i where ${OPEN_INVITE} for update of i
     ), held as (
       insert into pulse_held_answers (invite_id, tenant_id, key_id, sealed, disputed, last_request_at)
       select id, tenant_id, ?, ?, false, ? from invite
       on conflict (invite_id) do nothing
       returning invite_id
     )
     select invite.* from invite join held on held.invite_id = invite.id`,
    [input.token, input.now, input.box.keyId, input.box.sealed, input.now],
  );
  const row = result.rows[0];
  return row ? toLockedInvite(row) : null;
}

/** Holds a score for the invite (replacing an expired dispute). */
export async function holdAnswer(trx: Executor, invite: LockedInvite, box: SealedValue, at: Date): Promise<void> {
  await trx("pulse_held_answers")
    .insert({ invite_id: invite.id, tenant_id: invite.tenantId, key_id: box.keyId, sealed: box.sealed, disputed: false, last_request_at: at })
    .onConflict("invite_id")
    .merge();
}

/** Two different scores came: forget the score, keep the invite open, and remember when the last request came. */
export async function disputeHeldAnswer(trx: Executor, invite: LockedInvite, at: Date): Promise<void> {
  await trx("pulse_held_answers")
    .where({ tenant_id: invite.tenantId, invite_id: invite.id })
    .update({ key_id: null, sealed: null, disputed: true, last_request_at: at });
}

export async function deleteHeldAnswer(trx: Executor, invite: LockedInvite): Promise<void> {
  await trx("pulse_held_answers").where({ tenant_id: invite.tenantId, invite_id: invite.id }).delete();
}

/** Disputes whose last request is older than `quietSince` (every tenant's, or these): the invite is simply open again. */
export async function deleteSettledDisputes(db: Executor, quietSince: Date, tenantIds?: string[]): Promise<number> {
  const query = db("pulse_held_answers").where("disputed", true).andWhere("last_request_at", "<=", quietSince);
  if (tenantIds) query.whereIn("tenant_id", tenantIds);
  return query.delete();
}

/**
 * Commits every held answer whose last request is at or before `quietSince` (only the one of
 * `inviteId` when given), in one statement: the held row is taken, its invite consumed and its
 * sealed score stored as waiting, with the invite's `established`. Concurrent commits of one
 * answer (two instances sweeping, a request and a sweep) serialise on the held row: only one
 * deletes it. Returns the groups that got answers, with how many of their waiting answers
 * count toward k (sealed with `openableKeyIds`) and the tenant's threshold.
 */
export async function commitHeldAnswers(
  db: Executor,
  input: { quietSince: Date; now: Date; inviteId?: string; tenantIds?: string[]; openableKeyIds: string[]; defaultThreshold: number },
): Promise<Array<ResponseGroup & { counting: number; threshold: number }>> {
  const result = await db.raw(
    `with due as (
       delete from pulse_held_answers h
       where not h.disputed and h.last_request_at <= ? ${input.inviteId ? "and h.invite_id = ?" : ""} ${input.tenantIds ? "and h.tenant_id = any(?::uuid[])" : ""}
       returning h.invite_id, h.key_id, h.sealed
     ), consumed as (
       update pulse_invites i set responded_at = ?, answered_after_reminder = (i.reminded_at is not null) from due
       where i.id = due.invite_id and i.responded_at is null
       returning i.tenant_id, i.question_id, i.team_id, i.established, due.key_id, due.sealed
     ), stored as (
       insert into pulse_waiting_responses (tenant_id, question_id, team_id, key_id, sealed, established)
       select tenant_id, question_id, team_id, key_id, sealed, established from consumed
       returning tenant_id, question_id, team_id, established, key_id
     ), groups as (
       select tenant_id, question_id, team_id, count(*) filter (where established and key_id = any(?::text[]))::int as added
       from stored group by 1, 2, 3
     )
     select g.tenant_id, g.question_id, g.team_id,
       g.added + (select count(*)::int from pulse_waiting_responses w
         where w.tenant_id = g.tenant_id and w.question_id = g.question_id and w.team_id is not distinct from g.team_id
           and w.established and w.key_id = any(?::text[])) as counting,
       coalesce((select (ts.settings #>> '{pulse,anonThreshold}')::int from tenant_settings ts where ts.tenant_id = g.tenant_id), ?) as threshold
     from groups g`,
    [
      input.quietSince,
      ...(input.inviteId ? [input.inviteId] : []),
      ...(input.tenantIds ? [`{${input.tenantIds.join(",")}}`] : []),
      input.now,
      `{${input.openableKeyIds.join(",")}}`,
      `{${input.openableKeyIds.join(",")}}`,
      input.defaultThreshold,
    ],
  );
  return (result.rows as Array<{ tenant_id: string; question_id: string; team_id: string | null; counting: number; threshold: number }>).map((row) => ({
    tenantId: row.tenant_id,
    questionId: row.question_id,
    teamId: row.team_id ?? null,
    counting: Number(row.counting),
    threshold: Number(row.threshold),
  }));
}
