import type { Executor } from "../../platform/db.js";
import { cacheScope, type SharedReadCache } from "../../platform/read-cache.js";
import { listQuestions, type QuestionFilter, type QuestionRecord } from "./questions.repository.js";
import { listUpvotedQuestionIds } from "./questions.upvotes.repository.js";
import { searchQuestions } from "./questions.search.repository.js";

export interface QuestionPage {
  /** Shared between requests when read through the cache: never mutated. */
  items: QuestionRecord[];
  total: number;
  /** The viewer's upvotes, where they are not in the items' `hasUpvoted` (a shared page). */
  upvoted?: ReadonlySet<string>;
}

/** No viewer, no review queue: what a shared page is built as. */
const NOBODY = { viewerId: null, review: { allTeams: false, teamIds: [], authorId: null } };

/**
 * Each user's upvotes, a shared read of its own: a board page marks them, and only that user's
 * votes change it (`changed` after each, on every instance).
 */
export function createUpvoteSets(db: Executor, cache: SharedReadCache) {
  return {
    of: (tenantId: string, userId: string) => cache.read(cacheScope.upvotesOf(tenantId, userId), "all", () => listUpvotedQuestionIds(db, tenantId, userId)),
    changed: (tenantId: string, userId: string) => cache.changed(cacheScope.upvotesOf(tenantId, userId)),
  };
}

export type UpvoteSets = ReturnType<typeof createUpvoteSets>;

/**
 * A board page (a team's or the tenant's open and answered questions, in one order, without a
 * search) is the same for every viewer but for their own upvotes: it is built once, shared through
 * the read cache until a question of the tenant changes, and each viewer's upvotes are marked from
 * their own shared read. Searches, and pages that hold questions under review (which depend on who
 * asks), are read for each request.
 */
export function createQuestionBoard(db: Executor, cache: SharedReadCache, upvotes: UpvoteSets) {
  return async function page(filter: QuestionFilter): Promise<QuestionPage> {
    if (filter.tsquery !== undefined) return searchQuestions(db, filter, filter.tsquery);
    if (filter.statuses.includes("UNDER_REVIEW")) return listQuestions(db, filter);
    const key = JSON.stringify([
      filter.teamId ?? null,
      [...filter.statuses].sort(),
      filter.tagId ?? null,
      filter.pinned ?? null,
      filter.sort,
      filter.limit,
      filter.offset,
    ]);
    const shared = await cache.read(cacheScope.questions(filter.tenantId), key, () => listQuestions(db, { ...filter, ...NOBODY }));
    if (!filter.viewerId || shared.items.length === 0) return shared;
    return { ...shared, upvoted: await upvotes.of(filter.tenantId, filter.viewerId) };
  };
}
