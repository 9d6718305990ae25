import type { Database } from "../../platform/db.js";
import { resealEach, type SettingsSecrets } from "../../platform/settings-secrets.js";
import { teamsWebhookPath } from "./channels.posting.js";
import { listSealedTeamsWebhooks, replaceSealedTeamsWebhook } from "./channels.repository.js";

/**
 * After a SESSION_SECRET rotation, seals every team's Teams URL with the current one, so the
 * channels keep working once the previous secret is dropped. Returns how many were sealed again;
 * `tenantIds` narrows it (tests).
 */
export async function resealTeamChannelSecrets(db: Database, secrets: SettingsSecrets, options: { tenantIds?: string[] } = {}): Promise<number> {
  const channels = await listSealedTeamsWebhooks(db, options.tenantIds);
  return resealEach(
    secrets,
    channels.map((channel) => ({ ...channel, path: teamsWebhookPath(channel.teamId) })),
    (channel, sealed) => replaceSealedTeamsWebhook(db, channel.tenantId, channel.teamId, channel.sealed, sealed),
  );
}
