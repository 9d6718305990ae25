import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * CONTRACT §11, Slack: an interaction request is accepted once. Its signature (hashed) is kept
 * here, where every instance sees it, until its 5-minute window has passed; nothing of the
 * person who clicked is stored.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table slack_seen_requests (
      tenant_id uuid not null references tenants(id) on delete cascade,
      signature_hash text not null,
      expires_at timestamptz not null,
      primary key (tenant_id, signature_hash)
    )`,
    `create index slack_seen_requests_expiry_idx on slack_seen_requests (expires_at)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table slack_seen_requests`]);
}
