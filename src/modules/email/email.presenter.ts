import type { EmailJobs, JobSnapshot } from "../../platform/queue.js";
import type { EmailJobView } from "./email.schemas.js";
import { PULSE_INVITE_SUBJECT, QUESTION_ANSWERED_SUBJECT } from "./email.templates.js";

/** A queued e-mail as the admin's queue view shows it: subject and recipients, never the body. */
export function presentJob(job: JobSnapshot): EmailJobView {
  const result = (job.result ?? null) as { outcome?: "sent" | "skipped"; to?: string[]; reason?: string } | null;
  const direct = job.name === "direct-email" ? (job.data as EmailJobs["direct-email"]) : null;
  const subject = direct ? direct.subject : job.name === "question-answered" ? QUESTION_ANSWERED_SUBJECT : PULSE_INVITE_SUBJECT;
  return {
    id: job.id,
    name: job.name,
    status: job.status,
    timestamp: job.timestamp,
    attemptsMade: job.attemptsMade,
    processedOn: job.processedOn,
    finishedOn: job.finishedOn,
    failedReason: job.failedReason,
    subject,
    to: result?.to ?? direct?.to ?? null,
    outcome: result?.outcome ?? null,
    skipReason: result?.outcome === "skipped" ? (result.reason ?? null) : null,
  };
}
