import { z } from "zod";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { recordAudit } from "../audit/index.js";
import { ANSWERS_VIA } from "./users.constants.js";
import { findNotificationPreferences, setAnswersVia, setEmailOptOut } from "./users.repository.js";

const emailsField = z
  .boolean()
  .describe(
    "Whether the organisation's messages reach this person: the answer to their question, and the weekly pulse (by e-mail or in Slack). The same choice as the unsubscribe link in every e-mail.",
  );
const answersViaField = z
  .enum(ANSWERS_VIA)
  .describe("Where this person hears that their question was answered: SPEC's e-mail, or a Slack direct message (CONTRACT §11). Default `email`.");

const emailPreferencesSchema = z.object({
  emails: emailsField,
  answersVia: answersViaField,
  slackAvailable: z.boolean().describe("Whether the organisation has connected Slack, so `answersVia: slack` may be chosen."),
});

const emailPreferencesBody = z
  .strictObject({ emails: emailsField.optional(), answersVia: answersViaField.optional() })
  .refine((body) => body.emails !== undefined || body.answersVia !== undefined, { message: "give emails, answersVia or both" });

/**
 * The signed-in person's own choices: whether the organisation's messages reach them (the one the
 * unsubscribe link in every e-mail sets: changed here, it is audited the same way, with
 * `method: "account"`), and where they hear of an answer to their question. Slack may only be
 * chosen while the tenant has it connected; if it is disconnected later, the e-mail goes instead.
 */
export function emailPreferenceRoutes(deps: { db: Database; clock: Clock }): AnyRoute[] {
  const { db, clock } = deps;

  const current = async (ctx: RequestContext) => {
    if (!ctx.user) throw errors.unauthenticated();
    const preferences = await findNotificationPreferences(db, ctx.tenant.id, ctx.user.id);
    if (!preferences) throw errors.unauthenticated();
    return { emails: !preferences.optedOut, answersVia: preferences.answersVia, slackAvailable: ctx.settings.slack !== null };
  };

  return [
    route({
      method: "get",
      path: "/auth/me/email-preferences",
      operationId: "getMyEmailPreferences",
      tag: "Auth",
      summary: "Whether the signed-in user gets the organisation's messages (answers to their questions, the weekly pulse), and where answers reach them",
      access: "session",
      response: emailPreferencesSchema,
      handler: ({ ctx }) => current(ctx),
    }),
    route({
      method: "put",
      path: "/auth/me/email-preferences",
      operationId: "setMyEmailPreferences",
      tag: "Auth",
      summary: "Turns the signed-in user's messages on or off, or chooses where answers to their questions reach them",
      description:
        "Idempotent: setting the current choice again changes nothing and writes no audit entry. `emails` is audited as `user.email_unsubscribe` or " +
        "`user.email_resubscribe`. 409 SLACK_NOT_CONNECTED for `answersVia: slack` while the organisation has no Slack app connected.",
      access: "session",
      otherResponses: { 409: "SLACK_NOT_CONNECTED" },
      body: emailPreferencesBody,
      response: emailPreferencesSchema,
      handler: async ({ ctx, body }) => {
        const user = ctx.user;
        if (!user) throw errors.unauthenticated();
        if (body.answersVia === "slack" && ctx.settings.slack === null) {
          throw errors.conflict("SLACK_NOT_CONNECTED", "Your organisation has not connected Slack: answers can only reach you by e-mail.");
        }
        await db.transaction(async (trx) => {
          if (body.answersVia) await setAnswersVia(trx, ctx.tenant.id, user.id, body.answersVia);
          if (body.emails === undefined) return;
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
