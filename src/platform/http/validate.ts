import type { z } from "zod";
import { errors, type ErrorDetail } from "../errors.js";

export type RequestPart = "body" | "query" | "params";

export function zodIssuesToDetails(part: RequestPart, issues: z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.slice(0, 20).map((issue) => ({
    path: [part, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}

/** Parses one part of the request; a failure becomes 400 VALIDATION_FAILED with one detail per issue. */
export function parseRequestPart<S extends z.ZodType>(schema: S, part: RequestPart, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (!result.success) {
    throw errors.validation(zodIssuesToDetails(part, result.error.issues));
  }
  return result.data;
}
