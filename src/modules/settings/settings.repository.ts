import type { Executor } from "../../platform/db.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";

/**
 * The stored settings of a tenant, locked for the rest of the transaction so two concurrent
 * patches merge one after the other instead of the second overwriting the first.
 */
export async function lockStoredSettings(trx: Executor, tenantId: string): Promise<unknown> {
  const row = await trx("tenant_settings").select("settings").where({ tenant_id: tenantId }).forUpdate().first();
  return row?.settings ?? null;
}

export async function readStoredSettings(db: Executor, tenantId: string): Promise<unknown> {
  const row = await db("tenant_settings").select("settings").where({ tenant_id: tenantId }).first();
  return row?.settings ?? null;
}

export async function saveSettings(trx: Executor, tenantId: string, settings: TenantSettings, at: Date): Promise<void> {
  await trx("tenant_settings")
    .insert({ tenant_id: tenantId, settings: JSON.stringify(settings), updated_at: at })
    .onConflict("tenant_id")
    .merge(["settings", "updated_at"]);
}
