import cron, { type ScheduledTask } from "node-cron";
import { runDuePulses, type PulseSchedulerDeps } from "./pulse.scheduler.service.js";

/**
 * The pulse's send clock, in the server process (started by main.ts unless SCHEDULER=false).
 * Every minute: each tenant whose send time has passed in its own time zone and that has not run
 * today is sent to (SPEC's daily 09:00 is the default send time). Several instances may run this
 * at once; the per-tenant run row keeps sends single. Releasing answers is not the scheduler's
 * job: it runs on every instance (pulse.release.service.ts).
 */
export interface PulseScheduler {
  stop(): Promise<void>;
}

export const SEND_CHECK = "* * * * *";

export function startPulseScheduler(deps: PulseSchedulerDeps): PulseScheduler {
  const { logger } = deps;
  const send = async () => {
    try {
      await runDuePulses(deps);
    } catch (error) {
      logger.error({ err: error, task: "pulse-sender" }, "pulse scheduler task failed");
    }
  };
  const task: ScheduledTask = cron.schedule(SEND_CHECK, send, { name: "pulse-sender", noOverlap: true });
  logger.info("pulse scheduler started");
  return {
    async stop() {
      await task.destroy();
    },
  };
}
