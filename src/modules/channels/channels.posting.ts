import type { Database } from "../../platform/db.js";
import type { Logger } from "../../platform/logger.js";
import { SLACK_BOT_TOKEN_PATH, type SettingsSecrets } from "../../platform/settings-secrets.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import { tenantAddress } from "../../platform/tenant-address.js";
import { slackRefusal, type SlackClients } from "../slack/index.js";
import { findTeam } from "../teams/index.js";
import type { TenantDirectory } from "../tenants/index.js";
import { postJson, type SendRules } from "../webhooks/index.js";
import { resultLines, slackMessage, teamsMessage, type ChannelPost } from "./channels.messages.js";
import type { ChannelJob, ChannelQueue } from "./channels.queue.js";
import { findTeamChannels } from "./channels.repository.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The waits before each retry: a chat message is worth a few tries over about two hours, not days. */
export const CHANNEL_RETRY_DELAYS_MS = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE];
/** A Retry-After longer than this is not waited for: the post is given up like any other that keeps failing. */
const MAX_RETRY_AFTER_MS = 60 * MINUTE;

/**
 * How long an admin's test waits for Slack: the WebClient keeps retrying an unreachable Slack
 * for minutes, which suits a queued post but not a request someone is waiting on.
 */
const TEST_WAIT_MS = 15 * SECOND;

function withinTestWait(posting: Promise<PostResult>): Promise<PostResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PostResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: `Slack did not answer within ${TEST_WAIT_MS / SECOND} s` }), TEST_WAIT_MS);
  });
  return Promise.race([posting, late]).finally(() => clearTimeout(timer));
}

/** Where a team's Teams URL is sealed: bound to the tenant and the team, it opens nowhere else. */
export const teamsWebhookPath = (teamId: string) => `team-channels.teamsWebhook.${teamId}`;

/** How one post went; `retryAfterMs` when it may succeed later (and how long to wait, if the channel said). */
export interface PostResult {
  ok: boolean;
  status?: number;
  error?: string;
  retry?: { afterMs: number | null };
}

export interface ChannelPostingDeps {
  db: Database;
  logger: Logger;
  secrets: SettingsSecrets;
  tenants: TenantDirectory;
  slackClients: SlackClients;
  queue: ChannelQueue;
  rules: SendRules;
  links: { frontendUrl: string; baseDomain: string | undefined };
  retryDelaysMs?: number[];
}

/** An error text without the URL's query (its `sig=`), should a receiver or a library echo it. */
function withoutSecret(text: string, url: string): string {
  const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
  return query ? text.split(query).join("?…") : text;
}

/**
 * Makes the posts of a team's channels: composes the message from the event's data, reads the
 * channel (and opens the sealed Teams URL) at the time of the post, and retries what may succeed
 * later. Logs name the tenant, team, target and outcome: never the URL, the token or the message.
 */
export function createChannelPosting(deps: ChannelPostingDeps) {
  const { db, logger, secrets, tenants, slackClients, queue } = deps;
  const delays = deps.retryDelaysMs ?? CHANNEL_RETRY_DELAYS_MS;

  async function postToSlack(tenantId: string, settings: TenantSettings, channel: string, post: ChannelPost): Promise<PostResult> {
    if (!settings.slack) return { ok: false, error: "the tenant's Slack app is not connected" };
    const botToken = secrets.open(tenantId, SLACK_BOT_TOKEN_PATH, settings.slack.botToken);
    if (botToken === null) return { ok: false, error: "the Slack bot token cannot be opened (enter it again in the settings)" };
    const message = slackMessage(post);
    try {
      await slackClients
        .forTenant(tenantId, botToken)
        .chat.postMessage({ channel, text: message.text, blocks: message.blocks, unfurl_links: false, unfurl_media: false });
      return { ok: true };
    } catch (error) {
      const refusal = slackRefusal(error);
      // Slack's own answers (channel_not_found, not_in_channel, invalid_auth) do not change by retrying.
      if (refusal) return { ok: false, error: `Slack answered ${refusal}` };
      return { ok: false, error: "Slack unreachable", retry: { afterMs: null } };
    }
  }

  async function postToTeams(tenantId: string, teamId: string, sealed: string, post: ChannelPost): Promise<PostResult> {
    const url = secrets.open(tenantId, teamsWebhookPath(teamId), sealed);
    if (url === null) return { ok: false, error: "the Teams URL cannot be opened (enter it again)" };
    const outcome = await postJson({ url, body: JSON.stringify(teamsMessage(post)), userAgent: "TeamQA-Channels/1.0" }, deps.rules);
    const status = outcome.responseCode ?? undefined;
    if (outcome.ok) return { ok: true, status };
    const error = withoutSecret(outcome.error ?? "failed", url);
    const transient = status === undefined ? !error.startsWith("URL refused") : status === 408 || status === 429 || status >= 500;
    return { ok: false, status, error, ...(transient ? { retry: { afterMs: status === 429 ? outcome.retryAfterMs : null } } : {}) };
  }

  /** The message of an event, given its team. */
  function compose(job: ChannelJob, team: { name: string; slug: string }, tenantSlug: string): ChannelPost {
    const data = job.data;
    if (job.eventType === "poll.closed") {
      const results = (data.results ?? {}) as Record<string, unknown>;
      return { kind: "poll.closed", teamName: team.name, title: String(data.title), voteCount: Number(data.voteCount ?? 0), lines: resultLines(results) };
    }
    const author = data.author as { name?: string } | null | undefined;
    const address = tenantAddress(deps.links.frontendUrl, deps.links.baseDomain, tenantSlug);
    return {
      kind: job.eventType,
      teamName: team.name,
      link: `${address}/${encodeURIComponent(team.slug)}?question=${encodeURIComponent(job.subjectId)}`,
      body: String(data.body ?? ""),
      // The event data leaves an anonymous author out already; the flag is honoured here too.
      authorName: data.isAnonymous === true ? null : (author?.name ?? null),
      responseText: typeof data.responseText === "string" ? data.responseText : null,
    };
  }

  /** Runs one post, and queues its retry when it may succeed later. */
  async function attempt(job: ChannelJob): Promise<void> {
    const context = { tenantId: job.tenantId, teamId: job.teamId, target: job.target, eventType: job.eventType, attempt: job.attempt + 1 };
    const found = await tenants.resolve(job.tenantId);
    const team = found ? await findTeam(db, job.tenantId, job.teamId) : null;
    const channels = team ? await findTeamChannels(db, job.tenantId, job.teamId) : null;
    if (!found || !team || !channels) return;
    const post = compose(job, team, found.tenant.slug);
    let result: PostResult;
    if (job.target === "slack") {
      if (!channels.slackChannel) return;
      result = await postToSlack(job.tenantId, found.settings, channels.slackChannel, post);
    } else {
      if (!channels.teamsWebhookSealed) return;
      result = await postToTeams(job.tenantId, job.teamId, channels.teamsWebhookSealed, post);
    }
    if (result.ok) {
      logger.info(context, "posted to the team's channel");
      return;
    }
    const delay = result.retry ? delays[job.attempt] : undefined;
    if (delay === undefined || !result.retry) {
      logger.warn({ ...context, status: result.status, reason: result.error }, "channel post given up");
      return;
    }
    const wait = Math.min(MAX_RETRY_AFTER_MS, Math.max(delay, result.retry.afterMs ?? 0));
    logger.info({ ...context, status: result.status, retryInMs: wait }, "channel post failed; retrying");
    await queue.add({ ...job, attempt: job.attempt + 1 }, wait);
  }

  /** An admin's test: one post to each configured channel now, no retry, answered at once. */
  async function test(tenantId: string, settings: TenantSettings, team: { id: string; name: string }) {
    const channels = await findTeamChannels(db, tenantId, team.id);
    const post: ChannelPost = { kind: "test", teamName: team.name };
    const slack = channels?.slackChannel ? await withinTestWait(postToSlack(tenantId, settings, channels.slackChannel, post)) : null;
    const teams = channels?.teamsWebhookSealed ? await postToTeams(tenantId, team.id, channels.teamsWebhookSealed, post) : null;
    return {
      slack: slack && { ok: slack.ok, ...(slack.error ? { error: slack.error } : {}) },
      teams: teams && { ok: teams.ok, ...(teams.status !== undefined ? { status: teams.status } : {}), ...(teams.error ? { error: teams.error } : {}) },
    };
  }

  return { attempt, test };
}

export type ChannelPosting = ReturnType<typeof createChannelPosting>;
