import { route, type AnyRoute } from "../../platform/http/route.js";
import { channelTestResultSchema, teamChannelsParams, teamChannelsSchema, updateTeamChannelsBody } from "./channels.schemas.js";
import type { ChannelService } from "./channels.service.js";

const TAG = "Teams";

/** CONTRACT §11: where a team posts its new questions, answers and closed polls (Slack, Microsoft Teams). */
export function channelRoutes(deps: { channels: ChannelService }): AnyRoute[] {
  const { channels } = deps;
  return [
    route({
      method: "get",
      path: "/admin/teams/:teamId/channels",
      operationId: "getTeamChannels",
      tag: TAG,
      summary: "The team's chat channels: its Slack channel, and whether a Teams URL is stored (never the URL)",
      access: "admin.access",
      params: teamChannelsParams,
      response: teamChannelsSchema,
      handler: ({ ctx, params }) => channels.get(ctx, params.teamId),
    }),
    route({
      method: "put",
      path: "/admin/teams/:teamId/channels",
      operationId: "updateTeamChannels",
      tag: TAG,
      summary: "Sets or removes the team's Slack channel and Teams URL (omitted: kept; null: removed)",
      description:
        "400 at `body.slackChannel` when the tenant's Slack app is not connected; 400 at `body.teamsWebhookUrl` for a URL that is not https in " +
        "production, carries credentials, or names a loopback, private, link-local or metadata address. Audited as `team.channels_update`, without the URL.",
      access: "admin.access",
      params: teamChannelsParams,
      body: updateTeamChannelsBody,
      response: teamChannelsSchema,
      handler: ({ ctx, params, body }) => channels.update(ctx, params.teamId, body),
    }),
    route({
      method: "post",
      path: "/admin/teams/:teamId/channels/test",
      operationId: "testTeamChannels",
      tag: TAG,
      summary: "Posts a test message to each channel the team has, once, and answers how each went (null: not set)",
      access: "admin.access",
      params: teamChannelsParams,
      response: channelTestResultSchema,
      handler: ({ ctx, params }) => channels.test(ctx, params.teamId),
    }),
  ];
}
