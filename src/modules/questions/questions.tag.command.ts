import type { RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import type { AuditEntryInput } from "../audit/index.js";
import { findTag } from "../tags/index.js";
import { PRESENTING_TAG } from "../tags/tags.constants.js";
import { runQuestionCommand, type CommandDeps } from "./questions.command.js";
import { presentQuestion } from "./questions.presenter.js";
import {
  addQuestionTag,
  listQuestionTags,
  lockTeamTagHolder,
  removeQuestionTag,
  removeTagFromTeamQuestions,
  type QuestionRecord,
} from "./questions.repository.js";

/**
 * Adds or removes a tag; adding one the question has, or removing one it lacks, changes nothing.
 * `Currently Presenting` is held by at most one question per team (CONTRACT §8 "The room"):
 * adding it takes it off the team's other questions in the same transaction, each removal audited
 * and announced as an untag. Those changes are serialised per team, so two moderators presenting
 * two questions at once still leave one holder.
 */
export async function setQuestionTag(deps: CommandDeps, ctx: RequestContext, { id }: QuestionRecord, tagId: string, add: boolean) {
  const tenantId = ctx.tenant.id;
  const tag = await findTag(deps.db, tenantId, tagId);
  if (!tag) throw errors.notFound("Tag");
  const single = add && tag.name.toLowerCase() === PRESENTING_TAG.toLowerCase();
  const question = await runQuestionCommand(deps, ctx, id, async (locked, { trx }) => {
    const audit: AuditEntryInput[] = [];
    let moved: Awaited<ReturnType<typeof removeTagFromTeamQuestions>> = [];
    if (single) {
      await lockTeamTagHolder(trx, tenantId, locked.teamId, tagId);
      moved = await removeTagFromTeamQuestions(trx, tenantId, locked.teamId, tagId, id);
      for (const other of moved) audit.push({ action: "tag.remove", entityType: "question", entityId: other.id, metadata: { tagId, tagName: tag.name } });
    }
    const changed = add ? await addQuestionTag(trx, tenantId, id, tagId) : await removeQuestionTag(trx, tenantId, id, tagId);
    if (changed) audit.push({ action: add ? "tag.add" : "tag.remove", entityType: "question", entityId: id, metadata: { tagId, tagName: tag.name } });
    // The list keeps the order every read of a question gives it (the database's, by name).
    const tags = !changed ? locked.tags : add ? await listQuestionTags(trx, tenantId, id) : locked.tags.filter((held) => held.id !== tagId);
    const record = { ...locked, tags };
    return {
      record,
      audit,
      afterCommit: async () => {
        for (const other of moved) await deps.events.untagged(other, tagId);
        if (changed) await (add ? deps.events.tagged(record, tag) : deps.events.untagged(record, tagId));
      },
    };
  });
  return presentQuestion(question, ctx.user);
}
