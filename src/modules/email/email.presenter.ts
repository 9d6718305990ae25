import type { EmailJobName, EmailJobs, JobSnapshot } from "../../platform/queue.js";
import { FAILURE } from "./email.delivery.js";
import { isRecipientHidden, withoutAddresses } from "./email.recipient-privacy.js";
import type { EmailJobView } from "./email.schemas.js";
import { PULSE_INVITE_SUBJECT, QUESTION_ANSWERED_SUBJECT, WEBHOOK_DISABLED_SUBJECT } from "./email.templates.js";

const SUBJECTS: Record<EmailJobName, string> = {
  "question-answered": QUESTION_ANSWERED_SUBJECT,
  "pulse-invite": PULSE_INVITE_SUBJECT,
  "pulse-invite-slack": `Slack direct message: ${PULSE_INVITE_SUBJECT}`,
  "question-answered-slack": `Slack direct message: ${QUESTION_ANSWERED_SUBJECT}`,
  "direct-email": "",
  "webhook-disabled": WEBHOOK_DISABLED_SUBJECT,
};

/**
 * A queued e-mail as the admin's queue view shows it: subject and recipients, never the body;
 * for the answered e-mail of an anonymous question, not the recipient either (email.recipient-privacy.ts).
 */
export function presentJob(job: JobSnapshot): EmailJobView {
  const result = (job.result ?? null) as { outcome?: "sent" | "skipped"; to?: string[] | null; reason?: string } | null;
  const direct = job.name === "direct-email" ? (job.data as EmailJobs["direct-email"]) : null;
  const hidden = isRecipientHidden(job);
  // Whether an anonymous question's notice goes by e-mail or Slack is its author's choice, which
  // would narrow down who asked: such a job is shown as the e-mail, and a Slack failure as a failure.
  const name = hidden ? "question-answered" : job.name;
  const subject = direct ? direct.subject : SUBJECTS[name];
  const failedReason = hidden && job.failedReason ? (job.name === name ? withoutAddresses(job.failedReason) : FAILURE.deliveryFailed) : job.failedReason;
  return {
    id: job.id,
    name,
    status: job.status,
    timestamp: job.timestamp,
    attemptsMade: job.attemptsMade,
    processedOn: job.processedOn,
    finishedOn: job.finishedOn,
    failedReason,
    subject,
    to: hidden ? null : (result?.to ?? direct?.to ?? null),
    recipientHidden: hidden,
    outcome: hidden ? null : (result?.outcome ?? null),
    skipReason: !hidden && result?.outcome === "skipped" ? (result.reason ?? null) : null,
  };
}
