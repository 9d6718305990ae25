import { z } from "zod";

/**
 * Query-string helpers shared by list and export endpoints. Query values arrive as strings;
 * z.coerce would turn "" into 0, so integers are matched as digits first.
 */
export function queryInt(options: { default: number; min: number; max?: number; capAt?: number }) {
  return (
    z
      .string()
      .regex(/^\d{1,12}$/, "must be a whole number")
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(options.min)
          .max(options.max ?? Number.MAX_SAFE_INTEGER),
      )
      // CONTRACT §8: a limit above the maximum is capped (the envelope reports the cap), not refused.
      .transform((value) => (options.capAt === undefined ? value : Math.min(value, options.capAt)))
      .optional()
      .transform((value) => value ?? options.default)
  );
}

export interface DateBound {
  at: Date;
  /** A calendar date (YYYY-MM-DD) rather than an instant: an end bound then covers that whole UTC day. */
  dateOnly: boolean;
}

/** An ISO date (YYYY-MM-DD, UTC) or an ISO date-time with offset. */
export const queryDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "must be an ISO date (YYYY-MM-DD) or date-time" })
  .transform((value): DateBound => ({ at: new Date(value.length === 10 ? `${value}T00:00:00Z` : value), dateOnly: value.length === 10 }));

export interface TimeRange {
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  /** Inclusive upper bound. */
  until?: Date;
}

/** startDate inclusive; endDate inclusive (a date-only endDate includes its whole day). */
export function timeRange(start: DateBound | undefined, end: DateBound | undefined): TimeRange {
  const range: TimeRange = {};
  if (start) range.from = start.at;
  if (end?.dateOnly) range.before = new Date(end.at.getTime() + 24 * 3600 * 1000);
  else if (end) range.until = end.at;
  return range;
}

/** Refinement for schemas with startDate/endDate: the range must not be reversed. */
export function startNotAfterEnd(query: { startDate?: DateBound; endDate?: DateBound }): boolean {
  return !query.startDate || !query.endDate || query.startDate.at.getTime() <= query.endDate.at.getTime();
}
