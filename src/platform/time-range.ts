/** Date ranges of list and export filters, as services and repositories use them. */
export interface DateBound {
  at: Date;
  /** A calendar date (YYYY-MM-DD) rather than an instant: an end bound then covers that whole UTC day. */
  dateOnly: boolean;
}

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
