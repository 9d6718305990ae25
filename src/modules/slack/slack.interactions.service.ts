import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import { AppError, errors, isAppError } from "../../platform/errors.js";
import type { Logger } from "../../platform/logger.js";
import { SLACK_BOT_TOKEN_PATH, SLACK_SIGNING_SECRET_PATH, type SettingsSecrets } from "../../platform/settings-secrets.js";
import { findTenant } from "../tenants/index.js";
import type { SlackClients } from "./slack.client.js";
import { alreadyAnsweredMessage, conversationLinkMessage, parseButtonValue, SCORE_ACTION_PREFIX, thankYouMessage } from "./slack.messages.js";
import { rememberRequest } from "./slack.repository.js";
import { SIGNATURE_WINDOW_SECONDS, signatureHash, verifySlackSignature } from "./slack.signature.js";

export interface SlackInteractionsDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SettingsSecrets;
  clients: SlackClients;
  /** The pulse module's answer without a scanner hold (one statement consumes the invite and stores the sealed answer). */
  respondAtOnce(tenantId: string, input: { token: unknown; score: unknown }): Promise<{ conversation: string }>;
  /** The full address of a respondent's private conversation. */
  conversationUrl(capability: string): string;
}

export interface SlackRequest {
  rawBody: Buffer;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** What to do once Slack has its answer (it waits 3 seconds at most). */
export type AfterAck = () => Promise<void>;

/** Every refusal looks alike: which check failed, or whether the tenant exists, is nobody's business. */
const refused = () => new AppError("SLACK_SIGNATURE_INVALID", 401, "The Slack request is not accepted: its signature, timestamp or freshness is not valid.");

interface ScoreClick {
  tenantSlug: string;
  token: string;
  score: number;
  channel: string | null;
  messageTs: string | null;
  /** Who clicked: only to show them the conversation link, never stored or logged. */
  userId: string | null;
}

/** The score button of a block_actions payload; null for any other interaction. */
function scoreClickOf(rawBody: Buffer): ScoreClick | null {
  const payload = new URLSearchParams(rawBody.toString("utf8")).get("payload");
  if (!payload) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  const body = parsed as {
    type?: unknown;
    actions?: Array<{ action_id?: unknown; value?: unknown }>;
    channel?: { id?: unknown };
    user?: { id?: unknown };
    container?: { channel_id?: unknown; message_ts?: unknown };
    message?: { ts?: unknown };
  } | null;
  if (!body || body.type !== "block_actions" || !Array.isArray(body.actions)) return null;
  const action = body.actions[0];
  if (typeof action?.action_id !== "string" || !action.action_id.startsWith(SCORE_ACTION_PREFIX)) return null;
  const value = parseButtonValue(action.value);
  if (!value) return null;
  const text = (candidate: unknown) => (typeof candidate === "string" && /^[A-Za-z0-9._-]{1,40}$/.test(candidate) ? candidate : null);
  return {
    ...value,
    channel: text(body.channel?.id) ?? text(body.container?.channel_id),
    messageTs: text(body.container?.message_ts) ?? text(body.message?.ts),
    userId: text(body.user?.id),
  };
}

/**
 * Slack's interaction requests (CONTRACT §11): a pulse score button, answered exactly as the
 * e-mail's link is. The button names its tenant; the request must carry that tenant's signature
 * over its raw body, within 5 minutes, and never seen before (kept in the database, so every
 * instance refuses a replay). The message is then replaced by a thank-you, and the private
 * conversation's address is shown to the clicker alone (ephemeral: in no history or export). Nothing of the request is logged or stored beside the answer: not
 * the payload, the token, nor who clicked.
 */
export function createSlackInteractions(deps: SlackInteractionsDeps) {
  const { db, clock, logger, secrets, clients } = deps;

  /** Replaces the invite (its buttons gone), then shows the clicker alone an ephemeral note, if any. */
  function replaceMessage(
    tenantId: string,
    botToken: string | null,
    click: ScoreClick,
    message: { text: string; blocks: unknown[] },
    privateNote?: { text: string; blocks: unknown[] },
  ): AfterAck {
    return async () => {
      if (!botToken || !click.channel || !click.messageTs) return;
      const client = clients.forTenant(tenantId, botToken);
      try {
        await client.chat.update({ channel: click.channel, ts: click.messageTs, text: message.text, blocks: message.blocks as never });
        if (privateNote && click.userId) {
          await client.chat.postEphemeral({ channel: click.channel, user: click.userId, text: privateNote.text, blocks: privateNote.blocks as never });
        }
      } catch (error) {
        logger.warn({ tenantId, reason: (error as { code?: string }).code ?? "unknown" }, "slack message could not be replaced after an answer");
      }
    };
  }

  return {
    /** Verifies and answers; the returned step replaces the message, after Slack has its 200. */
    async interact(request: SlackRequest): Promise<AfterAck> {
      const click = scoreClickOf(request.rawBody);
      if (!click) throw errors.validation([{ path: "payload", message: "is not a pulse score button of this service" }], "Unknown Slack interaction.");
      const found = await findTenant(db, click.tenantSlug);
      const slack = found?.settings.slack;
      const signingSecret = found && slack ? secrets.open(found.tenant.id, SLACK_SIGNING_SECRET_PATH, slack.signingSecret) : null;
      if (!found || !slack || signingSecret === null) throw refused();
      const tenantId = found.tenant.id;
      const now = clock.now();
      const check = verifySlackSignature({
        signingSecret,
        timestamp: request.timestamp,
        signature: request.signature,
        rawBody: request.rawBody,
        nowSeconds: Math.floor(now.getTime() / 1000),
      });
      if (!check.ok) throw refused();
      const fresh = await rememberRequest(db, {
        tenantId,
        signatureHash: signatureHash(request.signature as string),
        expiresAt: new Date((check.timestamp + SIGNATURE_WINDOW_SECONDS + 60) * 1000),
        now,
      });
      if (!fresh) throw refused();

      const botToken = secrets.open(tenantId, SLACK_BOT_TOKEN_PATH, slack.botToken);
      try {
        const answered = await deps.respondAtOnce(tenantId, { token: click.token, score: click.score });
        return replaceMessage(
          tenantId,
          botToken,
          click,
          thankYouMessage(),
          conversationLinkMessage({ conversationUrl: deps.conversationUrl(answered.conversation) }),
        );
      } catch (error) {
        if (isAppError(error) && error.code === "INVALID_INVITE") return replaceMessage(tenantId, botToken, click, alreadyAnsweredMessage());
        throw error;
      }
    },
  };
}

export type SlackInteractions = ReturnType<typeof createSlackInteractions>;
