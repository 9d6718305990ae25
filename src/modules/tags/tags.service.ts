import type { Database } from "../../platform/db.js";
import { cacheScope, type SharedReadCache } from "../../platform/read-cache.js";
import type { RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import { recordAudit } from "../audit/index.js";
import { deleteTag, findTag, findTagByName, insertTag, listTags, updateTag, type TagRecord } from "./tags.repository.js";
import { PRESENTING_TAG } from "./tags.schemas.js";

const presenting = (tag: TagRecord) => tag.name.toLowerCase() === PRESENTING_TAG.toLowerCase();

/** Tags: the tenant's list (a shared read), and their administration (names unique per tenant, case-insensitively). */
export function createTagService(deps: { db: Database; cache: SharedReadCache }) {
  const { db, cache } = deps;

  function list(ctx: RequestContext): Promise<TagRecord[]> {
    return cache.read(cacheScope.tags(ctx.tenant.id), "all", () => listTags(db, ctx.tenant.id));
  }

  /** After a committed change of a tag that questions may carry: the list, and boards showing questions' tags, are read anew. */
  async function changed(tenantId: string): Promise<void> {
    await Promise.all([cache.changed(cacheScope.tags(tenantId)), cache.changed(cacheScope.questions(tenantId))]);
  }

  async function ensureNameFree(ctx: RequestContext, name: string, exceptId?: string) {
    const existing = await findTagByName(db, ctx.tenant.id, name);
    if (existing && existing.id !== exceptId) throw errors.conflict("DUPLICATE", `A tag named '${existing.name}' already exists.`);
  }

  async function create(ctx: RequestContext, input: { name: string; color: string }) {
    await ensureNameFree(ctx, input.name);
    const created = await db.transaction(async (trx) => {
      const tag = await insertTag(trx, ctx.tenant.id, input);
      await recordAudit(trx, ctx, { action: "tag.create", entityType: "tag", entityId: tag.id, after: { name: tag.name, color: tag.color } });
      return tag;
    });
    // A new tag is on no question yet: only the list changes.
    await cache.changed(cacheScope.tags(ctx.tenant.id));
    return created;
  }

  async function update(ctx: RequestContext, id: string, changes: { name?: string; color?: string }) {
    const tag = await findTag(db, ctx.tenant.id, id);
    if (!tag) throw errors.notFound("Tag");
    if (changes.name !== undefined && changes.name !== tag.name) {
      // Presenter mode finds its tag by this name.
      if (presenting(tag)) throw errors.conflict("PROTECTED_TAG", `The '${PRESENTING_TAG}' tag drives presenter mode and cannot be renamed.`);
      await ensureNameFree(ctx, changes.name, id);
    }
    const saved = await db.transaction(async (trx) => {
      const updated = await updateTag(trx, ctx.tenant.id, id, changes);
      if (!updated) throw errors.notFound("Tag");
      await recordAudit(trx, ctx, {
        action: "tag.update",
        entityType: "tag",
        entityId: id,
        before: { name: tag.name, color: tag.color },
        after: { name: updated.name, color: updated.color },
      });
      return updated;
    });
    await changed(ctx.tenant.id);
    return saved;
  }

  async function remove(ctx: RequestContext, id: string): Promise<void> {
    const tag = await findTag(db, ctx.tenant.id, id);
    if (!tag) throw errors.notFound("Tag");
    if (presenting(tag)) throw errors.conflict("PROTECTED_TAG", `The '${PRESENTING_TAG}' tag drives presenter mode and cannot be deleted.`);
    await db.transaction(async (trx) => {
      const questionsTagged = await deleteTag(trx, ctx.tenant.id, id);
      await recordAudit(trx, ctx, {
        action: "tag.delete",
        entityType: "tag",
        entityId: id,
        before: { name: tag.name, color: tag.color },
        metadata: { questionsTagged },
      });
    });
    await changed(ctx.tenant.id);
  }

  return { list, create, update, remove };
}

export type TagService = ReturnType<typeof createTagService>;
