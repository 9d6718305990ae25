import type { Database } from "../../platform/db.js";
import { OIDC_CLIENT_SECRET_PATH, type SettingsSecrets } from "../../platform/settings-secrets.js";
import { settingsFromStorage } from "../../platform/tenant-settings.schemas.js";
import { lockStoredSettings, saveSettings } from "./settings.repository.js";

/**
 * After SESSION_SECRET is rotated (the old one kept in SESSION_SECRET_PREVIOUS for a while), the
 * stored client secrets are sealed again with the new one, so the previous secret can be retired.
 * One that no known secret opens is left as it is: an owner has to enter it again. Answers how
 * many were sealed again.
 */
export async function resealSettingsSecrets(db: Database, secrets: SettingsSecrets, now: Date): Promise<number> {
  const rows: Array<{ tenant_id: string }> = await db("tenant_settings").whereRaw(`settings #>> '{auth,oidc,clientSecret}' is not null`).select("tenant_id");
  let resealed = 0;
  for (const { tenant_id: tenantId } of rows) {
    resealed += await db.transaction(async (trx) => {
      const settings = settingsFromStorage(await lockStoredSettings(trx, tenantId));
      const stored = settings.auth.oidc?.clientSecret;
      if (!stored || secrets.isCurrent(stored)) return 0;
      const plaintext = secrets.open(tenantId, OIDC_CLIENT_SECRET_PATH, stored);
      if (plaintext === null) return 0;
      const oidc = { ...settings.auth.oidc!, clientSecret: secrets.seal(tenantId, OIDC_CLIENT_SECRET_PATH, plaintext) };
      await saveSettings(trx, tenantId, { ...settings, auth: { ...settings.auth, oidc } }, now);
      return 1;
    });
  }
  return resealed;
}
