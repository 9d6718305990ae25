import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { AppError, errors } from "../../platform/errors.js";
import { findTenant } from "../tenants/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { isUuid } from "../../platform/validation.js";
import { findPulseQuestion } from "./pulse.admin.repository.js";
import type { Logger } from "../../platform/logger.js";
import type { Sealer } from "../../platform/sealed-box.js";
import { conversationRef, issueCapability, newConversationSecret } from "./pulse.conversation-capability.js";
import { answerAtOnce } from "./pulse.direct-answer.repository.js";
import { DEFAULT_THRESHOLD, sealAnswer } from "./pulse.sealing.js";
import type { CommittedGroup, HeldAnswers } from "./pulse.held-answers.service.js";
import type { PulsePrivacy, PulsePrivacyService } from "./pulse.privacy.service.js";
import type { PulseReleaser } from "./pulse.release.service.js";
import { findInviteTenant, findOpenInvite, findOpenInviteScale } from "./pulse.responses.repository.js";
import { isScoreOnScale, MAX_ANY_SCORE, MIN_ANY_SCORE, scaleScores, type PulseScale } from "./pulse.constants.js";

export const INVALID_INVITE_MESSAGE = "Invalid or expired invite";

/** CONTRACT §5/§8: unknown, used, expired and malformed tokens all get this same answer. */
export function invalidInvite(): AppError {
  return new AppError("INVALID_INVITE", 400, INVALID_INVITE_MESSAGE);
}

export function invalidScore(scale: PulseScale | null): AppError {
  const range = scale ? `${scaleScores(scale)[0]} to ${scaleScores(scale).at(-1)}` : `${MIN_ANY_SCORE} to ${MAX_ANY_SCORE}`;
  return errors.validation([{ path: "score", message: `must be an integer from ${range}` }], `Choose a score from ${range}.`);
}

/**
 * A score as it arrives: an integer of some scale, 0..10 ("0".."10" in a query string). Whether
 * it is on the invite's own scale is checked against its question (scoreFitsInvite).
 */
export function parseScore(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw >= MIN_ANY_SCORE && raw <= MAX_ANY_SCORE ? raw : null;
  return typeof raw === "string" && /^(?:[0-9]|10)$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

export interface RespondResult {
  /** `received`: held, and counted once no other score of the link comes within a minute; `unconfirmed`: see HeldAnswers. */
  answer: "received" | "unconfirmed";
  /** For `unconfirmed`: when the link can be tapped again. */
  retryAfterSeconds: number | null;
  score: number;
  /** For `received` by this request: the private conversation capability (pulse.conversation-capability.ts). */
  conversation: string | null;
  /** For the page (options.page): the question, the organisation's look and what protects the answer. */
  page: InviteDescription | null;
}

export interface InviteDescription {
  questionText: string;
  scale: PulseScale;
  settings: TenantSettings;
  tenantName: string;
  privacy: PulsePrivacy;
}

export interface PulseRespondService {
  /**
   * An answer from a place no link scanner reaches (a Slack button): committed at once by one
   * statement, for an invite of `tenantId` only. INVALID_INVITE for anything but an open invite.
   */
  respondAtOnce(tenantId: string, input: { token: unknown; score: unknown }): Promise<{ score: number; conversation: string }>;
  /** `page`: also read what the page shows. */
  respond(ctx: RequestContext, input: { token: unknown; score: unknown }, options?: { page?: boolean }): Promise<RespondResult>;
  /** What an open invite asks (the page that offers the scores); null for any unusable token. */
  describe(token: unknown): Promise<InviteDescription | null>;
  /** The tenant a token's invite belongs to, used or not; null when it names no invite. */
  tenantOf(token: unknown): Promise<string | null>;
  /**
   * The organisation of a token's invite, used or expired too: its holder got it in that
   * organisation's e-mail. Null when the token names no invite, so a forged one learns nothing.
   */
  organisationOf(token: unknown): Promise<{ name: string; slug: string; settings: TenantSettings } | null>;
}

/**
 * One-tap answers. The score is checked before anything is written, so a bad score leaves the
 * invite open. The tap is held against link scanners (pulse.held-answers.service.ts) and joins
 * its group once its minute has passed; nothing about the request (token, address, agent) is
 * logged or stored. When a committed answer completes its group, the batch is released at once.
 */
export function createPulseRespondService(deps: {
  db: Database;
  clock: Clock;
  releaser: PulseReleaser;
  heldAnswers: HeldAnswers;
  privacy: PulsePrivacyService;
  logger: Logger;
  sealer: Sealer;
}): PulseRespondService {
  const { db, clock, releaser, heldAnswers, privacy, logger, sealer } = deps;

  const tokenOf = (raw: unknown): string | null => {
    const token = typeof raw === "string" ? raw.trim().toLowerCase() : "";
    return isUuid(token) ? token : null;
  };

  async function releaseReady(groups: CommittedGroup[]): Promise<void> {
    for (const group of groups) {
      if (group.counting < group.threshold) continue;
      // The answer is safely stored; a failed release is retried by the sweep within seconds.
      await releaser.release(group, group.threshold).catch((error) => logger.error({ err: error }, "pulse release after an answer failed; the sweep retries"));
    }
  }

  async function describeInvite(tenantId: string, questionId: string): Promise<InviteDescription | null> {
    const [question, tenant] = await Promise.all([findPulseQuestion(db, tenantId, questionId), findTenant(db, tenantId)]);
    if (!question || !tenant) return null;
    return {
      questionText: question.text,
      scale: question.scale,
      settings: tenant.settings,
      tenantName: tenant.tenant.name,
      privacy: await privacy.current(tenantId, tenant.settings),
    };
  }

  /**
   * A tap's score and token, checked before anything is held or stored, so a score off the
   * question's scale leaves the invite open. A question's scale cannot change once it has invites
   * (pulse.admin.service.ts), so the scale read here is the one of the answer stored after.
   */
  async function checkedTap(input: { token: unknown; score: unknown }): Promise<{ score: number; token: string }> {
    const score = parseScore(input.score);
    if (score === null) throw invalidScore(null);
    const token = tokenOf(input.token);
    if (!token) throw invalidInvite();
    const scale = await findOpenInviteScale(db, token, clock.now());
    if (scale && !isScoreOnScale(scale, score)) throw invalidScore(scale);
    return { score, token };
  }

  return {
    async respondAtOnce(tenantId, input) {
      const { score, token } = await checkedTap(input);
      const secret = newConversationSecret();
      const now = clock.now();
      const answered = await answerAtOnce(db, {
        tenantId,
        token,
        now,
        box: sealAnswer(sealer, score, conversationRef(secret)),
        openableKeyIds: sealer.keyIds,
        defaultThreshold: DEFAULT_THRESHOLD,
      });
      if (!answered) throw invalidInvite();
      await releaseReady([answered.group]);
      const { invite } = answered;
      const conversation = issueCapability(sealer, {
        secret,
        tenantId: invite.tenantId,
        questionId: invite.questionId,
        teamId: invite.teamId,
        established: invite.established,
        issuedAt: now,
      });
      return { score, conversation };
    },

    async respond(_ctx, input, options = {}) {
      const { score, token } = await checkedTap(input);

      // Read before the tap: a committed answer's invite is no longer open.
      const invite = options.page ? await findOpenInvite(db, token, clock.now()) : null;
      const receipt = await heldAnswers.receive(token, score);
      if (receipt.outcome === "invalid") {
        await releaseReady(receipt.committed);
        throw invalidInvite();
      }
      if (receipt.outcome === "received") await releaseReady(receipt.committed);
      const retryAfterSeconds = receipt.outcome === "unconfirmed" ? Math.max(1, Math.ceil((receipt.retryAt.getTime() - clock.now().getTime()) / 1000)) : null;
      const page = invite ? await describeInvite(invite.tenantId, invite.questionId) : null;
      const held = receipt.outcome === "received" ? receipt.conversation : null;
      const conversation = held
        ? issueCapability(sealer, {
            secret: held.secret,
            tenantId: held.invite.tenantId,
            questionId: held.invite.questionId,
            teamId: held.invite.teamId,
            established: held.invite.established,
            issuedAt: clock.now(),
          })
        : null;
      return { answer: receipt.outcome, retryAfterSeconds, score, conversation, page };
    },

    async tenantOf(raw) {
      const token = tokenOf(raw);
      return token ? findInviteTenant(db, token) : null;
    },

    async organisationOf(raw) {
      const token = tokenOf(raw);
      const tenantId = token ? await findInviteTenant(db, token) : null;
      const found = tenantId ? await findTenant(db, tenantId) : null;
      return found ? { name: found.tenant.name, slug: found.tenant.slug, settings: found.settings } : null;
    },

    async describe(raw) {
      const token = tokenOf(raw);
      if (!token) return null;
      const invite = await findOpenInvite(db, token, clock.now());
      return invite ? describeInvite(invite.tenantId, invite.questionId) : null;
    },
  };
}
