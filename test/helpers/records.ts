import { randomUUID } from "node:crypto";
import type { Database } from "../../src/platform/db.js";
import type { Role, TeamRole } from "../../src/platform/context.js";

/** Direct inserts for test set-up (records whose own API is not under test). */

export async function insertUser(
  db: Database,
  tenantId: string,
  options: { role?: Role; teamId?: string | null; teamRole?: TeamRole; name?: string; email?: string; demoUsername?: string } = {},
): Promise<{ id: string; email: string; name: string; username: string }> {
  const suffix = randomUUID().slice(0, 8);
  const username = options.demoUsername ?? `user-${suffix}`;
  const email = options.email ?? `${username}@example.com`;
  const name = options.name ?? `User ${suffix}`;
  const [row] = await db("users")
    .insert({
      tenant_id: tenantId,
      email,
      name,
      role: options.role ?? "member",
      primary_team_id: options.teamId ?? null,
      sso_provider: "demo",
      sso_id: username,
    })
    .returning(["id"]);
  if (options.teamId) {
    await db("team_members").insert({ tenant_id: tenantId, team_id: options.teamId, user_id: row.id, role: options.teamRole ?? "member" });
  }
  return { id: row.id, email, name, username };
}

export async function insertTeam(
  db: Database,
  tenantId: string,
  name = `Team ${randomUUID().slice(0, 8)}`,
): Promise<{ id: string; name: string; slug: string }> {
  const slug = `team-${randomUUID().slice(0, 12)}`;
  const [row] = await db("teams").insert({ tenant_id: tenantId, name, slug }).returning(["id", "name", "slug"]);
  return row;
}

export async function insertQuestion(
  db: Database,
  tenantId: string,
  teamId: string,
  options: {
    body?: string;
    authorId?: string | null;
    anonymous?: boolean;
    status?: string;
    submittedAt?: string;
    responderId?: string;
    upvoteCount?: number;
  } = {},
): Promise<{ id: string }> {
  const [row] = await db("questions")
    .insert({
      tenant_id: tenantId,
      team_id: teamId,
      author_id: options.authorId ?? null,
      is_anonymous: options.anonymous ?? false,
      body: options.body ?? `What is the plan for ${randomUUID().slice(0, 8)}?`,
      status: options.status ?? (options.responderId ? "ANSWERED" : "OPEN"),
      upvote_count: options.upvoteCount ?? 0,
      response_text: options.responderId ? "Here is the answer." : null,
      responder_id: options.responderId ?? null,
      responded_at: options.responderId ? new Date() : null,
      ...(options.submittedAt ? { submitted_at: options.submittedAt } : {}),
    })
    .returning(["id"]);
  return row;
}

export async function auditActions(db: Database, tenantId: string, action?: string): Promise<Array<Record<string, any>>> {
  const query = db("audit_logs")
    .where({ tenant_id: tenantId })
    .orderBy([{ column: "created_at" }, { column: "id" }]);
  if (action) query.andWhere({ action });
  return query;
}

/** The audit actions recorded on one entity, oldest first. */
export async function auditActionsOn(db: Database, tenantId: string, entityId: string): Promise<string[]> {
  const rows = await db("audit_logs")
    .where({ tenant_id: tenantId, entity_id: entityId })
    .orderBy([{ column: "created_at" }, { column: "id" }]);
  return rows.map((row) => row.action as string);
}
