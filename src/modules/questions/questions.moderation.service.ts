import type { Knex } from "knex";
import type { Database } from "../../platform/db.js";
import { signedInUser, type RequestContext } from "../../platform/context.js";
import { errors } from "../../platform/errors.js";
import type { JobQueue } from "../../platform/queue.js";
import type { Logger } from "../../platform/logger.js";
import { recordAudit } from "../audit/index.js";
import { findTag } from "../tags/index.js";
import { PRESENTING_TAG } from "../tags/tags.constants.js";
import { findTeam, setQueueFrozen, type TeamRecord } from "../teams/index.js";
import { findTenant } from "../tenants/index.js";
import { presentQuestion } from "./questions.presenter.js";
import type { QuestionEvents } from "./questions.events.js";
import type { QuestionLimits } from "./questions.limits.js";
import {
  addQuestionTag,
  deleteQuestion,
  findQuestion,
  lockQuestion,
  lockTeamTagHolder,
  removeQuestionTag,
  removeTagFromTeamQuestions,
  updateQuestion,
  type LockedQuestion,
  type QuestionRecord,
} from "./questions.repository.js";
import { snapshot } from "./questions.service.js";
import { normalizeBody } from "./questions.text.js";

export interface ModerationServiceDeps {
  db: Database;
  events: QuestionEvents;
  limits: QuestionLimits;
  queue: JobQueue;
  logger: Logger;
}

/**
 * What moderators of a team (and admins) do to its questions (CONTRACT §3): answer, pin, freeze,
 * tag, approve, reject, and freeze the whole queue. Each takes the question (or team) its route
 * loaded and authorised (questionPolicy.moderate). Each change is audited in its transaction,
 * decided on the row's locked state; events and the answered email follow the commit.
 */
export function createModerationService(deps: ModerationServiceDeps) {
  const { db, events, limits, queue, logger } = deps;

  async function reload(ctx: RequestContext, id: string): Promise<QuestionRecord> {
    const question = await findQuestion(db, ctx.tenant.id, id, ctx.user?.id ?? null);
    if (!question) throw errors.notFound("Question");
    return question;
  }

  /** Runs `change` in a transaction with the question row locked; returns what `change` returns. */
  function withLockedQuestion<T>(ctx: RequestContext, id: string, change: (trx: Knex.Transaction, locked: LockedQuestion) => Promise<T>): Promise<T> {
    return db.transaction(async (trx) => {
      const locked = await lockQuestion(trx, ctx.tenant.id, id);
      if (!locked) throw errors.notFound("Question");
      return change(trx, locked);
    });
  }

  async function answer(ctx: RequestContext, question: QuestionRecord, responseText: string) {
    const { id } = question;
    const user = signedInUser(ctx);
    if (question.isFrozen) throw errors.conflict("QUESTION_FROZEN", "This question is frozen: it takes no answer.");
    await limits.answers(ctx);
    const previousStatus = await withLockedQuestion(ctx, id, async (trx, locked) => {
      if (locked.isFrozen) throw errors.conflict("QUESTION_FROZEN", "This question is frozen: it takes no answer.");
      await updateQuestion(trx, ctx.tenant.id, id, { status: "ANSWERED", response_text: responseText, responder_id: user.id, responded_at: new Date() });
      await recordAudit(trx, ctx, {
        action: "question.answer",
        entityType: "question",
        entityId: id,
        before: { status: locked.status, responseText: question.responseText },
        after: { status: "ANSWERED", responseText },
        metadata: { edit: locked.status === "ANSWERED" },
      });
      return locked.status;
    });
    const answered = await reload(ctx, id);
    // Answering a question still in review publishes it: clients learn of it first.
    if (previousStatus === "UNDER_REVIEW") await events.created(answered);
    await events.answered(answered);
    if (previousStatus !== "ANSWERED") await notifyAuthor(ctx, answered, user.id);
    return presentQuestion(answered, ctx.user);
  }

  /**
   * SPEC: the answered email goes to the author (a signed-in user, so never a visitor) when
   * notifications are on. Decided here, once, from the settings as saved now (not the request's
   * tenant cache, which another instance may hold for a moment after a change); the worker does
   * not decide again, so a job queued is an email meant to go out. An anonymous question's job
   * is queued even when its author answered it (the worker skips that one), since a missing job
   * would tell admins who asked; its recipient is hidden from the queue's view (CONTRACT §3).
   */
  async function notifyAuthor(ctx: RequestContext, question: QuestionRecord, responderId: string): Promise<void> {
    if (!question.authorId || (question.authorId === responderId && !question.isAnonymous)) return;
    try {
      const settings = (await findTenant(db, ctx.tenant.id))?.settings ?? ctx.settings;
      if (!settings.features.enableEmailNotifications) return;
      await queue.add("question-answered", {
        tenantId: ctx.tenant.id,
        questionId: question.id,
        recipientUserId: question.authorId,
        hideRecipient: question.isAnonymous,
      });
    } catch (error) {
      logger.error({ err: { message: (error as Error).message }, questionId: question.id, requestId: ctx.requestId }, "answered email not queued");
    }
  }

  async function pin(ctx: RequestContext, { id }: QuestionRecord, pinned: boolean) {
    const changed = await withLockedQuestion(ctx, id, async (trx, locked) => {
      if (locked.isPinned === pinned) return false;
      await updateQuestion(trx, ctx.tenant.id, id, { is_pinned: pinned, pinned_at: pinned ? new Date() : null });
      await recordAudit(trx, ctx, {
        action: "question.pin",
        entityType: "question",
        entityId: id,
        before: { isPinned: locked.isPinned },
        after: { isPinned: pinned },
      });
      return true;
    });
    const question = await reload(ctx, id);
    if (changed) await events.pinned(question);
    return presentQuestion(question, ctx.user);
  }

  async function freezeQuestion(ctx: RequestContext, { id }: QuestionRecord, frozen: boolean) {
    const changed = await withLockedQuestion(ctx, id, async (trx, locked) => {
      if (locked.isFrozen === frozen) return false;
      await updateQuestion(trx, ctx.tenant.id, id, { is_frozen: frozen });
      await recordAudit(trx, ctx, {
        action: "question.freeze",
        entityType: "question",
        entityId: id,
        before: { isFrozen: locked.isFrozen },
        after: { isFrozen: frozen },
        metadata: { scope: "question" },
      });
      return true;
    });
    const question = await reload(ctx, id);
    if (changed) await events.questionFrozen(question);
    return presentQuestion(question, ctx.user);
  }

  async function freezeQueue(ctx: RequestContext, team: TeamRecord, frozen: boolean) {
    const teamId = team.id;
    if (team.queueFrozen === frozen) return team;
    const updated = await db.transaction(async (trx) => {
      const result = await setQueueFrozen(trx, ctx.tenant.id, teamId, frozen);
      if (!result) throw errors.notFound("Team");
      await recordAudit(trx, ctx, {
        action: "question.freeze",
        entityType: "team",
        entityId: teamId,
        before: { queueFrozen: team.queueFrozen },
        after: { queueFrozen: frozen },
        metadata: { scope: "queue" },
      });
      return result;
    });
    await events.queueFrozen(ctx.tenant.id, teamId, frozen);
    return updated;
  }

  /**
   * Adds or removes a tag. `Currently Presenting` is held by at most one question per team
   * (CONTRACT §8 "The room"): adding it takes it off the team's other questions in the same
   * transaction, each removal audited and announced as an untag. Those changes are serialised
   * per team, so two moderators presenting two questions at once still leave one holder.
   */
  async function setTag(ctx: RequestContext, { id }: QuestionRecord, tagId: string, add: boolean) {
    const tenantId = ctx.tenant.id;
    const tag = await findTag(db, tenantId, tagId);
    if (!tag) throw errors.notFound("Tag");
    const single = add && tag.name.toLowerCase() === PRESENTING_TAG.toLowerCase();
    const { changed, moved } = await withLockedQuestion(ctx, id, async (trx, locked) => {
      let moved: Awaited<ReturnType<typeof removeTagFromTeamQuestions>> = [];
      if (single) {
        await lockTeamTagHolder(trx, tenantId, locked.teamId, tagId);
        moved = await removeTagFromTeamQuestions(trx, tenantId, locked.teamId, tagId, id);
        for (const other of moved) {
          await recordAudit(trx, ctx, { action: "tag.remove", entityType: "question", entityId: other.id, metadata: { tagId, tagName: tag.name } });
        }
      }
      const done = add ? await addQuestionTag(trx, tenantId, id, tagId) : await removeQuestionTag(trx, tenantId, id, tagId);
      if (done) {
        await recordAudit(trx, ctx, { action: add ? "tag.add" : "tag.remove", entityType: "question", entityId: id, metadata: { tagId, tagName: tag.name } });
      }
      return { changed: done, moved };
    });
    for (const other of moved) await events.untagged(other, tagId);
    const question = await reload(ctx, id);
    if (changed) await (add ? events.tagged(question, tag) : events.untagged(question, tagId));
    return presentQuestion(question, ctx.user);
  }

  async function approve(ctx: RequestContext, question: QuestionRecord, editedBody?: string) {
    const { id } = question;
    const body = editedBody === undefined ? question.body : normalizeBody(editedBody, ctx.settings);
    await withLockedQuestion(ctx, id, async (trx, locked) => {
      if (locked.status !== "UNDER_REVIEW") throw errors.conflict("NOT_UNDER_REVIEW", "Only a question waiting for review can be approved.");
      await updateQuestion(trx, ctx.tenant.id, id, { status: "OPEN", body });
      await recordAudit(trx, ctx, {
        action: "question.approve",
        entityType: "question",
        entityId: id,
        // The original text stays here when a moderator edits while approving (SPEC).
        before: { body: question.body, status: locked.status },
        after: { body, status: "OPEN" },
        metadata: { edited: body !== question.body, ...(question.moderation ?? {}) },
      });
    });
    const approved = await reload(ctx, id);
    await events.created(approved);
    return presentQuestion(approved, ctx.user);
  }

  async function reject(ctx: RequestContext, question: QuestionRecord, reason?: string): Promise<void> {
    const { id } = question;
    await withLockedQuestion(ctx, id, async (trx, locked) => {
      if (locked.status !== "UNDER_REVIEW") throw errors.conflict("NOT_UNDER_REVIEW", "Only a question waiting for review can be rejected.");
      await deleteQuestion(trx, ctx.tenant.id, id);
      await recordAudit(trx, ctx, {
        action: "question.reject",
        entityType: "question",
        entityId: id,
        before: snapshot(question),
        metadata: { ...(reason ? { reason } : {}), ...(question.moderation ?? {}) },
      });
    });
  }

  return {
    /** The team whose queue a moderator freezes; 404 when the tenant has no such team. */
    team: async (ctx: RequestContext, teamId: string): Promise<TeamRecord> => {
      const team = await findTeam(db, ctx.tenant.id, teamId);
      if (!team) throw errors.notFound("Team");
      return team;
    },
    answer,
    pin,
    freezeQuestion,
    freezeQueue,
    tag: (ctx: RequestContext, question: QuestionRecord, tagId: string) => setTag(ctx, question, tagId, true),
    untag: (ctx: RequestContext, question: QuestionRecord, tagId: string) => setTag(ctx, question, tagId, false),
    approve,
    reject,
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
