import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * Two defences of the pulse (CONTRACT §5):
 *
 * Link scanners. Mail gateways open every link of an e-mail, and an answer taken from such a
 * request would be the person's answer of record. A tapped score is therefore held, sealed as
 * a waiting answer is, in pulse_held_answers, and is committed (the invite consumed, the answer
 * stored as waiting) only once no other score of the same invite has come for 60 s. Two
 * different scores within that time mark the row `disputed`: its sealed score is dropped and
 * the invite stays open. A held row names its invite (it must, to be committed) and lives about
 * a minute; its score is unreadable without the server secret.
 *
 * Accounts made for the purpose. An answer counts toward its group's k only if its invitee had
 * been in the team and the tenant for pulse.minTenureDays when the invite was made:
 * `established` is decided then, on the invite, and travels with the answer into the waiting
 * table (it says nothing about the score). Open invites made before this rule get it from the
 * default of 14 days; answered ones keep `true`, nothing released changes.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table pulse_invites add column established boolean not null default true`,
    `update pulse_invites i set established = false
      where i.responded_at is null and i.expires_at > now()
      and not (
      exists (select 1 from users u where u.tenant_id = i.tenant_id and u.id = i.user_id and u.created_at <= i.sent_at - interval '14 days')
      and (i.team_id is null or exists (
      select 1 from team_members m
      where m.tenant_id = i.tenant_id and m.team_id = i.team_id and m.user_id = i.user_id and m.created_at <= i.sent_at - interval '14 days'))
      )`,
    `alter table pulse_waiting_responses add column established boolean not null default true`,
    `create table pulse_held_answers (
      invite_id uuid primary key references pulse_invites (id) on delete cascade,
      tenant_id uuid not null references tenants (id) on delete cascade,
      key_id text,
      sealed bytea,
      disputed boolean not null default false,
      last_request_at timestamptz not null,
      constraint pulse_held_sealed_unless_disputed check (
        (not disputed and sealed is not null and key_id is not null) or (disputed and sealed is null and key_id is null))
      )`,
    `create index pulse_held_answers_last_request_idx on pulse_held_answers (last_request_at)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `drop table pulse_held_answers`,
    `alter table pulse_waiting_responses drop column established`,
    `alter table pulse_invites drop column established`,
  ]);
}
