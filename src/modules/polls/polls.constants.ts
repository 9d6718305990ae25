/**
 * The limits of live polls (CONTRACT §9), shared with the web app's forms and counters.
 */
export const POLL_TYPES = ["single", "multiple", "rating", "words"] as const;
export type PollType = (typeof POLL_TYPES)[number];

export const POLL_STATUSES = ["draft", "open", "closed"] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

export const POLL_TITLE_MAX = 200;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPTION_TEXT_MAX = 120;
export const POLL_SCALE_MAXES = [5, 10] as const;
export type PollScaleMax = (typeof POLL_SCALE_MAXES)[number];
export const POLL_WORD_MAX = 40;
/** A words poll's results list at most this many distinct entries, the most frequent first. */
export const POLL_WORDS_SHOWN = 100;

export const POLL_LIST_LIMIT_DEFAULT = 20;
export const POLL_LIST_LIMIT_MAX = 100;
