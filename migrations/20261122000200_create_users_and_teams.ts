import type { Knex } from "knex";
import { runStatements } from "./sql.js";

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table teams (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      name text not null,
      slug text not null,
      description text,
      queue_frozen boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- target of the composite foreign keys that keep every reference inside one tenant
      constraint teams_tenant_id_unique unique (tenant_id, id)
      )`,
    `create unique index teams_tenant_slug_unique on teams (tenant_id, slug)`,
    `create table users (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      email text not null,
      name text not null,
      avatar_url text,
      role text not null default 'member'
      check (role in ('owner', 'admin', 'moderator', 'member', 'viewer')),
      primary_team_id uuid,
      -- 'demo' (sso_id = username), 'github' or 'google' (sso_id = the provider's account id)
      sso_provider text check (sso_provider in ('demo', 'github', 'google')),
      sso_id text,
      deactivated_at timestamptz,
      email_opt_out_at timestamptz,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint users_tenant_id_unique unique (tenant_id, id),
      constraint users_primary_team_fk foreign key (tenant_id, primary_team_id)
      references teams (tenant_id, id) on delete set null (primary_team_id),
      constraint users_sso_pair check ((sso_provider is null) = (sso_id is null))
      )`,
    `create unique index users_tenant_email_unique on users (tenant_id, lower(email))`,
    `create unique index users_tenant_sso_unique on users (tenant_id, sso_provider, sso_id) where sso_id is not null`,
    `create index users_tenant_primary_team_idx on users (tenant_id, primary_team_id)`,
    `create index users_tenant_created_idx on users (tenant_id, created_at)`,
    `create table team_members (
      tenant_id uuid not null,
      team_id uuid not null,
      user_id uuid not null,
      role text not null default 'member' check (role in ('viewer', 'member', 'moderator')),
      created_at timestamptz not null default now(),
      primary key (tenant_id, team_id, user_id),
      foreign key (tenant_id, team_id) references teams (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
      )`,
    `create index team_members_tenant_user_idx on team_members (tenant_id, user_id)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table team_members`, `drop table users`, `drop table teams`]);
}
