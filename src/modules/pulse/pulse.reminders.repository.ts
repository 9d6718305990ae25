import type { Executor } from "../../platform/db.js";

const DAY_MS = 86_400_000;
/** The daily run comes at about the time of the send, a little earlier or later: half a day of slack. */
const SLACK_MS = DAY_MS / 2;

/**
 * CONTRACT §5 "Reminders": marks, and returns, the invites of a tenant that get their one
 * reminder today: sent `afterDays` days ago (by the daily run), not answered, not expired, not
 * being answered right now (a held tap), never reminded, to an active user who has not opted out
 * of e-mail. Run inside the day's run claim (pulse_runs), so two instances or a rerun of the same
 * day find nothing more; `reminded_at` makes it once per invite for good. Invites are not
 * anonymous; nothing here reads or writes a response.
 */
export async function claimReminders(trx: Executor, input: { tenantId: string; now: Date; afterDays: number }): Promise<string[]> {
  if (input.afterDays <= 0) return [];
  const sentBy = new Date(input.now.getTime() - input.afterDays * DAY_MS + SLACK_MS);
  const result = await trx.raw(
    `update pulse_invites i set reminded_at = ?
     where i.tenant_id = ? and i.responded_at is null and i.reminded_at is null
       and i.expires_at > ? and i.sent_at <= ?
       and not exists (select 1 from pulse_held_answers h where h.invite_id = i.id and not h.disputed)
       and exists (select 1 from users u where u.tenant_id = i.tenant_id and u.id = i.user_id
         and u.deactivated_at is null and u.email_opt_out_at is null)
     returning i.id`,
    [input.now, input.tenantId, input.now, sentBy],
  );
  return (result.rows as Array<{ id: string }>).map((row) => row.id);
}
