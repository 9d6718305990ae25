import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * SCIM 2.0 provisioning (CONTRACT §10): the bearer tokens an identity provider uses, one tenant
 * each, stored as the SHA-256 of the secret like API tokens; and the identity provider's own id
 * of a user (`externalId`), which Okta and Entra ID send and look people up by.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table scim_tokens (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      name text not null,
      token_hash text not null,
      token_prefix text not null,
      created_by uuid,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
      )`,
    `create unique index scim_tokens_hash_unique on scim_tokens (token_hash)`,
    `create index scim_tokens_tenant_idx on scim_tokens (tenant_id, created_at desc)`,
    `alter table users add column external_id text`,
    `create unique index users_tenant_external_id_unique on users (tenant_id, external_id) where external_id is not null`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop index users_tenant_external_id_unique`, `alter table users drop column external_id`, `drop table scim_tokens`]);
}
