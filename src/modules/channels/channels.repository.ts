import type { Executor } from "../../platform/db.js";

/** What the channels module reads and writes: the team_channels table, one row per team that has a channel. */

export interface TeamChannelsRecord {
  tenantId: string;
  teamId: string;
  slackChannel: string | null;
  teamsWebhookSealed: string | null;
}

export async function findTeamChannels(db: Executor, tenantId: string, teamId: string): Promise<TeamChannelsRecord | null> {
  const row = await db("team_channels").where({ tenant_id: tenantId, team_id: teamId }).first();
  if (!row) return null;
  return { tenantId: row.tenant_id, teamId: row.team_id, slackChannel: row.slack_channel ?? null, teamsWebhookSealed: row.teams_webhook_sealed ?? null };
}

/** Writes a team's channels; a team left with none keeps no row. */
export async function saveTeamChannels(
  db: Executor,
  input: { tenantId: string; teamId: string; slackChannel: string | null; teamsWebhookSealed: string | null; now: Date },
): Promise<void> {
  if (input.slackChannel === null && input.teamsWebhookSealed === null) {
    await db("team_channels").where({ tenant_id: input.tenantId, team_id: input.teamId }).delete();
    return;
  }
  await db("team_channels")
    .insert({
      tenant_id: input.tenantId,
      team_id: input.teamId,
      slack_channel: input.slackChannel,
      teams_webhook_sealed: input.teamsWebhookSealed,
      updated_at: input.now,
    })
    .onConflict("team_id")
    .merge(["slack_channel", "teams_webhook_sealed", "updated_at"])
    .where("team_channels.tenant_id", input.tenantId);
}
