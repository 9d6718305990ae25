import type { Database } from "../../platform/db.js";
import type { SettingsSecrets } from "../../platform/settings-secrets.js";
import { secretPath } from "./webhooks.delivery.service.js";
import { listSealedSecrets, replaceSealedSecret } from "./webhooks.repository.js";

/**
 * After a SESSION_SECRET rotation (the old one in SESSION_SECRET_PREVIOUS), seals every endpoint's
 * signing secret with the current one, so the endpoints keep signing once the previous secret is
 * dropped. The receivers' secret does not change. Returns how many were sealed again. `tenantIds`
 * narrows it to those tenants (tests, whose tenants share one database).
 */
export async function resealWebhookSecrets(db: Database, secrets: SettingsSecrets, options: { tenantIds?: string[] } = {}): Promise<number> {
  let resealed = 0;
  for (const endpoint of await listSealedSecrets(db, options.tenantIds)) {
    if (secrets.isCurrent(endpoint.secretSealed)) continue;
    const plaintext = secrets.open(endpoint.tenantId, secretPath(endpoint.id), endpoint.secretSealed);
    if (plaintext === null) continue;
    const sealed = secrets.seal(endpoint.tenantId, secretPath(endpoint.id), plaintext);
    if (await replaceSealedSecret(db, endpoint.tenantId, endpoint.id, endpoint.secretSealed, sealed)) resealed += 1;
  }
  return resealed;
}
