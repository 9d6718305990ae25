import { route, type AnyRoute } from "../../platform/http/route.js";
import { directEmailBody, directEmailResult, emailJobSchema, emailQueueSchema, jobIdParams } from "./email.schemas.js";
import type { EmailAdminService } from "./email.service.js";

/** The admin's email tools: the queue view (SPEC), retry of a failed job and direct email (CONTRACT §6). */
export function emailAdminRoutes(deps: { email: EmailAdminService }): AnyRoute[] {
  const { email } = deps;
  return [
    route({
      method: "get",
      path: "/admin/email-queue",
      operationId: "getEmailQueue",
      tag: "Email",
      summary: "This tenant's email queue: counts per state and the most recent jobs",
      description:
        "`metrics` counts the tenant's jobs per state (`waiting` includes jobs backing off before a retry). " +
        "`recentJobs.completed` and `.failed` hold the last 20, newest first; `active` and `waiting` the next 20 in queue order. " +
        "Without Redis (development) jobs are kept in memory and never sent: they all show as waiting, and only the newest " +
        "`delivery.maxWaiting` (every tenant) are kept (`delivery.dropped` counts this tenant's dropped ones). " +
        "`delivery.workerRunning` says whether any email worker consumes the queue (false: queued emails wait, unsent). " +
        "The answered email of an anonymous question shows `to: null` and `recipientHidden: true` (its outcome and skip reason " +
        "are null too): its author is shown to nobody, admins included (CONTRACT §3).",
      access: "admin.access",
      response: emailQueueSchema,
      handler: ({ ctx }) => email.overview(ctx),
    }),
    route({
      method: "post",
      path: "/admin/email-queue/:id/retry",
      operationId: "retryEmailJob",
      tag: "Email",
      summary: "Retries a failed email job with three fresh attempts",
      description:
        "Unknown id (or another tenant's job): 404 NOT_FOUND. A job that is not failed: 409 JOB_NOT_FAILED. Audited as `email.retry`. " +
        "A hidden recipient (`recipientHidden`) stays hidden, in the answer and in the audit entry.",
      access: "admin.access",
      otherResponses: { 409: "JOB_NOT_FAILED" },
      params: jobIdParams,
      response: emailJobSchema,
      handler: ({ ctx, params }) => email.retry(ctx, params.id),
    }),
    route({
      method: "post",
      path: "/admin/emails",
      operationId: "sendEmail",
      tag: "Email",
      summary: "Queues a direct email to users (by id) and/or addresses",
      description:
        "One email per distinct recipient. A user id of another tenant: 404 NOT_FOUND; a deactivated user: 400. " +
        "Direct emails reach users who unsubscribed from notifications (the opt-out covers automatic emails). Audited as `email.send` " +
        "(`metadata.recipients`: the distinct recipients). At most `security.rateLimits.emailRecipientsPerHour` distinct recipients per " +
        "tenant in any rolling hour, counted from those audit entries (every instance, development too): over it, 429 RATE_LIMITED with " +
        "Retry-After (seconds until enough of the hour's recipients age out) and what is left; more recipients than the limit itself: 400 " +
        "VALIDATION_FAILED at `body.to`. A refused send is neither queued nor counted.",
      access: "admin.access",
      otherResponses: { 429: "RATE_LIMITED: the tenant's emailRecipientsPerHour is reached" },
      body: directEmailBody,
      status: 202,
      response: directEmailResult,
      handler: ({ ctx, body }) => email.sendDirect(ctx, body),
    }),
  ];
}
