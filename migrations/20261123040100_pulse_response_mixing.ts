import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * A response is written in the same transaction that consumes its invite, so until something
 * rewrites it, its system columns (xmin: the transaction id; ctid: the physical position) match
 * the invite's and its position follows the order people answered. `pending` marks rows not yet
 * rewritten; the mixer rewrites a week's rows together in random order (pulse-mixer.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table pulse_responses add column pending boolean not null default false`,
    `create index pulse_responses_pending_idx on pulse_responses (tenant_id, responded_at) where pending`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop index pulse_responses_pending_idx`, `alter table pulse_responses drop column pending`]);
}
