import type { ReactNode } from "react";

/**
 * Marks the words that a full-text search matched. The server matches every term as a prefix and
 * with English stemming ("deploying" finds "deployment"), so a word is marked when it starts with
 * a term or with the term's stem.
 */
const SUFFIXES = ["ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "ers", "er", "ed", "es", "ly", "s"];

export function stem(term: string): string {
  for (const suffix of SUFFIXES) {
    if (term.endsWith(suffix) && term.length - suffix.length >= 3) return term.slice(0, -suffix.length);
  }
  return term;
}

export function searchTerms(search: string): string[] {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 2).map(stem))];
}

export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  if (terms.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  // Split into words and the gaps between them, keeping both.
  const pattern = /[\p{L}\p{N}]+/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const word = match[0];
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    const lower = word.toLowerCase();
    parts.push(terms.some((term) => lower.startsWith(term)) ? <mark key={start}>{word}</mark> : word);
    last = start + word.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
