import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import type { SettingsSecrets } from "../../platform/settings-secrets.js";
import { recordAudit } from "../audit/index.js";
import { findTeam, type TeamRecord } from "../teams/index.js";
import { checkWebhookUrl } from "../webhooks/index.js";
import { teamsWebhookPath, type ChannelPosting } from "./channels.posting.js";
import { findTeamChannels, saveTeamChannels, type TeamChannelsRecord } from "./channels.repository.js";
import type { TeamChannelsView, UpdateTeamChannelsBody } from "./channels.schemas.js";

/** What the admin sees, and what an audit row says: never the Teams URL. */
const present = (channels: Pick<TeamChannelsRecord, "slackChannel" | "teamsWebhookSealed"> | null): TeamChannelsView => ({
  slackChannel: channels?.slackChannel ?? null,
  teamsWebhookSet: Boolean(channels?.teamsWebhookSealed),
});

/** The admin's management of a team's chat channels (CONTRACT §11). */
export function createChannelService(deps: {
  db: Database;
  clock: Clock;
  secrets: SettingsSecrets;
  posting: ChannelPosting;
  rules: { httpsOnly: boolean; allowPrivate: boolean };
}) {
  const { db, clock, secrets, posting } = deps;

  async function team(ctx: RequestContext, teamId: string): Promise<TeamRecord> {
    const found = await findTeam(db, ctx.tenant.id, teamId);
    if (!found) throw errors.notFound("Team");
    return found;
  }

  async function get(ctx: RequestContext, teamId: string): Promise<TeamChannelsView> {
    await team(ctx, teamId);
    return present(await findTeamChannels(db, ctx.tenant.id, teamId));
  }

  async function update(ctx: RequestContext, teamId: string, input: UpdateTeamChannelsBody): Promise<TeamChannelsView> {
    await team(ctx, teamId);
    if (input.slackChannel && !ctx.settings.slack) {
      throw errors.validation(
        [{ path: "body.slackChannel", message: "needs the tenant's Slack app: connect it in the settings first" }],
        "Connect the Slack app in the settings before choosing a Slack channel.",
      );
    }
    let sealedUrl: string | null | undefined;
    if (typeof input.teamsWebhookUrl === "string") {
      const verdict = checkWebhookUrl(input.teamsWebhookUrl, deps.rules);
      if (!verdict.ok) throw errors.validation([{ path: "body.teamsWebhookUrl", message: verdict.reason }], `The Teams URL ${verdict.reason}.`);
      sealedUrl = secrets.seal(ctx.tenant.id, teamsWebhookPath(teamId), verdict.url.toString());
    } else {
      sealedUrl = input.teamsWebhookUrl;
    }
    return db.transaction(async (trx) => {
      const before = await findTeamChannels(trx, ctx.tenant.id, teamId);
      const after = {
        slackChannel: input.slackChannel === undefined ? (before?.slackChannel ?? null) : input.slackChannel,
        teamsWebhookSealed: sealedUrl === undefined ? (before?.teamsWebhookSealed ?? null) : sealedUrl,
      };
      await saveTeamChannels(trx, { tenantId: ctx.tenant.id, teamId, ...after, now: clock.now() });
      await recordAudit(trx, ctx, {
        action: "team.channels_update",
        entityType: "team",
        entityId: teamId,
        before: present(before),
        // Whether the URL was replaced, as a fact: the URL itself is never written.
        after: { ...present(after), ...(typeof input.teamsWebhookUrl === "string" ? { teamsWebhookReplaced: true } : {}) },
      });
      return present(after);
    });
  }

  async function test(ctx: RequestContext, teamId: string) {
    const found = await team(ctx, teamId);
    return posting.test(ctx.tenant.id, ctx.settings, found);
  }

  return { get, update, test };
}

export type ChannelService = ReturnType<typeof createChannelService>;
