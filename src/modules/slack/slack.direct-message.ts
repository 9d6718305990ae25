import type { WebClient } from "@slack/web-api";
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
export type DirectMessageOutcome = { kind: "sent"; ts: string | null } | { kind: "unreachable"; reason: string; appRefused?: string };

/**
 * Sends a direct message to whoever has a Slack account of `email`: found by address, a DM
 * opened, the message posted (links not unfurled: a message must not fetch anyone's page). Other
 * failures (Slack unreachable, a 5xx, a refusal a retry may change) throw, for the queue to retry.
 */
export async function sendDirectMessage(client: WebClient, email: string, message: SlackMessage): Promise<DirectMessageOutcome> {
  try {
    const lookup = await client.users.lookupByEmail({ email });
    const userId = lookup.user?.id;
    if (!userId || lookup.user?.deleted || lookup.user?.is_bot) return { kind: "unreachable", reason: "no Slack account for this address" };
    const opened = await client.conversations.open({ users: userId, return_im: false });
    const channel = opened.channel?.id;
    if (!channel) throw new Error("Slack opened no direct message");
    const posted = await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks as never, unfurl_links: false, unfurl_media: false });
    return { kind: "sent", ts: posted.ts ?? null };
  } catch (error) {
    const refusal = slackRefusal(error);
    if (refusal === "users_not_found") return { kind: "unreachable", reason: "no Slack account for this address" };
    if (refusal && APP_REFUSED.has(refusal)) return { kind: "unreachable", reason: `Slack refused the app (${refusal})`, appRefused: refusal };
    throw new Error(refusal ? `Slack answered ${refusal}` : "Slack unreachable", { cause: error });
  }
}
