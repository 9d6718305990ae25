import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import { createSettingsSecrets } from "../../platform/settings-secrets.js";
import type { OtherJobProcessors } from "../email/index.js";
import { createSlackClients } from "./slack.client.js";
import { createSlackInviteSender } from "./slack.invites.js";

/** The system queue's Slack jobs, for the worker that runs the queue (startEmailWorker's `otherJobs`). */
export function slackJobProcessors(deps: { config: Config; db: Database; clock: Clock; logger: Logger }): OtherJobProcessors {
  const { config, db, clock, logger } = deps;
  const sender = createSlackInviteSender({
    db,
    clock,
    logger,
    secrets: createSettingsSecrets([config.session.secret, ...config.session.previousSecrets]),
    clients: createSlackClients({ apiUrl: config.slack.apiUrl, retryBaseMs: config.slack.retryBaseMs, logger }),
  });
  return { "pulse-invite-slack": sender };
}
