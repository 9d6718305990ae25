import { scimError } from "./scim.errors.js";

/**
 * The one filter form identity providers send when they look a person or group up before creating
 * it: `<attribute> eq "<JSON string>"` (Okta: `userName eq "..."`, Entra ID: `userName eq "..."`,
 * `externalId eq "..."`, `displayName eq "..."`). The grammar is a single comparison, so it is read
 * by hand, strictly, rather than by a general SCIM filter library: nothing else (`or`, `and`, other
 * operators, `pr`, brackets, a second comparison, trailing text) is ever accepted, and the value
 * only reaches the database as a bound parameter.
 */
export interface ScimFilter<A extends string> {
  attribute: A;
  value: string;
}

const MAX_FILTER_LENGTH = 1000;
const COMPARISON = /^\s*([A-Za-z][A-Za-z0-9]*)\s+(eq)\s+(".*)$/is;

export function parseScimFilter<A extends string>(text: string, attributes: readonly A[]): ScimFilter<A> {
  const refuse = (why: string) => scimError("invalidFilter", `${why} Only \`${attributes.join(" | ")} eq "value"\` is supported.`);
  if (text.length > MAX_FILTER_LENGTH) throw refuse("The filter is too long.");
  const match = COMPARISON.exec(text);
  if (!match) throw refuse("The filter is not a single `eq` comparison.");
  const [, name, , rest] = match as unknown as [string, string, string, string];
  // RFC 7643 §2.1: attribute names are case-insensitive.
  const attribute = attributes.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (!attribute) throw refuse(`Filtering on "${name}" is not supported.`);
  const end = closingQuote(rest);
  if (end < 0) throw refuse("The value's quotes are not balanced.");
  if (rest.slice(end + 1).trim() !== "") throw refuse("Nothing may follow the value.");
  let value: unknown;
  try {
    value = JSON.parse(rest.slice(0, end + 1));
  } catch {
    throw refuse("The value is not a valid JSON string.");
  }
  if (typeof value !== "string") throw refuse("The value is not a string.");
  return { attribute, value };
}

/** The index of the quote that closes the JSON string opening at 0, or -1. */
function closingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
