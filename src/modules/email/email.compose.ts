import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { EmailJobs, QueueJob } from "../../platform/queue.js";
import { tenantAddress } from "../../platform/tenant-address.js";
import { isUuid } from "../../platform/validation.js";
import { TenantDirectory } from "../tenants/index.js";
import type { OutgoingEmail } from "./email.delivery.js";
import { findPulseInvite, findRecipient, findRecipients, findTenantAdmins, type EmailRecipient } from "./email.repository.js";
import { directEmail, pulseInviteEmail, questionAnsweredEmail, webhookDisabledEmail, type RenderedEmail } from "./email.templates.js";
import { unsubscribeUrl } from "./email.unsubscribe.token.js";
import { createAnsweredNoticeReader } from "./email.answered-notice.js";

/** Either the messages to send, or why nothing is sent (the job completes as "skipped"). */
export type Composition = { kind: "send"; emails: OutgoingEmail[] } | { kind: "skip"; reason: string };

const skip = (reason: string): Composition => ({ kind: "skip", reason });

export interface ComposerDeps {
  db: Database;
  config: Config;
  clock: Clock;
}

/**
 * Turns a job into messages from the records as they are now: a question deleted, an invite
 * answered or expired, a user deactivated or unsubscribed since the job was queued means the
 * email is skipped, not sent.
 */
export function createEmailComposer(deps: ComposerDeps) {
  const { db, config, clock } = deps;
  const secret = config.session.secret;
  // A pulse run queues thousands of jobs for one tenant: read its settings once every few seconds, not per email.
  const tenants = new TenantDirectory(db);
  const readAnsweredNotice = createAnsweredNoticeReader({ db, config });

  /** RFC 8058 one-click unsubscribe (mail clients show an "Unsubscribe" button) plus RFC 3834. */
  function automatedHeaders(link: string): Record<string, string> {
    return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "Auto-Submitted": "auto-generated" };
  }

  function message(recipient: { email: string; name?: string | null }, rendered: RenderedEmail, headers?: Record<string, string>): OutgoingEmail {
    return { to: { email: recipient.email, name: recipient.name ?? null }, subject: rendered.subject, html: rendered.html, text: rendered.text, headers };
  }

  function unreachable(user: EmailRecipient | null): string | null {
    if (!user) return "recipient not found";
    if (user.deactivated) return "recipient is deactivated";
    if (user.optedOut) return "recipient unsubscribed";
    return null;
  }

  async function questionAnswered(data: EmailJobs["question-answered"]): Promise<Composition> {
    const read = await readAnsweredNotice(data);
    if (read.kind === "skip") return read;
    const { recipient, accountUrl: _accountUrl, ...notice } = read.notice;
    const link = unsubscribeUrl(config.baseUrl, secret, data.tenantId, recipient.id);
    const rendered = questionAnsweredEmail({ ...notice, recipientName: recipient.name, unsubscribeUrl: link });
    return { kind: "send", emails: [message(recipient, rendered, automatedHeaders(link))] };
  }

  async function pulseInvite(data: EmailJobs["pulse-invite"]): Promise<Composition> {
    // An invite Slack could not deliver goes by e-mail whatever pulse.channelEmail says.
    const emailOn = (settings: { pulse: { channelEmail: boolean } }) => settings.pulse.channelEmail || data.fallback === true;
    let tenant = await tenants.resolve(data.tenantId);
    if (tenant && !emailOn(tenant.settings)) {
      // The cached copy may predate an admin turning email delivery back on: read again before skipping.
      tenants.invalidate(data.tenantId);
      tenant = await tenants.resolve(data.tenantId);
    }
    if (!tenant) return skip("tenant not found");
    if (!emailOn(tenant.settings)) return skip("pulse email delivery is turned off");
    const invite = await findPulseInvite(db, data.tenantId, data.inviteId);
    if (!invite) return skip("invite not found");
    if (invite.respondedAt) return skip("invite already answered");
    if (invite.expiresAt.getTime() <= clock.now().getTime()) return skip("invite expired");
    const user = invite.recipient;
    const why = unreachable(user);
    if (why || !user) return skip(why ?? "recipient not found");
    const link = unsubscribeUrl(config.baseUrl, secret, data.tenantId, user.id);
    const token = encodeURIComponent(invite.token);
    const rendered = pulseInviteEmail({
      recipientName: user.name,
      tenantName: tenant.tenant.name,
      questionText: invite.questionText,
      scale: invite.questionScale,
      reminder: data.reminder === true,
      respondUrl: (score) => `${config.frontendUrl}/pulse/respond?token=${token}&score=${score}`,
      expiresAt: invite.expiresAt,
      timezone: invite.timezone,
      anonThreshold: tenant.settings.pulse.anonThreshold,
      unsubscribeUrl: link,
    });
    return { kind: "send", emails: [message(user, rendered, automatedHeaders(link))] };
  }

  /**
   * An admin's message goes to active users whether or not they unsubscribed: the opt-out covers
   * the automatic emails (answer notifications, pulse), not a person writing to their colleagues.
   */
  async function direct(data: EmailJobs["direct-email"]): Promise<Composition> {
    const tenant = await tenants.resolve(data.tenantId);
    if (!tenant) return skip("tenant not found");
    const userIds = data.to.filter(isUuid);
    const users = new Map((await findRecipients(db, data.tenantId, userIds)).map((user) => [user.id, user]));
    const recipients: Array<{ email: string; name: string | null }> = [];
    for (const entry of data.to) {
      if (!isUuid(entry)) {
        recipients.push({ email: entry, name: null });
        continue;
      }
      const user = users.get(entry.toLowerCase());
      if (user && !user.deactivated) recipients.push({ email: user.email, name: user.name });
    }
    if (recipients.length === 0) return skip("no active recipient");
    const sender = await findRecipient(db, data.tenantId, data.sentByUserId);
    const rendered = directEmail({ subject: data.subject, body: data.body, senderName: sender?.name ?? null, tenantName: tenant.tenant.name });
    return { kind: "send", emails: recipients.map((recipient) => message(recipient, rendered)) };
  }

  /** An operational notice, like an admin's own message: sent whether or not the admin unsubscribed from the automatic emails. */
  async function webhookDisabled(data: EmailJobs["webhook-disabled"]): Promise<Composition> {
    const tenant = await tenants.resolve(data.tenantId);
    if (!tenant) return skip("tenant not found");
    const admins = await findTenantAdmins(db, data.tenantId);
    if (admins.length === 0) return skip("no active admin");
    const adminUrl = `${tenantAddress(config.frontendUrl, config.baseDomain, tenant.tenant.slug)}/admin`;
    return {
      kind: "send",
      emails: admins.map((admin) =>
        message(
          admin,
          webhookDisabledEmail({ recipientName: admin.name, tenantName: tenant.tenant.name, url: data.url, failingSince: data.failingSince, adminUrl }),
        ),
      ),
    };
  }

  return {
    async compose(job: Pick<QueueJob, "name" | "data">): Promise<Composition> {
      if (!isUuid(job.data.tenantId)) return skip("tenant not found");
      switch (job.name) {
        case "question-answered":
          return questionAnswered(job.data as EmailJobs["question-answered"]);
        case "pulse-invite":
          return pulseInvite(job.data as EmailJobs["pulse-invite"]);
        case "direct-email":
          return direct(job.data as EmailJobs["direct-email"]);
        case "webhook-disabled":
          return webhookDisabled(job.data as EmailJobs["webhook-disabled"]);
        default:
          return skip(`unknown job name ${String(job.name)}`);
      }
    },
  };
}

export type EmailComposer = ReturnType<typeof createEmailComposer>;
