import cron, { type ScheduledTask } from "node-cron";
import { mixPendingResponses } from "./pulse-responses.repository.js";
import { runDuePulses, type PulseSchedulerDeps } from "./pulse-scheduler.service.js";

/**
 * The pulse's clockwork, in the server process (started by main.ts unless SCHEDULER=false).
 * Every minute: each tenant whose schedule time has passed in its own time zone and that has not
 * run today is sent to (SPEC's daily 09:00 is the default schedule time). Every hour: pending
 * responses are mixed (pulse-responses.repository.ts). Several instances may run this at once;
 * the per-tenant run row keeps sends single, and mixing twice is harmless.
 */
export interface PulseScheduler {
  stop(): Promise<void>;
}

export const SEND_CHECK = "* * * * *";
export const MIX_EVERY_HOUR = "17 * * * *";

export function startPulseScheduler(deps: PulseSchedulerDeps): PulseScheduler {
  const { logger } = deps;
  const guarded = (name: string, work: () => Promise<unknown>) => async () => {
    try {
      await work();
    } catch (error) {
      logger.error({ err: error, task: name }, "pulse scheduler task failed");
    }
  };
  const mix = guarded("pulse-mixer", async () => {
    const mixed = await mixPendingResponses(deps.db);
    if (mixed > 0) logger.info({ responses: mixed }, "pulse responses mixed");
  });
  const tasks: ScheduledTask[] = [
    cron.schedule(SEND_CHECK, guarded("pulse-sender", () => runDuePulses(deps)), { name: "pulse-sender", noOverlap: true }),
    cron.schedule(MIX_EVERY_HOUR, mix, { name: "pulse-mixer", noOverlap: true }),
  ];
  // Responses left pending by a previous process are mixed now rather than within the hour.
  void mix();
  logger.info("pulse scheduler started");
  return {
    async stop() {
      for (const task of tasks) await task.destroy();
    },
  };
}
