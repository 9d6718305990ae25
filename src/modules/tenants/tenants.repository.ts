import type { Executor } from "../../platform/db.js";
import type { Tenant } from "../../platform/context.js";
import { settingsFromStorage, type TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { isUuid } from "../../platform/validation.js";

export interface TenantWithSettings {
  tenant: Tenant;
  settings: TenantSettings;
}

/** Finds a tenant by slug, or by id when the key is a UUID (CONTRACT §2: x-tenant-id takes either). */
export async function findTenant(db: Executor, key: string): Promise<TenantWithSettings | null> {
  const query = db("tenants as t").leftJoin("tenant_settings as s", "s.tenant_id", "t.id").select("t.id", "t.slug", "t.name", "s.settings").first();
  query.where(isUuid(key) ? "t.id" : "t.slug", key.toLowerCase());
  const row = await query;
  if (!row) return null;
  return { tenant: { id: row.id, slug: row.slug, name: row.name }, settings: settingsFromStorage(row.settings) };
}

export async function listTenants(db: Executor): Promise<Array<Tenant & { createdAt: string }>> {
  const rows = await db("tenants").select("id", "slug", "name", "created_at").orderBy("created_at");
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, createdAt: new Date(row.created_at).toISOString() }));
}

/** A new tenant's row; its settings row is the settings module's. */
export async function insertTenant(db: Executor, input: { slug: string; name: string }): Promise<Tenant> {
  const [row] = await db("tenants").insert({ slug: input.slug, name: input.name }).returning(["id", "slug", "name"]);
  return { id: row.id, slug: row.slug, name: row.name };
}

export async function findTenantBySlug(db: Executor, slug: string): Promise<Tenant | null> {
  const row = await db("tenants").where({ slug }).first("id", "slug", "name");
  return row ? { id: row.id, slug: row.slug, name: row.name } : null;
}

export async function countTenants(db: Executor): Promise<number> {
  const row = await db("tenants").count<{ count: number }>("* as count").first();
  return Number(row?.count ?? 0);
}
