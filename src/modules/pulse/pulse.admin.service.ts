import type { z } from "zod";
import type { Clock } from "../../platform/clock.js";
import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { AppError, errors } from "../../platform/errors.js";
import { recordAudit } from "../audit/index.js";
import type { SettingsService } from "../settings/index.js";
import { findTeam } from "../teams/index.js";
import {
  findPulseQuestion,
  findScheduleRow,
  insertPulseQuestion,
  listCohortMembers,
  listPulseQuestions,
  questionHasInvites,
  updatePulseQuestion,
  upsertScheduleRow,
  type PulseQuestionRecord,
  type PulseScheduleRecord,
} from "./pulse.admin.repository.js";
import { scheduleOf } from "./pulse.schedule.js";
import { cohortNotYetAsked, invitesFor, planPulseRun, runPulseForTenant, type PulseSchedulerDeps, type SkipReason } from "./pulse.scheduler.service.js";
import { findRun } from "./pulse.runs.repository.js";
import { cohortName } from "./pulse.calendar.js";
import { cohortLabel, DEFAULT_PULSE_SCALE } from "./pulse.constants.js";
import type { createPulseQuestionBody, pulseSendPreviewSchema, putPulseScheduleBody, updatePulseQuestionBody } from "./pulse.schemas.js";

export interface PulseAdminService {
  listQuestions(ctx: RequestContext): Promise<PulseQuestionRecord[]>;
  createQuestion(ctx: RequestContext, body: z.output<typeof createPulseQuestionBody>): Promise<PulseQuestionRecord>;
  updateQuestion(ctx: RequestContext, id: string, body: z.output<typeof updatePulseQuestionBody>): Promise<PulseQuestionRecord>;
  deactivateQuestion(ctx: RequestContext, id: string): Promise<void>;
  getSchedule(ctx: RequestContext): Promise<PulseScheduleRecord>;
  putSchedule(ctx: RequestContext, body: z.output<typeof putPulseScheduleBody>): Promise<PulseScheduleRecord>;
  listCohorts(ctx: RequestContext): Promise<Array<{ name: string; label: string; size: number; userIds: string[] }>>;
  /** What "send now" would do, written nowhere: who is due today and, when nobody is, why. */
  previewRun(ctx: RequestContext): Promise<z.output<typeof pulseSendPreviewSchema>>;
  /** Today's send for this tenant now, once per local date like the scheduler; 409 when it cannot send. */
  runNow(ctx: RequestContext): Promise<{ cohort: string; invitesCreated: number; alreadyRan?: true }>;
}

/** Why a manual run could not send, as a 409 the admin can act on. */
const SKIP_ERRORS: Record<SkipReason, [code: string, message: string]> = {
  pulse_disabled: ["PULSE_DISABLED", "The pulse is switched off for this organisation: turn it on in the schedule or in Settings › Pulse first."],
  no_channel: ["PULSE_NO_CHANNEL", "Neither e-mail nor Slack delivery of the pulse is on in Settings › Pulse: there is no way to reach people."],
  not_rotating: ["PULSE_COHORTS_NOT_ROTATING", "Taking turns by weekday is off in the schedule, so no group is due today."],
  invalid_timezone: ["PULSE_SCHEDULE_INVALID", "The schedule's time zone is not one this service knows: correct it and save the schedule."],
  no_active_questions: ["PULSE_NO_ACTIVE_QUESTIONS", "There is no active pulse question to send."],
};

export function createPulseAdminService(deps: { db: Database; clock: Clock; settings: SettingsService; scheduler: PulseSchedulerDeps }): PulseAdminService {
  const { db, clock, settings } = deps;

  async function requireTeam(ctx: RequestContext, teamId: string | null | undefined) {
    // CONTRACT §8: a team of another tenant answers exactly as an unknown one.
    if (teamId && !(await findTeam(db, ctx.tenant.id, teamId))) throw errors.notFound("Team");
  }

  /** Read from the database rather than the request's cached settings, so an admin sees what is saved. */
  async function currentSchedule(ctx: RequestContext): Promise<PulseScheduleRecord> {
    const [saved, row] = await Promise.all([settings.get(ctx), findScheduleRow(db, ctx.tenant.id)]);
    return scheduleOf(ctx.tenant.id, saved, row);
  }

  return {
    listQuestions: (ctx) => listPulseQuestions(db, ctx.tenant.id),

    async createQuestion(ctx, body) {
      await requireTeam(ctx, body.teamId);
      return db.transaction(async (trx) => {
        const question = await insertPulseQuestion(trx, ctx.tenant.id, {
          text: body.text,
          teamId: body.teamId ?? null,
          active: body.active ?? true,
          scale: body.scale ?? DEFAULT_PULSE_SCALE,
          now: clock.now(),
        });
        await recordAudit(trx, ctx, { action: "pulse_question.create", entityType: "pulse_question", entityId: question.id, after: question });
        return question;
      });
    },

    async updateQuestion(ctx, id, body) {
      await requireTeam(ctx, body.teamId);
      return db.transaction(async (trx) => {
        const before = await findPulseQuestion(trx, ctx.tenant.id, id, { forUpdate: true });
        if (!before) throw errors.notFound("Pulse question");
        // Answers already given (or on their way) are on the old scale: mixing two scales in one
        // question's figures would make them meaningless, so the scale is fixed once asked.
        if (body.scale !== undefined && body.scale !== before.scale && (await questionHasInvites(trx, ctx.tenant.id, id))) {
          throw new AppError("SCALE_LOCKED", 409, "This question has been asked already, so its scale can no longer change. Add a new question instead.");
        }
        const after = await updatePulseQuestion(trx, ctx.tenant.id, id, { ...body, now: clock.now() });
        await recordAudit(trx, ctx, { action: "pulse_question.update", entityType: "pulse_question", entityId: id, before, after });
        return after;
      });
    },

    async deactivateQuestion(ctx, id) {
      await db.transaction(async (trx) => {
        const before = await findPulseQuestion(trx, ctx.tenant.id, id, { forUpdate: true });
        if (!before) throw errors.notFound("Pulse question");
        // Deactivation, not removal: past invites and responses keep pointing at the question.
        if (!before.active) return;
        const after = await updatePulseQuestion(trx, ctx.tenant.id, id, { active: false, now: clock.now() });
        await recordAudit(trx, ctx, { action: "pulse_question.deactivate", entityType: "pulse_question", entityId: id, before, after });
      });
    },

    getSchedule: (ctx) => currentSchedule(ctx),

    async putSchedule(ctx, body) {
      const after = await db.transaction(async (trx) => {
        const beforeRow = await findScheduleRow(trx, ctx.tenant.id, { forUpdate: true });
        // The switch, cadence, time and rotation are the pulse settings (audited as a settings change too).
        const { before, settings: saved } = await settings.applyPatch(trx, ctx, {
          pulse: { enabled: body.enabled, defaultCadence: body.cadence, defaultTime: body.time, rotatingCohorts: body.rotatingCohorts },
        });
        const row = await upsertScheduleRow(trx, ctx.tenant.id, { timezone: body.timezone, numCohorts: body.numCohorts }, clock.now());
        const schedule = scheduleOf(ctx.tenant.id, saved, row);
        await recordAudit(trx, ctx, {
          action: "pulse_schedule.update",
          entityType: "pulse_schedule",
          entityId: ctx.tenant.id,
          before: scheduleOf(ctx.tenant.id, before, beforeRow),
          after: schedule,
        });
        return schedule;
      });
      settings.saved(ctx.tenant.id);
      return after;
    },

    async listCohorts(ctx) {
      const schedule = await currentSchedule(ctx);
      const members = await listCohortMembers(db, ctx.tenant.id, schedule.numCohorts);
      return Array.from({ length: schedule.numCohorts }, (_, index) => {
        const userIds = members.get(index) ?? [];
        return { name: cohortName(index), label: cohortLabel(index, schedule.numCohorts), size: userIds.length, userIds };
      });
    },

    async previewRun(ctx) {
      const now = clock.now();
      // The same settings and plan as runNow, so the figure shown is the figure sent.
      const planned = await planPulseRun(db, { tenantId: ctx.tenant.id, settings: ctx.settings }, now);
      const base = planned.plan;
      const cohort = base ? { cohort: base.cohort, cohortLabel: cohortLabel(base.index, base.schedule.numCohorts), localDate: base.day.date } : null;
      const cohortSize = base ? ((await listCohortMembers(db, ctx.tenant.id, base.schedule.numCohorts)).get(base.index)?.length ?? 0) : 0;
      const answer = (due: number, reason: z.output<typeof pulseSendPreviewSchema>["reason"]) => ({
        canSend: due > 0,
        due,
        reason,
        cohort: cohort?.cohort ?? null,
        cohortLabel: cohort?.cohortLabel ?? null,
        cohortSize,
        localDate: cohort?.localDate ?? null,
      });
      if (planned.skipped) return answer(0, planned.skipped);
      const { plan } = planned;
      if (await findRun(db, ctx.tenant.id, plan.day.date)) return answer(0, "already_ran");
      const notYetAsked = await cohortNotYetAsked(db, ctx.tenant.id, plan, now);
      const due = invitesFor(plan, notYetAsked).length;
      if (due > 0) return answer(due, null);
      if (cohortSize === 0) return answer(0, "empty_cohort");
      return answer(0, notYetAsked.length > 0 ? "no_question_for_teams" : "everyone_asked");
    },

    async runNow(ctx) {
      const target = { tenantId: ctx.tenant.id, settings: ctx.settings };
      const outcome = await runPulseForTenant(deps.scheduler, target, { trigger: "manual", now: clock.now(), actor: ctx });
      if (outcome.status === "skipped") {
        const [code, message] = SKIP_ERRORS[outcome.reason];
        throw new AppError(code, 409, message);
      }
      if (outcome.status === "already_ran") return { cohort: outcome.cohort, invitesCreated: 0, alreadyRan: true };
      return { cohort: outcome.cohort, invitesCreated: outcome.invitesCreated };
    },
  };
}
