import { createHash } from "node:crypto";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import type { Logger } from "../../platform/logger.js";
import type { Sealer } from "../../platform/sealed-box.js";
import { findTenant } from "../tenants/index.js";
import { listPulseQuestions } from "./pulse.admin.repository.js";
import { COMMENT_WINDOW_MS } from "./pulse.comments.service.js";
import { listFollowUpUses, recordFollowUpAnswer } from "./pulse.comments.repository.js";
import { isScoreOnScale, type PulseScale } from "./pulse.constants.js";
import { readCapability, type ConversationGrant } from "./pulse.conversation-capability.js";
import type { PulseReleaser } from "./pulse.release.service.js";
import { invalidScore } from "./pulse.respond.service.js";
import { sealAnswer } from "./pulse.sealing.js";

/** CONTRACT §5: after the tapped answer, up to two more of the tenant's questions. */
export const FOLLOW_UPS_OFFERED = 2;

export interface FollowUp {
  questionId: string;
  text: string;
  scale: PulseScale;
  answered: boolean;
}

const useHash = (grant: ConversationGrant, questionId: string) => createHash("sha256").update(grant.secret).update(`follow-up:${questionId}`).digest("hex");

/**
 * Follow-up questions (CONTRACT §5): with the conversation capability of their answer, the
 * respondent may answer up to two more of the tenant's active questions that apply to their team,
 * the ones after the asked question in creation order (the rotation order), within the same day.
 * Each is its own anonymous answer: sealed and waiting in its own (question, team) group, counting
 * toward k as the first answer does, released in that group's batch. Nothing links it to the
 * first answer or the invite: a follow-up answer is remembered only as the hash of (the
 * capability's secret, the question), so it is answered once.
 */
export function createPulseFollowUps(deps: { db: Database; sealer: Sealer; clock: Clock; releaser: PulseReleaser; logger: Logger }) {
  const { db, sealer, clock, releaser, logger } = deps;

  async function offeredQuestions(grant: ConversationGrant) {
    const applying = (await listPulseQuestions(db, grant.tenantId)).filter(
      (question) => question.active && (question.teamId === null || question.teamId === grant.teamId),
    );
    const asked = applying.findIndex((question) => question.id === grant.questionId);
    // The ones after the asked question, wrapping round; the asked one is never offered again.
    const rotated = [...applying.slice(asked + 1), ...applying.slice(0, Math.max(asked, 0))].filter((question) => question.id !== grant.questionId);
    return rotated.slice(0, FOLLOW_UPS_OFFERED);
  }

  const open = (grant: ConversationGrant) => clock.now().getTime() - grant.issuedAt.getTime() < COMMENT_WINDOW_MS;

  return {
    /** The follow-ups of a capability, answered or not; none once the day has passed or for a forged one. */
    async offered(capability: unknown): Promise<FollowUp[]> {
      const grant = readCapability(sealer, capability);
      if (!grant || !open(grant)) return [];
      const questions = await offeredQuestions(grant);
      const used = await listFollowUpUses(
        db,
        questions.map((question) => useHash(grant, question.id)),
      );
      return questions.map((question) => ({
        questionId: question.id,
        text: question.text,
        scale: question.scale,
        answered: used.has(useHash(grant, question.id)),
      }));
    },

    async answer(capability: unknown, questionId: string, score: number): Promise<void> {
      const grant = readCapability(sealer, capability);
      if (!grant) throw errors.notFound("Conversation");
      if (!open(grant)) throw errors.conflict("FOLLOW_UPS_CLOSED", "More questions can be answered only on the day of your answer.");
      const question = (await offeredQuestions(grant)).find((offered) => offered.id === questionId);
      if (!question) throw errors.notFound("Follow-up question");
      if (!isScoreOnScale(question.scale, score)) throw invalidScore(question.scale);
      const box = sealAnswer(sealer, score);
      const expiresOn = new Date(grant.issuedAt.getTime() + COMMENT_WINDOW_MS + 86_400_000).toISOString().slice(0, 10);
      const group = { tenantId: grant.tenantId, questionId, teamId: grant.teamId };
      const recorded = await db.transaction((trx) =>
        recordFollowUpAnswer(trx, { useHash: useHash(grant, questionId), expiresOn, group, box, established: grant.established }),
      );
      if (!recorded) throw errors.conflict("FOLLOW_UP_ANSWERED", "This question was answered already.");
      // The answer is stored; a group it completes goes out now (else the sweep retries within seconds).
      const tenant = await findTenant(db, grant.tenantId);
      if (tenant) {
        await releaser
          .release(group, tenant.settings.pulse.anonThreshold)
          .catch((error) => logger.error({ err: error }, "pulse release after a follow-up answer failed; the sweep retries"));
      }
    },
  };
}

export type PulseFollowUps = ReturnType<typeof createPulseFollowUps>;
