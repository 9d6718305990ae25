import type { Executor } from "../../platform/db.js";
import type { SealedValue } from "../../platform/sealed-box.js";
import type { CommittedGroup } from "./pulse.held-answers.service.js";
import { OPEN_INVITE, toLockedInvite, type LockedInvite } from "./pulse.responses.repository.js";

/**
 * An answer given where no link scanner can reach (a Slack button, CONTRACT §11), in one
 * statement: the token's open invite of the tenant is consumed and its sealed score stored as
 * waiting, exactly as a held answer is committed (commitHeldAnswers). An invite whose e-mail tap
 * is being held is taken as answered (that tap is the answer); a dispute of scanners does not
 * stop a person. Concurrent clicks serialise on the invite's row: one consumes it, the others
 * find it answered. Null when nothing was stored.
 */
export async function answerAtOnce(
  db: Executor,
  input: { tenantId: string; token: string; now: Date; box: SealedValue; openableKeyIds: string[]; defaultThreshold: number },
): Promise<{ invite: LockedInvite; group: CommittedGroup } | null> {
  const keyIds = `{${input.openableKeyIds.join(",")}}`;
  const result = await db.raw(
    `with invite as (
       select i.id from pulse_invites i
       where ${OPEN_INVITE} and i.tenant_id = ?
         and not exists (select 1 from pulse_held_answers h where h.invite_id = i.id and not h.disputed)
       for update of i
     ), consumed as (
       update pulse_invites i set responded_at = ?, answered_after_reminder = (i.reminded_at is not null) from invite
       where i.id = invite.id and i.responded_at is null
       returning i.id, i.tenant_id, i.question_id, i.team_id, i.established
     ), stored as (
       insert into pulse_waiting_responses (tenant_id, question_id, team_id, key_id, sealed, established)
       select tenant_id, question_id, team_id, ?, ?, established from consumed
       returning tenant_id
     )
     select c.id, c.tenant_id, c.question_id, c.team_id, c.established,
       (select count(*)::int from stored) as stored,
       (case when c.established and ? = any(?::text[]) then 1 else 0 end) + (select count(*)::int from pulse_waiting_responses w
         where w.tenant_id = c.tenant_id and w.question_id = c.question_id and w.team_id is not distinct from c.team_id
           and w.established and w.key_id = any(?::text[])) as counting,
       coalesce((select (ts.settings #>> '{pulse,anonThreshold}')::int from tenant_settings ts where ts.tenant_id = c.tenant_id), ?) as threshold
     from consumed c`,
    [input.token, input.now, input.tenantId, input.now, input.box.keyId, input.box.sealed, input.box.keyId, keyIds, keyIds, input.defaultThreshold],
  );
  const row = result.rows[0];
  if (!row || Number(row.stored) !== 1) return null;
  const invite = toLockedInvite(row);
  return {
    invite,
    group: {
      tenantId: invite.tenantId,
      questionId: invite.questionId,
      teamId: invite.teamId,
      counting: Number(row.counting),
      threshold: Number(row.threshold),
    },
  };
}
