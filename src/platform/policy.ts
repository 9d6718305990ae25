import type { CurrentUser } from "./context.js";
import { errors } from "./errors.js";

/**
 * One decision about one kind of record, in the spirit of Outline's policies: may this user do
 * this to that record? Modules declare theirs in <module>.policy.ts; routes name the rule beside
 * the record they load (platform/http/access.ts), so a route's declaration is its whole rule.
 */
export interface Rule<Record> {
  /** Why the answer is no, said to the caller in the 403 and shown in the API description. */
  readonly refusal: string;
  allows(user: CurrentUser | null, record: Record): boolean;
}

export function rule<Record>(refusal: string, allows: (user: CurrentUser | null, record: Record) => boolean): Rule<Record> {
  return { refusal, allows };
}

/** Throws 403 with the rule's refusal (401 to a caller without a session) unless the rule allows the user this record. */
export function enforce<Record>(user: CurrentUser | null, rule: Rule<Record>, record: Record): void {
  if (!rule.allows(user, record)) throw user ? errors.forbidden(rule.refusal) : errors.unauthenticated();
}
