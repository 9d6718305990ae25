import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * Weekly rollups behind GET /pulse/summary: a year of a large tenant is a million responses, too
 * many to aggregate per request, but only (questions x teams x 52) weekly groups. Statement-level
 * triggers keep them exact whatever writes the base tables (the API, the seed, the mixer, cascades
 * from deleted users, teams or tenants). Weeks are ISO weeks in UTC, named by their Monday.
 *
 * Response rollups count only mixed rows (pending = false), so consuming an invite never writes
 * to them: no rollup row version carries the transaction id of a response. The summary adds the
 * few pending rows itself.
 *
 * No foreign keys here: the triggers own these rows, and a cascade that deletes a tenant or sets
 * a team to null must be able to update them while the referenced rows disappear.
 */
const RESPONSE_WEEK = `(date_trunc('week', responded_at at time zone 'UTC'))::date`;
const INVITE_WEEK = `(date_trunc('week', sent_at at time zone 'UTC'))::date`;

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table pulse_response_weeks (
      tenant_id uuid not null,
      question_id uuid not null,
      team_id uuid,
      week date not null,
      responses integer not null,
      score_sum integer not null
      )`,
    `create unique index pulse_response_weeks_key on pulse_response_weeks (tenant_id, question_id, team_id, week) nulls not distinct`,
    `create index pulse_response_weeks_tenant_week_idx on pulse_response_weeks (tenant_id, week)`,
    `create table pulse_invite_weeks (
      tenant_id uuid not null,
      team_id uuid,
      week date not null,
      invited integer not null,
      answered integer not null
      )`,
    `create unique index pulse_invite_weeks_key on pulse_invite_weeks (tenant_id, team_id, week) nulls not distinct`,

    `create function pulse_responses_rollup() returns trigger language plpgsql as $$
      begin
      if tg_op = 'INSERT' then
      insert into pulse_response_weeks as w (tenant_id, question_id, team_id, week, responses, score_sum)
      select tenant_id, question_id, team_id, ${RESPONSE_WEEK}, count(*), sum(score)
      from new_rows where not pending group by 1, 2, 3, 4
      on conflict (tenant_id, question_id, team_id, week) do update
      set responses = w.responses + excluded.responses, score_sum = w.score_sum + excluded.score_sum;
      return null;
      end if;
      if tg_op = 'DELETE' then
      insert into pulse_response_weeks as w (tenant_id, question_id, team_id, week, responses, score_sum)
      select tenant_id, question_id, team_id, ${RESPONSE_WEEK}, -count(*), -sum(score)
      from old_rows where not pending group by 1, 2, 3, 4
      on conflict (tenant_id, question_id, team_id, week) do update
      set responses = w.responses + excluded.responses, score_sum = w.score_sum + excluded.score_sum;
      else
      insert into pulse_response_weeks as w (tenant_id, question_id, team_id, week, responses, score_sum)
      select tenant_id, question_id, team_id, week, sum(sign), sum(sign * score)
      from (
      select tenant_id, question_id, team_id, ${RESPONSE_WEEK} as week, score, 1 as sign from new_rows where not pending
      union all
      select tenant_id, question_id, team_id, ${RESPONSE_WEEK} as week, score, -1 as sign from old_rows where not pending
      ) changes
      group by 1, 2, 3, 4
      having sum(sign) <> 0 or sum(sign * score) <> 0
      on conflict (tenant_id, question_id, team_id, week) do update
      set responses = w.responses + excluded.responses, score_sum = w.score_sum + excluded.score_sum;
      end if;
      delete from pulse_response_weeks w
      using (select distinct tenant_id from old_rows) changed
      where w.tenant_id = changed.tenant_id and w.responses = 0;
      return null;
      end;
      $$`,
    `create trigger pulse_responses_rollup_insert after insert on pulse_responses
      referencing new table as new_rows for each statement execute function pulse_responses_rollup()`,
    `create trigger pulse_responses_rollup_delete after delete on pulse_responses
      referencing old table as old_rows for each statement execute function pulse_responses_rollup()`,
    `create trigger pulse_responses_rollup_update after update on pulse_responses
      referencing old table as old_rows new table as new_rows for each statement execute function pulse_responses_rollup()`,

    `create function pulse_invites_rollup() returns trigger language plpgsql as $$
      begin
      if tg_op = 'INSERT' then
      insert into pulse_invite_weeks as w (tenant_id, team_id, week, invited, answered)
      select tenant_id, team_id, ${INVITE_WEEK}, count(*), count(responded_at)
      from new_rows group by 1, 2, 3
      on conflict (tenant_id, team_id, week) do update
      set invited = w.invited + excluded.invited, answered = w.answered + excluded.answered;
      return null;
      end if;
      if tg_op = 'DELETE' then
      insert into pulse_invite_weeks as w (tenant_id, team_id, week, invited, answered)
      select tenant_id, team_id, ${INVITE_WEEK}, -count(*), -count(responded_at)
      from old_rows group by 1, 2, 3
      on conflict (tenant_id, team_id, week) do update
      set invited = w.invited + excluded.invited, answered = w.answered + excluded.answered;
      else
      insert into pulse_invite_weeks as w (tenant_id, team_id, week, invited, answered)
      select tenant_id, team_id, week, sum(sign), sum(sign * answered)
      from (
      select tenant_id, team_id, ${INVITE_WEEK} as week, (responded_at is not null)::int as answered, 1 as sign from new_rows
      union all
      select tenant_id, team_id, ${INVITE_WEEK} as week, (responded_at is not null)::int as answered, -1 as sign from old_rows
      ) changes
      group by 1, 2, 3
      having sum(sign) <> 0 or sum(sign * answered) <> 0
      on conflict (tenant_id, team_id, week) do update
      set invited = w.invited + excluded.invited, answered = w.answered + excluded.answered;
      end if;
      delete from pulse_invite_weeks w
      using (select distinct tenant_id from old_rows) changed
      where w.tenant_id = changed.tenant_id and w.invited = 0;
      return null;
      end;
      $$`,
    `create trigger pulse_invites_rollup_insert after insert on pulse_invites
      referencing new table as new_rows for each statement execute function pulse_invites_rollup()`,
    `create trigger pulse_invites_rollup_delete after delete on pulse_invites
      referencing old table as old_rows for each statement execute function pulse_invites_rollup()`,
    `create trigger pulse_invites_rollup_update after update on pulse_invites
      referencing old table as old_rows new table as new_rows for each statement execute function pulse_invites_rollup()`,

    // Rows that existed before this migration (the demo seed's history).
    `insert into pulse_response_weeks (tenant_id, question_id, team_id, week, responses, score_sum)
      select tenant_id, question_id, team_id, ${RESPONSE_WEEK}, count(*), sum(score)
      from pulse_responses where not pending group by 1, 2, 3, 4`,
    `insert into pulse_invite_weeks (tenant_id, team_id, week, invited, answered)
      select tenant_id, team_id, ${INVITE_WEEK}, count(*), count(responded_at)
      from pulse_invites group by 1, 2, 3`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `drop trigger pulse_invites_rollup_update on pulse_invites`,
    `drop trigger pulse_invites_rollup_delete on pulse_invites`,
    `drop trigger pulse_invites_rollup_insert on pulse_invites`,
    `drop function pulse_invites_rollup()`,
    `drop trigger pulse_responses_rollup_update on pulse_responses`,
    `drop trigger pulse_responses_rollup_delete on pulse_responses`,
    `drop trigger pulse_responses_rollup_insert on pulse_responses`,
    `drop function pulse_responses_rollup()`,
    `drop table pulse_invite_weeks`,
    `drop table pulse_response_weeks`,
  ]);
}
