import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * Pulse comments and their anonymous conversations (CONTRACT §5 "Comments").
 *
 * A comment waits sealed, like the answer it belongs to, in pulse_waiting_comments: the body is
 * unreadable from a dump, and the row names only its tenant and the hash of the conversation's
 * secret (the respondent's capability). Which answer it belongs to is sealed inside that answer's
 * own box, so the table alone links it to no answer, invite or person. When the answer's batch is
 * released, its comments move to pulse_comments in the release's transaction, in random order,
 * with fresh ids and the ISO week of the release as their only time.
 *
 * Replies are not anonymous on the lead's side (audited, with the lead's name); a colleague's
 * reply names nobody. pulse_comment_reads keeps, per lead, when they last read a conversation
 * (the unread markers).
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table pulse_waiting_comments (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      -- sha256 of the conversation's random secret, hex
      conversation_hash text not null,
      key_id text not null,
      sealed bytea not null,
      constraint pulse_waiting_comments_conversation_unique unique (conversation_hash)
      )`,
    `create index pulse_waiting_comments_tenant_idx on pulse_waiting_comments (tenant_id)`,
    `create table pulse_comments (
      id uuid primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      question_id uuid not null,
      team_id uuid,
      -- Monday of the ISO week (UTC) of the release: no finer time is kept
      week date not null,
      body text not null,
      conversation_hash text not null,
      reply_count integer not null default 0,
      last_reply_at timestamptz,
      last_colleague_reply_at timestamptz,
      constraint pulse_comments_conversation_unique unique (conversation_hash),
      constraint pulse_comments_tenant_id_unique unique (tenant_id, id),
      constraint pulse_comments_question_fk foreign key (tenant_id, question_id) references pulse_questions (tenant_id, id) on delete cascade,
      constraint pulse_comments_team_fk foreign key (tenant_id, team_id) references teams (tenant_id, id) on delete set null (team_id)
      )`,
    `create index pulse_comments_list_idx on pulse_comments (tenant_id, week desc, id)`,
    `create index pulse_comments_team_idx on pulse_comments (tenant_id, team_id, week desc)`,
    `create table pulse_comment_replies (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null,
      comment_id uuid not null,
      author text not null check (author in ('lead', 'colleague')),
      lead_user_id uuid,
      body text not null,
      created_at timestamptz not null default now(),
      foreign key (tenant_id, comment_id) references pulse_comments (tenant_id, id) on delete cascade,
      constraint pulse_comment_replies_lead_fk foreign key (tenant_id, lead_user_id) references users (tenant_id, id) on delete set null (lead_user_id)
      )`,
    `create index pulse_comment_replies_comment_idx on pulse_comment_replies (comment_id, created_at)`,
    // A follow-up question answered with a conversation's capability (CONTRACT §5): the hash of
    // (its secret, the question), so each is answered once; no person, no answer, and a day as
    // the only time (when the row may go).
    `create table pulse_follow_up_uses (
      use_hash text primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      expires_on date not null
      )`,
    `create table pulse_comment_reads (
      tenant_id uuid not null,
      comment_id uuid not null,
      user_id uuid not null,
      read_at timestamptz not null,
      primary key (comment_id, user_id),
      foreign key (tenant_id, comment_id) references pulse_comments (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
      )`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `drop table pulse_comment_reads`,
    `drop table pulse_follow_up_uses`,
    `drop table pulse_comment_replies`,
    `drop table pulse_comments`,
    `drop table pulse_waiting_comments`,
  ]);
}
