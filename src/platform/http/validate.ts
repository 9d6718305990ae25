import type { z } from "zod";
import { errors } from "../errors.js";
import { zodIssuesToDetails, type RequestPart } from "../validation.js";

/** Parses one part of the request; a failure becomes 400 VALIDATION_FAILED with one detail per issue. */
export function parseRequestPart<S extends z.ZodType>(schema: S, part: RequestPart, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (!result.success) {
    throw errors.validation(zodIssuesToDetails(part, result.error.issues));
  }
  return result.data;
}

/**
 * Path parameters name a record: one that cannot exist (a malformed id) answers like one that
 * does not, 404 NOT_FOUND, so a client sees the same answer for every id that names nothing.
 */
export function parsePathParams<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw errors.notFound();
  return result.data;
}
