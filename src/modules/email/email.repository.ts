import type { PulseScale } from "../pulse/pulse.constants.js";
import type { Executor, DatabaseRow } from "../../platform/db.js";
import { isUuid } from "../../platform/validation.js";

/**
 * What the email worker and the unsubscribe pages read and write. Every query filters on the
 * tenant: a job or link naming another tenant's record finds nothing.
 */

export interface EmailRecipient {
  id: string;
  email: string;
  name: string;
  deactivated: boolean;
  optedOut: boolean;
}

function toRecipient(row: DatabaseRow): EmailRecipient {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    deactivated: row.deactivated_at !== null,
    optedOut: row.email_opt_out_at !== null,
  };
}

const RECIPIENT_COLUMNS = ["id", "email", "name", "deactivated_at", "email_opt_out_at"];

export async function findRecipient(db: Executor, tenantId: string, userId: string): Promise<EmailRecipient | null> {
  if (!isUuid(userId)) return null;
  const row = await db("users").where({ tenant_id: tenantId, id: userId }).first(RECIPIENT_COLUMNS);
  return row ? toRecipient(row) : null;
}

export async function findRecipients(db: Executor, tenantId: string, userIds: string[]): Promise<EmailRecipient[]> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db("users").where({ tenant_id: tenantId }).whereIn("id", ids).select(RECIPIENT_COLUMNS);
  return rows.map(toRecipient);
}

/** The tenant's active admins and owners: who is told of a problem with the tenant's configuration. */
export async function findTenantAdmins(db: Executor, tenantId: string): Promise<EmailRecipient[]> {
  const rows = await db("users").where({ tenant_id: tenantId }).whereIn("role", ["admin", "owner"]).whereNull("deactivated_at").select(RECIPIENT_COLUMNS);
  return rows.map(toRecipient);
}

export interface AnsweredQuestion {
  id: string;
  body: string;
  status: string;
  responseText: string | null;
  /** Null for a visitor's question, or once the author's account is deleted. */
  author: EmailRecipient | null;
  teamName: string;
  teamSlug: string;
  responderId: string | null;
  responderName: string | null;
}

/** The question with its team, author and responder: one query per answered email. */
export async function findAnsweredQuestion(db: Executor, tenantId: string, questionId: string): Promise<AnsweredQuestion | null> {
  if (!isUuid(questionId)) return null;
  const row = await db("questions as q")
    .join("teams as t", function joinTeam() {
      this.on("t.tenant_id", "q.tenant_id").andOn("t.id", "q.team_id");
    })
    .leftJoin("users as a", function joinAuthor() {
      this.on("a.tenant_id", "q.tenant_id").andOn("a.id", "q.author_id");
    })
    .leftJoin("users as r", function joinResponder() {
      this.on("r.tenant_id", "q.tenant_id").andOn("r.id", "q.responder_id");
    })
    .where({ "q.tenant_id": tenantId, "q.id": questionId })
    .first(
      "q.id",
      "q.body",
      "q.status",
      "q.response_text",
      "t.name as team_name",
      "t.slug as team_slug",
      "q.responder_id",
      "r.name as responder_name",
      ...RECIPIENT_COLUMNS.map((column) => `a.${column} as author_${column}`),
    );
  if (!row) return null;
  return {
    id: row.id,
    body: row.body,
    status: row.status,
    responseText: row.response_text ?? null,
    author: prefixedRecipient(row, "author_"),
    teamName: row.team_name,
    teamSlug: row.team_slug,
    responderId: row.responder_id ?? null,
    responderName: row.responder_name ?? null,
  };
}

function prefixedRecipient(row: DatabaseRow, prefix: string): EmailRecipient | null {
  if (!row[`${prefix}id`]) return null;
  return toRecipient(Object.fromEntries(RECIPIENT_COLUMNS.map((column) => [column, row[`${prefix}${column}`]])));
}

export interface PulseInviteForEmail {
  id: string;
  /** Read only to build the one-tap links; never logged, never put in job data. */
  token: string;
  recipient: EmailRecipient;
  expiresAt: Date;
  respondedAt: Date | null;
  questionText: string;
  questionScale: PulseScale;
  timezone: string;
}

export async function findPulseInvite(db: Executor, tenantId: string, inviteId: string): Promise<PulseInviteForEmail | null> {
  if (!isUuid(inviteId)) return null;
  const row = await db("pulse_invites as i")
    .join("pulse_questions as q", function joinQuestion() {
      this.on("q.tenant_id", "i.tenant_id").andOn("q.id", "i.question_id");
    })
    .join("users as u", function joinUser() {
      this.on("u.tenant_id", "i.tenant_id").andOn("u.id", "i.user_id");
    })
    .leftJoin("pulse_schedules as s", "s.tenant_id", "i.tenant_id")
    .where({ "i.tenant_id": tenantId, "i.id": inviteId })
    .first(
      "i.id",
      "i.token",
      "i.expires_at",
      "i.responded_at",
      "q.text as question_text",
      "q.scale as question_scale",
      "s.timezone",
      ...RECIPIENT_COLUMNS.map((column) => `u.${column} as user_${column}`),
    );
  if (!row) return null;
  return {
    id: row.id,
    token: row.token,
    recipient: prefixedRecipient(row, "user_") as EmailRecipient,
    expiresAt: new Date(row.expires_at),
    respondedAt: row.responded_at ? new Date(row.responded_at) : null,
    questionText: row.question_text,
    questionScale: row.question_scale,
    timezone: row.timezone ?? "UTC",
  };
}

export interface UnsubscribeSubject {
  tenantName: string;
  email: string;
  optedOut: boolean;
}

export async function findUnsubscribeSubject(db: Executor, tenantId: string, userId: string): Promise<UnsubscribeSubject | null> {
  const row = await db("users as u")
    .join("tenants as t", "t.id", "u.tenant_id")
    .where({ "u.tenant_id": tenantId, "u.id": userId })
    .first("u.email", "u.email_opt_out_at", "t.name as tenant_name");
  return row ? { tenantName: row.tenant_name, email: row.email, optedOut: row.email_opt_out_at !== null } : null;
}

/**
 * Direct emails are limited per tenant and rolling hour (security.rateLimits.emailRecipientsPerHour).
 * The count comes from the audit trail, where every send is recorded with its recipient count in
 * the transaction that queues it: so it holds across instances and restarts, with or without Redis.
 * Callers hold `lockDirectEmail` so that counting and recording a send cannot interleave.
 */
const DIRECT_SENDS_LAST_HOUR = `
  select a.id, a.created_at,
    coalesce(
      case when jsonb_typeof(a.metadata->'recipients') = 'number' then (a.metadata->>'recipients')::numeric::int end,
      case when jsonb_typeof(a.after->'to') = 'array' then jsonb_array_length(a.after->'to') end,
      0
    ) as recipients
  from audit_logs a
  where a.tenant_id = ? and a.action = 'email.send' and a.created_at > now() - interval '1 hour'`;

/** Serialises direct sends of one tenant until the transaction ends (every instance, one database). */
export async function lockDirectEmail(trx: Executor, tenantId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`email.direct:${tenantId}`]);
}

/** Recipients of the tenant's direct emails recorded in the last hour. */
export async function directRecipientsLastHour(trx: Executor, tenantId: string): Promise<number> {
  const result = await trx.raw(`select coalesce(sum(s.recipients), 0)::int as used from (${DIRECT_SENDS_LAST_HOUR}) s`, [tenantId]);
  return Number(result.rows[0]?.used ?? 0);
}

/**
 * Milliseconds until at least `count` of the last hour's recipients have aged out of the window
 * (the oldest sends leave first); null when the hour holds fewer than that.
 */
export async function msUntilRecipientsFree(trx: Executor, tenantId: string, count: number): Promise<number | null> {
  const result = await trx.raw(
    `select ceil(extract(epoch from (s.created_at + interval '1 hour' - now())) * 1000)::bigint as wait_ms
     from (select s.created_at, sum(s.recipients) over (order by s.created_at, s.id) as freed from (${DIRECT_SENDS_LAST_HOUR}) s) s
     where s.freed >= ?
     order by s.created_at
     limit 1`,
    [tenantId, count],
  );
  const row = result.rows[0];
  return row ? Math.max(0, Number(row.wait_ms)) : null;
}
