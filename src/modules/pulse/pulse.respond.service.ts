import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { AppError, errors } from "../../platform/errors.js";
import { findTenant } from "../tenants/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.js";
import { findPulseQuestion, isUuid } from "./pulse.admin.repository.js";
import type { Logger } from "../../platform/logger.js";
import { DEFAULT_THRESHOLD, type PulseReleaser } from "./pulse.release.service.js";
import { consumeInviteAndStore, findInviteTenant, findOpenInvite } from "./pulse.responses.repository.js";

export const INVALID_INVITE_MESSAGE = "Invalid or expired invite";

/** CONTRACT §5/§8: unknown, used, expired and malformed tokens all get this same answer. */
export function invalidInvite(): AppError {
  return new AppError("INVALID_INVITE", 400, INVALID_INVITE_MESSAGE);
}

export function invalidScore(): AppError {
  return errors.validation([{ path: "score", message: "must be an integer from 1 to 5" }], "Choose a score from 1 to 5.");
}

/** A score as it arrives in a query string: exactly one of "1".."5". */
export function parseScore(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw >= 1 && raw <= 5 ? raw : null;
  return typeof raw === "string" && /^[1-5]$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

export interface RespondResult {
  /** For the confirmation page: the question and the organisation's look. */
  questionText: string | null;
  settings: TenantSettings | null;
  tenantName: string | null;
  score: number;
}

export interface InviteDescription {
  questionText: string;
  settings: TenantSettings;
  tenantName: string;
}

export interface PulseRespondService {
  /** `page`: also read what the confirmation page shows (the question, the organisation's look). */
  respond(ctx: RequestContext, input: { token: unknown; score: unknown }, options?: { page?: boolean }): Promise<RespondResult>;
  /** What an open invite asks (for the page that offers the scores again); null for any unusable token. */
  describe(token: unknown): Promise<InviteDescription | null>;
  /** The tenant a token's invite belongs to, used or not; null when it names no invite. */
  tenantOf(token: unknown): Promise<string | null>;
}

/**
 * One-tap answers. The score is checked before anything is written, so a bad score leaves the
 * invite open. Consuming the invite and storing the sealed answer as waiting are one statement;
 * nothing about the request (token, address, agent) is logged or stored. When the answer
 * completes its group, the group's batch is released right away, by a statement of its own.
 */
export function createPulseRespondService(deps: { db: Database; clock: Clock; releaser: PulseReleaser; logger: Logger }): PulseRespondService {
  const { db, clock, releaser, logger } = deps;

  const tokenOf = (raw: unknown): string | null => {
    const token = typeof raw === "string" ? raw.trim().toLowerCase() : "";
    return isUuid(token) ? token : null;
  };

  return {
    async respond(_ctx, input, options = {}) {
      const score = parseScore(input.score);
      if (score === null) throw invalidScore();
      const token = tokenOf(input.token);
      if (!token) throw invalidInvite();

      const stored = await consumeInviteAndStore(db, {
        token,
        now: clock.now(),
        ...releaser.seal(score),
        openableKeyIds: releaser.keyIds,
        defaultThreshold: DEFAULT_THRESHOLD,
      });
      if (!stored) throw invalidInvite();
      if (stored.openable >= stored.threshold) {
        // The answer is safely stored; a failed release is retried by the sweep within seconds.
        await releaser
          .release(stored, stored.threshold)
          .catch((error) => logger.error({ err: error }, "pulse release after an answer failed; the sweep retries"));
      }

      if (!options.page) return { questionText: null, settings: null, tenantName: null, score };
      const [question, tenant] = await Promise.all([findPulseQuestion(db, stored.tenantId, stored.questionId), findTenant(db, stored.tenantId)]);
      return { questionText: question?.text ?? null, settings: tenant?.settings ?? null, tenantName: tenant?.tenant.name ?? null, score };
    },

    async tenantOf(raw) {
      const token = tokenOf(raw);
      return token ? findInviteTenant(db, token) : null;
    },

    async describe(raw) {
      const token = tokenOf(raw);
      if (!token) return null;
      const invite = await findOpenInvite(db, token, clock.now());
      if (!invite) return null;
      const [question, tenant] = await Promise.all([findPulseQuestion(db, invite.tenantId, invite.questionId), findTenant(db, invite.tenantId)]);
      if (!question || !tenant) return null;
      return { questionText: question.text, settings: tenant.settings, tenantName: tenant.tenant.name };
    },
  };
}
