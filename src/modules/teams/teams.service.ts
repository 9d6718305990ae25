import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { AppError, errors } from "../../platform/errors.js";
import { recordAudit } from "../audit/index.js";
import { slugify } from "../../platform/slugs.js";
import type { TeamDirectory } from "./teams.directory.js";
import { deleteTeam, insertTeam, lockTeam, slugInUse, updateTeam, type TeamRecord } from "./teams.repository.js";
import { RESERVED_TEAM_SLUGS, TEAM_SLUG_PATTERN, type CreateTeamBody, type UpdateTeamBody } from "./teams.schemas.js";

/**
 * What deleting a team needs from the modules that own the team's questions and the tenant's
 * settings; the app passes their public functions, so teams imports neither.
 */
export interface TeamDeletion {
  countQuestions(trx: Executor, tenantId: string, teamId: string): Promise<number>;
  moveQuestions(trx: Executor, tenantId: string, fromTeamId: string, toTeamId: string, at: Date): Promise<number>;
  /** Resets users.defaultTeamId when it names this team (audited by the settings module); true when it did. */
  clearDefaultTeam(trx: Executor, ctx: RequestContext, teamId: string): Promise<boolean>;
  /** After the commit, when the default team was cleared: later requests read the new settings. */
  settingsChanged(tenantId: string): void;
  /** After the commit: the team's questions moved and its memberships went, so reads of both are rebuilt. */
  questionsAndMembersChanged(tenantId: string): Promise<void>;
}

export interface TeamsServiceDeps {
  db: Database;
  clock: Clock;
  directory: TeamDirectory;
  deletion: TeamDeletion;
}

const duplicateSlug = () => errors.conflict("DUPLICATE", "Another team of this tenant already uses this slug.");

function auditView(team: TeamRecord) {
  return { name: team.name, slug: team.slug, description: team.description };
}

/** A slug derived from the name: the name's slug, or with -2, -3, ... when taken or reserved. */
async function derivedSlug(db: Executor, tenantId: string, name: string): Promise<string> {
  const base = slugify(name).slice(0, 58).replace(/-+$/, "");
  if (!base || !TEAM_SLUG_PATTERN.test(base)) {
    throw errors.validation([{ path: "body.slug", message: "cannot be derived from this name; give a slug" }]);
  }
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!RESERVED_TEAM_SLUGS.has(candidate) && !(await slugInUse(db, tenantId, candidate))) return candidate;
  }
  throw duplicateSlug();
}

export function createTeamsService(deps: TeamsServiceDeps) {
  const { db, clock, directory, deletion } = deps;

  async function list(ctx: RequestContext): Promise<readonly TeamRecord[]> {
    return directory.list(ctx.tenant.id);
  }

  async function create(ctx: RequestContext, input: CreateTeamBody): Promise<TeamRecord> {
    const tenantId = ctx.tenant.id;
    const created = await db.transaction(async (trx) => {
      let slug = input.slug;
      if (slug === undefined) slug = await derivedSlug(trx, tenantId, input.name);
      else if (await slugInUse(trx, tenantId, slug)) throw duplicateSlug();
      const team = await insertTeam(trx, tenantId, { name: input.name, slug, description: input.description ?? null });
      await recordAudit(trx, ctx, { action: "team.create", entityType: "team", entityId: team.id, after: auditView(team) });
      return team;
    });
    await directory.changed(tenantId);
    return created;
  }

  async function update(ctx: RequestContext, teamId: string, input: UpdateTeamBody): Promise<TeamRecord> {
    const tenantId = ctx.tenant.id;
    const saved = await db.transaction(async (trx) => {
      const team = await lockTeam(trx, tenantId, teamId);
      if (!team) throw errors.notFound("Team");
      const changes: { name?: string; slug?: string; description?: string | null } = {};
      if (input.name !== undefined && input.name !== team.name) changes.name = input.name;
      if (input.description !== undefined && input.description !== team.description) changes.description = input.description;
      if (input.slug !== undefined && input.slug !== team.slug) {
        if (await slugInUse(trx, tenantId, input.slug, teamId)) throw duplicateSlug();
        changes.slug = input.slug;
      }
      if (Object.keys(changes).length === 0) return team;
      const updated = await updateTeam(trx, tenantId, teamId, changes, clock.now());
      const before = auditView(team);
      const keys = Object.keys(changes) as Array<keyof typeof before>;
      await recordAudit(trx, ctx, {
        action: "team.update",
        entityType: "team",
        entityId: teamId,
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: Object.fromEntries(keys.map((key) => [key, auditView(updated)[key]])),
      });
      return updated;
    });
    await directory.changed(tenantId);
    return saved;
  }

  /**
   * Refuses a team that still has questions (409 TEAM_NOT_EMPTY) unless `moveQuestionsTo` names
   * another team of the tenant, which receives them in the same transaction. A tenant default
   * team that is deleted stops being the default.
   */
  async function remove(ctx: RequestContext, teamId: string, moveQuestionsTo: string | undefined): Promise<void> {
    const tenantId = ctx.tenant.id;
    if (moveQuestionsTo === teamId) {
      throw errors.validation([{ path: "query.moveQuestionsTo", message: "must be another team than the one deleted" }]);
    }
    const clearedDefault = await db.transaction(async (trx) => {
      const team = await lockTeam(trx, tenantId, teamId);
      if (!team) throw errors.notFound("Team");
      const target = moveQuestionsTo ? await lockTeam(trx, tenantId, moveQuestionsTo) : null;
      if (moveQuestionsTo && !target) throw errors.notFound("Team");
      const questions = await deletion.countQuestions(trx, tenantId, teamId);
      if (questions > 0 && !target) {
        throw errors.conflict("TEAM_NOT_EMPTY", `The team still has ${questions} question(s); pass moveQuestionsTo=<teamId> to move them.`, [
          { path: "query.moveQuestionsTo", message: "required while the team has questions", questions },
        ]);
      }
      const moved = target && questions > 0 ? await deletion.moveQuestions(trx, tenantId, teamId, target.id, clock.now()) : 0;
      await deleteTeam(trx, tenantId, teamId);
      const cleared = await deletion.clearDefaultTeam(trx, ctx, teamId);
      await recordAudit(trx, ctx, {
        action: "team.delete",
        entityType: "team",
        entityId: teamId,
        before: auditView(team),
        metadata: { questionsMovedTo: target?.id ?? null, questionsMoved: moved, defaultTeamCleared: cleared },
      });
      return cleared;
    });
    await directory.changed(tenantId);
    await deletion.questionsAndMembersChanged(tenantId);
    if (clearedDefault) deletion.settingsChanged(tenantId);
  }

  return { list, create, update, remove };
}

export type TeamsService = ReturnType<typeof createTeamsService>;

/**
 * The teams of a tenant being created (provisioning): each with the given slug or one derived
 * from its name; a reserved or empty slug is refused.
 */
export async function createTeamsOfNewTenant(
  trx: Executor,
  tenantId: string,
  teams: Array<{ name: string; slug?: string; description?: string }>,
): Promise<Array<{ id: string; name: string; slug: string }>> {
  const created: Array<{ id: string; name: string; slug: string }> = [];
  for (const team of teams) {
    const slug = team.slug ?? slugify(team.name);
    if (!slug || RESERVED_TEAM_SLUGS.has(slug)) throw new AppError("VALIDATION_FAILED", 400, `Team slug '${slug}' is not allowed.`);
    const row = await insertTeam(trx, tenantId, { name: team.name, slug, description: team.description ?? null });
    created.push({ id: row.id, name: row.name, slug: row.slug });
  }
  return created;
}
