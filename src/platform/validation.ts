import type { z } from "zod";
import type { ErrorDetail } from "./errors.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside (a path, a header, a token, a queued job) is a UUID in its usual
 * text form, of any version and either case. Anything else names no row: checked before a query,
 * it is "not found" rather than a failed cast in PostgreSQL.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A part of a request or of a stored document that zod checked: details name their path from it. */
export type RequestPart = "body" | "query";

export function zodIssuesToDetails(part: RequestPart, issues: z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.slice(0, 20).map((issue) => ({
    path: [part, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}
