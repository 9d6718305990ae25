import type { DatabaseRow, Executor } from "../../platform/db.js";

/**
 * The reads SCIM answers from, every one filtered by the token's tenant. The writes go through
 * the users and teams modules, which own those tables.
 */
export interface ScimUserRow {
  id: string;
  email: string;
  name: string;
  externalId: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ScimGroupRow {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  members: Array<{ userId: string; name: string }>;
}

export interface Page {
  /** 0-based. */
  offset: number;
  limit: number;
}

export type UserFilter = { attribute: "userName" | "externalId"; value: string } | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that cannot be a record's is simply not found (rather than a database type error). */
export const couldBeId = (id: string) => UUID.test(id);

function toUserRow(row: DatabaseRow): ScimUserRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    externalId: row.external_id ?? null,
    active: row.deactivated_at === null || row.deactivated_at === undefined,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function usersQuery(db: Executor, tenantId: string, filter: UserFilter) {
  const query = db("users").where({ tenant_id: tenantId });
  // userName is the e-mail address, compared as the unique index does (case-insensitively).
  if (filter?.attribute === "userName") query.whereRaw("lower(email) = lower(?)", [filter.value]);
  if (filter?.attribute === "externalId") query.where({ external_id: filter.value });
  return query;
}

export async function findScimUser(db: Executor, tenantId: string, id: string): Promise<ScimUserRow | null> {
  if (!couldBeId(id)) return null;
  const row = await db("users").where({ tenant_id: tenantId, id }).first();
  return row ? toUserRow(row) : null;
}

export async function listScimUsers(db: Executor, tenantId: string, filter: UserFilter, page: Page): Promise<{ total: number; rows: ScimUserRow[] }> {
  const counted = await usersQuery(db, tenantId, filter).count<{ count: number }>("* as count").first();
  const rows =
    page.limit === 0
      ? []
      : await usersQuery(db, tenantId, filter)
          .orderBy([{ column: "created_at" }, { column: "id" }])
          .offset(page.offset)
          .limit(page.limit);
  return { total: Number(counted?.count ?? 0), rows: rows.map(toUserRow) };
}

/** The ids of these users that belong to the tenant (a group's members must). */
export async function existingUserIds(db: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  const candidates = ids.filter(couldBeId);
  if (candidates.length === 0) return new Set();
  const rows: Array<{ id: string }> = await db("users").select("id").where({ tenant_id: tenantId }).whereIn("id", candidates);
  return new Set(rows.map((row) => row.id));
}

async function withMembers(db: Executor, tenantId: string, teams: DatabaseRow[]): Promise<ScimGroupRow[]> {
  if (teams.length === 0) return [];
  const members: DatabaseRow[] = await db("team_members as m")
    .join("users as u", function joinUsers() {
      this.on("u.tenant_id", "=", "m.tenant_id").andOn("u.id", "=", "m.user_id");
    })
    .select("m.team_id", "m.user_id", "u.name")
    .where({ "m.tenant_id": tenantId })
    .whereIn(
      "m.team_id",
      teams.map((team) => team.id),
    )
    .orderBy([{ column: "u.name" }, { column: "m.user_id" }]);
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    createdAt: new Date(team.created_at).toISOString(),
    updatedAt: new Date(team.updated_at).toISOString(),
    members: members.filter((member) => member.team_id === team.id).map((member) => ({ userId: member.user_id, name: member.name })),
  }));
}

export async function findScimGroup(db: Executor, tenantId: string, id: string): Promise<ScimGroupRow | null> {
  if (!couldBeId(id)) return null;
  const row = await db("teams").where({ tenant_id: tenantId, id }).first();
  return row ? ((await withMembers(db, tenantId, [row]))[0] ?? null) : null;
}

export async function listScimGroups(db: Executor, tenantId: string, displayName: string | null, page: Page): Promise<{ total: number; rows: ScimGroupRow[] }> {
  const query = () => {
    const teams = db("teams").where({ tenant_id: tenantId });
    if (displayName !== null) teams.whereRaw("lower(name) = lower(?)", [displayName]);
    return teams;
  };
  const counted = await query().count<{ count: number }>("* as count").first();
  const rows =
    page.limit === 0
      ? []
      : await query()
          .orderBy([{ column: "created_at" }, { column: "id" }])
          .offset(page.offset)
          .limit(page.limit);
  return { total: Number(counted?.count ?? 0), rows: await withMembers(db, tenantId, rows) };
}
