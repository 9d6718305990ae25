import type { Executor, DatabaseRow } from "../../platform/db.js";
import type { TeamRole } from "../../platform/context.js";

export interface MemberRecord {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
}

function toMemberRecord(row: DatabaseRow): MemberRecord {
  return { userId: row.user_id, name: row.name, email: row.email, role: row.role };
}

function membersQuery(db: Executor, tenantId: string, teamId: string) {
  return db("team_members as m")
    .join("users as u", function joinUsers() {
      this.on("u.tenant_id", "=", "m.tenant_id").andOn("u.id", "=", "m.user_id");
    })
    .select("m.user_id", "u.name", "u.email", "m.role")
    .where({ "m.tenant_id": tenantId, "m.team_id": teamId });
}

export async function listMembers(db: Executor, tenantId: string, teamId: string): Promise<MemberRecord[]> {
  const rows = await membersQuery(db, tenantId, teamId).orderBy([{ column: "u.name" }, { column: "m.user_id" }]);
  return rows.map(toMemberRecord);
}

export interface NewcomerRecord {
  userId: string;
  name: string;
  joinedAt: string;
}

/**
 * Active members of the team who joined it, or the tenant, at or after `since`: joinedAt is the
 * later of the membership and the account, newest first.
 */
export async function listNewcomers(db: Executor, tenantId: string, teamId: string, since: Date, limit: number): Promise<NewcomerRecord[]> {
  const joinedAt = "greatest(m.created_at, u.created_at)";
  const rows = await db("team_members as m")
    .join("users as u", function joinUsers() {
      this.on("u.tenant_id", "=", "m.tenant_id").andOn("u.id", "=", "m.user_id");
    })
    .select("m.user_id", "u.name", db.raw(`${joinedAt} as joined_at`))
    .where({ "m.tenant_id": tenantId, "m.team_id": teamId })
    .whereNull("u.deactivated_at")
    .whereRaw(`${joinedAt} >= ?`, [since])
    .orderByRaw(`${joinedAt} desc, m.user_id`)
    .limit(limit);
  return rows.map((row) => ({ userId: row.user_id, name: row.name, joinedAt: new Date(row.joined_at).toISOString() }));
}

export async function findMember(db: Executor, tenantId: string, teamId: string, userId: string): Promise<MemberRecord | null> {
  const row = await membersQuery(db, tenantId, teamId).andWhere("m.user_id", userId).first();
  return row ? toMemberRecord(row) : null;
}

/** Inserts the membership; false when the user already is a member. */
export async function insertMember(trx: Executor, tenantId: string, teamId: string, userId: string, role: TeamRole): Promise<boolean> {
  const rows = await trx("team_members")
    .insert({ tenant_id: tenantId, team_id: teamId, user_id: userId, role })
    .onConflict(["tenant_id", "team_id", "user_id"])
    .ignore()
    .returning("user_id");
  return rows.length > 0;
}

export async function updateMemberRole(trx: Executor, tenantId: string, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await trx("team_members").where({ tenant_id: tenantId, team_id: teamId, user_id: userId }).update({ role });
}

export async function deleteMember(trx: Executor, tenantId: string, teamId: string, userId: string): Promise<void> {
  await trx("team_members").where({ tenant_id: tenantId, team_id: teamId, user_id: userId }).delete();
}

/** A primary team implies membership (as createUser does); an existing membership keeps its role. */
/** ensureMembership for many people at once (their primary teams, say), a thousand to a statement. */
export async function ensureMemberships(
  trx: Executor,
  tenantId: string,
  memberships: Array<{ teamId: string; userId: string }>,
  role: "member" | "viewer",
): Promise<void> {
  for (let start = 0; start < memberships.length; start += 1000) {
    const rows = memberships.slice(start, start + 1000).map(({ teamId, userId }) => ({ tenant_id: tenantId, team_id: teamId, user_id: userId, role }));
    await trx("team_members").insert(rows).onConflict().ignore();
  }
}

export async function ensureMembership(trx: Executor, tenantId: string, teamId: string, userId: string, role: "member" | "viewer"): Promise<void> {
  await trx.raw("insert into team_members (tenant_id, team_id, user_id, role) values (?, ?, ?, ?) on conflict do nothing", [tenantId, teamId, userId, role]);
}
