import type { RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import { runQuestionCommand, type CommandDeps } from "./questions.command.js";
import { presentQuestion } from "./questions.presenter.js";
import { updateQuestion, type QuestionRecord } from "./questions.repository.js";

/**
 * Takes an answered question back to OPEN and clears its answer: the Undo of "Mark answered" (or
 * of an answer published by mistake). The audit entry keeps the answer that was cleared. Boards
 * learn of it as the answered question leaving and an open one arriving, the two events every
 * client already handles. An answered email already queued is not called back.
 */
export async function reopenQuestion(deps: CommandDeps, ctx: RequestContext, { id }: QuestionRecord) {
  const question = await runQuestionCommand(deps, ctx, id, async (locked, { trx, now }) => {
    if (locked.status !== "ANSWERED") throw errors.conflict("NOT_ANSWERED", "Only an answered question can be reopened.");
    if (locked.isFrozen) throw errors.conflict("QUESTION_FROZEN", "This question is frozen: unfreeze it first.");
    await updateQuestion(trx, ctx.tenant.id, id, { status: "OPEN", response_text: null, responder_id: null, responded_at: null }, now);
    const changed: QuestionRecord = { ...locked, status: "OPEN", responseText: null, responderId: null, responderName: null, respondedAt: null };
    return {
      record: changed,
      audit: [
        {
          action: "question.reopen",
          entityType: "question",
          entityId: id,
          before: { status: locked.status, responseText: locked.responseText },
          after: { status: "OPEN", responseText: null },
        },
      ],
      afterCommit: () => deps.events.reopened(changed),
    };
  });
  return presentQuestion(question, ctx.user);
}
