import type { Database, Executor } from "../../platform/db.js";
import type { Tenant } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { DEFAULT_TENANT_SETTINGS, deepMerge, tenantSettingsSchema, type TenantSettings } from "../../platform/tenant-settings.js";
import { insertDefaultTags } from "../tags/tags.repository.js";
import { RESERVED_TEAM_SLUGS } from "../teams/teams.schemas.js";
import { insertTenant } from "./tenants.repository.js";

export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/g, "");
}

export interface ProvisionTenantInput {
  slug: string;
  name: string;
  ownerEmail?: string;
  ownerName?: string;
  teams?: Array<{ name: string; slug?: string; description?: string }>;
  settings?: unknown;
}

export interface ProvisionedTenant {
  tenant: Tenant;
  settings: TenantSettings;
  teams: Array<{ id: string; name: string; slug: string }>;
  ownerId: string | null;
}

/**
 * Creates a tenant with everything a new organisation needs to start: settings (SPEC defaults
 * plus overrides), the six default tags, a pulse schedule (off until an admin enables the
 * pulse), its teams, and optionally an owner who signs in by OAuth with that email.
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
  const settings = parsed.data;
  return db.transaction(async (trx) => {
    const existing = await trx("tenants").where({ slug }).first();
    if (existing) throw new AppError("DUPLICATE", 409, `Tenant '${slug}' already exists.`);
    const tenant = await insertTenant(trx, { slug, name: input.name, settings });
    await insertDefaultTags(trx, tenant.id);
    // The switch, cadence and send time are the pulse settings; the schedule row holds the rest.
    await trx("pulse_schedules").insert({ tenant_id: tenant.id, timezone: "UTC", num_cohorts: 5 });
    const teams = await insertTeams(trx, tenant.id, input.teams ?? [{ name: "General" }]);
    let ownerId: string | null = null;
    if (input.ownerEmail) {
      const email = input.ownerEmail.trim().toLowerCase();
      const [owner] = await trx("users")
        .insert({
          tenant_id: tenant.id,
          email,
          name: input.ownerName ?? email.split("@")[0],
          role: "owner",
          primary_team_id: teams[0]?.id ?? null,
        })
        .returning(["id"]);
      ownerId = owner.id;
      if (teams[0]) await trx("team_members").insert({ tenant_id: tenant.id, team_id: teams[0].id, user_id: owner.id, role: "member" });
    }
    return { tenant, settings, teams, ownerId };
  });
}

async function insertTeams(db: Executor, tenantId: string, teams: NonNullable<ProvisionTenantInput["teams"]>) {
  const created: Array<{ id: string; name: string; slug: string }> = [];
  for (const team of teams) {
    const slug = team.slug ?? slugify(team.name);
    if (!slug || RESERVED_TEAM_SLUGS.has(slug)) throw new AppError("VALIDATION_FAILED", 400, `Team slug '${slug}' is not allowed.`);
    const [row] = await db("teams")
      .insert({ tenant_id: tenantId, name: team.name, slug, description: team.description ?? null })
      .returning(["id", "name", "slug"]);
    created.push({ id: row.id, name: row.name, slug: row.slug });
  }
  return created;
}
