import type { Knex } from "knex";
import { runStatements } from "./sql.js";

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table api_tokens (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      user_id uuid not null,
      name text not null,
      -- sha256 of the secret; the secret itself is shown once at creation and never stored
      token_hash text not null,
      token_prefix text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      last_used_at timestamptz,
      constraint api_tokens_user_fk foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
      )`,
    `create unique index api_tokens_hash_unique on api_tokens (token_hash)`,
    `create index api_tokens_tenant_user_idx on api_tokens (tenant_id, user_id, created_at desc)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table api_tokens`]);
}
