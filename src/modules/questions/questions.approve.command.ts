import type { RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import { runQuestionCommand, type CommandDeps } from "./questions.command.js";
import { presentQuestion } from "./questions.presenter.js";
import { updateQuestion, type QuestionRecord } from "./questions.repository.js";
import { normalizeBody } from "./questions.text.js";

/** Publishes a question waiting for review, optionally in a moderator's wording; the original text stays in the audit entry (SPEC). */
export async function approveQuestion(deps: CommandDeps, ctx: RequestContext, { id }: QuestionRecord, editedBody?: string) {
  // Checked against the tenant's bounds before anything is locked.
  const edited = editedBody === undefined ? undefined : normalizeBody(editedBody, ctx.settings);
  const approved = await runQuestionCommand(deps, ctx, id, async (locked, { trx, now }) => {
    if (locked.status !== "UNDER_REVIEW") throw errors.conflict("NOT_UNDER_REVIEW", "Only a question waiting for review can be approved.");
    const body = edited ?? locked.body;
    await updateQuestion(trx, ctx.tenant.id, id, { status: "OPEN", body }, now);
    const changed: QuestionRecord = { ...locked, status: "OPEN", body };
    return {
      record: changed,
      audit: [
        {
          action: "question.approve",
          entityType: "question",
          entityId: id,
          before: { body: locked.body, status: locked.status },
          after: { body, status: "OPEN" },
          metadata: { edited: body !== locked.body, ...(locked.moderation ?? {}) },
        },
      ],
      afterCommit: () => deps.events.created(changed),
    };
  });
  return presentQuestion(approved, ctx.user);
}
