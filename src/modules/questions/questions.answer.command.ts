import { signedInUser, type RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import type { Logger } from "../../platform/logger.js";
import type { JobQueue } from "../../platform/queue.js";
import { findTenant } from "../tenants/index.js";
import { runQuestionCommand, type CommandDeps } from "./questions.command.js";
import type { QuestionLimits } from "./questions.limits.js";
import { presentQuestion } from "./questions.presenter.js";
import { findAnswersVia, updateQuestion, type QuestionRecord } from "./questions.repository.js";

export interface AnswerDeps extends CommandDeps {
  limits: QuestionLimits;
  queue: JobQueue;
  logger: Logger;
}

const frozen = () => errors.conflict("QUESTION_FROZEN", "This question is frozen: it takes no answer.");

/**
 * Answers a question, in any state (SPEC), or edits its answer. Answering one still in review
 * publishes it, so clients learn of it first; the author's email goes out for the first answer only.
 */
export async function answerQuestion(deps: AnswerDeps, ctx: RequestContext, question: QuestionRecord, responseText: string) {
  const user = signedInUser(ctx);
  // Refused before the rate limit counts it; decided again on the locked row.
  if (question.isFrozen) throw frozen();
  await deps.limits.answers(ctx);
  const answered = await runQuestionCommand(deps, ctx, question.id, async (locked, { trx, now }) => {
    if (locked.isFrozen) throw frozen();
    await updateQuestion(trx, ctx.tenant.id, locked.id, { status: "ANSWERED", response_text: responseText, responder_id: user.id, responded_at: now }, now);
    const changed: QuestionRecord = {
      ...locked,
      status: "ANSWERED",
      responseText,
      responderId: user.id,
      responderName: user.name,
      respondedAt: now.toISOString(),
    };
    return {
      record: changed,
      audit: [
        {
          action: "question.answer",
          entityType: "question",
          entityId: locked.id,
          before: { status: locked.status, responseText: locked.responseText },
          after: { status: "ANSWERED", responseText },
          metadata: { edit: locked.status === "ANSWERED" },
        },
      ],
      afterCommit: async () => {
        if (locked.status === "UNDER_REVIEW") await deps.events.created(changed);
        await deps.events.answered(changed);
        if (locked.status !== "ANSWERED") await notifyAuthor(deps, ctx, changed, user.id);
      },
    };
  });
  return presentQuestion(answered, ctx.user);
}

/**
 * SPEC: the answered email goes to the author (a signed-in user, so never a visitor) when
 * notifications are on; as a Slack direct message instead where they chose Slack and the tenant
 * has it connected (CONTRACT §11). Decided here, once, from the settings as saved now (not the request's
 * tenant cache, which another instance may hold for a moment after a change); the worker does
 * not decide again, so a job queued is an email meant to go out. An anonymous question's job
 * is queued even when its author answered it (the worker skips that one), since a missing job
 * would tell admins who asked; its recipient is hidden from the queue's view (CONTRACT §3).
 */
async function notifyAuthor(deps: AnswerDeps, ctx: RequestContext, question: QuestionRecord, responderId: string): Promise<void> {
  if (!question.authorId || (question.authorId === responderId && !question.isAnonymous)) return;
  try {
    const settings = (await findTenant(deps.db, ctx.tenant.id))?.settings ?? ctx.settings;
    if (!settings.features.enableEmailNotifications) return;
    const viaSlack = settings.slack !== null && (await findAnswersVia(deps.db, ctx.tenant.id, question.authorId)) === "slack";
    await deps.queue.add(viaSlack ? "question-answered-slack" : "question-answered", {
      tenantId: ctx.tenant.id,
      questionId: question.id,
      recipientUserId: question.authorId,
      hideRecipient: question.isAnonymous,
    });
  } catch (error) {
    deps.logger.error({ err: { message: (error as Error).message }, questionId: question.id, requestId: ctx.requestId }, "answered email not queued");
  }
}
