import type { Database } from "../../platform/db.js";
import type { RequestContext } from "../../platform/context.js";
import { errors, isAppError } from "../../platform/errors.js";
import { JOB_STATUSES, type EmailJobs, type EmailQueue, type JobSnapshot } from "../../platform/queue.js";
import { recordAudit } from "../audit/audit.repository.js";
import { findRecipients, isUuid } from "./email.repository.js";
import type { DirectEmailInput, EmailJobView } from "./email.schemas.js";
import { PULSE_INVITE_SUBJECT, QUESTION_ANSWERED_SUBJECT } from "./email.templates.js";

/** SPEC: the admin view lists the last 20 completed and the last 20 failed jobs. */
export const RECENT_JOBS_LIMIT = 20;

function presentJob(job: JobSnapshot): EmailJobView {
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

/** Redis being down is the one expected failure here: 503, not 500. */
async function queueCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAppError(error)) throw error;
    throw errors.unavailable("The email queue is unavailable; try again shortly.");
  }
}

export function createEmailAdminService(deps: { db: Database; queue: EmailQueue }) {
  const { db, queue } = deps;

  async function overview(ctx: RequestContext) {
    const view = await queueCall(() => queue.overview(ctx.tenant.id, RECENT_JOBS_LIMIT));
    const recentJobs = Object.fromEntries(JOB_STATUSES.map((status) => [status, view.recent[status].map(presentJob)])) as Record<
      (typeof JOB_STATUSES)[number],
      EmailJobView[]
    >;
    return { metrics: view.counts, recentJobs };
  }

  /** Retries a failed job with fresh attempts; audited with the failure it had. */
  async function retry(ctx: RequestContext, id: string) {
    const job = await queueCall(() => queue.find(ctx.tenant.id, id));
    if (!job) throw errors.notFound("Email job");
    if (job.status !== "failed") throw errors.conflict("JOB_NOT_FAILED", "Only a failed email job can be retried.");
    return db.transaction(async (trx) => {
      await recordAudit(trx, ctx, {
        action: "email.retry",
        entityType: "email_job",
        entityId: isUuid(job.id) ? job.id : null,
        before: { status: job.status, failedReason: job.failedReason, attemptsMade: job.attemptsMade },
        after: { status: "waiting" },
        metadata: { jobId: job.id, job: job.name },
      });
      // Inside the transaction: if the queue refuses, the audit entry is rolled back with it.
      const outcome = await queueCall(() => queue.retry(ctx.tenant.id, id));
      if (outcome === "not_found") throw errors.notFound("Email job");
      if (outcome === "not_failed") throw errors.conflict("JOB_NOT_FAILED", "Only a failed email job can be retried.");
      return presentJob(outcome);
    });
  }

  /**
   * CONTRACT §6: queues one direct email per distinct recipient (user ids of this tenant, or
   * addresses), so one bad address fails and retries alone.
   */
  async function sendDirect(ctx: RequestContext, input: DirectEmailInput) {
    const sender = ctx.user;
    if (!sender) throw errors.unauthenticated();
    const userIds = [...new Set(input.to.filter(isUuid).map((id) => id.toLowerCase()))];
    const users = new Map((await findRecipients(db, ctx.tenant.id, userIds)).map((user) => [user.id, user]));
    const seen = new Set<string>();
    const recipients: string[] = [];
    for (const [index, entry] of input.to.entries()) {
      const key = entry.toLowerCase();
      if (isUuid(entry)) {
        const user = users.get(key);
        if (!user) throw errors.notFound("User");
        if (user.deactivated) throw errors.validation([{ path: `body.to.${index}`, message: "The user is deactivated." }]);
        if (seen.has(user.email.toLowerCase()) || seen.has(key)) continue;
        seen.add(key).add(user.email.toLowerCase());
        recipients.push(user.id);
      } else {
        if (seen.has(key)) continue;
        seen.add(key);
        recipients.push(entry);
      }
    }
    return db.transaction(async (trx) => {
      await recordAudit(trx, ctx, {
        action: "email.send",
        entityType: "email",
        after: { to: recipients, subject: input.subject, bodyLength: input.body.length },
        metadata: { recipients: recipients.length },
      });
      const jobs = await queueCall(() =>
        queue.addBulk(
          recipients.map((to) => ({
            name: "direct-email" as const,
            data: { tenantId: ctx.tenant.id, to: [to], subject: input.subject, body: input.body, sentByUserId: sender.id },
          })),
        ),
      );
      return { queued: jobs.length, jobIds: jobs.map((job) => job.id) };
    });
  }

  return { overview, retry, sendDirect };
}

export type EmailAdminService = ReturnType<typeof createEmailAdminService>;
