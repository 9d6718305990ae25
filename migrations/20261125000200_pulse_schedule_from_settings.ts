import type { Knex } from "knex";
import { runStatements } from "./sql.js";

/**
 * The pulse's on/off switch, cadence, send time and cohort rotation were stored twice: as tenant
 * settings (pulse.enabled, defaultCadence, defaultTime, rotatingCohorts) and as schedule columns,
 * and the scheduler read only the columns, so saving the settings changed nothing. The settings
 * are now the one place (CONTRACT §8 "Pulse settings act"); the schedule keeps its time zone and
 * number of cohorts.
 *
 * Carried over: cadence, time and rotation from the schedule (what the scheduler actually used).
 * The pulse stays on only where both switches were on, so an upgrade never starts sending to a
 * tenant that was not sending before.
 *
 * The number of cohorts is capped at 6, as the API already required: cohorts are picked by
 * weekday (Monday..Friday 0..4, the weekend the last), so a seventh was never invited.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `insert into tenant_settings (tenant_id, settings)
      select s.tenant_id, '{}'::jsonb from pulse_schedules s
      where not exists (select 1 from tenant_settings ts where ts.tenant_id = s.tenant_id)`,
    `update tenant_settings ts
      set settings = jsonb_set(ts.settings, '{pulse}', coalesce(ts.settings -> 'pulse', '{}'::jsonb) || jsonb_build_object(
      'enabled', coalesce((ts.settings #>> '{pulse,enabled}')::boolean, false) and s.enabled,
      'defaultCadence', s.cadence,
      'defaultTime', s.time,
      'rotatingCohorts', s.rotating_cohorts))
      from pulse_schedules s where s.tenant_id = ts.tenant_id`,
    `alter table pulse_schedules drop column enabled, drop column cadence, drop column time, drop column rotating_cohorts`,
    `update pulse_schedules set num_cohorts = 6 where num_cohorts > 6`,
    `alter table pulse_schedules drop constraint pulse_schedules_num_cohorts_check`,
    `alter table pulse_schedules add constraint pulse_schedules_num_cohorts_check check (num_cohorts between 1 and 6)`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await runStatements(knex, [
    `alter table pulse_schedules drop constraint pulse_schedules_num_cohorts_check`,
    `alter table pulse_schedules add constraint pulse_schedules_num_cohorts_check check (num_cohorts between 1 and 100)`,
    `alter table pulse_schedules
      add column enabled boolean not null default false,
      add column cadence text not null default 'weekly' check (cadence in ('weekly', 'biweekly', 'monthly')),
      add column time text not null default '09:00' check (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      add column rotating_cohorts boolean not null default true`,
    `update pulse_schedules s set
      enabled = coalesce((ts.settings #>> '{pulse,enabled}')::boolean, false),
      cadence = coalesce(ts.settings #>> '{pulse,defaultCadence}', 'weekly'),
      time = coalesce(ts.settings #>> '{pulse,defaultTime}', '09:00'),
      rotating_cohorts = coalesce((ts.settings #>> '{pulse,rotatingCohorts}')::boolean, true)
      from tenant_settings ts where ts.tenant_id = s.tenant_id`,
  ]);
}
