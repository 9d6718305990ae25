import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * Batch release of pulse responses (CONTRACT §5 "Anonymity against differencing").
 *
 * An answer is first stored in pulse_waiting_responses with its score sealed (AES-GCM under a key
 * derived from the server secret, which is not in the database). When a (question, team) group
 * has k waiting answers they move together into pulse_responses, dated on the day of release and
 * written in random order by a transaction that touches no invite: every (question, team, week)
 * cell then holds 0 or at least k responses. Waiting rows carry no time and no user.
 *
 * Responses already stored are regrouped here: per (question, team), in date order, into batches
 * of exactly k dated on their last response; the remainder (fewer than k) waits. Those waiting
 * rows keep their score in `legacy_score` until the server seals them at its next start (the
 * migration has no access to the secret). Nothing is lost: released + waiting = before.
 *
 * The rollup now counts every row of pulse_responses (all of them are released), so the
 * `pending` flag of the earlier hourly mixing goes away.
 *
 * pulse_release_batch() is the release itself, one statement: the server reads and opens a
 * group's waiting answers, then hands their ids and the shuffled scores to this function, which
 * takes the group's lock (tried, not waited for), deletes exactly those waiting rows and inserts
 * the scores in the order given, or changes nothing (0 when the lock is held elsewhere; an error,
 * so the statement rolls back, when some of the rows are already gone).
 */
const RELEASE_FUNCTION = `create function pulse_release_batch(
  lock_key text, group_tenant uuid, group_question uuid, group_team uuid, waiting_ids uuid[], scores smallint[], released_on timestamptz
  ) returns integer language plpgsql as $$
  declare taken integer;
  begin
  if not pg_try_advisory_xact_lock(hashtextextended(lock_key, 0)) then return 0; end if;
  delete from pulse_waiting_responses w
  where w.id = any(waiting_ids) and w.tenant_id = group_tenant and w.question_id = group_question
  and w.team_id is not distinct from group_team;
  get diagnostics taken = row_count;
  if taken <> cardinality(waiting_ids) or taken <> cardinality(scores) then
  raise exception 'pulse batch changed while it was released' using errcode = 'PB001';
  end if;
  insert into pulse_responses (tenant_id, question_id, team_id, score, responded_at)
  select group_tenant, group_question, group_team, s.score, released_on
  from unnest(scores) with ordinality as s(score, position) order by s.position;
  return taken;
  end;
  $$`;
const RESPONSE_WEEK = `(date_trunc('week', responded_at at time zone 'UTC'))::date`;

const ROLLUP_FUNCTION = `create or replace function pulse_responses_rollup() returns trigger language plpgsql as $$
  begin
  if tg_op = 'INSERT' then
  insert into pulse_response_weeks as w (tenant_id, question_id, team_id, week, responses, score_sum)
  select tenant_id, question_id, team_id, ${RESPONSE_WEEK}, count(*), sum(score)
  from new_rows group by 1, 2, 3, 4
  on conflict (tenant_id, question_id, team_id, week) do update
  set responses = w.responses + excluded.responses, score_sum = w.score_sum + excluded.score_sum;
  return null;
  end if;
  if tg_op = 'DELETE' then
  insert into pulse_response_weeks as w (tenant_id, question_id, team_id, week, responses, score_sum)
  select tenant_id, question_id, team_id, ${RESPONSE_WEEK}, -count(*), -sum(score)
  from old_rows group by 1, 2, 3, 4
  on conflict (tenant_id, question_id, team_id, week) do update
  set responses = w.responses + excluded.responses, score_sum = w.score_sum + excluded.score_sum;
  else
  insert into pulse_response_weeks as w (tenant_id, question_id, team_id, week, responses, score_sum)
  select tenant_id, question_id, team_id, week, sum(sign), sum(sign * score)
  from (
  select tenant_id, question_id, team_id, ${RESPONSE_WEEK} as week, score, 1 as sign from new_rows
  union all
  select tenant_id, question_id, team_id, ${RESPONSE_WEEK} as week, score, -1 as sign from old_rows
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
  $$`;

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `create table pulse_waiting_responses (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants (id) on delete cascade,
      question_id uuid not null,
      team_id uuid,
      key_id text,
      sealed bytea,
      legacy_score smallint check (legacy_score between 1 and 5),
      constraint pulse_waiting_sealed_or_legacy check (
        (sealed is not null and key_id is not null and legacy_score is null)
        or (sealed is null and key_id is null and legacy_score is not null)),
      constraint pulse_waiting_question_fk foreign key (tenant_id, question_id)
      references pulse_questions (tenant_id, id) on delete cascade,
      constraint pulse_waiting_team_fk foreign key (tenant_id, team_id)
      references teams (tenant_id, id) on delete set null (team_id)
      )`,
    `create index pulse_waiting_group_idx on pulse_waiting_responses (tenant_id, question_id, team_id)`,
    RELEASE_FUNCTION,

    `create temporary table pulse_regroup on commit drop as
      select r.tenant_id, r.question_id, r.team_id, r.score, r.responded_at, k.k,
      row_number() over (partition by r.tenant_id, r.question_id, r.team_id order by r.responded_at, random()) as rn,
      count(*) over (partition by r.tenant_id, r.question_id, r.team_id) as n
      from pulse_responses r
      join (
      select t.id as tenant_id, greatest(coalesce((ts.settings #>> '{pulse,anonThreshold}')::int, 5), 1) as k
      from tenants t left join tenant_settings ts on ts.tenant_id = t.id
      ) k on k.tenant_id = r.tenant_id`,
    `insert into pulse_waiting_responses (tenant_id, question_id, team_id, legacy_score)
      select tenant_id, question_id, team_id, score from pulse_regroup
      where (rn - 1) / k >= n / k
      order by random()`,
    `delete from pulse_responses`,

    `drop index pulse_responses_pending_idx`,
    `alter table pulse_responses drop column pending`,
    ROLLUP_FUNCTION,

    `insert into pulse_responses (tenant_id, question_id, team_id, score, responded_at)
      select tenant_id, question_id, team_id, score, released_on from (
      select tenant_id, question_id, team_id, score,
      max(responded_at) over (partition by tenant_id, question_id, team_id, (rn - 1) / k) as released_on,
      (rn - 1) / k as batch, n / k as batches
      from pulse_regroup
      ) numbered
      where batch < batches
      order by random()`,
    // Rebuilt from the rows rather than trusting the sum of the steps above.
    `delete from pulse_response_weeks`,
    `insert into pulse_response_weeks (tenant_id, question_id, team_id, week, responses, score_sum)
      select tenant_id, question_id, team_id, ${RESPONSE_WEEK}, count(*), sum(score)
      from pulse_responses group by 1, 2, 3, 4`,
  ]);
}

/**
 * Back to hourly mixing. Sealed waiting answers cannot be opened in SQL, so this refuses while
 * any exist (let them be released, or accept losing them by deleting them first).
 */
export async function down(knex: Knex): Promise<void> {
  const sealed = await knex.raw(`select count(*)::int as n from pulse_waiting_responses where sealed is not null`);
  if (Number(sealed.rows[0]?.n ?? 0) > 0) throw new Error("pulse_waiting_responses holds sealed answers; release or delete them before rolling back");
  await runStatements(knex, [
    `alter table pulse_responses add column pending boolean not null default false`,
    `create index pulse_responses_pending_idx on pulse_responses (tenant_id, responded_at) where pending`,
    ROLLUP_FUNCTION.replaceAll("from new_rows group", "from new_rows where not pending group")
      .replaceAll("from old_rows group", "from old_rows where not pending group")
      .replace("1 as sign from new_rows", "1 as sign from new_rows where not pending")
      .replace("-1 as sign from old_rows", "-1 as sign from old_rows where not pending"),
    `insert into pulse_responses (tenant_id, question_id, team_id, score, responded_at, pending)
      select tenant_id, question_id, team_id, legacy_score, date_trunc('week', now() at time zone 'UTC') at time zone 'UTC', true
      from pulse_waiting_responses`,
    `drop function pulse_release_batch(text, uuid, uuid, uuid, uuid[], smallint[], timestamptz)`,
    `drop table pulse_waiting_responses`,
  ]);
}
