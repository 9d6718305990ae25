import type { Knex } from "knex";
import * as createTenants from "./20261122000100_create_tenants.js";
import * as createUsersAndTeams from "./20261122000200_create_users_and_teams.js";
import * as createTags from "./20261122000300_create_tags.js";
import * as createQuestions from "./20261122000400_create_questions.js";
import * as createAuditLogs from "./20261122000500_create_audit_logs.js";
import * as createPulse from "./20261122000600_create_pulse.js";
import * as createApiTokens from "./20261122000700_create_api_tokens.js";
import * as addQuestionBoardOrderIndex from "./20261123030100_add_question_board_order_index.js";
import * as pulseResponseMixing from "./20261123040100_pulse_response_mixing.js";
import * as pulseWeeklyRollups from "./20261123040200_pulse_weekly_rollups.js";
import * as usersPulseHash from "./20261123040300_users_pulse_hash.js";
import * as questionCounts from "./20261123080100_question_counts.js";
import * as pulseBatchRelease from "./20261125000100_pulse_batch_release.js";
import * as pulseScheduleFromSettings from "./20261125000200_pulse_schedule_from_settings.js";
import * as apiTokenScopeAndExpiry from "./20261125000300_api_token_scope_and_expiry.js";
import * as pulseHeldAnswersAndTenure from "./20261128000100_pulse_held_answers_and_tenure.js";
import * as createPolls from "./20261128000200_create_polls.js";
import * as pulseScalesAndReminders from "./20261128000300_pulse_scales_and_reminders.js";
import * as pulseComments from "./20261128000400_pulse_comments.js";
import * as scimProvisioning from "./20261128000500_scim_provisioning.js";
import * as pulseInviteWeeksReminders from "./20261128000600_pulse_invite_weeks_reminders.js";
import * as pulseCommentsCountIndex from "./20261128000700_pulse_comments_count_index.js";
import * as companySignIn from "./20261128000800_company_sign_in.js";
import * as webhooks from "./20261128001000_webhooks.js";
import * as slackInteractions from "./20261128001100_slack_interactions.js";
import * as teamChannels from "./20261128001200_team_channels.js";
import * as answersViaSlack from "./20261128001300_answers_via_slack.js";

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed statically (rather than read from the folder) so the same
 * code runs under tsx, from the compiled build and on PGlite. test/platform/embedded.test.ts checks
 * that every file of this folder is listed.
 */
export const migrations: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ["20261122000100_create_tenants", createTenants],
  ["20261122000200_create_users_and_teams", createUsersAndTeams],
  ["20261122000300_create_tags", createTags],
  ["20261122000400_create_questions", createQuestions],
  ["20261122000500_create_audit_logs", createAuditLogs],
  ["20261122000600_create_pulse", createPulse],
  ["20261122000700_create_api_tokens", createApiTokens],
  ["20261123030100_add_question_board_order_index", addQuestionBoardOrderIndex],
  ["20261123040100_pulse_response_mixing", pulseResponseMixing],
  ["20261123040200_pulse_weekly_rollups", pulseWeeklyRollups],
  ["20261123040300_users_pulse_hash", usersPulseHash],
  ["20261123080100_question_counts", questionCounts],
  ["20261125000100_pulse_batch_release", pulseBatchRelease],
  ["20261125000200_pulse_schedule_from_settings", pulseScheduleFromSettings],
  ["20261125000300_api_token_scope_and_expiry", apiTokenScopeAndExpiry],
  ["20261128000100_pulse_held_answers_and_tenure", pulseHeldAnswersAndTenure],
  ["20261128000200_create_polls", createPolls],
  ["20261128000300_pulse_scales_and_reminders", pulseScalesAndReminders],
  ["20261128000400_pulse_comments", pulseComments],
  ["20261128000500_scim_provisioning", scimProvisioning],
  ["20261128000600_pulse_invite_weeks_reminders", pulseInviteWeeksReminders],
  ["20261128000700_pulse_comments_count_index", pulseCommentsCountIndex],
  ["20261128000800_company_sign_in", companySignIn],
  ["20261128001000_webhooks", webhooks],
  ["20261128001100_slack_interactions", slackInteractions],
  ["20261128001200_team_channels", teamChannels],
  ["20261128001300_answers_via_slack", answersViaSlack],
];
