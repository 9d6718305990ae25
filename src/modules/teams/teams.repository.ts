import type { Executor, DatabaseRow } from "../../platform/db.js";

export interface TeamRecord {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  queueFrozen: boolean;
  createdAt: string;
}

export function toTeamRecord(row: DatabaseRow): TeamRecord {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description ?? null,
    queueFrozen: Boolean(row.queue_frozen),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listTeams(db: Executor, tenantId: string): Promise<TeamRecord[]> {
  const rows = await db("teams")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "name" }, { column: "id" }]);
  return rows.map(toTeamRecord);
}

export async function findTeam(db: Executor, tenantId: string, teamId: string): Promise<TeamRecord | null> {
  const row = await db("teams").where({ tenant_id: tenantId, id: teamId }).first();
  return row ? toTeamRecord(row) : null;
}

/** Freezes or unfreezes a team's question queue (a team the caller has locked: lockTeam). */
export async function setQueueFrozen(trx: Executor, tenantId: string, teamId: string, frozen: boolean, at: Date): Promise<TeamRecord> {
  const [row] = await trx("teams").where({ tenant_id: tenantId, id: teamId }).update({ queue_frozen: frozen, updated_at: at }).returning("*");
  return toTeamRecord(row);
}

export async function lockTeam(trx: Executor, tenantId: string, teamId: string): Promise<TeamRecord | null> {
  const row = await trx("teams").where({ tenant_id: tenantId, id: teamId }).forUpdate().first();
  return row ? toTeamRecord(row) : null;
}

export async function slugInUse(db: Executor, tenantId: string, slug: string, exceptTeamId?: string): Promise<boolean> {
  const query = db("teams").where({ tenant_id: tenantId, slug });
  if (exceptTeamId) query.whereNot({ id: exceptTeamId });
  return Boolean(await query.first("id"));
}

export async function insertTeam(trx: Executor, tenantId: string, input: { name: string; slug: string; description: string | null }): Promise<TeamRecord> {
  const [row] = await trx("teams")
    .insert({ tenant_id: tenantId, ...input })
    .returning("*");
  return toTeamRecord(row);
}

export async function updateTeam(
  trx: Executor,
  tenantId: string,
  teamId: string,
  changes: { name?: string; slug?: string; description?: string | null },
  at: Date,
): Promise<TeamRecord> {
  const [row] = await trx("teams")
    .where({ tenant_id: tenantId, id: teamId })
    .update({ ...changes, updated_at: at })
    .returning("*");
  return toTeamRecord(row);
}

/**
 * Deletes the team. Memberships go with it; users' primary team, pulse questions, invites and
 * responses keep existing without a team (foreign keys set null). Questions must be moved first.
 */
export async function deleteTeam(trx: Executor, tenantId: string, teamId: string): Promise<void> {
  await trx("teams").where({ tenant_id: tenantId, id: teamId }).delete();
}
