import type { Config } from "../../config.js";
import type { Clock } from "../../platform/clock.js";
import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import { createSettingsSecrets } from "../../platform/settings-secrets.js";
import { createAnsweredNoticeReader, type OtherJobProcessors } from "../email/index.js";
import { createSlackAnsweredSender } from "./slack.answered.js";
import { createSlackClients } from "./slack.client.js";
import { createSlackInviteSender } from "./slack.invites.js";

/** The system queue's Slack jobs, for the worker that runs the queue (startEmailWorker's `otherJobs`). */
export function slackJobProcessors(deps: { config: Config; db: Database; clock: Clock; logger: Logger }): OtherJobProcessors {
  const { config, db, clock, logger } = deps;
  const secrets = createSettingsSecrets([config.session.secret, ...config.session.previousSecrets]);
  const clients = createSlackClients({ apiUrl: config.slack.apiUrl, retryBaseMs: config.slack.retryBaseMs, logger });
  return {
    "pulse-invite-slack": createSlackInviteSender({ db, clock, logger, secrets, clients }),
    "question-answered-slack": createSlackAnsweredSender({ db, logger, secrets, clients, readAnsweredNotice: createAnsweredNoticeReader({ db, config }) }),
  };
}
