import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import type { EmailJobs, QueueJob } from "../../platform/queue.js";
import { SLACK_BOT_TOKEN_PATH, type SettingsSecrets } from "../../platform/settings-secrets.js";
import type { AnsweredNoticeReader, OtherJobResult } from "../email/index.js";
import { TenantDirectory } from "../tenants/index.js";
import type { SlackClients } from "./slack.client.js";
import { sendDirectMessage } from "./slack.direct-message.js";
import { answeredMessage } from "./slack.messages.js";

export interface SlackAnsweredDeps {
  db: Database;
  logger: Logger;
  secrets: SettingsSecrets;
  clients: SlackClients;
  readAnsweredNotice: AnsweredNoticeReader;
}

/**
 * Tells an author who chose Slack that their question was answered, as a direct message
 * (CONTRACT §11), from the same notice as SPEC's e-mail. Whoever Slack cannot reach (no Slack
 * account of their address, an app Slack refuses, Slack disconnected since) is e-mailed instead.
 * The author of an anonymous question is nobody's business: logs name the job and the tenant,
 * never the address, the Slack user or the message (and the queue's view hides the recipient).
 */
export function createSlackAnsweredSender(deps: SlackAnsweredDeps) {
  const { db, logger, secrets, clients, readAnsweredNotice } = deps;
  const tenants = new TenantDirectory(db);

  return async function sendSlackAnswered(job: QueueJob): Promise<OtherJobResult> {
    const data = job.data as EmailJobs["question-answered-slack"];
    const context = { jobId: job.id, job: job.name, tenantId: data.tenantId, attempt: job.attemptsMade + 1 };
    const emailInstead = (reason: string): OtherJobResult => {
      logger.info(data.hideRecipient === false ? { ...context, reason } : context, "slack answered notice not sent; e-mailed instead");
      return { outcome: "email-instead" };
    };
    const read = await readAnsweredNotice(data);
    if (read.kind === "skip") return { outcome: "skipped", reason: read.reason };
    const found = await tenants.resolve(data.tenantId);
    if (!found?.settings.slack) return emailInstead("Slack is no longer connected");
    const botToken = secrets.open(data.tenantId, SLACK_BOT_TOKEN_PATH, found.settings.slack.botToken);
    if (botToken === null) return emailInstead("the Slack bot token cannot be opened (enter it again in the settings)");

    const { recipient, ...notice } = read.notice;
    const client = clients.forTenant(data.tenantId, botToken);
    const sent = await sendDirectMessage(client, recipient.email, answeredMessage(notice), {
      logger,
      context,
      what: "slack answered notice",
    });
    if (sent.kind === "unreachable") return emailInstead(sent.reason);
    return { outcome: "sent", to: [recipient.email], messageIds: [sent.ts] };
  };
}
