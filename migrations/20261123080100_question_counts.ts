import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * How many questions each team has in each status, kept exact by triggers, so a board's `total`
 * is a lookup instead of counting tens of thousands of rows on every page. Inserts and deletes
 * are counted per statement (bulk-friendly); an update only when it changes status or team.
 * Counter rows are always locked in key order, so concurrent changes cannot deadlock on them.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table question_counts (
      tenant_id uuid not null,
      team_id uuid not null,
      status text not null,
      n integer not null,
      primary key (tenant_id, team_id, status)
      )`,
    `create function question_counts_apply_statement() returns trigger language plpgsql as $$
      begin
      if tg_op = 'INSERT' then
      insert into question_counts as c (tenant_id, team_id, status, n)
      select tenant_id, team_id, status, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
      on conflict (tenant_id, team_id, status) do update set n = c.n + excluded.n;
      else
      insert into question_counts as c (tenant_id, team_id, status, n)
      select tenant_id, team_id, status, -count(*) from old_rows group by 1, 2, 3 order by 1, 2, 3
      on conflict (tenant_id, team_id, status) do update set n = c.n + excluded.n;
      end if;
      return null;
      end;
      $$`,
    `create function question_counts_apply_row() returns trigger language plpgsql as $$
      begin
      insert into question_counts as c (tenant_id, team_id, status, n)
      select * from (values (old.tenant_id, old.team_id, old.status, -1), (new.tenant_id, new.team_id, new.status, 1)) as change (tenant_id, team_id, status, n)
      order by 1, 2, 3
      on conflict (tenant_id, team_id, status) do update set n = c.n + excluded.n;
      return null;
      end;
      $$`,
    `create trigger question_counts_insert after insert on questions
      referencing new table as new_rows for each statement execute function question_counts_apply_statement()`,
    `create trigger question_counts_delete after delete on questions
      referencing old table as old_rows for each statement execute function question_counts_apply_statement()`,
    `create trigger question_counts_update after update of status, team_id on questions
      for each row when (old.status is distinct from new.status or old.team_id is distinct from new.team_id)
      execute function question_counts_apply_row()`,
    `insert into question_counts (tenant_id, team_id, status, n)
      select tenant_id, team_id, status, count(*) from questions group by 1, 2, 3`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `drop trigger question_counts_update on questions`,
    `drop trigger question_counts_delete on questions`,
    `drop trigger question_counts_insert on questions`,
    `drop function question_counts_apply_row()`,
    `drop function question_counts_apply_statement()`,
    `drop table question_counts`,
  ]);
}
