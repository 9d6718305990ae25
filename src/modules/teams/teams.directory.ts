import type { Executor } from "../../platform/db.js";
import { cacheScope, type SharedReadCache } from "../../platform/read-cache.js";
import { listTeams, type TeamRecord } from "./teams.repository.js";

/**
 * The tenant's teams as every request reads them (the team list, a board's team by id or slug),
 * from the shared read cache. A tenant has a handful of teams, so one cached list answers all.
 */
export interface TeamDirectory {
  list(tenantId: string): Promise<readonly TeamRecord[]>;
  byId(tenantId: string, teamId: string): Promise<TeamRecord | null>;
  bySlug(tenantId: string, slug: string): Promise<TeamRecord | null>;
  /** After a committed change of a team (name, slug, paused queue, deletion). */
  changed(tenantId: string): Promise<void>;
}

export function createTeamDirectory(db: Executor, cache: SharedReadCache): TeamDirectory {
  const list = (tenantId: string) => cache.read(cacheScope.teams(tenantId), "all", () => listTeams(db, tenantId));
  return {
    list,
    byId: async (tenantId, teamId) => (await list(tenantId)).find((team) => team.id === teamId) ?? null,
    bySlug: async (tenantId, slug) => {
      const wanted = slug.toLowerCase();
      return (await list(tenantId)).find((team) => team.slug === wanted) ?? null;
    },
    changed: (tenantId) => cache.changed(cacheScope.teams(tenantId)),
  };
}
