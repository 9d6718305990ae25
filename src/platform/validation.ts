import type { z } from "zod";
import type { ErrorDetail } from "./errors.js";

/** A part of a request or of a stored document that zod checked: details name their path from it. */
export type RequestPart = "body" | "query";

export function zodIssuesToDetails(part: RequestPart, issues: z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.slice(0, 20).map((issue) => ({
    path: [part, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}
