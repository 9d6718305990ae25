import nodemailer from "nodemailer";
import type { Config } from "../../config.js";
import { classifySmtpError, type EmailProvider, type OutgoingEmail, type SmtpErrorLike } from "./email.delivery.js";

/**
 * SMTP through nodemailer's pooled transport: connections are reused across messages (the
 * worker sends five at once), and STARTTLS is used whenever the server offers it.
 */
export function createSmtpProvider(settings: Config["email"]["smtp"]): EmailProvider {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    // One requeue covers a pooled connection the server closed just as we used it; BullMQ's
    // attempts and backoff handle everything else.
    maxRequeues: 1,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.pass ?? "" } : undefined,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs * 4,
  });
  const from = { name: settings.fromName, address: settings.fromEmail };

  return {
    name: "smtp",
    async send(email: OutgoingEmail) {
      try {
        const info = await transport.sendMail({
          from,
          to: { name: email.to.name ?? "", address: email.to.email },
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers,
        });
        return { messageId: info.messageId ?? null };
      } catch (error) {
        throw classifySmtpError(error as SmtpErrorLike);
      }
    },
    async close() {
      transport.close();
    },
  };
}
