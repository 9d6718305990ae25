import type { EmailJobName, EmailJobs } from "../../platform/queue.js";

/**
 * The answered email of an anonymous question goes to its author, whom nobody else may learn
 * (CONTRACT §3). For such a job the admin's queue view shows no recipient, and no outcome or skip
 * reason either (whether and why it was skipped says something about the recipient: unsubscribed,
 * deactivated); addresses are taken out of its failure, and the worker's log names nobody. A
 * question-answered job without the flag (queued before it existed) counts as hidden. The same
 * notice as a Slack message (question-answered-slack) is hidden alike.
 */
export function isRecipientHidden(job: { name: EmailJobName; data: unknown }): boolean {
  const answered = job.name === "question-answered" || job.name === "question-answered-slack";
  return answered && (job.data as EmailJobs["question-answered"]).hideRecipient !== false;
}

/** Anything shaped like an address (servers quote the refused one: `550 5.1.1 <a@b.example>: ...`). */
const ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;
export const HIDDEN = "[hidden]";

/** The text without addresses, nor the given words (the recipient's own address and name), case ignored. */
export function withoutAddresses(text: string, also: Array<string | null | undefined> = []): string {
  let result = text.includes("@") ? text.replace(ADDRESS, HIDDEN) : text;
  for (const word of also) {
    if (!word || word.length < 3) continue;
    const lower = word.toLowerCase();
    for (let at = result.toLowerCase().indexOf(lower); at >= 0; at = result.toLowerCase().indexOf(lower, at + HIDDEN.length)) {
      result = result.slice(0, at) + HIDDEN + result.slice(at + word.length);
    }
  }
  return result;
}
