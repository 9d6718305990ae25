import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake of Slack's Web API for the Slack benches: the three methods a pulse invite calls
 * (users.lookupByEmail, conversations.open, chat.postMessage), each behind its own token bucket
 * as Slack's rate tiers are ("N per minute, with bursts"): a method holds at most `burst` calls'
 * worth of tokens, gains `perSecond` a second, and a call that finds its bucket empty is answered
 * 429 with `Retry-After: retryAfterSeconds` (it takes no token). Every call is logged with the
 * time it arrived (performance.now() of this process) and what it names, for the checks afterwards.
 */

export const SLACK_METHODS = ["users.lookupByEmail", "conversations.open", "chat.postMessage"] as const;
export type SlackMethod = (typeof SLACK_METHODS)[number];

export interface SlackLimit {
  burst: number;
  perSecond: number;
  retryAfterSeconds: number;
}

export interface SlackCall {
  method: string;
  at: number;
  status: 200 | 429;
  /** What the call is about: the address looked up, the user a DM is opened with, the DM posted to. */
  subject: string;
  error: string | null;
}

export interface SlackPost {
  channel: string;
  at: number;
  /** The invite token its buttons carry (`pulse1:<tenant>:<token>:<score>`), or null. */
  token: string | null;
}

export const slackUserOf = (email: string) => `U${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 10).toUpperCase()}`;
export const dmChannelOf = (email: string) => `D${slackUserOf(email).slice(1)}`;

export async function startLimitedSlack(options: { botToken: string; limit: SlackLimit }) {
  const calls: SlackCall[] = [];
  const posts: SlackPost[] = [];
  const buckets = new Map<string, { tokens: number; at: number }>();
  let nextTs = 1;

  function take(method: string, now: number): boolean {
    const { burst, perSecond } = options.limit;
    const bucket = buckets.get(method) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    buckets.set(method, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  function tokenOf(blocks: string | undefined): string | null {
    const match = /"value":"pulse1:[^:"]+:([^:"]+):\d+"/.exec(blocks ?? "");
    return match?.[1] ?? null;
  }

  function answer(method: string, args: URLSearchParams, at: number): { ok: boolean; error?: string; [key: string]: unknown } {
    switch (method) {
      case "users.lookupByEmail":
        return { ok: true, user: { id: slackUserOf(args.get("email") ?? ""), deleted: false, is_bot: false } };
      case "conversations.open":
        return { ok: true, channel: { id: `D${(args.get("users") ?? "").slice(1)}` } };
      case "chat.postMessage": {
        const channel = args.get("channel") ?? "";
        posts.push({ channel, at, token: tokenOf(args.get("blocks") ?? undefined) });
        return { ok: true, channel, ts: `${1_700_000_000 + nextTs++}.000100` };
      }
      default:
        return { ok: false, error: "unknown_method" };
    }
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const at = performance.now();
      const method = (req.url ?? "").replace(/^\/api\//, "").split("?")[0] as string;
      const args = new URLSearchParams(raw);
      const subject = args.get("email") ?? args.get("users") ?? args.get("channel") ?? "";
      if (!take(method, at)) {
        calls.push({ method, at, status: 429, subject, error: "ratelimited" });
        res
          .writeHead(429, { "content-type": "application/json", "retry-after": String(options.limit.retryAfterSeconds) })
          .end(JSON.stringify({ ok: false, error: "ratelimited" }));
        return;
      }
      const body = req.headers.authorization === `Bearer ${options.botToken}` ? answer(method, args, at) : { ok: false, error: "invalid_auth" };
      calls.push({ method, at, status: 200, subject, error: body.ok ? null : (body.error ?? "unknown") });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
    calls,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LimitedSlack = Awaited<ReturnType<typeof startLimitedSlack>>;

/**
 * Calls arriving within Retry-After of a 429 in `list` (sorted by arrival): those within
 * `inFlightMs` of it were already on their way when it was answered; later ones did not wait.
 */
function callsInWindows(list: SlackCall[], windowMs: number, inFlightMs: number) {
  const inWindow = new Set<SlackCall>();
  const early = new Set<SlackCall>();
  let latestInWindowMs = 0;
  /** Of the calls later than the allowance, how much sooner than Retry-After the earliest came. */
  let mostPrematureMs = 0;
  list.forEach((refusal, i) => {
    if (refusal.status !== 429) return;
    for (let j = i + 1; j < list.length && (list[j] as SlackCall).at - refusal.at < windowMs; j += 1) {
      const call = list[j] as SlackCall;
      const gap = call.at - refusal.at;
      inWindow.add(call);
      latestInWindowMs = Math.max(latestInWindowMs, gap);
      if (gap > inFlightMs) {
        early.add(call);
        mostPrematureMs = Math.max(mostPrematureMs, windowMs - gap);
      }
    }
  });
  return {
    callsInWindow: inWindow.size,
    laterThanInFlight: early.size,
    inFlightAllowanceMs: inFlightMs,
    latestInWindowMs: Math.round(latestInWindowMs),
    mostPrematureMs: Math.round(mostPrematureMs),
  };
}

/**
 * Whether the client honoured each 429. `perCall`: the refused call itself, sent again (same
 * method and subject) no sooner than Retry-After after its refusal. `perMethod`: calls of the
 * refused method arriving within Retry-After of a refusal; `anyMethod`: calls of any method (the
 * client pauses them all). Calls already on their way when the 429 was answered arrive within a
 * few milliseconds of it; `inFlightMs` is the allowance for those.
 */
export function retryAfterChecks(calls: SlackCall[], retryAfterSeconds: number, inFlightMs = 50) {
  const windowMs = retryAfterSeconds * 1000;
  const sorted = [...calls].sort((a, b) => a.at - b.at);
  const byMethod = new Map<string, SlackCall[]>();
  for (const call of sorted) {
    const list = byMethod.get(call.method) ?? [];
    list.push(call);
    byMethod.set(call.method, list);
  }
  let refusals = 0;
  let retriedTooSoon = 0;
  let neverRetried = 0;
  let shortestRetryGapMs = Number.POSITIVE_INFINITY;
  const perMethod = { callsInWindow: 0, laterThanInFlight: 0, inFlightAllowanceMs: inFlightMs, latestInWindowMs: 0, mostPrematureMs: 0 };
  for (const [, list] of byMethod) {
    list.forEach((refusal, i) => {
      if (refusal.status !== 429) return;
      refusals += 1;
      const retry = list.slice(i + 1).find((call) => call.subject === refusal.subject);
      if (!retry) neverRetried += 1;
      else {
        const gap = retry.at - refusal.at;
        shortestRetryGapMs = Math.min(shortestRetryGapMs, gap);
        if (gap < windowMs) retriedTooSoon += 1;
      }
    });
    const method = callsInWindows(list, windowMs, inFlightMs);
    perMethod.callsInWindow += method.callsInWindow;
    perMethod.laterThanInFlight += method.laterThanInFlight;
    perMethod.latestInWindowMs = Math.max(perMethod.latestInWindowMs, method.latestInWindowMs);
    perMethod.mostPrematureMs = Math.max(perMethod.mostPrematureMs, method.mostPrematureMs);
  }
  return {
    refusals,
    perCall: { retriedTooSoon, neverRetried, shortestRetryGapMs: refusals ? Math.round(shortestRetryGapMs) : null },
    perMethod,
    anyMethod: callsInWindows(sorted, windowMs, inFlightMs),
  };
}
