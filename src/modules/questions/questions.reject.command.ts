import type { RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import { runQuestionCommand, snapshot, type CommandDeps } from "./questions.command.js";
import { deleteQuestion, type QuestionRecord } from "./questions.repository.js";

/**
 * Rejects a question waiting for review: it is deleted, and the audit entry keeps what it said.
 * Nothing is announced: no client was ever shown it.
 */
export async function rejectQuestion(deps: CommandDeps, ctx: RequestContext, { id }: QuestionRecord, reason?: string): Promise<void> {
  await runQuestionCommand(deps, ctx, id, async (locked, { trx }) => {
    if (locked.status !== "UNDER_REVIEW") throw errors.conflict("NOT_UNDER_REVIEW", "Only a question waiting for review can be rejected.");
    await deleteQuestion(trx, ctx.tenant.id, id);
    return {
      record: locked,
      audit: [
        {
          action: "question.reject",
          entityType: "question",
          entityId: id,
          before: snapshot(locked),
          metadata: { ...(reason ? { reason } : {}), ...(locked.moderation ?? {}) },
        },
      ],
    };
  });
}
