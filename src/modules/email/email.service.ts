import type { Database } from "../../platform/db.js";
import type { RequestContext } from "../../platform/context.js";
import { AppError, errors, isAppError } from "../../platform/errors.js";
import { JOB_STATUSES, type EmailQueue } from "../../platform/queue.js";
import { isUuid } from "../../platform/validation.js";
import { recordAudit } from "../audit/index.js";
import { findTenant } from "../tenants/index.js";
import { directRecipientsLastHour, findRecipients, lockDirectEmail, msUntilRecipientsFree } from "./email.repository.js";
import type { DirectEmailInput, EmailDelivery, EmailJobView } from "./email.schemas.js";
import { presentJob } from "./email.presenter.js";

/** SPEC: the admin view lists the last 20 completed and the last 20 failed jobs. */
export const RECENT_JOBS_LIMIT = 20;

/** Redis being down is the one expected failure here: 503, not 500. */
async function queueCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAppError(error)) throw error;
    throw errors.unavailable("The email queue is unavailable; try again shortly.");
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 429 for a direct email that does not fit in what is left of the tenant's hourly allowance. */
function recipientLimitReached(limit: number, used: number, requested: number, waitMs: number): AppError {
  const remaining = Math.max(0, limit - used);
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message =
    `This organisation may email at most ${plural(limit, "recipient", "recipients")} per hour: ` +
    `${remaining} ${remaining === 1 ? "is" : "are"} left for now, and this email names ${requested}.`;
  return new AppError("RATE_LIMITED", 429, message, [{ path: "body.to", message, limit, remaining, requested, retryAfterSeconds }], {
    "Retry-After": String(retryAfterSeconds),
  });
}

export interface EmailAdminServiceDeps {
  db: Database;
  queue: EmailQueue;
  /**
   * Whether this process started an email worker (main.ts knows). Optional: the queue itself is
   * asked which workers consume it (BullMQ lists them, whatever process runs them; nothing ever
   * consumes the in-memory queue), and a worker this process runs counts even when that cannot be told.
   */
  workerRunning?: boolean;
}

export function createEmailAdminService(deps: EmailAdminServiceDeps) {
  const { db, queue } = deps;

  async function workerRunning(): Promise<boolean | null> {
    if (deps.workerRunning) return true;
    const workers = await queue.workers().catch(() => null);
    return workers === null ? null : workers > 0;
  }

  async function overview(ctx: RequestContext) {
    const [view, running] = await Promise.all([queueCall(() => queue.overview(ctx.tenant.id, RECENT_JOBS_LIMIT)), workerRunning()]);
    const recentJobs = Object.fromEntries(JOB_STATUSES.map((status) => [status, view.recent[status].map(presentJob)])) as Record<
      (typeof JOB_STATUSES)[number],
      EmailJobView[]
    >;
    const delivery: EmailDelivery = {
      queue: queue.kind === "memory" ? "memory" : "redis",
      workerRunning: running,
      maxWaiting: view.retention?.maxWaiting ?? null,
      dropped: view.retention?.dropped ?? 0,
    };
    return { metrics: view.counts, recentJobs, delivery };
  }

  /** Retries a failed job with fresh attempts; audited with the failure it had. */
  async function retry(ctx: RequestContext, id: string) {
    const job = await queueCall(() => queue.find(ctx.tenant.id, id));
    if (!job) throw errors.notFound("Email job");
    if (job.status !== "failed") throw errors.conflict("JOB_NOT_FAILED", "Only a failed email job can be retried.");
    // The failure as the admin sees it: without the address of a hidden recipient.
    const { failedReason } = presentJob(job);
    return db.transaction(async (trx) => {
      await recordAudit(trx, ctx, {
        action: "email.retry",
        entityType: "email_job",
        entityId: isUuid(job.id) ? job.id : null,
        before: { status: job.status, failedReason, attemptsMade: job.attemptsMade },
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
   * addresses), so one bad address fails and retries alone. At most
   * security.rateLimits.emailRecipientsPerHour distinct recipients per tenant in any rolling hour
   * (the audit entry of each send records its count); a refused send is neither queued nor counted.
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
      // Per tenant and rolling hour, from the recorded sends: one send at a time per tenant, so
      // two requests (on any instances) cannot both fit in the same remaining allowance.
      await lockDirectEmail(trx, ctx.tenant.id);
      const fresh = await findTenant(trx, ctx.tenant.id);
      const limit = (fresh?.settings ?? ctx.settings).security.rateLimits.emailRecipientsPerHour;
      if (recipients.length > limit) {
        throw errors.validation(
          [
            {
              path: "body.to",
              message: `This organisation may email at most ${plural(limit, "recipient", "recipients")} per hour; this email names ${recipients.length}.`,
            },
          ],
          "Too many recipients for the hourly email limit: send the email in parts.",
        );
      }
      const used = await directRecipientsLastHour(trx, ctx.tenant.id);
      if (used + recipients.length > limit) {
        const waitMs = (await msUntilRecipientsFree(trx, ctx.tenant.id, used + recipients.length - limit)) ?? 3_600_000;
        throw recipientLimitReached(limit, used, recipients.length, waitMs);
      }
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
