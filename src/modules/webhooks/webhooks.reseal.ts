import type { Database } from "../../platform/db.js";
import { resealEach, type SettingsSecrets } from "../../platform/settings-secrets.js";
import { secretPath } from "./webhooks.delivery.service.js";
import { listSealedSecrets, replaceSealedSecret } from "./webhooks.repository.js";

/**
 * After a SESSION_SECRET rotation, seals every endpoint's signing secret with the current one, so
 * the endpoints keep signing once the previous secret is dropped. The receivers' secret does not
 * change. Returns how many were sealed again. `tenantIds` narrows it to those tenants (tests,
 * whose tenants share one database).
 */
export async function resealWebhookSecrets(db: Database, secrets: SettingsSecrets, options: { tenantIds?: string[] } = {}): Promise<number> {
  const endpoints = await listSealedSecrets(db, options.tenantIds);
  return resealEach(
    secrets,
    endpoints.map((endpoint) => ({ ...endpoint, path: secretPath(endpoint.id), sealed: endpoint.secretSealed })),
    (endpoint, sealed) => replaceSealedSecret(db, endpoint.tenantId, endpoint.id, endpoint.sealed, sealed),
  );
}
