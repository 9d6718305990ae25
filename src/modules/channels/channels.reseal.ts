import type { Database } from "../../platform/db.js";
import type { SettingsSecrets } from "../../platform/settings-secrets.js";
import { teamsWebhookPath } from "./channels.posting.js";
import { listSealedTeamsWebhooks, replaceSealedTeamsWebhook } from "./channels.repository.js";

/**
 * After a SESSION_SECRET rotation (the old one in SESSION_SECRET_PREVIOUS), seals every team's
 * Teams URL with the current one, so the channels keep working once the previous secret is
 * dropped. Returns how many were sealed again; `tenantIds` narrows it (tests).
 */
export async function resealTeamChannelSecrets(db: Database, secrets: SettingsSecrets, options: { tenantIds?: string[] } = {}): Promise<number> {
  let resealed = 0;
  for (const row of await listSealedTeamsWebhooks(db, options.tenantIds)) {
    if (secrets.isCurrent(row.sealed)) continue;
    const url = secrets.open(row.tenantId, teamsWebhookPath(row.teamId), row.sealed);
    if (url === null) continue;
    const sealed = secrets.seal(row.tenantId, teamsWebhookPath(row.teamId), url);
    if (await replaceSealedTeamsWebhook(db, row.tenantId, row.teamId, row.sealed, sealed)) resealed += 1;
  }
  return resealed;
}
