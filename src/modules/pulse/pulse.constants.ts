/**
 * The pulse module's bounds, with no dependencies: its calendar and schemas and the web app read
 * them from here (the web bundle cannot carry zod, luxon or node:crypto).
 */

/** An IANA time zone name this runtime knows (Intl's own list, which luxon's zones use too). */
export function isValidTimezone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Cohorts are picked by weekday (Monday 0 .. Friday 4, the weekend wrapping to the last one), so
 * a sixth cohort is reached on weekends and a seventh never would be.
 */
export const MAX_COHORTS = 6;
/** CONTRACT §8: a pulse question's text, in Unicode code points after trimming. */
export const PULSE_QUESTION_MAX_LENGTH = 200;

/**
 * The settings that protect a pulse answer, as everyone is told of a change of them (CONTRACT §5):
 * the respond page and the web app's Pulse page say the same words.
 */
export const PROTECTING_SETTING_NAMES = {
  anonThreshold: "the smallest group whose answers are counted",
  minTenureDays: "how long someone must have been in a team before their answer counts toward that group (days)",
} as const;

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * The days a cohort is invited on (CONTRACT §8: Monday 0 .. Friday 4 modulo the number of cohorts,
 * the weekend the last one), the calendar the scheduler follows, in words.
 */
export function cohortWeekdays(index: number, numCohorts: number): string[] {
  return WEEKDAYS.filter((_, day) => (day >= 5 ? numCohorts - 1 : day % numCohorts) === index);
}

/**
 * A cohort as people call it: by the first day it is invited on ("Thursday's group"), since the
 * internal name (cohort-3) says nothing to an admin. One cohort is everybody.
 */
export function cohortLabel(index: number, numCohorts: number): string {
  if (numCohorts <= 1) return "Everyone";
  const [first] = cohortWeekdays(index, numCohorts);
  if (!first) return `Group ${index + 1}`;
  return first === "Saturday" ? "Weekend group" : `${first}'s group`;
}
