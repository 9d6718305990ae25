import type { WebClient } from "@slack/web-api";
import type { Logger } from "../../platform/logger.js";
import { APP_REFUSED, slackRefusal } from "./slack.client.js";

/** A message as chat.postMessage takes it: the notification text and its blocks. */
export interface SlackMessage {
  text: string;
  blocks: unknown[];
}

/**
 * Where a direct message went, or why Slack cannot carry it to this person at all (so it is
 * e-mailed instead): no Slack account of their address, or an app Slack refuses.
 */
export type DirectMessageOutcome = { kind: "sent"; ts: string | null } | { kind: "unreachable"; reason: string };

/** Where a job's outcome is logged: its job and tenant only, never the address, the Slack user or the message. */
export interface DirectMessageLog {
  logger: Logger;
  context: Record<string, unknown>;
  /** "slack invite", "slack answered notice": the log lines' subject. */
  what: string;
}

/**
 * Sends a direct message to whoever has a Slack account of `email`: found by address, a DM
 * opened, the message posted (links not unfurled: a message must not fetch anyone's page). Other
 * failures (Slack unreachable, a 5xx, a refusal a retry may change) throw, for the queue to retry.
 */
export async function sendDirectMessage(client: WebClient, email: string, message: SlackMessage, log: DirectMessageLog): Promise<DirectMessageOutcome> {
  const { logger, context, what } = log;
  try {
    const lookup = await client.users.lookupByEmail({ email });
    const userId = lookup.user?.id;
    if (!userId || lookup.user?.deleted || lookup.user?.is_bot) return { kind: "unreachable", reason: "no Slack account for this address" };
    const opened = await client.conversations.open({ users: userId, return_im: false });
    const channel = opened.channel?.id;
    if (!channel) throw new Error("Slack opened no direct message");
    const posted = await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks as never, unfurl_links: false, unfurl_media: false });
    logger.info(context, `${what} sent`);
    return { kind: "sent", ts: posted.ts ?? null };
  } catch (error) {
    const refusal = slackRefusal(error);
    if (refusal === "users_not_found") return { kind: "unreachable", reason: "no Slack account for this address" };
    if (refusal && APP_REFUSED.has(refusal)) {
      logger.warn({ ...context, refusal }, "slack refused the tenant's app");
      return { kind: "unreachable", reason: `Slack refused the app (${refusal})` };
    }
    const reason = refusal ? `Slack answered ${refusal}` : "Slack unreachable";
    logger.warn({ ...context, reason }, `${what} failed; the queue retries it`);
    throw new Error(reason, { cause: error });
  }
}
