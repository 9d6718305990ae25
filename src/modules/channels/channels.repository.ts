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

export async function listSealedTeamsWebhooks(db: Executor, tenantIds?: string[]): Promise<Array<{ tenantId: string; teamId: string; sealed: string }>> {
  const query = db("team_channels").whereNotNull("teams_webhook_sealed").select("tenant_id", "team_id", "teams_webhook_sealed");
  if (tenantIds) query.whereIn("tenant_id", tenantIds);
  const rows = await query;
  return rows.map((row) => ({ tenantId: row.tenant_id, teamId: row.team_id, sealed: row.teams_webhook_sealed }));
}

/** Replaces a Teams URL's sealed form, only if it is still the one that was read. */
export async function replaceSealedTeamsWebhook(db: Executor, tenantId: string, teamId: string, from: string, to: string): Promise<boolean> {
  const updated = await db("team_channels").where({ tenant_id: tenantId, team_id: teamId, teams_webhook_sealed: from }).update({ teams_webhook_sealed: to });
  return Number(updated) > 0;
}
