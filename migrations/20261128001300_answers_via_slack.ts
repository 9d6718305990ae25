import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * CONTRACT §11: a person chooses where they hear that their question was answered: by e-mail
 * (SPEC's answered e-mail, the default) or as a Slack direct message where the tenant has Slack.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [`alter table users add column answers_via text not null default 'email' check (answers_via in ('email', 'slack'))`]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`alter table users drop column answers_via`]);
}
