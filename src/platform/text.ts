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
