import type { SettingsPatch, SignInValues } from "./api";
import type { FieldErrors } from "./settingsForm";

/**
 * Admin › Integrations › Slack: the form as typed and the patch it saves. Both values are
 * write-only (CONTRACT §11), so the form starts empty and an empty field keeps what is stored.
 */
export interface SlackDraft {
  botToken: string;
  signingSecret: string;
}

export const EMPTY_SLACK_DRAFT: SlackDraft = { botToken: "", signingSecret: "" };

export const slackDraftDirty = (draft: SlackDraft) => draft.botToken !== "" || draft.signingSecret !== "";

export const SLACK_FIELDS = ["botToken", "signingSecret"] as const;

/** Where Slack sends button clicks (src/modules/slack/slack.interactions.routes.ts). */
const INTERACTIONS_PATH = "/integrations/slack/interactions";

/** The SAML ACS URL is BASE_URL plus this path (src/modules/auth/auth.sso.ts). */
const ACS_PATH = "/auth/saml/callback";

/**
 * The server's own address (BASE_URL), which has no endpoint of its own: the company sign-in
 * values are built on it, so it is their address without their path.
 */
export function serverBaseOf(values: SignInValues): string {
  const acsUrl = values.saml.acsUrl;
  return acsUrl.endsWith(ACS_PATH) ? acsUrl.slice(0, -ACS_PATH.length) : new URL(acsUrl).origin;
}

export const slackInteractionsUrl = (serverBase: string) => `${serverBase}${INTERACTIONS_PATH}`;

/** The app manifest to paste at api.slack.com/apps › Create New App › From a manifest. */
export function slackManifest(interactionsUrl: string): string {
  return [
    "display_information: { name: Weekly Pulse }",
    "features: { bot_user: { display_name: Weekly Pulse, always_online: false } }",
    "oauth_config: { scopes: { bot: [chat:write, im:write, users:read, users:read.email] } }",
    "settings:",
    `  interactivity: { is_enabled: true, request_url: "${interactionsUrl}" }`,
    "  org_deploy_enabled: false",
    "  socket_mode_enabled: false",
  ].join("\n");
}

/**
 * What the form can tell before the server does: a first connection needs both values, and a
 * bot token is the xoxb- one (a user token, xoxp-, or an app-level one, xapp-, is a common mix-up).
 */
export function slackDraftErrors(draft: SlackDraft, connected: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const botToken = draft.botToken.trim();
  if (!connected && !botToken) errors.botToken = "Paste the Bot User OAuth Token of your Slack app.";
  else if (botToken && !botToken.startsWith("xoxb-")) errors.botToken = "A bot token starts with xoxb-: copy the Bot User OAuth Token, not another one.";
  if (!connected && !draft.signingSecret.trim()) errors.signingSecret = "Paste the Signing Secret of your Slack app.";
  return errors;
}

/** Only the values typed: the server merges them, so an empty field keeps the stored one. */
export function slackPatch(draft: SlackDraft): SettingsPatch {
  const botToken = draft.botToken.trim();
  const signingSecret = draft.signingSecret.trim();
  return { slack: { ...(botToken ? { botToken } : {}), ...(signingSecret ? { signingSecret } : {}) } };
}
