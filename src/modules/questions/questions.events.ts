import type { z } from "zod";
import type { EventBus } from "../../platform/events.js";
import { liveEventPublisher, LiveEventRefused } from "../../platform/live-events.js";
import type { Logger } from "../../platform/logger.js";
import { cacheScope, type SharedReadCache } from "../../platform/read-cache.js";
import type { PublishWebhookEvent, WebhookEventData } from "../webhooks/index.js";
import { presentQuestion } from "./questions.presenter.js";
import type { QuestionRecord } from "./questions.repository.js";
import { questionEventSchemas, type QuestionEventSchemas } from "./questions.events.schemas.js";
import { createUpvoteCoalescer } from "./questions.upvote-coalescer.js";

/**
 * The live events of the Q&A queue (CONTRACT §4; their schemas in questions.events.schemas.ts),
 * published after the change committed. Nothing of an UNDER_REVIEW question goes out, and no
 * payload carries an anonymous author.
 * Each call first tells the shared read cache that the tenant's questions changed (whether or not
 * an event goes out), so the next board read on any instance is built anew.
 */
export function createQuestionEvents(
  bus: EventBus,
  logger: Logger,
  /** A question's upvote count now (null when gone or under review): coalesced vote events read it when their window ends. */
  currentUpvoteCount: (tenantId: string, questionId: string) => Promise<number | null>,
  cache: SharedReadCache,
  /** The tenant's outgoing webhooks (CONTRACT §11): created, answered and deleted, of visible questions only. */
  webhooks?: PublishWebhookEvent,
) {
  const changed = (tenantId: string) => cache.changed(cacheScope.questions(tenantId));
  const publish = liveEventPublisher(bus, questionEventSchemas);
  async function emit<Type extends keyof QuestionEventSchemas>(tenantId: string, type: Type, data: z.input<QuestionEventSchemas[Type]>): Promise<void> {
    try {
      await publish(tenantId, type, data);
    } catch (error) {
      // The change is committed either way: a lost live event only means clients refresh a bit later.
      if (error instanceof LiveEventRefused) logger.error({ err: { message: error.message }, tenantId, eventType: type }, "live event refused");
      else logger.warn({ err: { message: (error as Error).message }, tenantId, eventType: type }, "live event not published");
    }
  }

  const visible = (question: Pick<QuestionRecord, "status">) => question.status !== "UNDER_REVIEW";
  const upvotes = createUpvoteCoalescer({
    publish: (tenantId, questionId, upvoteCount) => emit(tenantId, "question:upvoted", { questionId, upvoteCount }),
    currentCount: currentUpvoteCount,
    onError: (error) => logger.warn({ err: { message: (error as Error).message } }, "upvote count not read for its live event"),
  });

  // Beyond SPEC's fields, so a board of 2,000 people need not fetch each new question:
  // the author (null when anonymous: it never goes out) and the tags.
  const emitCreated = (question: QuestionRecord) =>
    emit(question.tenantId, "question:created", {
      id: question.id,
      body: question.body,
      teamId: question.teamId,
      status: question.status,
      upvoteCount: question.upvoteCount,
      submittedAt: question.submittedAt,
      isAnonymous: question.isAnonymous,
      author: question.isAnonymous || !question.authorId || !question.authorName ? null : { id: question.authorId, name: question.authorName },
      tags: question.tags,
    });
  /** The question as the public API shows it to anyone but its author: an anonymous author is not there. */
  const outgoing = (question: QuestionRecord): WebhookEventData<"question.created"> => {
    const view = presentQuestion(question, null);
    return {
      id: view.id,
      teamId: view.teamId,
      body: view.body,
      status: view.status,
      isAnonymous: view.isAnonymous,
      author: view.author,
      submittedAt: view.submittedAt,
      upvoteCount: view.upvoteCount,
      tags: view.tags,
      responseText: view.responseText,
      respondedAt: view.respondedAt,
    };
  };
  const emitDeleted = (question: QuestionRecord) => emit(question.tenantId, "question:deleted", { id: question.id, teamId: question.teamId });

  return {
    async created(question: QuestionRecord) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await emitCreated(question);
      await webhooks?.(question.tenantId, "question.created", outgoing(question));
    },
    async updated(question: QuestionRecord) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await emit(question.tenantId, "question:updated", { id: question.id, body: question.body, teamId: question.teamId });
    },
    async deleted(question: QuestionRecord) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await emitDeleted(question);
      await webhooks?.(question.tenantId, "question.deleted", { id: question.id, teamId: question.teamId });
    },
    /** Coalesced (CONTRACT §4): at most one event per question per 250 ms, with the latest count. */
    async upvoted(question: Pick<QuestionRecord, "id" | "tenantId" | "status">, upvoteCount: number) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await upvotes.upvoted(question.tenantId, question.id, upvoteCount);
    },
    async answered(question: QuestionRecord) {
      await changed(question.tenantId);
      await emit(question.tenantId, "question:answered", { id: question.id, status: question.status, responseText: question.responseText });
      await webhooks?.(question.tenantId, "question.answered", outgoing(question));
    },
    /**
     * An answered question back to OPEN: it leaves every Answered list and arrives in the Open
     * ones, told with the two events clients already apply (no client needs a new event for it).
     */
    async reopened(question: QuestionRecord) {
      await changed(question.tenantId);
      await emitDeleted(question);
      await emitCreated(question);
    },
    async tagged(question: QuestionRecord, tag: { id: string; name: string; color: string }) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await emit(question.tenantId, "question:tagged", { questionId: question.id, tag: { id: tag.id, name: tag.name, color: tag.color } });
    },
    async untagged(question: Pick<QuestionRecord, "id" | "tenantId" | "status">, tagId: string) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await emit(question.tenantId, "question:untagged", { questionId: question.id, tagId });
    },
    async pinned(question: QuestionRecord) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await emit(question.tenantId, "question:pinned", { id: question.id, isPinned: question.isPinned });
    },
    async questionFrozen(question: QuestionRecord) {
      await changed(question.tenantId);
      if (!visible(question)) return;
      await emit(question.tenantId, "question:frozen", { scope: "question", id: question.id, isFrozen: question.isFrozen });
    },
    async queueFrozen(tenantId: string, teamId: string, frozen: boolean) {
      await cache.changed(cacheScope.teams(tenantId));
      await emit(tenantId, "question:frozen", { scope: "queue", teamId, frozen });
    },
  };
}

export type QuestionEvents = ReturnType<typeof createQuestionEvents>;
