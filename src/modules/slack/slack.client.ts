import { ErrorCode, LogLevel, WebClient, WebClientEvent, type Logger as SlackLogger, type WebAPIPlatformError } from "@slack/web-api";
import type { Logger } from "../../platform/logger.js";

export interface SlackClientOptions {
  /** Slack's Web API base URL (SLACK_API_URL; a local fake in tests). */
  apiUrl: string;
  /** The first delay between retries of a failed call; a 429 waits its Retry-After first. */
  retryBaseMs: number;
  logger: Logger;
}

/**
 * The WebClient's own log lines can carry a request's arguments (an e-mail address, a message
 * with a one-time invite credential): none of them is written. Outcomes are logged by our code.
 */
const silent: SlackLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => LogLevel.ERROR,
  setName() {},
};

/** A call that hangs must not hold a worker slot for ever; the job's retries take over. */
const CALL_TIMEOUT_MS = 15_000;
const MAX_CLIENTS = 1000;
const INTERACTIVE_TIMEOUT_MS = 10_000;

/**
 * One WebClient per tenant and bot token. A client pauses all its calls while Slack's Retry-After
 * runs (rejectRateLimitedCalls: false), so sharing it across a tenant's jobs keeps the whole
 * tenant's sending within its workspace's limit instead of each job hammering on its own.
 */
export function createSlackClients(options: SlackClientOptions) {
  const clients = new Map<string, WebClient>();
  return {
    forTenant(tenantId: string, botToken: string): WebClient {
      const key = `${tenantId}\u0000${botToken}`;
      const known = clients.get(key);
      if (known) return known;
      if (clients.size >= MAX_CLIENTS) clients.clear();
      const client = new WebClient(botToken, {
        slackApiUrl: options.apiUrl,
        allowAbsoluteUrls: false,
        rejectRateLimitedCalls: false,
        retryConfig: { retries: 8, factor: 2, minTimeout: options.retryBaseMs, maxTimeout: 60_000, randomize: true },
        timeout: CALL_TIMEOUT_MS,
        logger: silent,
        logLevel: LogLevel.ERROR,
      });
      client.on(WebClientEvent.RATE_LIMITED, (retryAfterSeconds: number) => {
        options.logger.info({ tenantId, retryAfterSeconds }, "slack rate limit: waiting as asked");
      });
      clients.set(key, client);
      return client;
    },
    /** A client for one call someone waits for (an admin's test): no retries, and a short timeout. */
    interactive(botToken: string): WebClient {
      return new WebClient(botToken, {
        slackApiUrl: options.apiUrl,
        allowAbsoluteUrls: false,
        rejectRateLimitedCalls: true,
        retryConfig: { retries: 0 },
        timeout: INTERACTIVE_TIMEOUT_MS,
        logger: silent,
        logLevel: LogLevel.ERROR,
      });
    },
  };
}

export type SlackClients = ReturnType<typeof createSlackClients>;

/** Slack's own refusal of a call (`invalid_auth`, `channel_not_found`…), or null for anything else (unreachable, timed out). */
export function slackRefusal(error: unknown): string | null {
  const coded = error as Partial<WebAPIPlatformError> | null;
  return coded?.code === ErrorCode.PlatformError ? (coded.data?.error ?? null) : null;
}

/** Slack's answers that no retry changes: the app is not (or no longer) allowed to do this. */
export const APP_REFUSED = new Set([
  "invalid_auth",
  "not_authed",
  "account_inactive",
  "token_revoked",
  "token_expired",
  "missing_scope",
  "not_allowed_token_type",
]);
