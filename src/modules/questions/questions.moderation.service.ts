import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import type { Logger } from "../../platform/logger.js";
import type { JobQueue } from "../../platform/queue.js";
import { findTeam, type TeamRecord } from "../teams/index.js";
import { answerQuestion } from "./questions.answer.command.js";
import { approveQuestion } from "./questions.approve.command.js";
import type { QuestionEvents } from "./questions.events.js";
import { freezeQuestion } from "./questions.freeze.command.js";
import type { QuestionLimits } from "./questions.limits.js";
import { pinQuestion } from "./questions.pin.command.js";
import { freezeTeamQueue } from "./questions.queue-freeze.command.js";
import { rejectQuestion } from "./questions.reject.command.js";
import { reopenQuestion } from "./questions.reopen.command.js";
import type { QuestionRecord } from "./questions.repository.js";
import { setQuestionTag } from "./questions.tag.command.js";

export interface ModerationServiceDeps {
  db: Database;
  events: QuestionEvents;
  limits: QuestionLimits;
  queue: JobQueue;
  logger: Logger;
  clock: Clock;
}

/**
 * What moderators of a team (and admins) do to its questions (CONTRACT §3): answer, pin, freeze,
 * reopen, tag, approve, reject, and freeze the whole queue. Each takes the question (or team) its route
 * loaded and authorised (questionPolicy.moderate) and runs its command (questions.<verb>.command.ts),
 * which decides on the locked row, audits in the change's transaction and announces after the commit.
 */
export function createModerationService(deps: ModerationServiceDeps) {
  return {
    /** The team whose queue a moderator freezes; 404 when the tenant has no such team. */
    team: async (ctx: RequestContext, teamId: string): Promise<TeamRecord> => {
      const team = await findTeam(deps.db, ctx.tenant.id, teamId);
      if (!team) throw errors.notFound("Team");
      return team;
    },
    answer: (ctx: RequestContext, question: QuestionRecord, responseText: string) => answerQuestion(deps, ctx, question, responseText),
    reopen: (ctx: RequestContext, question: QuestionRecord) => reopenQuestion(deps, ctx, question),
    pin: (ctx: RequestContext, question: QuestionRecord, pinned: boolean) => pinQuestion(deps, ctx, question, pinned),
    freezeQuestion: (ctx: RequestContext, question: QuestionRecord, frozen: boolean) => freezeQuestion(deps, ctx, question, frozen),
    freezeQueue: (ctx: RequestContext, team: TeamRecord, frozen: boolean) => freezeTeamQueue(deps, ctx, team, frozen),
    tag: (ctx: RequestContext, question: QuestionRecord, tagId: string) => setQuestionTag(deps, ctx, question, tagId, true),
    untag: (ctx: RequestContext, question: QuestionRecord, tagId: string) => setQuestionTag(deps, ctx, question, tagId, false),
    approve: (ctx: RequestContext, question: QuestionRecord, editedBody?: string) => approveQuestion(deps, ctx, question, editedBody),
    reject: (ctx: RequestContext, question: QuestionRecord, reason?: string) => rejectQuestion(deps, ctx, question, reason),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
