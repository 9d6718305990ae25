import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * CONTRACT §11: where a team posts its new questions, answers and closed polls. The Teams
 * Workflows URL carries its own signature (`sig=`): anyone holding it may post to the channel,
 * so it is stored sealed, like the settings' secrets.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table team_channels (
      tenant_id uuid not null references tenants(id) on delete cascade,
      team_id uuid primary key,
      slack_channel text null,
      teams_webhook_sealed text null,
      updated_at timestamptz not null default now(),
      foreign key (tenant_id, team_id) references teams (tenant_id, id) on delete cascade
    )`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table team_channels`]);
}
