import type { RequestContext } from "../../platform/context.js";
import { runQuestionCommand, type CommandDeps } from "./questions.command.js";
import { presentQuestion } from "./questions.presenter.js";
import { updateQuestion, type QuestionRecord } from "./questions.repository.js";

/** Pins or unpins a question; asking for the state it already has changes, audits and announces nothing. */
export async function pinQuestion(deps: CommandDeps, ctx: RequestContext, { id }: QuestionRecord, pinned: boolean) {
  const question = await runQuestionCommand(deps, ctx, id, async (locked, { trx, now }) => {
    if (locked.isPinned === pinned) return { record: locked };
    await updateQuestion(trx, ctx.tenant.id, id, { is_pinned: pinned, pinned_at: pinned ? now : null }, now);
    const changed = { ...locked, isPinned: pinned };
    return {
      record: changed,
      audit: [{ action: "question.pin", entityType: "question", entityId: id, before: { isPinned: locked.isPinned }, after: { isPinned: pinned } }],
      afterCommit: () => deps.events.pinned(changed),
    };
  });
  return presentQuestion(question, ctx.user);
}
