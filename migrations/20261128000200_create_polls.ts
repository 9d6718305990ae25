import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * Live polls (CONTRACT §9). A vote row holds no user id and no time: only a keyed hash of
 * (poll, voter) whose key is derived from SESSION_SECRET and never stored, so the table alone
 * cannot say who voted what, and no primary key of its own that would count the votes in order.
 * Options are a small ordered list with ids of their own (votes name them), kept on the poll.
 * A team has at most one open poll (the partial unique index), whatever two requests race.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table polls (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      team_id uuid not null,
      title text not null,
      type text not null check (type in ('single', 'multiple', 'rating', 'words')),
      -- [{"id": uuid, "text": string}] in order; empty for rating and words
      options jsonb not null default '[]'::jsonb,
      max_choices integer check (max_choices between 1 and 10),
      scale_max integer check (scale_max in (5, 10)),
      status text not null default 'draft' check (status in ('draft', 'open', 'closed')),
      results_visible boolean not null default false,
      position integer not null default 0,
      created_by uuid,
      created_at timestamptz not null default now(),
      opened_at timestamptz,
      closed_at timestamptz,
      constraint polls_tenant_id_unique unique (tenant_id, id),
      constraint polls_team_fk foreign key (tenant_id, team_id) references teams (tenant_id, id) on delete cascade,
      constraint polls_creator_fk foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
      )`,
    `create unique index polls_one_open_per_team on polls (tenant_id, team_id) where status = 'open'`,
    `create index polls_team_idx on polls (tenant_id, team_id, status, position)`,
    `create table poll_votes (
      tenant_id uuid not null,
      poll_id uuid not null,
      -- HMAC-SHA256(key derived from SESSION_SECRET, poll id + voter), base64url: one vote per voter and poll
      voter_hash text not null,
      -- single and multiple: the chosen option ids (a JSON array of strings)
      option_ids jsonb,
      rating integer check (rating between 1 and 10),
      -- words: case-folded and trimmed, so equal words count together
      word text,
      primary key (poll_id, voter_hash),
      foreign key (tenant_id, poll_id) references polls (tenant_id, id) on delete cascade,
      constraint poll_votes_one_answer check (num_nonnulls(option_ids, rating, word) = 1)
      )`,
    `create index poll_votes_tenant_poll_idx on poll_votes (tenant_id, poll_id)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [`drop table poll_votes`, `drop table polls`]);
}
