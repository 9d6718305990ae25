import { z } from "zod";
import { maxCodePointsFor, normalizeUserText, userTextProblem, type UserTextBounds } from "./text.constants.js";

export type { UserTextBounds } from "./text.constants.js";

/** The rule of CONTRACT §3 in words, for the OpenAPI description of a field of written text. */
export function describeUserText(bounds: UserTextBounds, what = "visible characters"): string {
  const range = bounds.min > 0 ? `${bounds.min}..${bounds.max} ${what}` : `At most ${bounds.max} ${what}`;
  return (
    `${range} (white space, zero-width, format and Braille-blank characters and combining marks do not count), ` +
    `at most ${maxCodePointsFor(bounds)} code points in all. Saved in NFC, trimmed, without bidirectional override ` +
    `and isolate controls (U+202A..U+202E, U+2066..U+2069)` +
    (bounds.multiline ? "; tabs and line breaks are kept." : "; no line breaks.")
  );
}

/**
 * A field of text that people write and others read (CONTRACT §3): normalised as it is saved
 * (`normalizeUserText`), then bounded in visible characters and in code points. A failure is
 * 400 VALIDATION_FAILED with a detail naming the field, e.g. "must have at least 1 visible character".
 */
export function userText(bounds: UserTextBounds) {
  const cap = maxCodePointsFor(bounds);
  return (
    z
      .string()
      // In UTF-16 units, at most two per code point: refuses a huge text before normalising it.
      .max(cap * 2, `must be at most ${cap} characters long, invisible ones included`)
      .transform(normalizeUserText)
      .superRefine((text, ctx) => {
        const problem = userTextProblem(text, bounds);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .describe(describeUserText(bounds))
  );
}
