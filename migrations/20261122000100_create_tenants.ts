import type { Knex } from "knex";
import { runStatements } from "./sql.js";

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table tenants (
      id uuid primary key default gen_random_uuid(),
      slug text not null,
      name text not null,
      created_at timestamptz not null default now(),
      constraint tenants_slug_format check (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9]){0,1}$')
      )`,
    `create unique index tenants_slug_unique on tenants (slug)`,
    `-- Stored as the full, validated settings object; defaults are merged in on read so new
      -- settings reach old tenants without a data migration.
      create table tenant_settings (
      tenant_id uuid primary key references tenants (id) on delete cascade,
      settings jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now()
      )`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table tenant_settings`, `drop table tenants`]);
}
