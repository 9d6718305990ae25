import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { AppError, errors } from "../../platform/errors.js";
import { findTenant } from "../tenants/tenants.repository.js";
import type { TenantSettings } from "../settings/settings.schema.js";
import { findPulseQuestion, isUuid } from "./pulse-admin.repository.js";
import { responseBucket } from "./pulse.calendar.js";
import { consumeInvite, insertPendingResponse } from "./pulse-responses.repository.js";

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

export interface PulseRespondService {
  respond(ctx: RequestContext, input: { token: unknown; score: unknown }): Promise<RespondResult>;
}

/**
 * One-tap answers. The score is checked before anything is written, so a bad score leaves the
 * invite open. Consuming the invite and storing the response commit together; nothing about the
 * request (token, address, agent) is logged or stored.
 */
export function createPulseRespondService(deps: { db: Database; clock: Clock }): PulseRespondService {
  const { db, clock } = deps;
  return {
    async respond(_ctx, input) {
      const score = parseScore(input.score);
      if (score === null) throw invalidScore();
      const token = typeof input.token === "string" ? input.token.trim() : "";
      if (!isUuid(token)) throw invalidInvite();

      const now = clock.now();
      const consumed = await db.transaction(async (trx) => {
        const invite = await consumeInvite(trx, token.toLowerCase(), now);
        if (!invite) return null;
        await insertPendingResponse(trx, { ...invite, score, bucket: responseBucket(now) });
        return invite;
      });
      if (!consumed) throw invalidInvite();

      const question = await findPulseQuestion(db, consumed.tenantId, consumed.questionId);
      const tenant = await findTenant(db, consumed.tenantId);
      return { questionText: question?.text ?? null, settings: tenant?.settings ?? null, tenantName: tenant?.tenant.name ?? null, score };
    },
  };
}
