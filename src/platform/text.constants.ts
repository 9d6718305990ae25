/**
 * The rules for text that people write (CONTRACT §3): lengths count visible characters, and
 * bidirectional override and isolate controls are removed when saved. No imports: the web app's
 * live character counters count with `visibleLength` too, so they agree with the server.
 */

/**
 * Whether the text holds an ASCII control character (U+0000..U+001F or U+007F) other than those
 * in `allowed` (e.g. "\t\n\r" for multi-line text). Written as a loop rather than a regular
 * expression with control characters in it, which reads as a mistake.
 */
export function hasControlCharacters(text: string, allowed = ""): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(char)) return true;
  }
  return false;
}

/**
 * What a reader cannot see, so it does not count as a character:
 * - White_Space (spaces of every width, line breaks, U+3000) and the other control characters;
 * - format characters (Cf: zero-width space U+200B, ZWNJ/ZWJ U+200C/U+200D, marks U+200E/U+200F,
 *   word joiner U+2060, the BOM U+FEFF, soft hyphen U+00AD, tags U+E0000..U+E007F, ...);
 * - Default_Ignorable_Code_Point, which adds the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
 *   the combining grapheme joiner U+034F, the variation selectors U+FE00..U+FE0F and
 *   U+E0100..U+E01EF, and the Khmer inherent vowels U+17B4/U+17B5;
 * - combining marks (M): they belong to the character before them and add nothing to what is
 *   counted, so "é" counts one however it was typed, a Devanagari syllable counts its letters,
 *   and a text made only of marks (stacked accents with nothing under them) counts zero;
 * - blanks that are symbols by category: the Braille pattern blank U+2800 and the musical null
 *   notehead U+1D159.
 * Such characters stay in the text (a ZWJ still joins an emoji sequence, whose emoji each count);
 * they only do not count. The properties come from the JavaScript engine's Unicode tables.
 */
const NOT_VISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800\u{1D159}]/u;

/** The number of visible characters (code points that are not in NOT_VISIBLE). */
export function visibleLength(text: string): number {
  let count = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    // Printable ASCII is visible, its space and controls are not: no regular expression needed.
    if (code < 0x7f) count += code > 0x20 ? 1 : 0;
    else if (!NOT_VISIBLE.test(char)) count += 1;
  }
  return count;
}

/** Length in Unicode code points, invisible ones included (an emoji counts as one). */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A..U+202E, U+2066..U+2069): with
 * them a text could reverse what is shown after it. The marks U+200E, U+200F and U+061C stay:
 * they only help a mixed-direction text read right and cannot reorder text around it.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/** A written text as it is saved: NFC, without bidi controls, without surrounding white space. */
export function normalizeUserText(text: string): string {
  return withoutBidiControls(text.normalize("NFC")).trim();
}

/** The visible length of a text as it will be saved: what the web app's live counters show. */
export function writtenLength(text: string): number {
  return visibleLength(normalizeUserText(text));
}

export interface UserTextBounds {
  /** Fewest visible characters. */
  min: number;
  /** Most visible characters. */
  max: number;
  /**
   * Most code points in all, invisible ones included, so a text cannot be padded without end with
   * characters that do not count. Default: twice `max`, room for the joiners and selectors of
   * emoji sequences and the marks of scripts written with many.
   */
  maxCodePoints?: number;
  /** Tabs and line breaks allowed (a question or an answer); names allow no control character. */
  multiline?: boolean;
}

/** The default cap on code points for a text of at most `max` visible characters. */
export const maxCodePointsFor = (bounds: UserTextBounds): number => bounds.maxCodePoints ?? bounds.max * 2;

const characters = (count: number) => `${count} visible ${count === 1 ? "character" : "characters"}`;

/**
 * What is wrong with an already normalised text, as a message a person understands (it reads
 * after the field's name: "must have at least 10 visible characters"), or null when it is fine.
 */
export function userTextProblem(text: string, bounds: UserTextBounds): string | null {
  if (hasControlCharacters(text, bounds.multiline ? "\t\n\r" : "")) {
    return bounds.multiline ? "must not contain control characters" : "must not contain control characters or line breaks";
  }
  const cap = maxCodePointsFor(bounds);
  if (codePointLength(text) > cap) return `must be at most ${cap} characters long, invisible ones included`;
  const visible = visibleLength(text);
  if (visible < bounds.min) return `must have at least ${characters(bounds.min)} (got ${visible})`;
  if (visible > bounds.max) return `must have at most ${characters(bounds.max)} (got ${visible})`;
  return null;
}
