/**
 * API token scopes and lifetimes, with no dependencies: the tokens schemas and the web app read
 * them from here (the web bundle cannot carry zod).
 */

/** full: everything the user's role allows; read: GET and HEAD only. */
export const TOKEN_SCOPES = ["full", "read"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 365;
