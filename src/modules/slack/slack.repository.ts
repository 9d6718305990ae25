import type { Executor } from "../../platform/db.js";
import { isUuid } from "../../platform/validation.js";
import type { PulseScale } from "../pulse/index.js";

/**
 * What the Slack module reads and writes: an invite as its message needs it (the pulse module's
 * table, read only, as the e-mail composer reads it) and the interaction requests already seen.
 */

export interface InviteForSlack {
  token: string;
  expiresAt: Date;
  respondedAt: Date | null;
  questionText: string;
  scale: PulseScale;
  recipient: { email: string; deactivated: boolean; optedOut: boolean };
}

export async function findInviteForSlack(db: Executor, tenantId: string, inviteId: string): Promise<InviteForSlack | null> {
  if (!isUuid(inviteId)) return null;
  const row = await db("pulse_invites as i")
    .join("pulse_questions as q", function joinQuestion() {
      this.on("q.tenant_id", "i.tenant_id").andOn("q.id", "i.question_id");
    })
    .join("users as u", function joinUser() {
      this.on("u.tenant_id", "i.tenant_id").andOn("u.id", "i.user_id");
    })
    .where({ "i.tenant_id": tenantId, "i.id": inviteId })
    .first("i.token", "i.expires_at", "i.responded_at", "q.text", "q.scale", "u.email", "u.deactivated_at", "u.email_opt_out_at");
  if (!row) return null;
  return {
    token: row.token,
    expiresAt: new Date(row.expires_at),
    respondedAt: row.responded_at ? new Date(row.responded_at) : null,
    questionText: row.text,
    scale: row.scale,
    recipient: { email: row.email, deactivated: Boolean(row.deactivated_at), optedOut: Boolean(row.email_opt_out_at) },
  };
}

/**
 * Records a request's signature (hashed) until it expires. False when it was seen already: a
 * replay. Expired entries of the tenant are dropped on the way, so the table stays small.
 */
export async function rememberRequest(db: Executor, input: { tenantId: string; signatureHash: string; expiresAt: Date; now: Date }): Promise<boolean> {
  await db("slack_seen_requests").where({ tenant_id: input.tenantId }).andWhere("expires_at", "<", input.now).delete();
  const inserted = await db("slack_seen_requests")
    .insert({ tenant_id: input.tenantId, signature_hash: input.signatureHash, expires_at: input.expiresAt })
    .onConflict(["tenant_id", "signature_hash"])
    .ignore()
    .returning("signature_hash");
  return inserted.length === 1;
}
