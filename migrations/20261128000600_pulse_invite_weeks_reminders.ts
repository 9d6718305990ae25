import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * The summary's reminder participation from the weekly invite rollup instead of the invite rows:
 * a year of a 10,000-person tenant is 520,000 invites to read per request, the rollup 20 rows a
 * week. pulse_invite_weeks also counts, per (team, week of the send), the invites reminded and
 * those answered after their reminder (answered before = answered - answered after: an invite is
 * marked answered after its reminder only as it is answered). Still invite rows only: nothing
 * here is about a response.
 */
const INVITE_WEEK = `(date_trunc('week', sent_at at time zone 'UTC'))::date`;

/** What each rollup column adds up, per invite row. */
type Counted = Array<[column: string, perInvite: string]>;
const BEFORE: Counted = [
  ["invited", "1"],
  ["answered", "(responded_at is not null)::int"],
];
const AFTER: Counted = [...BEFORE, ["reminded", "(reminded_at is not null)::int"], ["answered_after_reminder", "answered_after_reminder::int"]];

/** The statement trigger of 20261123040200_pulse_weekly_rollups, for the given columns. */
function rollupFunction(counted: Counted): string {
  const columns = counted.map(([column]) => column).join(", ");
  const merge = counted.map(([column]) => `${column} = w.${column} + excluded.${column}`).join(", ");
  const sums = (sign: string, from: string) => counted.map(([, perInvite]) => `${sign}sum(${perInvite})`).join(", ") + ` from ${from}`;
  const signed = (sign: number, from: string) =>
    `select tenant_id, team_id, ${INVITE_WEEK} as week, ${counted.map(([column, perInvite]) => `${sign} * ${perInvite} as ${column}`).join(", ")} from ${from}`;
  return `create or replace function pulse_invites_rollup() returns trigger language plpgsql as $$
    begin
    if tg_op = 'INSERT' then
    insert into pulse_invite_weeks as w (tenant_id, team_id, week, ${columns})
    select tenant_id, team_id, ${INVITE_WEEK}, ${sums("", "new_rows")} group by 1, 2, 3
    on conflict (tenant_id, team_id, week) do update set ${merge};
    return null;
    end if;
    if tg_op = 'DELETE' then
    insert into pulse_invite_weeks as w (tenant_id, team_id, week, ${columns})
    select tenant_id, team_id, ${INVITE_WEEK}, ${sums("-", "old_rows")} group by 1, 2, 3
    on conflict (tenant_id, team_id, week) do update set ${merge};
    else
    insert into pulse_invite_weeks as w (tenant_id, team_id, week, ${columns})
    select tenant_id, team_id, week, ${counted.map(([column]) => `sum(${column})`).join(", ")}
    from (${signed(1, "new_rows")} union all ${signed(-1, "old_rows")}) changes
    group by 1, 2, 3
    having ${counted.map(([column]) => `sum(${column}) <> 0`).join(" or ")}
    on conflict (tenant_id, team_id, week) do update set ${merge};
    end if;
    delete from pulse_invite_weeks w
    using (select distinct tenant_id from old_rows) changed
    where w.tenant_id = changed.tenant_id and w.invited = 0;
    return null;
    end;
    $$`;
}

export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table pulse_invite_weeks add column reminded integer not null default 0, add column answered_after_reminder integer not null default 0`,
    rollupFunction(AFTER),
    `update pulse_invite_weeks w set reminded = counts.reminded, answered_after_reminder = counts.answered_after_reminder
      from (select tenant_id, team_id, ${INVITE_WEEK} as week, count(reminded_at)::int as reminded,
              count(*) filter (where answered_after_reminder)::int as answered_after_reminder
            from pulse_invites group by 1, 2, 3) counts
      where w.tenant_id = counts.tenant_id and w.team_id is not distinct from counts.team_id and w.week = counts.week`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [rollupFunction(BEFORE), `alter table pulse_invite_weeks drop column reminded, drop column answered_after_reminder`]);
}
