import type { RequestContext } from "../../platform/context.js";
import { runQuestionCommand, type CommandDeps } from "./questions.command.js";
import { presentQuestion } from "./questions.presenter.js";
import { updateQuestion, type QuestionRecord } from "./questions.repository.js";

/** Freezes or unfreezes one question (a frozen one takes no upvote and no answer); no change, no audit or event. */
export async function freezeQuestion(deps: CommandDeps, ctx: RequestContext, { id }: QuestionRecord, frozen: boolean) {
  const question = await runQuestionCommand(deps, ctx, id, async (locked, { trx, now }) => {
    if (locked.isFrozen === frozen) return { record: locked };
    await updateQuestion(trx, ctx.tenant.id, id, { is_frozen: frozen }, now);
    const changed = { ...locked, isFrozen: frozen };
    return {
      record: changed,
      audit: [
        {
          action: "question.freeze",
          entityType: "question",
          entityId: id,
          before: { isFrozen: locked.isFrozen },
          after: { isFrozen: frozen },
          metadata: { scope: "question" },
        },
      ],
      afterCommit: () => deps.events.questionFrozen(changed),
    };
  });
  return presentQuestion(question, ctx.user);
}
