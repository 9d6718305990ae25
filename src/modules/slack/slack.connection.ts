import { ErrorCode } from "@slack/web-api";
import { z } from "zod";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { SLACK_BOT_TOKEN_PATH, type SettingsSecrets } from "../../platform/settings-secrets.js";
import { findTenant } from "../tenants/index.js";
import { slackRefusal, type SlackClients } from "./slack.client.js";

/** What the pulse invites, answered notices and team channels need of the bot (the README's manifest). */
export const SLACK_BOT_SCOPES = ["chat:write", "im:write", "users:read", "users:read.email"] as const;

export const slackConnectionTestSchema = z.object({
  ok: z.boolean().describe("Slack accepted the bot token and it has every scope the service needs"),
  workspace: z.string().nullable().describe("The workspace the app is installed in, as Slack names it"),
  botUser: z.string().nullable().describe("The bot's user name in that workspace"),
  missingScopes: z.array(z.string()).describe("Scopes the service needs that the token lacks (reinstall the app with them)"),
  error: z.string().nullable().describe("Why it failed, in words: Slack's refusal, an unreachable Slack, or a token that must be entered again"),
});
export type SlackConnectionTest = z.infer<typeof slackConnectionTestSchema>;

const failed = (error: string): SlackConnectionTest => ({ ok: false, workspace: null, botUser: null, missingScopes: [], error });

/**
 * Admin › Integrations › Slack's "Test connection": asks Slack who the saved bot token is
 * (auth.test) and which scopes it has, without sending anyone a message. The token is read as saved
 * now, not from the request's cached settings.
 */
export function createSlackConnectionTest(deps: { db: Database; secrets: SettingsSecrets; clients: SlackClients }) {
  const { db, secrets, clients } = deps;
  return async function testSlackConnection(ctx: RequestContext): Promise<SlackConnectionTest> {
    const slack = (await findTenant(db, ctx.tenant.id))?.settings.slack;
    if (!slack) throw errors.conflict("SLACK_NOT_CONNECTED", "No Slack app is connected: save its bot token and signing secret first.");
    const botToken = secrets.open(ctx.tenant.id, SLACK_BOT_TOKEN_PATH, slack.botToken);
    if (botToken === null) return failed("The saved bot token cannot be opened with this server's SESSION_SECRET: enter it again.");
    try {
      const answer = await clients.interactive(botToken).auth.test();
      const granted = new Set(answer.response_metadata?.scopes ?? []);
      const missingScopes = SLACK_BOT_SCOPES.filter((scope) => !granted.has(scope));
      return {
        ok: missingScopes.length === 0,
        workspace: answer.team ?? null,
        botUser: answer.user ?? null,
        missingScopes,
        error: missingScopes.length ? `The app lacks ${missingScopes.join(", ")}: add them in its OAuth & Permissions page and reinstall it.` : null,
      };
    } catch (error) {
      const refusal = slackRefusal(error);
      if (refusal) return failed(`Slack refused the bot token (${refusal}).`);
      if ((error as { code?: string }).code === ErrorCode.RateLimitedError) return failed("Slack asks to wait a moment (rate limited): try again shortly.");
      return failed("Slack could not be reached.");
    }
  };
}

export function slackAdminRoutes(deps: { testConnection: ReturnType<typeof createSlackConnectionTest> }): AnyRoute[] {
  return [
    route({
      method: "post",
      path: "/admin/integrations/slack/test",
      operationId: "testSlackConnection",
      tag: "Integrations",
      summary: "Asks Slack whether the saved bot token works and has the scopes the service needs; sends no message",
      description: "409 SLACK_NOT_CONNECTED while no Slack app is saved.",
      access: "admin.access",
      otherResponses: { 409: "SLACK_NOT_CONNECTED" },
      response: slackConnectionTestSchema,
      handler: ({ ctx }) => deps.testConnection(ctx),
    }),
  ];
}
