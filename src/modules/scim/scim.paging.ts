import { scimError } from "./scim.errors.js";
import type { Page } from "./scim.repository.js";

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 200;

/**
 * RFC 7644 §3.4.2.4: `startIndex` is 1-based (below 1 counts as 1); `count` is capped at the
 * maximum (a negative one as 0). Anything that is not an integer is refused.
 */
export function scimPage(startIndex: unknown, count: unknown): Page {
  const integer = (value: unknown, name: string, fallback: number) => {
    if (value === undefined || value === "") return fallback;
    if (typeof value !== "string" || !/^-?\d{1,9}$/.test(value)) throw scimError("invalidValue", `${name} must be an integer.`);
    return Number(value);
  };
  const start = Math.max(1, integer(startIndex, "startIndex", 1));
  const size = Math.min(MAX_PAGE_SIZE, Math.max(0, integer(count, "count", DEFAULT_PAGE_SIZE)));
  return { offset: start - 1, limit: size };
}
