import { randomUUID } from "node:crypto";
import type { Database } from "../../src/platform/db.js";
import type { Role, TeamRole } from "../../src/platform/context.js";
import { provisionTenant } from "../../src/modules/provisioning/provisioning.service.js";

export interface FixtureUser {
  id: string;
  username: string;
  email: string;
  name: string;
  role: Role;
}

export interface TenantFixture {
  tenant: { id: string; slug: string; name: string };
  teams: { a: { id: string; slug: string; name: string }; b: { id: string; slug: string; name: string } };
  /**
   * owner, admin: tenant-wide. moderator: tenant moderator, member of team A.
   * otherModerator: tenant moderator, member of team B. teamModerator: tenant member whose
   * membership in team A is `moderator`. member: team A. memberB: team B. viewer: team A.
   */
  users: Record<"owner" | "admin" | "moderator" | "otherModerator" | "teamModerator" | "member" | "memberB" | "viewer", FixtureUser>;
}

const FIXTURE_USERS: Array<{ key: keyof TenantFixture["users"]; role: Role; team: "a" | "b"; teamRole: TeamRole }> = [
  { key: "owner", role: "owner", team: "a", teamRole: "member" },
  { key: "admin", role: "admin", team: "a", teamRole: "member" },
  { key: "moderator", role: "moderator", team: "a", teamRole: "moderator" },
  { key: "otherModerator", role: "moderator", team: "b", teamRole: "moderator" },
  { key: "teamModerator", role: "member", team: "a", teamRole: "moderator" },
  { key: "member", role: "member", team: "a", teamRole: "member" },
  { key: "memberB", role: "member", team: "b", teamRole: "member" },
  { key: "viewer", role: "viewer", team: "a", teamRole: "viewer" },
];

export function uniqueSlug(prefix = "t"): string {
  return `${prefix}-${randomUUID().slice(0, 12)}`;
}

/** A fresh tenant with two teams and one user per role; every user can sign in by demo mode. */
export async function createTenantFixture(db: Database, options: { settings?: unknown } = {}): Promise<TenantFixture> {
  const slug = uniqueSlug();
  const provisioned = await provisionTenant(db, {
    slug,
    name: `Tenant ${slug}`,
    teams: [
      { name: "Team Alpha", slug: "alpha" },
      { name: "Team Beta", slug: "beta" },
    ],
    settings: options.settings,
  });
  const [a, b] = provisioned.teams as [TenantFixture["teams"]["a"], TenantFixture["teams"]["b"]];
  const users = {} as TenantFixture["users"];
  for (const spec of FIXTURE_USERS) {
    const username = spec.key.toLowerCase();
    const email = `${username}.${slug}@example.com`;
    const team = spec.team === "a" ? a : b;
    const [row] = await db("users")
      .insert({
        tenant_id: provisioned.tenant.id,
        email,
        name: `${spec.key} of ${slug}`,
        role: spec.role,
        primary_team_id: team.id,
        sso_provider: "demo",
        sso_id: username,
      })
      .returning(["id"]);
    await db("team_members").insert({ tenant_id: provisioned.tenant.id, team_id: team.id, user_id: row.id, role: spec.teamRole });
    users[spec.key] = { id: row.id, username, email, name: `${spec.key} of ${slug}`, role: spec.role };
  }
  return { tenant: provisioned.tenant, teams: { a, b }, users };
}
