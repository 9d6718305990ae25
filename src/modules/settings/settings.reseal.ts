import type { Database } from "../../platform/db.js";
import { SETTINGS_SECRET_PATHS, valueAt, withLeaf, type SettingsSecrets } from "../../platform/settings-secrets.js";
import { settingsFromStorage, type TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { lockStoredSettings, saveSettings } from "./settings.repository.js";

/**
 * After SESSION_SECRET is rotated (the old one kept in SESSION_SECRET_PREVIOUS for a while), the
 * stored write-only secrets (SETTINGS_SECRET_PATHS) are sealed again with the new one, so the
 * previous secret can be retired. One that no known secret opens is left as it is: an admin has
 * to enter it again. Answers how many secrets were sealed again. `tenantIds` narrows it to those
 * tenants (tests, whose tenants share one database with other suites running at the same time).
 */
export async function resealSettingsSecrets(db: Database, secrets: SettingsSecrets, now: Date, options: { tenantIds?: string[] } = {}): Promise<number> {
  const stored = SETTINGS_SECRET_PATHS.map((path) => `settings #>> '{${path.split(".").join(",")}}' is not null`).join(" or ");
  const query = db("tenant_settings").whereRaw(`(${stored})`).select("tenant_id");
  if (options.tenantIds) query.whereIn("tenant_id", options.tenantIds);
  const rows: Array<{ tenant_id: string }> = await query;
  let resealed = 0;
  for (const { tenant_id: tenantId } of rows) {
    resealed += await db.transaction(async (trx) => {
      let settings: unknown = settingsFromStorage(await lockStoredSettings(trx, tenantId));
      let count = 0;
      for (const path of SETTINGS_SECRET_PATHS) {
        const value = valueAt(settings, path);
        if (typeof value !== "string" || secrets.isCurrent(value)) continue;
        const plaintext = secrets.open(tenantId, path, value);
        if (plaintext === null) continue;
        const name = path.slice(path.lastIndexOf(".") + 1);
        settings = withLeaf(settings, path, () => ({ [name]: secrets.seal(tenantId, path, plaintext) }));
        count += 1;
      }
      if (count) await saveSettings(trx, tenantId, settings as TenantSettings, now);
      return count;
    });
  }
  return resealed;
}
