import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * The summary counts a range's comments per question (and those with replies) for all teams: with
 * the columns it reads in the index, that is an index-only scan of the range's entries instead of
 * a read of the whole table, bodies and all (a quarter of a year's comments is in 12 weeks, so no
 * index without them was worth it to the planner). One team's counts keep pulse_comments_team_idx.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [`create index pulse_comments_count_idx on pulse_comments (tenant_id, week) include (question_id, reply_count)`]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop index pulse_comments_count_idx`]);
}
