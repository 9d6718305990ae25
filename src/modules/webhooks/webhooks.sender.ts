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
 * rebinding) is refused, since the check is on the address connected to.
 *
 * Connections are kept between attempts: a new TLS connection was most of an attempt's CPU (see
 * bench/README.md, webhook fan-out), and a fan-out sends many attempts to the same receivers. A
 * kept connection was checked when it was made and its address cannot change; every new one is
 * resolved and checked anew. An idle one is closed after 4 s (below the 5 s after which common
 * servers close theirs), and at most 4 idle ones are kept per receiver.
 */
const KEEP_ALIVE = { keepAlive: true, timeout: 4_000, maxFreeSockets: 4 };
const filteringAgents = { http: new RequestFilteringHttpAgent(KEEP_ALIVE), https: new RequestFilteringHttpsAgent(KEEP_ALIVE) };
const openAgents = { http: new http.Agent(KEEP_ALIVE), https: new https.Agent(KEEP_ALIVE) };

/** How one POST went: 2xx is success; `retryAfterMs` is the receiver's Retry-After (seconds or a date), when it sent one. */
export interface PostOutcome extends SendOutcome {
  retryAfterMs: number | null;
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One attempt: POSTs the payload signed as Standard Webhooks says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), with postJson's rules.
 */
export async function sendWebhook(
  input: { url: string; secret: string; messageId: string; timestamp: Date; body: string },
  rules: SendRules,
): Promise<SendOutcome> {
  const signature = new Webhook(input.secret).sign(input.messageId, input.timestamp, input.body);
  const { retryAfterMs: _ignored, ...outcome } = await postJson(
    {
      url: input.url,
      body: input.body,
      userAgent: "TeamQA-Webhooks/1.0",
      headers: {
        "webhook-id": input.messageId,
        "webhook-timestamp": String(Math.floor(input.timestamp.getTime() / 1000)),
        "webhook-signature": signature,
      },
    },
    rules,
  );
  return outcome;
}

/**
 * POSTs a JSON body to a URL an admin gave (a webhook, a chat channel's incoming webhook): the
 * URL passes checkWebhookUrl, the address connected to is checked by the agent, redirects are
 * not followed, it gives up after `timeoutMs`, and reads at most a few KB of the answer.
 */
export async function postJson(
  input: { url: string; body: string; userAgent: string; headers?: Record<string, string> },
  rules: SendRules,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const verdict = checkWebhookUrl(input.url, { httpsOnly: rules.httpsOnly, allowPrivate: rules.allowPrivate });
  if (!verdict.ok) return { ok: false, responseCode: null, durationMs: 0, error: `URL refused: it ${verdict.reason}`, retryAfterMs: null };
  const url = verdict.url;
  const secure = url.protocol === "https:";
  const agent = rules.allowPrivate ? (secure ? openAgents.https : openAgents.http) : secure ? filteringAgents.https : filteringAgents.http;
  const transport = secure ? https : http;

  const send = (mayRetryStale: boolean) =>
    new Promise<PostOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: Omit<PostOutcome, "durationMs">) => {
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
            "user-agent": input.userAgent,
            ...input.headers,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const retryAfterMs = parseRetryAfter(response.headers["retry-after"]);
          const chunks: Buffer[] = [];
          let read = 0;
          const done = () => {
            const text = Buffer.concat(chunks).toString("utf8").slice(0, ERROR_TEXT_MAX).trim();
            finish({ ok, responseCode: status, error: ok ? null : `HTTP ${status}${text ? `: ${text}` : ""}`, retryAfterMs });
            // After the whole answer this keeps the connection for the next attempt; before it, closes it.
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
        finish({ ok: false, responseCode: null, error: `no answer within ${rules.timeoutMs} ms`, retryAfterMs: null });
        request.destroy();
      }, rules.timeoutMs);
      request.on("error", (error: NodeJS.ErrnoException) => {
        // A kept connection the receiver closed as this request went out: nothing of it was read,
        // so it goes again once on a new connection rather than counting as the receiver's failure.
        if (mayRetryStale && request.reusedSocket && !settled && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
          settled = true;
          clearTimeout(timer);
          resolve(send(false));
          return;
        }
        finish({ ok: false, responseCode: null, error: error.message.slice(0, ERROR_TEXT_MAX), retryAfterMs: null });
      });
      request.end(input.body);
    });
  return send(true);
}
