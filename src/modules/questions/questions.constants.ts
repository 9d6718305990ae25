/**
 * The questions module's fixed values, with no dependencies: its schemas, its repository and the
 * web app read them from here (the web bundle cannot carry zod).
 */

export const QUESTION_STATUSES = ["OPEN", "UNDER_REVIEW", "ANSWERED"] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** top: pinned first, then most votes; new: newest first; relevance: best search match first (searches only). */
export const QUESTION_SORTS = ["top", "new", "relevance"] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;
/** Longest search text accepted; only its first SEARCH_MAX_TERMS words (runs of letters and digits) are used. */
export const SEARCH_MAX_LENGTH = 2000;
/** Words of a search that are matched (each as a prefix, all required); the rest are ignored. */
export const SEARCH_MAX_TERMS = 32;
export const ANSWER_MAX_LENGTH = 10_000;
/** Hard ceiling for a question body, whatever the tenant's maxLength (the settings schema allows up to this). */
export const BODY_HARD_MAX = 10_000;
