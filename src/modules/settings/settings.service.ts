import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { zodIssuesToDetails } from "../../platform/validation.js";
import { recordAudit } from "../audit/index.js";
import { deepMerge, settingsFromStorage, tenantSettingsSchema, type TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { SETTINGS_SECRET_PATHS, valueAt, withLeaf, type SettingsSecrets } from "../../platform/settings-secrets.js";
import { presentSettings } from "./settings.presenter.js";
import type { SettingsPatch } from "./settings.schemas.js";
import { lockStoredSettings, readStoredSettings, saveSettings } from "./settings.repository.js";

export interface SettingsServiceDeps {
  db: Database;
  clock: Clock;
  /** The per-request tenant cache to refresh after a change (the tenants module's directory). */
  tenants: { invalidate(tenantId: string): void };
  /** Whether the team exists in the tenant (the teams module), for users.defaultTeamId. */
  teamExists(trx: Executor, tenantId: string, teamId: string): Promise<boolean>;
  /** Seals the write-only secrets a patch carries before they are stored. */
  secrets: SettingsSecrets;
}

/** Longer than any identity provider's client secret or Slack token; bounds what is sealed. */
const MAX_SECRET_LENGTH = 2048;

/** Dotted paths of the leaves that differ between two settings objects (for the audit entry). */
export function changedPaths(before: unknown, after: unknown, prefix = ""): string[] {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => changedPaths(before[key], after[key], prefix ? `${prefix}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [prefix];
}

/**
 * Whoever controls the tenant's identity provider can sign in as anyone of the tenant (it speaks
 * for their addresses), so only owners choose it and whether it is required; an admin who could
 * would make themselves an owner. The command line (no user) is the server operator.
 */
function assertMayChangeSignIn(ctx: RequestContext, changed: string[]): void {
  if (!changed.some((path) => path.startsWith("auth."))) return;
  if (ctx.user && ctx.user.role !== "owner") throw errors.forbidden("Only an owner of the organisation can change how its people sign in (auth).");
}

export function createSettingsService(deps: SettingsServiceDeps) {
  const { db, clock, tenants, secrets } = deps;

  /** The patch with its write-only secrets sealed for this tenant: the plaintext never reaches storage or the audit log. */
  function sealSecrets(tenantId: string, patch: SettingsPatch): SettingsPatch {
    let sealed: unknown = patch;
    for (const path of SETTINGS_SECRET_PATHS) {
      const secret = valueAt(patch, path);
      if (typeof secret !== "string") continue;
      const trimmed = secret.trim();
      if (!trimmed || trimmed.length > MAX_SECRET_LENGTH) {
        throw errors.validation([{ path: `body.${path}`, message: `must be 1 to ${MAX_SECRET_LENGTH} characters` }]);
      }
      const name = path.slice(path.lastIndexOf(".") + 1);
      sealed = withLeaf(sealed, path, () => ({ [name]: secrets.seal(tenantId, path, trimmed) }));
    }
    return sealed as SettingsPatch;
  }

  /** Read from the database, not the per-request cache, so an admin always sees what is saved. */
  async function get(ctx: RequestContext): Promise<TenantSettings> {
    return settingsFromStorage(await readStoredSettings(db, ctx.tenant.id));
  }

  /**
   * CONTRACT §6: deep-merges a partial object into the saved settings and validates the merged
   * whole (cross-field rules such as minLength <= maxLength need the whole). A patch that changes
   * nothing writes nothing and no audit entry. Runs inside the caller's transaction, so another
   * module can change settings together with its own records; the caller calls `saved()` after
   * the commit.
   */
  async function applyPatch(
    trx: Executor,
    ctx: RequestContext,
    patch: SettingsPatch,
    /** Why, when not an admin's edit (e.g. "team.delete"), for the audit entry. */
    reason?: string,
  ): Promise<{ before: TenantSettings; settings: TenantSettings; changed: string[] }> {
    const tenantId = ctx.tenant.id;
    const before = settingsFromStorage(await lockStoredSettings(trx, tenantId));
    const parsed = tenantSettingsSchema.safeParse(deepMerge(structuredClone(before), sealSecrets(tenantId, patch)));
    if (!parsed.success) throw errors.validation(zodIssuesToDetails("body", parsed.error.issues), "The merged settings are not valid.");
    const after = parsed.data;
    const changed = changedPaths(before, after);
    if (changed.length === 0) return { before, settings: before, changed };
    assertMayChangeSignIn(ctx, changed);
    const defaultTeamId = after.users.defaultTeamId;
    if (changed.includes("users.defaultTeamId") && defaultTeamId && !(await deps.teamExists(trx, tenantId, defaultTeamId))) {
      throw errors.notFound("Team");
    }
    await saveSettings(trx, tenantId, after, clock.now());
    await recordAudit(trx, ctx, {
      action: "settings.update",
      entityType: "settings",
      entityId: tenantId,
      before: presentSettings(before),
      after: presentSettings(after),
      metadata: { changed, ...(reason ? { reason } : {}) },
    });
    return { before, settings: after, changed };
  }

  /**
   * users.defaultTeamId naming a team being deleted would dangle: reset it to null (audited as a
   * settings change with the reason), inside the deleting transaction. True when it did.
   */
  async function clearDefaultTeam(trx: Executor, ctx: RequestContext, teamId: string): Promise<boolean> {
    const current = settingsFromStorage(await lockStoredSettings(trx, ctx.tenant.id));
    if (current.users.defaultTeamId !== teamId) return false;
    await applyPatch(trx, ctx, { users: { defaultTeamId: null } }, "team.delete");
    return true;
  }

  /** Every later request on this instance reads the new values (session lifetimes, limits, flags). */
  function saved(tenantId: string): void {
    tenants.invalidate(tenantId);
  }

  async function update(ctx: RequestContext, patch: SettingsPatch): Promise<TenantSettings> {
    const result = await db.transaction((trx) => applyPatch(trx, ctx, patch));
    if (result.changed.length) saved(ctx.tenant.id);
    return result.settings;
  }

  return { get, update, applyPatch, saved, clearDefaultTeam };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
