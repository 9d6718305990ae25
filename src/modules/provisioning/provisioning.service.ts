import type { Database } from "../../platform/db.js";
import type { Tenant } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { DEFAULT_TENANT_SETTINGS, deepMerge, tenantSettingsSchema, type TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { createDefaultSchedule, insertPulseQuestionLibrary } from "../pulse/index.js";
import { saveSettings } from "../settings/index.js";
import { insertDefaultTags } from "../tags/index.js";
import { createTeamsOfNewTenant } from "../teams/index.js";
import { findTenantBySlug, insertTenant } from "../tenants/index.js";
import { createUser } from "../users/index.js";

export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface ProvisionTenantInput {
  slug: string;
  name: string;
  ownerEmail?: string;
  ownerName?: string;
  teams?: Array<{ name: string; slug?: string; description?: string }>;
  settings?: unknown;
  /**
   * The pulse question library (CONTRACT §5); default true. Only test fixtures that build their
   * own pulse questions turn it off.
   */
  pulseQuestionLibrary?: boolean;
}

export interface ProvisionedTenant {
  tenant: Tenant;
  settings: TenantSettings;
  teams: Array<{ id: string; name: string; slug: string }>;
  ownerId: string | null;
}

/**
 * An organisation that chooses who joins (sign-up by invitation, or only its own domains) starts
 * closed to visitors too (CONTRACT §8): otherwise anybody who finds its address reads its boards
 * and posts questions without signing in. Open sign-up keeps SPEC's default (the demo tenants),
 * and a caller that sets `features.allowAnonymousQuestions` itself keeps its choice.
 */
function closedToVisitorsWhenSignupIsClosed(settings: TenantSettings, requested: unknown): TenantSettings {
  const features = (requested as { features?: { allowAnonymousQuestions?: unknown } } | undefined)?.features;
  if (settings.users.signup === "open" || features?.allowAnonymousQuestions !== undefined) return settings;
  return { ...settings, features: { ...settings.features, allowAnonymousQuestions: false } };
}

/**
 * Creates a tenant with everything a new organisation needs to start: settings (SPEC defaults
 * plus overrides), the six default tags, a pulse schedule (off until an admin enables the
 * pulse) with the pulse question library, its teams, and optionally an owner who signs in by OAuth with that email.
 */
export async function provisionTenant(db: Database, input: ProvisionTenantInput): Promise<ProvisionedTenant> {
  const slug = input.slug.toLowerCase();
  if (!TENANT_SLUG_PATTERN.test(slug)) {
    throw new AppError("VALIDATION_FAILED", 400, "Tenant slug must be 1-63 lowercase letters, digits or hyphens.");
  }
  const merged = deepMerge(structuredClone(DEFAULT_TENANT_SETTINGS), input.settings ?? {});
  const parsed = tenantSettingsSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new AppError("VALIDATION_FAILED", 400, `Invalid settings for the new tenant: ${problems}.`);
  }
  const settings = closedToVisitorsWhenSignupIsClosed(parsed.data, input.settings);
  return db.transaction(async (trx) => {
    if (await findTenantBySlug(trx, slug)) throw new AppError("DUPLICATE", 409, `Tenant '${slug}' already exists.`);
    const now = new Date();
    const tenant = await insertTenant(trx, { slug, name: input.name });
    await saveSettings(trx, tenant.id, settings, now);
    await insertDefaultTags(trx, tenant.id);
    await createDefaultSchedule(trx, tenant.id, now);
    if (input.pulseQuestionLibrary !== false) await insertPulseQuestionLibrary(trx, tenant.id, now);
    const teams = await createTeamsOfNewTenant(trx, tenant.id, input.teams ?? [{ name: "General" }]);
    let ownerId: string | null = null;
    if (input.ownerEmail) {
      const email = input.ownerEmail.trim().toLowerCase();
      // Created by the operator (the CLI), not by a signed-in person: the audit entry names nobody.
      const operator = { tenant: { id: tenant.id }, user: null, ip: null, userAgent: null, requestId: "provisioning" };
      const owner = await createUser(
        trx,
        operator,
        settings,
        { email, name: input.ownerName ?? email.split("@")[0] ?? email, role: "owner", primaryTeamId: teams[0]?.id ?? null },
        { via: "provisioning" },
      );
      ownerId = owner.id;
    }
    return { tenant, settings, teams, ownerId };
  });
}
