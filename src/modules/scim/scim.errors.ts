import { AppError } from "../../platform/errors.js";

/** RFC 7644 §3.12: the `scimType` values this service answers with. */
export type ScimType = "invalidFilter" | "invalidSyntax" | "invalidValue" | "uniqueness" | "mutability" | "invalidPath" | "noTarget";

const SCIM_TYPES: ReadonlySet<string> = new Set<ScimType>([
  "invalidFilter",
  "invalidSyntax",
  "invalidValue",
  "uniqueness",
  "mutability",
  "invalidPath",
  "noTarget",
]);

/** A SCIM protocol error: the AppError code is its `scimType` (always a 400 but for uniqueness). */
export function scimError(scimType: ScimType, detail: string): AppError {
  return new AppError(scimType, scimType === "uniqueness" ? 409 : 400, detail);
}

/** The `scimType` of an error as a SCIM client is told it: the service's own codes mapped to RFC 7644's. */
export function scimTypeOf(error: AppError): ScimType | undefined {
  if (SCIM_TYPES.has(error.code)) return error.code as ScimType;
  if (error.code === "DUPLICATE") return "uniqueness";
  if (error.code === "VALIDATION_FAILED") return "invalidValue";
  return undefined;
}
