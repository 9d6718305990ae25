import type { Config } from "../../config.js";
import { classifyApiResponse, DeliveryError, FAILURE, type EmailProvider, type OutgoingEmail } from "./email.delivery.js";

const REQUEST_TIMEOUT_MS = 15_000;

function formatAddress(name: string | null | undefined, email: string): string {
  if (!name) return email;
  // A display name with specials must be quoted (RFC 5322); quotes and backslashes escaped.
  return `"${name.replace(/["\\]/g, "\\$&")}" <${email}>`;
}

/**
 * A hosted email API over HTTPS: one JSON POST per message with a bearer key, in the shape most
 * such APIs take (`from`, `to[]`, `subject`, `html`, `text`, `headers`) and an `Idempotency-Key`
 * so a retried job does not send twice where the API supports it. The URL is configurable
 * (HOSTED_API_URL), which also lets tests point it at a local fake.
 */
export function createHostedApiProvider(settings: Config["email"]["hosted"]): EmailProvider {
  return {
    name: "hosted_api",
    async send(email: OutgoingEmail) {
      let response: Response;
      try {
        response = await fetch(settings.apiUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${settings.apiKey ?? ""}`,
            ...(email.idempotencyKey ? { "idempotency-key": email.idempotencyKey } : {}),
          },
          body: JSON.stringify({
            from: formatAddress(settings.fromName, settings.fromEmail),
            to: [formatAddress(email.to.name, email.to.email)],
            subject: email.subject,
            html: email.html,
            text: email.text,
            headers: email.headers ?? {},
          }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(FAILURE.apiUnreachable, false, error instanceof Error ? error.message : String(error));
      }
      const body = await response.text().catch(() => "");
      if (!response.ok) throw classifyApiResponse(response.status, body);
      try {
        const parsed = JSON.parse(body) as { id?: unknown; messageId?: unknown };
        const id = parsed.id ?? parsed.messageId;
        return { messageId: typeof id === "string" ? id : null };
      } catch {
        return { messageId: null };
      }
    },
    async close() {},
  };
}
