import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import { PermanentJobError, type EmailJobs, type QueueJob } from "../../platform/queue.js";
import { startQueueWorker, type QueueWorker } from "../../platform/queue-bullmq.js";
import { createEmailComposer } from "./email.compose.js";
import { DeliveryError, FAILURE, type EmailProvider } from "./email.delivery.js";
import { createHostedApiProvider } from "./email.hosted-api.provider.js";
import { isRecipientHidden, withoutAddresses } from "./email.recipient-privacy.js";
import { createSmtpProvider } from "./email.smtp.provider.js";

/** `to` is null for a hidden recipient (email.recipient-privacy.ts): it is not kept with the job either. */
export type EmailJobResult = { outcome: "sent"; to: string[] | null; messageIds: Array<string | null> } | { outcome: "skipped"; reason: string };

/**
 * Jobs of the system queue that are not e-mail (a pulse invite as a Slack message): the module
 * that sends them gives their processor (the composition in server.ts), so this module needs
 * none of theirs. `email-instead`: the message could not go that way and is e-mailed by this
 * same job (so a failed e-mail retries the whole delivery, and nothing is lost).
 */
export type OtherJobResult = EmailJobResult | { outcome: "email-instead" };

/** The e-mail each Slack job becomes when Slack cannot deliver it. */
const EMAIL_INSTEAD = {
  // An invite Slack could not deliver is e-mailed whatever pulse.channelEmail says.
  "pulse-invite-slack": (data: unknown) => ({ name: "pulse-invite" as const, data: { ...(data as EmailJobs["pulse-invite-slack"]), fallback: true } }),
  "question-answered-slack": (data: unknown) => ({ name: "question-answered" as const, data: data as EmailJobs["question-answered"] }),
};

export type OtherJobProcessors = Partial<Record<keyof typeof EMAIL_INSTEAD, (job: QueueJob) => Promise<OtherJobResult>>>;

export function createEmailProvider(config: Config): EmailProvider {
  return config.email.provider === "hosted_api" ? createHostedApiProvider(config.email.hosted) : createSmtpProvider(config.email.smtp);
}

export interface EmailJobProcessorDeps {
  db: Database;
  config: Config;
  clock: Clock;
  logger: Logger;
  provider: EmailProvider;
  otherJobs?: OtherJobProcessors;
}

/**
 * Processes one email job: compose from current records, send each message, and turn failures
 * into SPEC's reasons. Permanent failures fail the job at once; others go back to BullMQ for
 * the next attempt. Logs name the job and tenant, never a pulse token or a message body, nor a
 * hidden recipient (the author of an anonymous question): not their address in a server's
 * refusal, nor why their email was skipped.
 */
export function createEmailJobProcessor(deps: EmailJobProcessorDeps) {
  const composer = createEmailComposer(deps);
  const { logger, provider } = deps;

  /**
   * Slack's own failures are retried with the job (its refusals and timeouts, each already retried
   * by the Slack client). On the job's last attempt the person gets the e-mail instead: a pulse
   * invite or an answer must not be lost because Slack kept refusing for minutes.
   */
  async function sendOrEmailOnLastAttempt(job: QueueJob, send: (job: QueueJob) => Promise<OtherJobResult>): Promise<OtherJobResult> {
    try {
      return await send(job);
    } catch (error) {
      if (job.attemptsMade + 1 < job.attemptsAllowed) throw error;
      const context = { jobId: job.id, job: job.name, tenantId: job.data.tenantId };
      // Slack's answer could name the person; a hidden recipient's job logs no more than its ids.
      logger.warn(
        isRecipientHidden(job) ? context : { ...context, err: { message: (error as Error).message } },
        "Slack failed on the job's last attempt; e-mailed instead",
      );
      return { outcome: "email-instead" };
    }
  }

  return async function processEmailJob(queued: QueueJob): Promise<EmailJobResult> {
    let job = queued;
    const instead = EMAIL_INSTEAD[job.name as keyof typeof EMAIL_INSTEAD];
    if (instead) {
      const other = deps.otherJobs?.[job.name as keyof OtherJobProcessors];
      // Failed, not skipped: the job stays visible and can be retried once a worker can send it.
      if (!other) throw new Error(`${FAILURE.deliveryFailed}: this worker cannot send ${job.name} jobs`);
      const result = await sendOrEmailOnLastAttempt(job, other);
      // The job's result is kept by the queue: it names no hidden recipient either.
      if (result.outcome === "sent" && isRecipientHidden(job)) return { ...result, to: null };
      if (result.outcome !== "email-instead") return result;
      job = { ...job, ...instead(job.data) };
    }
    const hidden = isRecipientHidden(job);
    const context = { jobId: job.id, job: job.name, tenantId: job.data.tenantId, attempt: job.attemptsMade + 1, ...(hidden ? { recipientHidden: true } : {}) };
    let composition;
    try {
      composition = await composer.compose(job);
    } catch (error) {
      logger.error({ ...context, err: error }, "email could not be prepared");
      throw new Error(`${FAILURE.deliveryFailed}: the email could not be prepared`, { cause: error });
    }
    if (composition.kind === "skip") {
      logger.info(hidden ? context : { ...context, reason: composition.reason }, "email skipped");
      return { outcome: "skipped", reason: composition.reason };
    }
    const messageIds: Array<string | null> = [];
    for (const [index, email] of composition.emails.entries()) {
      try {
        const sent = await provider.send({ ...email, idempotencyKey: `${job.id}-${index}` });
        messageIds.push(sent.messageId);
      } catch (error) {
        const failure = error instanceof DeliveryError ? error : new DeliveryError(FAILURE.deliveryFailed, false, String(error));
        const detail = hidden ? withoutAddresses(failure.detail, [email.to.email, email.to.name]) : failure.detail;
        logger.warn({ ...context, provider: provider.name, reason: failure.reason, permanent: failure.permanent, detail }, "email delivery failed");
        throw failure.permanent ? new PermanentJobError(failure.reason) : new Error(failure.reason);
      }
    }
    const to = composition.emails.map((email) => email.to.email);
    logger.info({ ...context, provider: provider.name, recipients: to.length }, "email sent");
    return { outcome: "sent", to: hidden ? null : to, messageIds };
  };
}

export interface EmailWorkerDeps {
  db: Database;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Defaults to the configured provider (EMAIL_PROVIDER). */
  provider?: EmailProvider;
  otherJobs?: OtherJobProcessors;
}

export interface EmailWorker {
  close(): Promise<void>;
}

/** Starts consuming the email queue (needs KVSTORE_URL). close() lets running jobs finish. */
export function startEmailWorker(deps: EmailWorkerDeps): EmailWorker {
  const { config, logger } = deps;
  if (!config.kv.url) throw new Error("The email worker needs KVSTORE_URL (Redis).");
  const provider = deps.provider ?? createEmailProvider(config);
  const process = createEmailJobProcessor({ ...deps, provider });
  const worker: QueueWorker = startQueueWorker(
    { url: config.kv.url, kvPrefix: config.kv.prefix, lockDurationMs: config.email.lockDurationMs, logger },
    process,
  );
  logger.info({ provider: provider.name }, "email worker started");
  return {
    async close() {
      await worker.close();
      await provider.close();
    },
  };
}
