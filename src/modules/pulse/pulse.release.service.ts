import { randomInt } from "node:crypto";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import { createSealer, type SealedValue, type Sealer } from "../../platform/sealed-box.js";
import { DEFAULT_TENANT_SETTINGS } from "../../platform/tenant-settings.js";
import { releaseDay } from "./pulse.calendar.js";
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
 * Releases are attempted right after the answer that completes a group is stored, and by a sweep
 * every few seconds on every instance (answers whose release failed or was skipped, a lowered
 * threshold, carried-over answers). A per-group advisory lock and a release statement that
 * takes exactly the rows it read, or nothing, make a batch go out once, however many instances
 * try at the same moment.
 */
export interface PulseReleaser {
  /** Key ids this server can open (a group's count of releasable answers counts only these). */
  readonly keyIds: string[];
  /** A score sealed for the waiting table. */
  seal(score: number): SealedValue;
  /**
   * Releases the group's waiting answers as one batch when at least `threshold` can be opened;
   * returns how many were released (0 when another connection is releasing it right now).
   */
  release(group: ResponseGroup, threshold: number): Promise<number>;
  /** Seals carried-over scores, re-seals answers sealed by an older secret, releases every group that is ready. */
  sweep(): Promise<{ released: number; batches: number }>;
}

/**
 * One key per server secret, not per tenant: an answer is sealed before the statement that
 * consumes its invite tells which tenant and question it belongs to, so that answering is one
 * round trip. Confidentiality is the same (every tenant's key would come from the one secret);
 * only moving sealed values between rows, which needs write access to the database, goes undetected.
 */
const SEAL_SCOPE = "server";
const SEAL_CONTEXT = "pulse-answer";

/** A score sealed for the waiting table (the seed writes its unreleased history with this too). */
export function sealAnswer(sealer: Sealer, score: number): SealedValue {
  return sealer.seal(SEAL_SCOPE, SEAL_CONTEXT, Buffer.from([score]));
}

/** The score of a sealed waiting answer, or null when it cannot be opened with the sealer's secrets. */
export function openAnswer(sealer: Sealer, box: SealedValue): number | null {
  const value = sealer.open(SEAL_SCOPE, SEAL_CONTEXT, box);
  const score = value?.length === 1 ? value[0] : undefined;
  return score !== undefined && score >= 1 && score <= 5 ? score : null;
}

/** The sealer of waiting answers: its keys are derived from the server secrets (see SEAL_SCOPE). */
export function createPulseSealer(secrets: string[]): Sealer {
  return createSealer("pulse-waiting-responses", secrets);
}

export const DEFAULT_THRESHOLD = DEFAULT_TENANT_SETTINGS.pulse.anonThreshold;
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

export function createPulseReleaser(deps: { db: Database; sealer: Sealer; clock: Clock; logger: Logger }): PulseReleaser {
  const { db, sealer, clock, logger } = deps;
  let warnedUnopenable = -1;

  /**
   * Reads and opens the group's waiting answers, then releases them with one statement that takes
   * exactly those rows (see releaseBatch): no transaction stays open while this process works.
   */
  async function release(group: ResponseGroup, threshold: number): Promise<number> {
    const rows = await listWaitingAnswers(db, group, sealer.keyIds);
    const ids: string[] = [];
    const scores: number[] = [];
    for (const row of rows) {
      const score = openAnswer(sealer, row);
      // An altered box cannot be counted; it stays where it is and is reported.
      if (score === null) logger.error({ tenantId: group.tenantId }, "a waiting pulse answer could not be opened (altered?); it is not counted");
      else {
        ids.push(row.id);
        scores.push(score);
      }
    }
    if (scores.length < threshold) return 0;
    try {
      return await releaseBatch(db, group, ids, shuffled(scores), releaseDay(clock.now()));
    } catch (error) {
      // Another release took some of these rows first: the batch went out, once, with it.
      if (isBatchChanged(error)) return 0;
      throw error;
    }
  }

  return {
    keyIds: sealer.keyIds,
    seal: (score) => sealAnswer(sealer, score),

    async release(group, threshold) {
      const released = await release(group, threshold);
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
        logger.warn(
          { answers: unopenable },
          "waiting pulse answers are sealed with a secret this server does not have (SESSION_SECRET rotated without SESSION_SECRET_PREVIOUS); they cannot be released",
        );
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
          const score = row.legacyScore ?? (row.keyId && row.sealed ? openAnswer(sealer, { keyId: row.keyId, sealed: row.sealed }) : null);
          if (score === null) continue;
          await replaceSeal(trx, row.id, sealAnswer(sealer, score));
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
