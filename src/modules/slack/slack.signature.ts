import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** Slack's window: a request older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** `v0=` + hex HMAC-SHA256 of `v0:<timestamp>:<raw body>` under the app's signing secret. */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: Buffer | string): string {
  return `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:`).update(rawBody).digest("hex")}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: "missing" | "stale" | "mismatch" };

/** Checks a request's X-Slack-Request-Timestamp and X-Slack-Signature over its raw body. */
export function verifySlackSignature(input: {
  signingSecret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  nowSeconds: number;
}): SignatureCheck {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: "missing" };
  const seconds = Number(timestamp);
  if (Math.abs(input.nowSeconds - seconds) > SIGNATURE_WINDOW_SECONDS) return { ok: false, reason: "stale" };
  const expected = Buffer.from(slackSignature(input.signingSecret, timestamp, input.rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "mismatch" };
  return { ok: true, timestamp: seconds };
}

/** What is kept of a signature to refuse its replay: its hash, never the request. */
export function signatureHash(signature: string): string {
  return createHash("sha256").update(signature).digest("hex");
}
