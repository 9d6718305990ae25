import { randomInt } from "node:crypto";
import type { Clock } from "../../platform/clock.js";
import type { Database, Executor } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import type { Sealer } from "../../platform/sealed-box.js";
import type { PublishWebhookEvent } from "../webhooks/index.js";
import { findPulseQuestion } from "./pulse.admin.repository.js";
import { releaseDay, utcWeekStart } from "./pulse.calendar.js";
import { DEFAULT_THRESHOLD, openAnswerBox, openComment, resealAnswer, sealAnswer } from "./pulse.sealing.js";
import { deleteExpiredFollowUpUses, insertReleasedComments, takeWaitingComments } from "./pulse.comments.repository.js";
import type { HeldAnswers } from "./pulse.held-answers.service.js";
import {
  countUnopenable,
  isBatchChanged,
  listReadyGroups,
  listRowsToSeal,
  listWaitingAnswers,
  releaseBatch,
  replaceSeal,
  type ResponseGroup,
} from "./pulse.release.repository.js";

/**
 * Batch release (CONTRACT §5): an answer waits, sealed, until its (question, team) group has k
 * waiting answers; then all of them are released together, shuffled, dated on the day of
 * release, by a transaction that touches no invite. Every (question, team, week) cell of the
 * released responses therefore holds 0 or at least k answers, so no figure, and no difference
 * of figures, is ever about fewer than k people.
 *
 * Releases are attempted right after the answer that completes a group is committed, and by a sweep
 * every few seconds on every instance (answers whose release failed or was skipped, a lowered
 * threshold, carried-over answers). A per-group advisory lock and a release statement that
 * takes exactly the rows it read, or nothing, make a batch go out once, however many instances
 * try at the same moment.
 */
export interface PulseReleaser {
  /**
   * Releases the group's waiting answers as one batch when at least `threshold` can be opened;
   * returns how many were released (0 when another connection is releasing it right now).
   */
  release(group: ResponseGroup, threshold: number): Promise<number>;
  /**
   * Commits held answers whose scanner window has passed, seals carried-over scores, re-seals
   * answers sealed by an older secret, releases every group that is ready. `tenantIds` narrows
   * the commit and the release to those tenants (tests, whose tenants share one database).
   */
  sweep(options?: { tenantIds?: string[] }): Promise<{ released: number; batches: number }>;
}

export { createPulseSealer, DEFAULT_THRESHOLD, openAnswer, sealAnswer } from "./pulse.sealing.js";
const RESEAL_BATCH = 500;

/** Fisher–Yates with a cryptographic source: the stored order must not follow the order of answering. */
function shuffled<T>(items: T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

export function createPulseReleaser(deps: {
  db: Database;
  sealer: Sealer;
  clock: Clock;
  logger: Logger;
  /** Answers held against link scanners join their groups here once their window has passed. */
  heldAnswers: Pick<HeldAnswers, "commitDue">;
  /** The tenant's outgoing webhooks (CONTRACT §11): a released batch's count and average, nothing of one answer. */
  webhooks?: PublishWebhookEvent;
}): PulseReleaser {
  const { db, sealer, clock, logger } = deps;
  let warnedUnopenable = -1;

  /**
   * Reads and opens the group's waiting answers, then releases them with one statement that takes
   * exactly those rows (see releaseBatch): no transaction stays open while this process works.
   * Only answers of established invitees count toward k (CONTRACT §5); the others go out with
   * the batch they wait in.
   */
  async function release(group: ResponseGroup, threshold: number): Promise<number> {
    const rows = await listWaitingAnswers(db, group, sealer.keyIds);
    const ids: string[] = [];
    const scores: number[] = [];
    const conversations: string[] = [];
    let counting = 0;
    for (const row of rows) {
      const answer = openAnswerBox(sealer, row);
      // An altered box cannot be counted; it stays where it is and is reported.
      if (answer === null) logger.error({ tenantId: group.tenantId }, "a waiting pulse answer could not be opened (altered?); it is not counted");
      else {
        ids.push(row.id);
        scores.push(answer.score);
        if (answer.conversationRef) conversations.push(answer.conversationRef.toString("hex"));
        if (row.established) counting += 1;
      }
    }
    if (counting < threshold) return 0;
    const day = releaseDay(clock.now());
    let released: number;
    try {
      // The batch's comments go out in the same transaction, under the group's lock that the
      // release takes: a comment is released with its answer or still waits with it, never apart.
      released = await db.transaction(async (trx) => {
        const count = await releaseBatch(trx, group, ids, shuffled(scores), day);
        if (count > 0) await releaseComments(trx, group, conversations, utcWeekStart(day));
        return count;
      });
    } catch (error) {
      // Another release took some of these rows first: the batch went out, once, with it.
      if (isBatchChanged(error)) return 0;
      throw error;
    }
    if (released > 0) await announceBatch(group, scores, utcWeekStart(day));
    return released;
  }

  /**
   * Tells the tenant's webhooks of a released batch: how many answers and their average, figures
   * of at least k answers, as the summary shows them; never a score, a time or an order of one.
   */
  async function announceBatch(group: ResponseGroup, scores: number[], week: string): Promise<void> {
    if (!deps.webhooks) return;
    try {
      const question = await findPulseQuestion(db, group.tenantId, group.questionId);
      if (!question) return;
      const average = Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 100) / 100;
      await deps.webhooks(group.tenantId, "pulse.batch_released", {
        questionId: group.questionId,
        question: question.text,
        teamId: group.teamId,
        week,
        count: scores.length,
        average,
      });
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message }, tenantId: group.tenantId }, "released pulse batch not announced to webhooks");
    }
  }

  return {
    async release(group, threshold) {
      const released = await release(group, threshold);
      if (released > 0) logger.info({ tenantId: group.tenantId, responses: released }, "pulse responses released");
      return released;
    },

    async sweep(options = {}) {
      await deps.heldAnswers.commitDue(options.tenantIds);
      await resealOlder();
      let released = 0;
      let batches = 0;
      for (const group of await listReadyGroups(db, sealer.keyIds, DEFAULT_THRESHOLD, options.tenantIds)) {
        const count = await release(group, group.threshold);
        if (count > 0) {
          released += count;
          batches += 1;
        }
      }
      if (released > 0) logger.info({ responses: released, batches }, "pulse responses released");
      const unopenable = await countUnopenable(db, sealer.keyIds);
      if (unopenable > 0 && unopenable !== warnedUnopenable) {
        logger.warn(
          { answers: unopenable },
          "waiting pulse answers are sealed with a secret this server does not have (SESSION_SECRET rotated without SESSION_SECRET_PREVIOUS); they cannot be released",
        );
      }
      warnedUnopenable = unopenable;
      // Follow-up answers are remembered only for their day (pulse.follow-ups.service.ts).
      await deleteExpiredFollowUpUses(db, clock.now().toISOString().slice(0, 10));
      return { released, batches };
    },
  };

  /** Moves the waiting comments of these conversations to the released ones, shuffled. */
  async function releaseComments(trx: Executor, group: ResponseGroup, conversationHashes: string[], week: string): Promise<void> {
    const waiting = await takeWaitingComments(trx, group.tenantId, conversationHashes);
    const comments: Array<{ conversationHash: string; body: string }> = [];
    for (const comment of waiting) {
      const body = openComment(sealer, comment.box);
      if (body === null) logger.error({ tenantId: group.tenantId }, "a waiting pulse comment could not be opened (altered?); it is dropped");
      else comments.push({ conversationHash: comment.conversationHash, body });
    }
    await insertReleasedComments(trx, group, week, shuffled(comments));
  }

  /** Carried-over plain scores get sealed; answers sealed with a previous secret move to the current one. */
  async function resealOlder(): Promise<void> {
    const olderKeyIds = sealer.keyIds.filter((keyId) => keyId !== sealer.keyId);
    for (;;) {
      const rows = await listRowsToSeal(db, olderKeyIds, RESEAL_BATCH);
      if (rows.length === 0) return;
      const resealed = await db.transaction(async (trx) => {
        let count = 0;
        for (const row of rows) {
          const box =
            row.legacyScore !== null
              ? sealAnswer(sealer, row.legacyScore)
              : row.keyId && row.sealed
                ? resealAnswer(sealer, { keyId: row.keyId, sealed: row.sealed })
                : null;
          if (box === null) continue;
          await replaceSeal(trx, row.id, box);
          count += 1;
        }
        return count;
      });
      // Rows that cannot be opened stay as they are (and are reported by the sweep).
      if (rows.length < RESEAL_BATCH || resealed === 0) return;
    }
  }
}

/** How often every instance looks for groups to release; CONTRACT §5 allows 30 s from the k-th answer. */
export const RELEASE_SWEEP_MS = 10_000;

/**
 * Runs the release sweep now (carried-over scores are sealed before anything else) and then
 * every `intervalMs`, on every instance whatever SCHEDULER says. Returns a stop function that
 * waits for a running sweep.
 */
export function startReleaseSweeps(releaser: PulseReleaser, logger: Logger, intervalMs = RELEASE_SWEEP_MS): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (current || stopped) return;
    current = releaser
      .sweep()
      .then(
        () => undefined,
        (error) => logger.error({ err: error }, "pulse release sweep failed"),
      )
      .finally(() => {
        current = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
