import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * CONTRACT §5 "Questions and scales" and "Reminders". Every existing question keeps SPEC's 1..5
 * agree scale; scores may now be 0..10 (an enps11 question's), so the bounds of stored scores are
 * widened and the question's own scale is checked where an answer is taken. Existing tenants get no
 * question library here: their questions are their admins' choice.
 *
 * `reminded_at` is about the invite (who was reminded, which is not anonymous); responses get no
 * column. `answered_after_reminder` is set on the invite when it is consumed after its reminder,
 * so participation can tell the reminder's effect from invite rows alone.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table pulse_questions add column scale text not null default 'agree5'
      constraint pulse_questions_scale_check check (scale in ('agree5', 'emoji5', 'enps11'))`,
    `alter table pulse_responses drop constraint pulse_responses_score_check`,
    `alter table pulse_responses add constraint pulse_responses_score_check check (score between 0 and 10)`,
    `alter table pulse_waiting_responses drop constraint pulse_waiting_responses_legacy_score_check`,
    `alter table pulse_waiting_responses add constraint pulse_waiting_responses_legacy_score_check check (legacy_score between 0 and 10)`,
    `alter table pulse_invites add column reminded_at timestamptz`,
    `alter table pulse_invites add column answered_after_reminder boolean not null default false`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table pulse_invites drop column answered_after_reminder`,
    `alter table pulse_invites drop column reminded_at`,
    `alter table pulse_waiting_responses drop constraint pulse_waiting_responses_legacy_score_check`,
    `alter table pulse_waiting_responses add constraint pulse_waiting_responses_legacy_score_check check (legacy_score between 1 and 5)`,
    `alter table pulse_responses drop constraint pulse_responses_score_check`,
    `alter table pulse_responses add constraint pulse_responses_score_check check (score between 1 and 5)`,
    `alter table pulse_questions drop column scale`,
  ]);
}
