import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { slackSignature } from "../../src/modules/slack/slack.signature.js";

/**
 * A local stand-in for Slack's Web API (the methods the pulse invites use): users.lookupByEmail,
 * conversations.open, chat.postMessage, chat.update, chat.postEphemeral, and auth.test (with the
 * token's scopes in X-OAuth-Scopes, as Slack sends them). It records every call, answers
 * users_not_found for chosen addresses, invalid_auth for a bot token it was not given, and 429 with
 * Retry-After once a method is called more often than its limit.
 */

export interface FakeSlackCall {
  method: string;
  args: Record<string, unknown>;
  at: number;
  status: number;
  error: string | null;
}

export interface FakeSlackMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: SlackBlock[];
  updates: Array<{ text: string; blocks: SlackBlock[] }>;
}

export type SlackBlock = { type: string; block_id?: string; text?: { text: string }; elements?: Array<Record<string, unknown>> };

export interface FakeSlackOptions {
  /** The bot tokens Slack accepts (more with allow()). */
  botTokens?: string[];
  /** Addresses Slack knows nobody by. */
  unknownEmails?: string[];
  /** The scopes auth.test reports for an accepted token (default: all the service needs). */
  scopes?: string[];
  /** At most `calls` calls of each listed method per `windowMs`; beyond, 429 with `Retry-After: retryAfterSeconds`. */
  rateLimit?: { methods: string[]; calls: number; windowMs: number; retryAfterSeconds: number };
}

export const userIdOf = (email: string) => `U${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 10).toUpperCase()}`;

export async function startFakeSlack(options: FakeSlackOptions = {}) {
  const calls: FakeSlackCall[] = [];
  const messages: FakeSlackMessage[] = [];
  /** Ephemeral messages: shown to one user, kept in no channel's history. */
  const ephemerals: Array<{ channel: string; user: string; text: string; blocks: SlackBlock[] }> = [];
  const unknown = new Set((options.unknownEmails ?? []).map((email) => email.toLowerCase()));
  const tokens = new Set(options.botTokens ?? []);
  const windows = new Map<string, { start: number; count: number }>();
  let nextTs = 1;
  let grantedScopes = options.scopes ?? ["chat:write", "im:write", "users:read", "users:read.email"];
  /** Slack down: every call answered 503 until it comes back. */
  let down = false;

  function limited(method: string, now: number): boolean {
    const limit = options.rateLimit;
    if (!limit || !limit.methods.includes(method)) return false;
    const window = windows.get(method);
    if (!window || now - window.start >= limit.windowMs) {
      windows.set(method, { start: now, count: 1 });
      return false;
    }
    window.count += 1;
    return window.count > limit.calls;
  }

  function handle(method: string, args: Record<string, unknown>): { ok: boolean; [key: string]: unknown } {
    const json = (value: unknown) => (typeof value === "string" ? (JSON.parse(value) as SlackBlock[]) : ((value as SlackBlock[]) ?? []));
    switch (method) {
      case "users.lookupByEmail": {
        const email = String(args.email ?? "").toLowerCase();
        if (!email || unknown.has(email)) return { ok: false, error: "users_not_found" };
        return { ok: true, user: { id: userIdOf(email), deleted: false, is_bot: false } };
      }
      case "conversations.open":
        return { ok: true, channel: { id: `D${String(args.users).slice(1)}` } };
      case "chat.postMessage": {
        const message = {
          channel: String(args.channel),
          ts: `${1_700_000_000 + nextTs++}.000100`,
          text: String(args.text ?? ""),
          blocks: json(args.blocks),
          updates: [],
        };
        messages.push(message);
        return { ok: true, channel: message.channel, ts: message.ts };
      }
      case "chat.update": {
        const message = messages.find((candidate) => candidate.channel === args.channel && candidate.ts === args.ts);
        if (!message) return { ok: false, error: "message_not_found" };
        message.updates.push({ text: String(args.text ?? ""), blocks: json(args.blocks) });
        return { ok: true, channel: message.channel, ts: message.ts };
      }
      case "auth.test":
        return {
          ok: true,
          url: "https://example-workspace.slack.com/",
          team: "Example Workspace",
          user: "teamqa",
          team_id: "T0001",
          user_id: "U0BOT",
          bot_id: "B0001",
        };
      case "chat.postEphemeral":
        ephemerals.push({ channel: String(args.channel), user: String(args.user), text: String(args.text ?? ""), blocks: json(args.blocks) });
        return { ok: true, message_ts: `${1_700_000_000 + nextTs++}.000200` };
      default:
        return { ok: false, error: "unknown_method" };
    }
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const method = (req.url ?? "").replace(/^\/api\//, "").split("?")[0] as string;
      const type = String(req.headers["content-type"] ?? "");
      const args: Record<string, unknown> = type.includes("json") ? JSON.parse(raw || "{}") : Object.fromEntries(new URLSearchParams(raw));
      const now = Date.now();
      const record = (status: number, error: string | null) => calls.push({ method, args, at: now, status, error });
      if (down) {
        record(503, "service_unavailable");
        res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
        return;
      }
      if (limited(method, now)) {
        record(429, "ratelimited");
        const retryAfter = String(options.rateLimit?.retryAfterSeconds ?? 1);
        res.writeHead(429, { "content-type": "application/json", "retry-after": retryAfter }).end(JSON.stringify({ ok: false, error: "ratelimited" }));
        return;
      }
      const answer = tokens.has(String(req.headers.authorization).replace(/^Bearer /, "")) ? handle(method, args) : { ok: false, error: "invalid_auth" };
      record(200, answer.ok ? null : String(answer.error));
      const scopes = answer.ok ? { "x-oauth-scopes": grantedScopes.join(",") } : {};
      res.writeHead(200, { "content-type": "application/json", ...scopes }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  return {
    url,
    calls,
    messages,
    ephemerals,
    allow: (token: string) => tokens.add(token),
    /** The scopes auth.test reports from now on. */
    grant: (scopes: string[]) => (grantedScopes = scopes),
    /** Slack down (every call 503) or back up. */
    setDown: (value: boolean) => (down = value),
    /** Addresses Slack knows nobody by, from now on. */
    forget: (email: string) => unknown.add(email.toLowerCase()),
    /** Successful calls of a method. */
    ok: (method: string) => calls.filter((call) => call.method === method && call.status === 200 && call.error === null),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSlack = Awaited<ReturnType<typeof startFakeSlack>>;

/** The score buttons of a posted invite, by score. */
export function buttonsOf(message: FakeSlackMessage): Array<{ actionId: string; text: string; value: string }> {
  const actions = message.blocks.find((block) => block.type === "actions");
  return (actions?.elements ?? []).map((element) => ({
    actionId: String(element.action_id),
    text: String((element.text as { text: string }).text),
    value: String(element.value),
  }));
}

/**
 * A click on a button as Slack sends it to the interactivity request URL: a form body with the
 * block_actions payload, signed with `signingSecret` at `timestamp` (seconds).
 */
export function interaction(input: {
  message: FakeSlackMessage;
  button: { actionId: string; value: string };
  signingSecret: string;
  timestamp?: number;
  userId?: string;
}) {
  const payload = {
    type: "block_actions",
    team: { id: "T0001", domain: "example" },
    user: { id: input.userId ?? "U0001", username: "someone", team_id: "T0001" },
    api_app_id: "A0001",
    token: "deprecated-verification-token",
    container: { type: "message", message_ts: input.message.ts, channel_id: input.message.channel, is_ephemeral: false },
    trigger_id: "123.456.abc",
    channel: { id: input.message.channel, name: "directmessage" },
    message: { type: "message", ts: input.message.ts, text: input.message.text },
    response_url: "https://hooks.slack.invalid/actions/T0001/1/abc",
    actions: [{ type: "button", action_id: input.button.actionId, block_id: "pulse_scores", value: input.button.value, action_ts: "1700000000.1" }],
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": slackSignature(input.signingSecret, timestamp, body),
    },
  };
}
