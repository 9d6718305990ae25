import type { Clock } from "../../platform/clock.js";
import type { Database, Executor } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import type { JobQueue } from "../../platform/queue.js";
import { recordAudit, type AuditActor } from "../audit/index.js";
import { listTeams } from "../teams/index.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { findScheduleRow, type PulseScheduleRecord } from "./pulse.admin.repository.js";
import { scheduleOf } from "./pulse.schedule.js";
import { cadencePeriodStart, cohortName, INVITE_LIFETIME_DAYS, isValidTimezone, localDay, weekdayCohortIndex } from "./pulse.calendar.js";
import { claimReminders } from "./pulse.reminders.repository.js";
import {
  claimRun,
  completeRun,
  findRun,
  insertInvites,
  listActiveQuestionsInOrder,
  listCohortToInvite,
  listScheduledTenants,
} from "./pulse.runs.repository.js";

export interface PulseSchedulerDeps {
  db: Database;
  queue: JobQueue;
  logger: Logger;
  clock: Clock;
  /** Counts each scheduled run by outcome (the /metrics counter). */
  countRun?: (outcome: RunOutcome["status"] | "failed") => void;
}

export type SkipReason = "pulse_disabled" | "not_rotating" | "no_channel" | "no_active_questions" | "invalid_timezone";

export type RunOutcome =
  | { status: "sent"; cohort: string; invitesCreated: number; localDate: string }
  | { status: "already_ran"; cohort: string; invitesCreated: 0; localDate: string }
  | { status: "skipped"; reason: SkipReason };

const DAY_MS = 86_400_000;
const JOB_CHUNK = 1000;

/**
 * SPEC's question pick, per primary team: among the active questions that apply to the team's
 * members (global ones and the team's own, in creation order), the one at cohort index modulo
 * their number. Teams with no applicable question get no invites.
 */
export function pickQuestions(
  questions: Array<{ id: string; teamId: string | null }>,
  teamIds: string[],
  cohortIndex: number,
): Array<{ teamId: string | null; questionId: string }> {
  const picks: Array<{ teamId: string | null; questionId: string }> = [];
  for (const teamId of [null, ...teamIds]) {
    const applicable = questions.filter((question) => question.teamId === null || question.teamId === teamId);
    const picked = applicable[cohortIndex % applicable.length];
    if (picked) picks.push({ teamId, questionId: picked.id });
  }
  return picks;
}

/** Today's send worked out before anything is written: the cohort, its index and the question per team. */
export type RunPlan = {
  schedule: PulseScheduleRecord;
  day: ReturnType<typeof localDay>;
  index: number;
  cohort: string;
  picks: Array<{ teamId: string | null; questionId: string }>;
};

/**
 * Why today's send cannot happen, or what it would be. The real send and the admin's preview both
 * start here, so the preview can never promise what the send then refuses.
 */
export async function planPulseRun(
  db: Executor,
  target: { tenantId: string; settings: TenantSettings; schedule?: PulseScheduleRecord },
  now: Date,
): Promise<{ skipped: SkipReason; plan?: Omit<RunPlan, "picks"> } | { skipped?: undefined; plan: RunPlan }> {
  const { tenantId, settings } = target;
  if (!settings.pulse.enabled) return { skipped: "pulse_disabled" };
  // Without e-mail or Slack nobody could be reached.
  if (!settings.pulse.channelEmail && !settings.pulse.channelSlack) return { skipped: "no_channel" };
  const schedule = target.schedule ?? scheduleOf(tenantId, settings, await findScheduleRow(db, tenantId));
  if (!schedule.rotatingCohorts) return { skipped: "not_rotating" };
  if (!isValidTimezone(schedule.timezone)) return { skipped: "invalid_timezone" };
  const day = localDay(now, schedule.timezone);
  const index = weekdayCohortIndex(day.isoWeekday, schedule.numCohorts);
  const base = { schedule, day, index, cohort: cohortName(index) };
  const questions = await listActiveQuestionsInOrder(db, tenantId);
  if (questions.length === 0) return { skipped: "no_active_questions", plan: base };
  const teamIds = (await listTeams(db, tenantId)).map((team) => team.id);
  return { plan: { ...base, picks: pickQuestions(questions, teamIds, index) } };
}

/** Everyone in today's cohort who has had no invite yet in this cadence period. */
export function cohortNotYetAsked(db: Executor, tenantId: string, plan: Omit<RunPlan, "picks">, now: Date) {
  const { schedule, index } = plan;
  const periodStart = cadencePeriodStart(now, schedule.timezone, schedule.cadence);
  return listCohortToInvite(db, { tenantId, numCohorts: schedule.numCohorts, cohortIndex: index, periodStart });
}

/** The invites today's send creates: those not yet asked whose team has a question to answer. */
export function invitesFor(plan: RunPlan, users: Array<{ id: string; teamId: string | null }>) {
  const questionByTeam = new Map(plan.picks.map((pick) => [pick.teamId, pick.questionId]));
  const invites = [];
  for (const user of users) {
    const questionId = questionByTeam.get(user.teamId);
    if (questionId) invites.push({ userId: user.id, questionId, teamId: user.teamId });
  }
  return invites;
}

/**
 * One delivery job per invite and channel: an e-mail (pulse.channelEmail) and a Slack direct
 * message (pulse.channelSlack). The Slack job e-mails the invite itself when Slack knows nobody
 * of that address and no e-mail is on its way.
 */
function inviteJobs(settings: TenantSettings, tenantId: string, inviteIds: string[], reminder: boolean) {
  const extra = reminder ? { reminder: true } : {};
  return inviteIds.flatMap((inviteId) => [
    ...(settings.pulse.channelEmail ? [{ name: "pulse-invite" as const, data: { tenantId, inviteId, ...extra } }] : []),
    ...(settings.pulse.channelSlack ? [{ name: "pulse-invite-slack" as const, data: { tenantId, inviteId, ...extra } }] : []),
  ]);
}

/**
 * Today's send for one tenant (SPEC "Scheduler rules", CONTRACT §5): the weekday's cohort, the
 * question per team, one invite per user per cadence period. The run row for (tenant, local
 * date), the invites and (for a manual run) the audit entry commit together; email jobs are
 * queued only after that commit.
 */
export async function runPulseForTenant(
  deps: PulseSchedulerDeps,
  target: { tenantId: string; settings: TenantSettings; schedule?: PulseScheduleRecord },
  options: { trigger: "scheduler" | "manual"; now: Date; actor?: AuditActor },
): Promise<RunOutcome> {
  const { db, queue, logger } = deps;
  const { tenantId, settings } = target;
  const { now } = options;
  const planned = await planPulseRun(db, target, now);
  if (planned.skipped) return { status: "skipped", reason: planned.skipped };
  const { plan } = planned;
  const { day, cohort } = plan;
  const globalPick = plan.picks.find((pick) => pick.teamId === null)?.questionId ?? null;

  const sent = await db.transaction(async (trx) => {
    const claimed = await claimRun(trx, { tenantId, localDate: day.date, cohortName: cohort, questionId: globalPick, trigger: options.trigger, now });
    if (!claimed) return null;
    // The day's reminders ride on the day's claim: one run per tenant and local date sends them.
    const reminderIds =
      settings.pulse.channelEmail || settings.pulse.channelSlack
        ? await claimReminders(trx, { tenantId, now, afterDays: settings.pulse.reminderAfterDays })
        : [];
    const invites = invitesFor(plan, await cohortNotYetAsked(trx, tenantId, plan, now));
    const ids = await insertInvites(trx, {
      tenantId,
      cohortName: cohort,
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS * DAY_MS),
      minTenureDays: settings.pulse.minTenureDays,
      invites,
    });
    await completeRun(trx, tenantId, day.date, ids.length, now);
    if (options.actor) {
      await recordAudit(trx, options.actor, {
        action: "pulse.run",
        entityType: "pulse_run",
        entityId: null,
        after: { localDate: day.date, cohort, invitesCreated: ids.length },
      });
    }
    return { ids, reminderIds };
  });

  if (sent === null) {
    const existing = await findRun(db, tenantId, day.date);
    return { status: "already_ran", cohort: existing?.cohortName ?? cohort, invitesCreated: 0, localDate: day.date };
  }
  const { ids: inviteIds, reminderIds } = sent;
  try {
    const jobs = [...inviteJobs(settings, tenantId, inviteIds, false), ...inviteJobs(settings, tenantId, reminderIds, true)];
    for (let i = 0; i < jobs.length; i += JOB_CHUNK) await queue.addBulk(jobs.slice(i, i + JOB_CHUNK));
  } catch (error) {
    // The invites exist and stay answerable; only their emails are missing. Say so loudly.
    logger.error({ err: error, tenantId, localDate: day.date, invites: inviteIds.length }, "pulse invites created but their delivery jobs could not be queued");
  }
  logger.info(
    { tenantId, localDate: day.date, cohort, invitesCreated: inviteIds.length, reminders: reminderIds.length, trigger: options.trigger },
    "pulse sent",
  );
  return { status: "sent", cohort, invitesCreated: inviteIds.length, localDate: day.date };
}

/**
 * One scheduler tick: every tenant whose schedule time has passed today (in its time zone) and
 * that has no run for today yet. A tenant that was down at the scheduled time is sent to later
 * that day; a day missed entirely is not made up. `onlyTenantIds` narrows the tick (operations, tests).
 */
export async function runDuePulses(deps: PulseSchedulerDeps, onlyTenantIds?: string[]): Promise<Array<{ tenantId: string; outcome: RunOutcome }>> {
  const now = deps.clock.now();
  const outcomes: Array<{ tenantId: string; outcome: RunOutcome }> = [];
  for (const { tenant, settings, schedule } of await listScheduledTenants(deps.db, onlyTenantIds)) {
    if (!settings.pulse.enabled) continue;
    if (!isValidTimezone(schedule.timezone)) {
      deps.logger.warn({ tenantId: tenant.id, timezone: schedule.timezone }, "pulse schedule has an unknown time zone; skipped");
      continue;
    }
    const day = localDay(now, schedule.timezone);
    if (day.time < schedule.time) continue;
    if (await findRun(deps.db, tenant.id, day.date)) continue;
    try {
      const outcome = await runPulseForTenant(deps, { tenantId: tenant.id, settings, schedule }, { trigger: "scheduler", now });
      deps.countRun?.(outcome.status);
      outcomes.push({ tenantId: tenant.id, outcome });
    } catch (error) {
      deps.countRun?.("failed");
      deps.logger.error({ err: error, tenantId: tenant.id }, "pulse run failed");
    }
  }
  return outcomes;
}
