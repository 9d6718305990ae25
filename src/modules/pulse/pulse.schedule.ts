import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import type { Executor } from "../../platform/db.js";
import { upsertScheduleRow, type PulseScheduleRecord, type ScheduleRow } from "./pulse.admin.repository.js";

/** A tenant that never saved a schedule sends at its settings' time in UTC, to five cohorts. */
export const DEFAULT_SCHEDULE_ROW: ScheduleRow = { timezone: "UTC", numCohorts: 5 };

/**
 * The schedule the scheduler follows (CONTRACT §8 "Pulse settings act"): the on/off switch,
 * cadence, send time and rotation are the tenant's pulse settings, so saving either screen
 * changes the same values; the time zone and number of cohorts are the schedule's own.
 */
export function scheduleOf(tenantId: string, settings: TenantSettings, row: ScheduleRow | null): PulseScheduleRecord {
  const own = row ?? DEFAULT_SCHEDULE_ROW;
  return {
    tenantId,
    enabled: settings.pulse.enabled,
    cadence: settings.pulse.defaultCadence,
    time: settings.pulse.defaultTime,
    timezone: own.timezone,
    rotatingCohorts: settings.pulse.rotatingCohorts,
    numCohorts: own.numCohorts,
  };
}

/** A new tenant's schedule row: the defaults, so its time zone and cohort count can be edited. */
export async function createDefaultSchedule(trx: Executor, tenantId: string, now: Date): Promise<void> {
  await upsertScheduleRow(trx, tenantId, DEFAULT_SCHEDULE_ROW, now);
}
