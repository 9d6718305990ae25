import type { Database } from "../../platform/db.js";
import { findTenant, type TenantWithSettings } from "./tenants.repository.js";

/**
 * Tenant lookups happen on every request; they are cached for a couple of seconds. A settings
 * change on this instance invalidates at once; other instances see it within the TTL.
 */
export class TenantDirectory {
  private readonly cache = new Map<string, { value: TenantWithSettings | null; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 2000,
  ) {}

  async resolve(key: string): Promise<TenantWithSettings | null> {
    const cacheKey = key.toLowerCase();
    const hit = this.cache.get(cacheKey);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const value = await findTenant(this.db, cacheKey);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(cacheKey, { value, expiresAt: Date.now() + this.ttlMs });
    return value;
  }

  invalidate(tenantId?: string): void {
    if (!tenantId) {
      this.cache.clear();
      return;
    }
    for (const [key, entry] of this.cache) {
      if (!entry.value || entry.value.tenant.id === tenantId) this.cache.delete(key);
    }
  }
}
