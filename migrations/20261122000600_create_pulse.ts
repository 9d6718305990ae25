import type { Knex } from "knex";
import { runStatements } from "./sql.js";

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table pulse_questions (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      team_id uuid,
      text varchar(200) not null,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint pulse_questions_tenant_id_unique unique (tenant_id, id),
      constraint pulse_questions_team_fk foreign key (tenant_id, team_id)
      references teams (tenant_id, id) on delete set null (team_id)
      )`,
    `create index pulse_questions_tenant_active_idx on pulse_questions (tenant_id, active, created_at)`,
    `create table pulse_schedules (
      tenant_id uuid primary key references tenants (id) on delete cascade,
      enabled boolean not null default false,
      cadence text not null default 'weekly' check (cadence in ('weekly', 'biweekly', 'monthly')),
      time text not null default '09:00' check (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      timezone text not null default 'UTC',
      rotating_cohorts boolean not null default true,
      num_cohorts integer not null default 5 check (num_cohorts between 1 and 100),
      updated_at timestamptz not null default now()
      )`,
    `-- Cohorts are a pure function of the user id (CONTRACT §5), so they are computed, not stored:
      -- cohort-<n>, n = first 8 hex digits of sha256(user id) as an unsigned integer mod numCohorts.
      create function pulse_cohort_index(user_id uuid, num_cohorts integer) returns integer
      language sql immutable strict parallel safe as $$
      select ((('x' || substr(encode(sha256(convert_to(user_id::text, 'UTF8')), 'hex'), 1, 8))::bit(32)::bigint)
      % num_cohorts)::integer
      $$`,
    `create table pulse_invites (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      token uuid not null,
      user_id uuid not null,
      question_id uuid not null,
      cohort_name text not null,
      team_id uuid,
      sent_at timestamptz not null,
      expires_at timestamptz not null,
      responded_at timestamptz,
      constraint pulse_invites_user_fk foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
      constraint pulse_invites_question_fk foreign key (tenant_id, question_id)
      references pulse_questions (tenant_id, id) on delete cascade,
      constraint pulse_invites_team_fk foreign key (tenant_id, team_id)
      references teams (tenant_id, id) on delete set null (team_id)
      )`,
    `create unique index pulse_invites_token_unique on pulse_invites (token)`,
    `create index pulse_invites_tenant_user_sent_idx on pulse_invites (tenant_id, user_id, sent_at desc)`,
    `create index pulse_invites_tenant_sent_idx on pulse_invites (tenant_id, sent_at)`,
    `-- Anonymous by construction (CONTRACT §5): no user id, no invite id, no email, no IP, and a
      -- responded_at truncated to the UTC day so it cannot be matched to an invite's timestamp.
      create table pulse_responses (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      question_id uuid not null,
      team_id uuid,
      score smallint not null check (score between 1 and 5),
      responded_at timestamptz not null check (responded_at = date_trunc('day', responded_at at time zone 'UTC') at time zone 'UTC'),
      constraint pulse_responses_question_fk foreign key (tenant_id, question_id)
      references pulse_questions (tenant_id, id) on delete cascade,
      constraint pulse_responses_team_fk foreign key (tenant_id, team_id)
      references teams (tenant_id, id) on delete set null (team_id)
      )`,
    `create index pulse_responses_tenant_question_idx on pulse_responses (tenant_id, question_id, responded_at)`,
    `create index pulse_responses_tenant_responded_idx on pulse_responses (tenant_id, responded_at)`,
    `-- One row per tenant and local date: the scheduler's claim, so two instances or a rerun never send twice.
      create table pulse_runs (
      tenant_id uuid not null references tenants (id) on delete cascade,
      local_date date not null,
      cohort_name text not null,
      question_id uuid,
      invites_created integer not null default 0,
      trigger text not null default 'scheduler' check (trigger in ('scheduler', 'manual', 'seed')),
      status text not null default 'running' check (status in ('running', 'completed', 'failed')),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      primary key (tenant_id, local_date)
      )`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `drop table pulse_runs`,
    `drop table pulse_responses`,
    `drop table pulse_invites`,
    `drop function pulse_cohort_index(uuid, integer)`,
    `drop table pulse_schedules`,
    `drop table pulse_questions`,
  ]);
}
