import type { Database } from "../../platform/db.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { listSettingChanges } from "../audit/index.js";

/** CONTRACT §5: a change of the rules that protect answers is shown to everyone for this long. */
export const PRIVACY_NOTICE_DAYS = 30;

const PROTECTING_SETTINGS = { "pulse.anonThreshold": "anonThreshold", "pulse.minTenureDays": "minTenureDays" } as const;
export type ProtectingSetting = (typeof PROTECTING_SETTINGS)[keyof typeof PROTECTING_SETTINGS];

/** What protects a pulse answer in this tenant, and what changed about it lately. */
export interface PulsePrivacy {
  anonThreshold: number;
  minTenureDays: number;
  changes: Array<{ setting: ProtectingSetting; from: number; to: number; changedAt: string }>;
}

export interface PulsePrivacyService {
  current(tenantId: string, settings: TenantSettings): Promise<PulsePrivacy>;
}

/**
 * A lowered threshold or a shorter tenure makes answers easier to single out. Everyone who
 * answers is told, on the pulse page and the respond page, for PRIVACY_NOTICE_DAYS: the changes
 * come from the audit log, which nobody can edit, so an admin cannot change a rule quietly.
 */
export function createPulsePrivacyService(deps: { db: Database }): PulsePrivacyService {
  return {
    async current(tenantId, settings) {
      const changes = await listSettingChanges(deps.db, tenantId, Object.keys(PROTECTING_SETTINGS), PRIVACY_NOTICE_DAYS);
      return {
        anonThreshold: settings.pulse.anonThreshold,
        minTenureDays: settings.pulse.minTenureDays,
        changes: changes.flatMap((change) =>
          typeof change.from === "number" && typeof change.to === "number"
            ? [{ setting: PROTECTING_SETTINGS[change.path as keyof typeof PROTECTING_SETTINGS], from: change.from, to: change.to, changedAt: change.changedAt }]
            : [],
        ),
      };
    },
  };
}
