import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import { recordAudit } from "../audit/index.js";
import { setEmailOptOut } from "../users/index.js";
import { findUnsubscribeSubject } from "./email.repository.js";
import { verifyUnsubscribeToken } from "./email.unsubscribe.token.js";

export interface UnsubscribeState {
  tenantId: string;
  userId: string;
  tenantName: string;
  email: string;
  optedOut: boolean;
}

/** Who followed the link: no session, only where the request came from. */
export interface LinkActor {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

export type UnsubscribeMethod = "one-click" | "link";

/**
 * Unsubscribe and resubscribe through the signed per-user link in every notification and
 * pulse email. The link alone authenticates (as the pulse link does): no sign-in, no CSRF token.
 */
export function createUnsubscribeService(deps: { db: Database; clock: Clock; secret: string }) {
  const { db, clock, secret } = deps;

  async function lookup(token: unknown): Promise<UnsubscribeState | null> {
    const ids = verifyUnsubscribeToken(secret, token);
    if (!ids) return null;
    const subject = await findUnsubscribeSubject(db, ids.tenantId, ids.userId);
    return subject ? { ...ids, ...subject } : null;
  }

  /** Idempotent: a second click changes nothing and writes no second audit entry. */
  async function setOptOut(actor: LinkActor, token: unknown, optOut: boolean, method: UnsubscribeMethod): Promise<UnsubscribeState | null> {
    const state = await lookup(token);
    if (!state) return null;
    await db.transaction(async (trx) => {
      const changed = await setEmailOptOut(trx, state.tenantId, state.userId, optOut ? clock.now() : null);
      if (!changed) return;
      await recordAudit(
        trx,
        { tenant: { id: state.tenantId }, user: null, ...actor },
        {
          action: optOut ? "user.email_unsubscribe" : "user.email_resubscribe",
          entityType: "user",
          entityId: state.userId,
          userId: state.userId,
          before: { emailOptOut: !optOut },
          after: { emailOptOut: optOut },
          metadata: { method },
        },
      );
    });
    return { ...state, optedOut: optOut };
  }

  return { lookup, setOptOut };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
