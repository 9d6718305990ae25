/**
 * Requests whose signed-in caller acts as the author of an anonymous question (submits, edits,
 * deletes or upvotes it). Such a request's log line leaves out the client's address: with it, a
 * reader of the logs could match the line (its time, its request id, also in the audit entry) to
 * the same address in the caller's sign-in entries of the audit log, and so name the author
 * (CONTRACT §3). Marked by the service that knows (or by the audit log when it leaves the actor
 * unnamed); read by the request log when the response ends.
 */
const hidden = new WeakSet<object>();

/** Marks the request of this context (the RequestContext, or the audit actor that is it). */
export function hideActor(context: object): void {
  hidden.add(context);
}

export function isActorHidden(context: object | undefined): boolean {
  return context !== undefined && hidden.has(context);
}
