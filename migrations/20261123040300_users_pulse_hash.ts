import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * The cohort hash of each user, stored (CONTRACT §5: the first 8 hex digits of sha256(user id) as
 * an unsigned integer; cohort = pulse_hash mod numCohorts). Computing sha256 for every user of a
 * large tenant at every daily send costs more than the send itself; a generated column computes
 * it once, when the user is created, and cannot disagree with the id.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create function pulse_user_hash(user_id uuid) returns bigint
      language sql immutable strict parallel safe as $$
      select ('x' || substr(encode(sha256(user_id::text::bytea), 'hex'), 1, 8))::bit(32)::bigint
      $$`,
    `alter table users add column pulse_hash bigint generated always as (pulse_user_hash(id)) stored`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`alter table users drop column pulse_hash`, `drop function pulse_user_hash(uuid)`]);
}
