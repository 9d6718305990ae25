import { hasControlCharacters } from "../../platform/text.js";
import { errors } from "../../platform/errors.js";
import type { TenantSettings } from "../../platform/tenant-settings.js";

/** Length in Unicode code points (CONTRACT §8), so an emoji counts as one character. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * A question body as stored: trimmed, and within the tenant's `questions.minLength` and
 * `questions.maxLength`. NUL and other control characters (except tab and line breaks) are
 * refused: PostgreSQL cannot store NUL, and the others only hide text from moderators.
 */
export function normalizeBody(raw: string, settings: TenantSettings): string {
  const body = raw.normalize("NFC").trim();
  const { minLength, maxLength } = settings.questions;
  const length = codePointLength(body);
  if (hasControlCharacters(body, "\t\n\r")) {
    throw errors.validation([{ path: "body.body", message: "must not contain control characters" }]);
  }
  if (length < minLength) {
    throw errors.validation(
      [{ path: "body.body", message: `must be at least ${minLength} characters (got ${length})` }],
      `The question must be at least ${minLength} characters long.`,
    );
  }
  if (length > maxLength) {
    throw errors.validation(
      [{ path: "body.body", message: `must be at most ${maxLength} characters (got ${length})` }],
      `The question must be at most ${maxLength} characters long.`,
    );
  }
  return body;
}
