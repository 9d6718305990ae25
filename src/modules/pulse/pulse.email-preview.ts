import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { pulseInviteEmail, type RenderedEmail } from "../email/index.js";
import { findPulseQuestion, findScheduleRow } from "./pulse.admin.repository.js";
import { INVITE_LIFETIME_DAYS } from "./pulse.calendar.js";

/** Stands in for an invite's token: not a UUID, so every preview link answers "Invalid or expired invite". */
export const PREVIEW_TOKEN = "preview-not-a-real-invite";
const SAMPLE_RECIPIENT = "Sam";

export interface PulseEmailPreview {
  /** The e-mail a question's invite would be, rendered by the real template for a sample recipient. */
  preview(ctx: RequestContext, questionId: string, options: { reminder: boolean }): Promise<RenderedEmail>;
}

export function createPulseEmailPreview(deps: { db: Database; clock: Clock; frontendUrl: string }): PulseEmailPreview {
  const { db, clock, frontendUrl } = deps;
  return {
    async preview(ctx, questionId, options) {
      const question = await findPulseQuestion(db, ctx.tenant.id, questionId);
      if (!question) throw errors.notFound("Pulse question");
      const schedule = await findScheduleRow(db, ctx.tenant.id);
      const now = clock.now();
      return pulseInviteEmail({
        recipientName: SAMPLE_RECIPIENT,
        tenantName: ctx.tenant.name,
        questionText: question.text,
        scale: question.scale,
        reminder: options.reminder,
        respondUrl: (score) => `${frontendUrl}/pulse/respond?token=${PREVIEW_TOKEN}&score=${score}`,
        expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS * 86_400_000),
        timezone: schedule?.timezone ?? "UTC",
        anonThreshold: ctx.settings.pulse.anonThreshold,
        unsubscribeUrl: `${frontendUrl}/`,
      });
    },
  };
}
