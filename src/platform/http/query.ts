import { z } from "zod";
import type { DateBound } from "../time-range.js";

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

/** An ISO date (YYYY-MM-DD, UTC) or an ISO date-time with offset. */
export const queryDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "must be an ISO date (YYYY-MM-DD) or date-time" })
  .transform((value): DateBound => ({ at: new Date(value.length === 10 ? `${value}T00:00:00Z` : value), dateOnly: value.length === 10 }));
