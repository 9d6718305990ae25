import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";
import { checkWebhookUrl } from "./webhooks.address.js";

/** The most of a receiver's answer that is read: its status is what counts, the body only explains a failure. */
export const RESPONSE_READ_LIMIT = 4096;
const ERROR_TEXT_MAX = 300;

export interface SendRules {
  httpsOnly: boolean;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Name resolution (tests resolve a name to a loopback address); the agent checks what it returns. */
  lookup?: LookupFunction;
}

export interface SendOutcome {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Agents that refuse, at connect time, any address the name resolved to in a forbidden range: a
 * name that resolved to a public address when the endpoint was saved and to 127.0.0.1 now (DNS
 * rebinding) is refused, since the check is on the address connected to. Without keep-alive:
 * each attempt resolves and is checked anew.
 */
const filteringAgents = { http: new RequestFilteringHttpAgent({ keepAlive: false }), https: new RequestFilteringHttpsAgent({ keepAlive: false }) };
const openAgents = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

/**
 * One attempt: POSTs the payload signed as Standard Webhooks says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), does not follow redirects,
 * gives up after `timeoutMs`, and reads at most a few KB of the answer. 2xx is success.
 */
export async function sendWebhook(
  input: { url: string; secret: string; messageId: string; timestamp: Date; body: string },
  rules: SendRules,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const verdict = checkWebhookUrl(input.url, { httpsOnly: rules.httpsOnly, allowPrivate: rules.allowPrivate });
  if (!verdict.ok) return { ok: false, responseCode: null, durationMs: 0, error: `URL refused: it ${verdict.reason}` };
  const url = verdict.url;
  const signature = new Webhook(input.secret).sign(input.messageId, input.timestamp, input.body);
  const secure = url.protocol === "https:";
  const agent = rules.allowPrivate ? (secure ? openAgents.https : openAgents.http) : secure ? filteringAgents.https : filteringAgents.http;
  const transport = secure ? https : http;

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = transport.request(
      url,
      {
        method: "POST",
        agent,
        lookup: rules.lookup,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(input.body),
          "user-agent": "TeamQA-Webhooks/1.0",
          "webhook-id": input.messageId,
          "webhook-timestamp": String(Math.floor(input.timestamp.getTime() / 1000)),
          "webhook-signature": signature,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString("utf8").slice(0, ERROR_TEXT_MAX).trim();
          finish({ ok, responseCode: status, error: ok ? null : `HTTP ${status}${text ? `: ${text}` : ""}` });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          if (read < RESPONSE_READ_LIMIT) chunks.push(chunk.subarray(0, RESPONSE_READ_LIMIT - read));
          read += chunk.length;
          // Enough to explain the answer: the rest is not read (a receiver cannot make us buffer megabytes).
          if (read >= RESPONSE_READ_LIMIT) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, responseCode: null, error: `no answer within ${rules.timeoutMs} ms` });
      request.destroy();
    }, rules.timeoutMs);
    request.on("error", (error) => finish({ ok: false, responseCode: null, error: error.message.slice(0, ERROR_TEXT_MAX) }));
    request.end(input.body);
  });
}
