import { describe, expect, it } from "vitest";
import { normalizeUserText, userTextProblem, visibleLength, withoutBidiControls } from "../../src/platform/text.constants.js";
import { userText } from "../../src/platform/user-text.js";

/** CONTRACT §3: lengths of written text count visible characters; bidi controls are removed when saved. */
describe("visible characters", () => {
  it.each([
    ["zero-width space U+200B", "\u200B"],
    ["zero-width non-joiner and joiner U+200C/U+200D", "\u200C\u200D"],
    ["word joiner U+2060 and the BOM U+FEFF", "\u2060\uFEFF"],
    ["soft hyphen U+00AD", "\u00AD"],
    ["Hangul fillers U+115F, U+1160, U+3164, U+FFA0", "\u115F\u1160\u3164\uFFA0"],
    ["Braille pattern blank U+2800", "\u2800"],
    ["combining grapheme joiner U+034F", "\u034F"],
    ["variation selectors U+FE0F, U+E0100", "\uFE0F\u{E0100}"],
    ["left-to-right and right-to-left marks", "\u200E\u200F\u061C"],
    ["spaces of every width", " \u00A0\u2002\u2009\u202F\u205F\u3000\t\n\r"],
    ["tag characters U+E0041", "\u{E0041}"],
    ["the musical null notehead U+1D159", "\u{1D159}"],
    ["combining marks with nothing under them", "\u0301\u0308\u0327"],
  ])("%s count zero", (_name, text) => {
    expect(visibleLength(text.repeat(5))).toBe(0);
  });

  it("letters of every script, digits, punctuation and symbols count one each", () => {
    expect(visibleLength("Why?")).toBe(4);
    expect(visibleLength("שלום")).toBe(4);
    expect(visibleLength("مرحبا")).toBe(5);
    expect(visibleLength("日本語")).toBe(3);
    expect(visibleLength("€5 • ok")).toBe(5);
  });

  it("a combining mark belongs to the character before it: é counts one however it was typed", () => {
    expect(visibleLength("e\u0301")).toBe(1);
    expect(visibleLength("\u00E9")).toBe(1);
    // Devanagari: the vowel signs and the virama are marks of their letters.
    expect(visibleLength("नमस्ते")).toBe(4);
  });

  it("an emoji sequence stays whole; each of its emoji counts, its joiners and selectors do not", () => {
    const family = "👩\u200D👩\u200D👧\u200D👦";
    expect(visibleLength(family)).toBe(4);
    expect(visibleLength("❤\uFE0F")).toBe(1);
    expect(normalizeUserText(` ${family} `)).toBe(family);
  });

  it("removes bidirectional embedding, override and isolate controls, and keeps the marks", () => {
    const controls = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
    expect(withoutBidiControls(`a${controls}b`)).toBe("ab");
    expect(withoutBidiControls("a\u200E\u200F\u061Cb")).toBe("a\u200E\u200F\u061Cb");
  });

  it("saves NFC, without bidi controls, trimmed (after the controls are gone)", () => {
    expect(normalizeUserText("\u202E  Cafe\u0301 \u2069 ")).toBe("Café");
  });

  it("names what is wrong in words a person reads after the field's name", () => {
    expect(userTextProblem("\u200B".repeat(11), { min: 10, max: 100 })).toBe("must have at least 10 visible characters (got 0)");
    expect(userTextProblem("", { min: 1, max: 100 })).toBe("must have at least 1 visible character (got 0)");
    expect(userTextProblem("abc", { min: 1, max: 2 })).toBe("must have at most 2 visible characters (got 3)");
    expect(userTextProblem(`ab${"\u200B".repeat(3)}`, { min: 1, max: 2 })).toBe("must be at most 4 characters long, invisible ones included");
    expect(userTextProblem("a\nb", { min: 1, max: 10 })).toBe("must not contain control characters or line breaks");
    expect(userTextProblem("a\nb", { min: 1, max: 10, multiline: true })).toBeNull();
    expect(userTextProblem("a\u0000b", { min: 1, max: 10, multiline: true })).toBe("must not contain control characters");
  });

  it("the zod field normalises, then counts: padding with invisible characters reaches no minimum", () => {
    const field = userText({ min: 3, max: 10 });
    expect(field.parse(" \u202Eab\u202Cc ")).toBe("abc");
    const padded = field.safeParse(`ab${"\u200B\u2800\u3164".repeat(3)}`);
    expect(padded.success).toBe(false);
    expect(padded.error?.issues.map((issue) => issue.message)).toEqual(["must have at least 3 visible characters (got 2)"]);
    expect(field.safeParse("x".repeat(100_000)).success).toBe(false);
  });
});
