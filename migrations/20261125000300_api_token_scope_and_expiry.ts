import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * API tokens get a scope (`full`: the user's role; `read`: GET and HEAD only) and always expire:
 * new ones after 90 days unless asked otherwise, at most 365. Tokens that never expired get 90
 * days from the upgrade (their owners see the date in their account page and can replace them);
 * none keeps an expiry more than 365 days away.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table api_tokens add column scope text not null default 'full' check (scope in ('full', 'read'))`,
    `update api_tokens set expires_at = now() + interval '90 days' where expires_at is null`,
    `update api_tokens set expires_at = now() + interval '365 days' where expires_at > now() + interval '365 days'`,
    `alter table api_tokens alter column expires_at set not null`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`alter table api_tokens alter column expires_at drop not null`, `alter table api_tokens drop column scope`]);
}
