import type { RequestContext } from "../../platform/context.js";
import type { RateLimitService } from "../../platform/rate-limit.js";

/**
 * SPEC's per-tenant rate limits (security.rateLimits), per user, or per IP address for visitors,
 * in sliding windows. Active in production only (RateLimitService decides).
 */
export function createQuestionLimits(rateLimits: RateLimitService) {
  const who = (ctx: RequestContext) => `${ctx.tenant.id}:${ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.ip ?? "unknown"}`}`;
  return {
    questions: (ctx: RequestContext) =>
      rateLimits.consume({ name: "questions", points: ctx.settings.security.rateLimits.questionsPerHour, durationSeconds: 3600 }, who(ctx)),
    upvotes: (ctx: RequestContext) =>
      rateLimits.consume({ name: "upvotes", points: ctx.settings.security.rateLimits.upvotesPerMinute, durationSeconds: 60 }, who(ctx)),
    answers: (ctx: RequestContext) =>
      rateLimits.consume({ name: "answers", points: ctx.settings.security.rateLimits.responsesPerHour, durationSeconds: 3600 }, who(ctx)),
    search: (ctx: RequestContext) =>
      rateLimits.consume({ name: "search", points: ctx.settings.security.rateLimits.searchPerMinute, durationSeconds: 60 }, who(ctx)),
  };
}

export type QuestionLimits = ReturnType<typeof createQuestionLimits>;
