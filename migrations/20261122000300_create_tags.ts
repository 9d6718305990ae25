import type { Knex } from "knex";
import { runStatements } from "./sql.js";

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table tags (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      name text not null,
      color text not null check (color ~ '^#[0-9a-fA-F]{6}$'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint tags_tenant_id_unique unique (tenant_id, id)
      )`,
    `create unique index tags_tenant_name_unique on tags (tenant_id, lower(name))`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table tags`]);
}
