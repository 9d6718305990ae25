import { z } from "zod";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { recordAudit } from "../audit/index.js";
import { findEmailOptOut, setEmailOptOut } from "./users.repository.js";

const emailPreferencesSchema = z.object({
  emails: z
    .boolean()
    .describe(
      "Whether the organisation's e-mails reach this person: the answer to their question, and the weekly pulse. The same choice as the unsubscribe link in every e-mail.",
    ),
});

/**
 * The signed-in person's own e-mail choice, the one the unsubscribe link in every e-mail sets:
 * changed here, it is audited the same way, with `method: "account"`.
 */
export function emailPreferenceRoutes(deps: { db: Database; clock: Clock }): AnyRoute[] {
  const { db, clock } = deps;

  const current = async (ctx: RequestContext) => {
    if (!ctx.user) throw errors.unauthenticated();
    const optedOut = await findEmailOptOut(db, ctx.tenant.id, ctx.user.id);
    if (optedOut === null) throw errors.unauthenticated();
    return { emails: !optedOut };
  };

  return [
    route({
      method: "get",
      path: "/auth/me/email-preferences",
      operationId: "getMyEmailPreferences",
      tag: "Auth",
      summary: "Whether the signed-in user gets the organisation's e-mails (answers to their questions, the weekly pulse)",
      access: "session",
      response: emailPreferencesSchema,
      handler: ({ ctx }) => current(ctx),
    }),
    route({
      method: "put",
      path: "/auth/me/email-preferences",
      operationId: "setMyEmailPreferences",
      tag: "Auth",
      summary: "Turns the signed-in user's e-mails on or off",
      description:
        "Idempotent: setting the current choice again changes nothing and writes no audit entry. Audited as `user.email_unsubscribe` or `user.email_resubscribe`.",
      access: "session",
      body: emailPreferencesSchema.strict(),
      response: emailPreferencesSchema,
      handler: async ({ ctx, body }) => {
        const user = ctx.user;
        if (!user) throw errors.unauthenticated();
        await db.transaction(async (trx) => {
          const changed = await setEmailOptOut(trx, ctx.tenant.id, user.id, body.emails ? null : clock.now());
          if (!changed) return;
          await recordAudit(trx, ctx, {
            action: body.emails ? "user.email_resubscribe" : "user.email_unsubscribe",
            entityType: "user",
            entityId: user.id,
            before: { emailOptOut: body.emails },
            after: { emailOptOut: !body.emails },
            metadata: { method: "account" },
          });
        });
        return current(ctx);
      },
    }),
  ];
}
