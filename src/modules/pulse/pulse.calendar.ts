import { createHash } from "node:crypto";
import { DateTime } from "luxon";

/**
 * The pure rules of the pulse calendar: cohorts, the weekday's cohort, cadence periods and the
 * ISO weeks that responses are counted in. Shared by the scheduler, the summary and the demo seed.
 */

import type { Cadence } from "../../platform/tenant-settings.constants.js";

export { CADENCES, type Cadence } from "../../platform/tenant-settings.constants.js";
export { isValidTimezone, MAX_COHORTS } from "./pulse.constants.js";

export const INVITE_LIFETIME_DAYS = 7;

/**
 * CONTRACT §5: first 8 hex digits of sha256(userId) as an unsigned integer, mod numCohorts.
 * The same hash is stored per user in SQL (users.pulse_hash) and behind pulse_cohort_index(); all
 * hash the canonical lowercase id.
 */
export function cohortIndex(userId: string, numCohorts: number): number {
  const hex = createHash("sha256").update(userId.toLowerCase()).digest("hex").slice(0, 8);
  return parseInt(hex, 16) % numCohorts;
}

export function cohortName(index: number): string {
  return `cohort-${index}`;
}

/** CONTRACT §8: Monday 0 .. Friday 4, modulo numCohorts; Saturday and Sunday use numCohorts - 1. */
export function weekdayCohortIndex(isoWeekday: number, numCohorts: number): number {
  if (isoWeekday >= 6) return numCohorts - 1;
  return (isoWeekday - 1) % numCohorts;
}

export interface LocalDay {
  /** YYYY-MM-DD in the schedule's time zone. */
  date: string;
  /** 1 = Monday .. 7 = Sunday. */
  isoWeekday: number;
  /** HH:mm in the schedule's time zone. */
  time: string;
  local: DateTime;
}

export function localDay(now: Date, timezone: string): LocalDay {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  return { date: local.toISODate() as string, isoWeekday: local.weekday, time: local.toFormat("HH:mm"), local };
}

// Biweekly periods are pairs of ISO weeks counted from a fixed Monday, so they do not drift.
const BIWEEKLY_EPOCH = "1970-01-05";

/**
 * Start of the cadence period that contains `now`, as an instant: the local Monday 00:00 of the
 * week (weekly), of the two-week block (biweekly), or the first of the month (monthly).
 */
export function cadencePeriodStart(now: Date, timezone: string, cadence: Cadence): Date {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  if (cadence === "monthly") return local.startOf("month").toJSDate();
  const weekStart = local.startOf("week");
  if (cadence === "weekly") return weekStart.toJSDate();
  const epoch = DateTime.fromISO(BIWEEKLY_EPOCH, { zone: timezone });
  const weeks = Math.round(weekStart.diff(epoch, "days").days / 7);
  return (weeks % 2 === 0 ? weekStart : weekStart.minus({ weeks: 1 })).toJSDate();
}

/** Monday (UTC) of the ISO week containing the instant, as YYYY-MM-DD. */
export function utcWeekStart(at: Date): string {
  return DateTime.fromJSDate(at, { zone: "utc" }).startOf("week").toISODate() as string;
}

/**
 * The date a released batch is stored under: 00:00 UTC of the day of release, the same for every
 * response of the batch, so it counts in the ISO week of its release (CONTRACT §5).
 */
export function releaseDay(at: Date): Date {
  return DateTime.fromJSDate(at, { zone: "utc" }).startOf("day").toJSDate();
}

/** SPEC's `YYYY-Www` for a week given by any date in it (ISO week-year). */
export function isoWeekLabel(date: string): string {
  return DateTime.fromISO(date, { zone: "utc" }).toFormat("kkkk-'W'WW");
}

/** The last `weeks` ISO weeks up to and including the current one, as UTC dates. */
export function weekRange(now: Date, weeks: number): { start: string; end: string } {
  const today = DateTime.fromJSDate(now, { zone: "utc" });
  return {
    start: today
      .startOf("week")
      .minus({ weeks: weeks - 1 })
      .toISODate() as string,
    end: today.toISODate() as string,
  };
}

/** The `weeks` ISO weeks just before weekRange(now, weeks), for "the change against the previous period". */
export function previousWeekRange(now: Date, weeks: number): { start: string; end: string } {
  const start = DateTime.fromJSDate(now, { zone: "utc" })
    .startOf("week")
    .minus({ weeks: weeks - 1 });
  return {
    start: start.minus({ weeks }).toISODate() as string,
    end: start.minus({ days: 1 }).toISODate() as string,
  };
}
