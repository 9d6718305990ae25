import type { Clock } from "../../platform/clock.js";
import type { Database, Executor } from "../../platform/db.js";
import type { Sealer } from "../../platform/sealed-box.js";
import {
  commitHeldAnswers,
  deleteHeldAnswer,
  deleteSettledDisputes,
  disputeHeldAnswer,
  findHeldAnswer,
  holdAnswer,
  holdFirstTap,
} from "./pulse.held.repository.js";
import { lockOpenInvite, type LockedInvite } from "./pulse.responses.repository.js";
import { conversationRef, newConversationSecret } from "./pulse.conversation-capability.js";
import type { ResponseGroup } from "./pulse.release.repository.js";
import { DEFAULT_THRESHOLD, openAnswer, sealAnswer } from "./pulse.sealing.js";

/** CONTRACT §5: a scanner opens the links of one e-mail within seconds; a person taps one. */
export const SCANNER_WINDOW_MS = 60_000;

/**
 * `received`: the score is held and will count once no other score of the invite comes within
 * the window. `unconfirmed`: different scores came within the window (a scanner opening every
 * link), nothing is kept and the invite stays open until `retryAt`. `invalid`: no open invite.
 */
export type Receipt =
  | { outcome: "received"; tenantId: string; committed: CommittedGroup[]; conversation: HeldConversation | null }
  | { outcome: "unconfirmed"; tenantId: string; retryAt: Date }
  | { outcome: "invalid"; committed: CommittedGroup[] };

export type CommittedGroup = ResponseGroup & { counting: number; threshold: number };

/**
 * The conversation this request's answer was sealed with (its secret's hash is in the answer's
 * box); null when the request only repeated the score already held, whose box has another one.
 */
export interface HeldConversation {
  secret: Buffer;
  invite: LockedInvite;
}

export interface HeldAnswers {
  /** One tap (or one scanner's request) with a valid score. */
  receive(token: string, score: number): Promise<Receipt>;
  /** Commits the answers whose window has passed (of every tenant, or of `tenantIds`); returns the groups that got answers. */
  commitDue(tenantIds?: string[]): Promise<CommittedGroup[]>;
}

/**
 * The hold between a tap and its answer (CONTRACT §5 "Link scanners"). Requests of one token go
 * one at a time (the invite's row lock). A held score is sealed as a waiting answer is, and
 * moves into the waiting table as it is, so no score is ever readable from the database.
 * `windowMs` 0 commits a tap at once (tests of what follows an answer).
 */
export function createHeldAnswers(deps: { db: Database; sealer: Sealer; clock: Clock; windowMs?: number }): HeldAnswers {
  const { db, sealer, clock } = deps;
  const windowMs = deps.windowMs ?? SCANNER_WINDOW_MS;
  const commit = (executor: Executor, now: Date, only: { inviteId?: string; tenantIds?: string[] }) =>
    commitHeldAnswers(executor, {
      quietSince: new Date(now.getTime() - windowMs),
      now,
      ...only,
      openableKeyIds: sealer.keyIds,
      defaultThreshold: DEFAULT_THRESHOLD,
    });

  return {
    async receive(token, score) {
      const now = clock.now();
      const secret = newConversationSecret();
      const box = sealAnswer(sealer, score, conversationRef(secret));
      // The usual case, a first tap, is one statement; anything else is decided under the invite's lock.
      const first = await holdFirstTap(db, { token, now, box });
      if (first) {
        const committed = windowMs === 0 ? await commit(db, now, { inviteId: first.id }) : [];
        return { outcome: "received", tenantId: first.tenantId, committed, conversation: { secret, invite: first } };
      }
      const quietSince = new Date(now.getTime() - windowMs);
      return db.transaction(async (trx): Promise<Receipt> => {
        const invite = await lockOpenInvite(trx, token, now);
        if (!invite) return { outcome: "invalid", committed: [] };
        let held = await findHeldAnswer(trx, invite);
        if (held && held.lastRequestAt <= quietSince) {
          // The window of what was held has passed: a score is the answer of record (the sweep
          // had not come yet), and this request finds the invite used; a dispute is over.
          if (!held.disputed) return { outcome: "invalid", committed: await commit(trx, now, { inviteId: invite.id }) };
          await deleteHeldAnswer(trx, invite);
          held = null;
        }
        if (!held) {
          await holdAnswer(trx, invite, box, now);
          const committed = windowMs === 0 ? await commit(trx, now, { inviteId: invite.id }) : [];
          return { outcome: "received", tenantId: invite.tenantId, committed, conversation: { secret, invite } };
        }
        if (!held.disputed && openAnswer(sealer, held.box) === score) {
          return { outcome: "received", tenantId: invite.tenantId, committed: [], conversation: null };
        }
        // A second, different score within the window: a scanner (or a change of mind, which
        // cannot be told apart). Keep neither.
        await disputeHeldAnswer(trx, invite, now);
        return { outcome: "unconfirmed", tenantId: invite.tenantId, retryAt: new Date(now.getTime() + windowMs) };
      });
    },

    async commitDue(tenantIds) {
      const now = clock.now();
      const committed = await commit(db, now, { tenantIds });
      await deleteSettledDisputes(db, new Date(now.getTime() - windowMs), tenantIds);
      return committed;
    },
  };
}
