import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import type { EmailJobs, QueueJob } from "../../platform/queue.js";
import { SLACK_BOT_TOKEN_PATH, type SettingsSecrets } from "../../platform/settings-secrets.js";
import type { OtherJobResult } from "../email/index.js";
import { TenantDirectory } from "../tenants/index.js";
import type { SlackClients } from "./slack.client.js";
import { inviteMessage } from "./slack.messages.js";
import { sendDirectMessage } from "./slack.direct-message.js";
import { findInviteForSlack } from "./slack.repository.js";

export interface SlackInviteDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SettingsSecrets;
  clients: SlackClients;
}

/**
 * Sends one pulse invite as a Slack direct message (CONTRACT §11): the person is found by the
 * address of their account, a DM is opened, and the question goes with one button per score.
 * Whoever Slack cannot reach (no Slack account of that address, an app Slack refuses) is
 * e-mailed instead, unless the invite's e-mail is on its way anyway (pulse.channelEmail): an
 * invite is never lost. Other failures throw, and the queue retries the job. Logs name the job
 * and tenant only: never the address, the Slack user or the message.
 */
export function createSlackInviteSender(deps: SlackInviteDeps) {
  const { db, clock, logger, secrets, clients } = deps;
  // A pulse run queues thousands of jobs for one tenant: read its settings every few seconds, not per message.
  const tenants = new TenantDirectory(db);

  return async function sendSlackInvite(job: QueueJob): Promise<OtherJobResult> {
    const data = job.data as EmailJobs["pulse-invite-slack"];
    const context = { jobId: job.id, job: job.name, tenantId: data.tenantId, attempt: job.attemptsMade + 1 };
    const found = await tenants.resolve(data.tenantId);
    if (!found) return { outcome: "skipped", reason: "tenant not found" };
    const { tenant, settings } = found;
    const emailInstead = (reason: string): OtherJobResult => {
      logger.info({ ...context, reason }, settings.pulse.channelEmail ? "slack invite not sent; its e-mail goes" : "slack invite not sent; e-mailed instead");
      return settings.pulse.channelEmail ? { outcome: "skipped", reason: `${reason}; the e-mail invite goes` } : { outcome: "email-instead" };
    };

    const invite = await findInviteForSlack(db, tenant.id, data.inviteId);
    if (!invite) return { outcome: "skipped", reason: "invite not found" };
    if (invite.respondedAt) return { outcome: "skipped", reason: "invite already answered" };
    if (invite.expiresAt.getTime() <= clock.now().getTime()) return { outcome: "skipped", reason: "invite expired" };
    if (invite.recipient.deactivated) return { outcome: "skipped", reason: "recipient is deactivated" };
    if (invite.recipient.optedOut) return { outcome: "skipped", reason: "recipient unsubscribed" };

    if (!settings.pulse.channelSlack || !settings.slack) return emailInstead("pulse Slack delivery is turned off");
    const botToken = secrets.open(tenant.id, SLACK_BOT_TOKEN_PATH, settings.slack.botToken);
    if (botToken === null) return emailInstead("the Slack bot token cannot be opened (enter it again in the settings)");

    const message = inviteMessage({
      tenantSlug: tenant.slug,
      tenantName: tenant.name,
      token: invite.token,
      questionText: invite.questionText,
      scale: invite.scale,
      reminder: data.reminder === true,
      anonThreshold: settings.pulse.anonThreshold,
      expiresAt: invite.expiresAt,
    });
    const client = clients.forTenant(tenant.id, botToken);
    const sent = await sendDirectMessage(client, invite.recipient.email, message, { logger, context, what: "slack invite" });
    if (sent.kind === "unreachable") return emailInstead(sent.reason);
    return { outcome: "sent", to: [invite.recipient.email], messageIds: [sent.ts] };
  };
}
