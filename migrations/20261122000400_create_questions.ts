import type { Knex } from "knex";
import { runStatements } from "./sql.js";

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table questions (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      team_id uuid not null,
      author_id uuid,
      is_anonymous boolean not null default false,
      body text not null,
      status text not null check (status in ('OPEN', 'UNDER_REVIEW', 'ANSWERED')),
      upvote_count integer not null default 0 check (upvote_count >= 0),
      is_pinned boolean not null default false,
      pinned_at timestamptz,
      is_frozen boolean not null default false,
      response_text text,
      responder_id uuid,
      responded_at timestamptz,
      -- content check result for flagged questions: {reasons: string[], confidence: string}
      moderation jsonb,
      submitted_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search tsvector generated always as (
      setweight(to_tsvector('english', coalesce(body, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(response_text, '')), 'B')
      ) stored,
      constraint questions_tenant_id_unique unique (tenant_id, id),
      constraint questions_team_fk foreign key (tenant_id, team_id) references teams (tenant_id, id),
      constraint questions_author_fk foreign key (tenant_id, author_id)
      references users (tenant_id, id) on delete set null (author_id),
      constraint questions_responder_fk foreign key (tenant_id, responder_id)
      references users (tenant_id, id) on delete set null (responder_id)
      )`,
    `-- The board's default order: pinned first, then most upvoted, then oldest.
      create index questions_board_idx on questions (tenant_id, team_id, status, is_pinned desc, upvote_count desc, submitted_at)`,
    `create index questions_tenant_board_idx on questions (tenant_id, is_pinned desc, upvote_count desc, submitted_at)`,
    `create index questions_tenant_submitted_idx on questions (tenant_id, submitted_at desc)`,
    `create index questions_tenant_status_idx on questions (tenant_id, status, submitted_at)`,
    `create index questions_tenant_author_idx on questions (tenant_id, author_id)`,
    `-- Full-text index: GIN cannot lead with tenant_id without btree_gin; the tenant filter is applied to its matches.
      create index questions_search_idx on questions using gin (search)`,
    `create table question_tags (
      tenant_id uuid not null,
      question_id uuid not null,
      tag_id uuid not null,
      created_at timestamptz not null default now(),
      primary key (tenant_id, question_id, tag_id),
      foreign key (tenant_id, question_id) references questions (tenant_id, id) on delete cascade,
      foreign key (tenant_id, tag_id) references tags (tenant_id, id) on delete cascade
      )`,
    `create index question_tags_tenant_tag_idx on question_tags (tenant_id, tag_id, question_id)`,
    `create table upvotes (
      tenant_id uuid not null,
      question_id uuid not null,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      constraint upvotes_one_per_user unique (question_id, user_id),
      foreign key (tenant_id, question_id) references questions (tenant_id, id) on delete cascade,
      foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
      )`,
    `create index upvotes_tenant_user_idx on upvotes (tenant_id, user_id, question_id)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table upvotes`, `drop table question_tags`, `drop table questions`]);
}
