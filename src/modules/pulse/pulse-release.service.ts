import { randomInt } from "node:crypto";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import { createSealer, type SealedValue, type Sealer } from "../../platform/sealed-box.js";
import { DEFAULT_TENANT_SETTINGS } from "../settings/settings.schema.js";
import { releaseDay } from "./pulse.calendar.js";
import {
  countUnopenable,
  findWaitingGroup,
  insertReleasedBatch,
  insertWaitingResponse,
  listRowsToSeal,
  listReadyGroups,
  lockGroup,
  replaceSeal,
  takeWaitingResponses,
  type ResponseGroup,
} from "./pulse-release.repository.js";

/**
 * Batch release (CONTRACT §5): an answer waits, sealed, until its (question, team) group has k
 * waiting answers; then all of them are released together, shuffled, dated on the day of
 * release, by a transaction that touches no invite. Every (question, team, week) cell of the
 * released responses therefore holds 0 or at least k answers, so no figure, and no difference
 * of figures, is ever about fewer than k people.
 *
 * Releases are attempted right after an answer is stored and by a sweep every few seconds on
 * every instance (answers whose release failed, a lowered threshold, carried-over answers).
 * A per-group advisory lock and the delete that takes the waiting rows make a batch go out once,
 * however many instances try at the same moment.
 */
export interface PulseReleaser {
  /** Seals a score for the waiting table (called inside the transaction that consumes the invite). */
  storeWaiting(trx: Parameters<typeof insertWaitingResponse>[0], group: ResponseGroup, score: number): Promise<void>;
  /** Releases the group if it has reached its threshold; returns the number of responses released. */
  releaseIfReady(group: ResponseGroup): Promise<number>;
  /** Seals carried-over scores, re-seals answers sealed by an older secret, releases every group that is ready. */
  sweep(): Promise<{ released: number; batches: number }>;
}

/** Additional data bound into each seal: a sealed score only opens as an answer to its own question. */
const sealContext = (questionId: string) => `pulse-answer:${questionId}`;

/** A score sealed for the waiting table (the seed writes its unreleased history with this too). */
export function sealAnswer(sealer: Sealer, tenantId: string, questionId: string, score: number): SealedValue {
  return sealer.seal(tenantId, sealContext(questionId), Buffer.from([score]));
}

/** The score of a sealed waiting answer, or null when it cannot be opened with the sealer's secrets. */
export function openAnswer(sealer: Sealer, tenantId: string, questionId: string, box: SealedValue): number | null {
  const value = sealer.open(tenantId, sealContext(questionId), box);
  const score = value?.length === 1 ? value[0] : undefined;
  return score !== undefined && score >= 1 && score <= 5 ? score : null;
}

/** The sealer of waiting answers: keys derived from the server secrets, scoped per tenant. */
export function createPulseSealer(secrets: string[]): Sealer {
  return createSealer("pulse-waiting-responses", secrets);
}

const DEFAULT_THRESHOLD = DEFAULT_TENANT_SETTINGS.pulse.anonThreshold;
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

class NotReady extends Error {}

export function createPulseReleaser(deps: { db: Database; sealer: Sealer; clock: Clock; logger: Logger }): PulseReleaser {
  const { db, sealer, clock, logger } = deps;
  let warnedUnopenable = -1;

  const openScore = (group: ResponseGroup, row: SealedValue): number | null => openAnswer(sealer, group.tenantId, group.questionId, row);

  async function release(group: ResponseGroup, threshold: number): Promise<number> {
    try {
      return await db.transaction(async (trx) => {
        await lockGroup(trx, group);
        const rows = await takeWaitingResponses(trx, group, sealer.keyIds);
        const scores: number[] = [];
        for (const row of rows) {
          const score = openScore(group, row);
          // An altered box cannot be counted; it is dropped with the batch rather than kept forever.
          if (score === null) logger.error({ tenantId: group.tenantId }, "a waiting pulse answer could not be opened (altered?); it is not counted");
          else scores.push(score);
        }
        // Another instance released first, or some answers were unreadable: put everything back.
        if (scores.length < threshold) throw new NotReady();
        await insertReleasedBatch(trx, group, shuffled(scores), releaseDay(clock.now()));
        return scores.length;
      });
    } catch (error) {
      if (error instanceof NotReady) return 0;
      throw error;
    }
  }

  return {
    async storeWaiting(trx, group, score) {
      await insertWaitingResponse(trx, group, sealAnswer(sealer, group.tenantId, group.questionId, score));
    },

    async releaseIfReady(group) {
      const waiting = await findWaitingGroup(db, group, sealer.keyIds, DEFAULT_THRESHOLD);
      if (waiting.openable < waiting.threshold) return 0;
      const released = await release(group, waiting.threshold);
      if (released > 0) logger.info({ tenantId: group.tenantId, responses: released }, "pulse responses released");
      return released;
    },

    async sweep() {
      await resealOlder();
      let released = 0;
      let batches = 0;
      for (const group of await listReadyGroups(db, sealer.keyIds, DEFAULT_THRESHOLD)) {
        const count = await release(group, group.threshold);
        if (count > 0) {
          released += count;
          batches += 1;
        }
      }
      if (released > 0) logger.info({ responses: released, batches }, "pulse responses released");
      const unopenable = await countUnopenable(db, sealer.keyIds);
      if (unopenable > 0 && unopenable !== warnedUnopenable) {
        logger.warn({ answers: unopenable }, "waiting pulse answers are sealed with a secret this server does not have (SESSION_SECRET rotated without SESSION_SECRET_PREVIOUS); they cannot be released");
      }
      warnedUnopenable = unopenable;
      return { released, batches };
    },
  };

  /** Carried-over plain scores get sealed; answers sealed with a previous secret move to the current one. */
  async function resealOlder(): Promise<void> {
    const olderKeyIds = sealer.keyIds.filter((keyId) => keyId !== sealer.keyId);
    for (;;) {
      const rows = await listRowsToSeal(db, olderKeyIds, RESEAL_BATCH);
      if (rows.length === 0) return;
      const resealed = await db.transaction(async (trx) => {
        let count = 0;
        for (const row of rows) {
          const group = { tenantId: row.tenantId, questionId: row.questionId, teamId: null };
          const score = row.legacyScore ?? (row.keyId && row.sealed ? openScore(group, { keyId: row.keyId, sealed: row.sealed }) : null);
          if (score === null) continue;
          await replaceSeal(trx, row.id, sealAnswer(sealer, row.tenantId, row.questionId, score));
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
