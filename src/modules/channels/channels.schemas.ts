import { z } from "zod";

/** A team's chat channels (CONTRACT §11): the admin's requests and what they answer. */

export const TEAMS_WEBHOOK_URL_MAX = 2000;
/** A Slack channel ID (`C0123ABCD`, `G...` for an older private channel) or a public channel's name. */
const SLACK_CHANNEL = /^(?:[CG][A-Z0-9]{6,20}|#[a-z0-9][a-z0-9_-]{0,79})$/;

export const teamChannelsParams = z.object({ teamId: z.uuid() });

export const updateTeamChannelsBody = z
  .strictObject({
    slackChannel: z
      .string()
      .trim()
      .regex(SLACK_CHANNEL, "must be a channel ID such as C0123ABCD, or #name")
      .nullable()
      .optional()
      .describe("A channel ID (`C0123ABCD`) or `#name`; the tenant's Slack app must be connected and invited to it. null removes it; omitted keeps it"),
    teamsWebhookUrl: z
      .string()
      .trim()
      .min(1)
      .max(TEAMS_WEBHOOK_URL_MAX)
      .nullable()
      .optional()
      .describe(
        'The Teams Workflows URL ("Post to a channel when a webhook request is received"): write-only, stored sealed. https in production; never a loopback, private, link-local or metadata address. null removes it; omitted keeps it',
      ),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "names nothing to change" });
export type UpdateTeamChannelsBody = z.output<typeof updateTeamChannelsBody>;

export const teamChannelsSchema = z.object({
  slackChannel: z.string().nullable(),
  teamsWebhookSet: z.boolean().describe("A Teams URL is stored; it is never answered back"),
});
export type TeamChannelsView = z.infer<typeof teamChannelsSchema>;

export const channelTestResultSchema = z.object({
  slack: z.object({ ok: z.boolean(), error: z.string().optional() }).nullable().describe("null when no Slack channel is set"),
  teams: z.object({ ok: z.boolean(), status: z.number().int().optional(), error: z.string().optional() }).nullable().describe("null when no Teams URL is set"),
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;
