import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * The board lists a team's OPEN and ANSWERED questions in one order (pinned, upvotes, oldest).
 * With status in the middle of questions_board_idx, a two-status list cannot read that order
 * from the index and sorts the whole team instead; this index reads it directly (the few
 * UNDER_REVIEW rows are filtered on the way).
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [`create index questions_team_order_idx on questions (tenant_id, team_id, is_pinned desc, upvote_count desc, submitted_at, id)`]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop index questions_team_order_idx`]);
}
