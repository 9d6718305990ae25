/** What a provider sends: one message to one recipient, already rendered. */
export interface OutgoingEmail {
  to: { email: string; name?: string | null };
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Same key on a retry of the same message: providers that support it drop the duplicate. */
  idempotencyKey?: string;
}

export interface EmailProvider {
  readonly name: "smtp" | "hosted_api";
  send(email: OutgoingEmail): Promise<{ messageId: string | null }>;
  close(): Promise<void>;
}

/** SPEC's failure reasons, as the admin view shows them (`failedReason`). */
export const FAILURE = {
  connectionTimeout: "SMTP connection timeout",
  authenticationFailed: "Authentication failed",
  invalidApiKey: "Invalid API key",
  recipientRejected: "Recipient rejected",
  rateLimited: "Rate limit exceeded",
  // Beyond SPEC's typical list: failures that fit none of them.
  serverTemporarilyUnavailable: "Mail server temporarily unavailable",
  messageRejected: "Message rejected",
  apiUnreachable: "Email API unreachable",
  apiUnavailable: "Email API unavailable",
  deliveryFailed: "Delivery failed",
} as const;

/**
 * A classified delivery failure. `reason` is what the admin sees; `detail` (the server's own
 * words) goes to the log only. `permanent` failures are not retried.
 */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
    readonly detail: string,
  ) {
    super(reason);
  }
}

/** The fields nodemailer puts on its errors (nodemailer's NodemailerError). */
export interface SmtpErrorLike {
  message?: string;
  code?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
}

const RATE_LIMIT_WORDS = /rate|too many|throttl|slow down|try again later|limit exceeded|quota/i;
const CONNECTION_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ETLS", "EPROXY", "ECONNREFUSED", "ECONNRESET"]);

export function classifySmtpError(error: SmtpErrorLike): DeliveryError {
  const detail = [error.code, error.command, error.responseCode, error.response ?? error.message].filter((part) => part !== undefined).join(" ");
  const status = error.responseCode;
  if (error.code === "EAUTH" || error.code === "ENOAUTH" || status === 535 || status === 534 || status === 530) {
    // Wrong or missing credentials do not fix themselves between attempts.
    return new DeliveryError(FAILURE.authenticationFailed, true, detail);
  }
  // Servers say "slow down" in words (421/450/451/452, or a 5xx quota), not with one reply code.
  if (status !== undefined && status >= 400 && RATE_LIMIT_WORDS.test(error.response ?? "")) {
    return new DeliveryError(FAILURE.rateLimited, false, detail);
  }
  const permanent = error.permanent ?? (status !== undefined && status >= 500 && status !== 503);
  const aboutRecipient = error.code === "EENVELOPE" || (error.command ?? "").toUpperCase().startsWith("RCPT");
  if (status !== undefined && aboutRecipient && permanent) return new DeliveryError(FAILURE.recipientRejected, true, detail);
  if (status !== undefined && permanent) return new DeliveryError(FAILURE.messageRejected, true, detail);
  if (status !== undefined && status >= 400) return new DeliveryError(FAILURE.serverTemporarilyUnavailable, false, detail);
  if (error.code && CONNECTION_CODES.has(error.code)) return new DeliveryError(FAILURE.connectionTimeout, false, detail);
  return new DeliveryError(FAILURE.deliveryFailed, false, detail);
}

/** Classifies a hosted API's HTTP answer (anything but 2xx). */
export function classifyApiResponse(status: number, body: string): DeliveryError {
  const detail = `HTTP ${status} ${body.slice(0, 300)}`;
  if (status === 401 || status === 403) return new DeliveryError(FAILURE.invalidApiKey, true, detail);
  if (status === 429) return new DeliveryError(FAILURE.rateLimited, false, detail);
  if (status === 400 || status === 422) {
    const aboutRecipient = /recipient|\bto\b|address|email/i.test(body);
    return new DeliveryError(aboutRecipient ? FAILURE.recipientRejected : FAILURE.messageRejected, true, detail);
  }
  if (status >= 500) return new DeliveryError(FAILURE.apiUnavailable, false, detail);
  return new DeliveryError(FAILURE.deliveryFailed, false, detail);
}
