import type { Config } from "./config.js";
import type { Clock } from "./platform/clock.js";
import type { Database } from "./platform/db.js";
import type { EventBus } from "./platform/events.js";
import type { Redis } from "./platform/kv.js";
import type { Logger } from "./platform/logger.js";
import type { EmailQueue } from "./platform/queue.js";
import { BufferedJobQueue } from "./platform/queue-buffer.js";
import { Metrics } from "./platform/metrics.js";
import { RateLimitService } from "./platform/rate-limit.js";
import { cacheScope, LocalScopeVersions, RedisScopeVersions, SharedReadCache } from "./platform/read-cache.js";
import { createSessionStore } from "./platform/http/session.js";
import { createAuditService } from "./modules/audit/index.js";
import { createChannelPosting, createChannelPublisher, createChannelService, InProcessChannelQueue, type ChannelQueue } from "./modules/channels/index.js";
import { createOidcClients, createAuthService, createOAuthService } from "./modules/auth/index.js";
import { createEmailAdminService, createUnsubscribeService } from "./modules/email/index.js";
import { createStreamGuard, createStreamSlots, SseHub } from "./modules/events/index.js";
import { createExportService, createPollExport, createPulseExport } from "./modules/export/index.js";
import { createHealthService } from "./modules/health/index.js";
import {
  conversationAddress,
  createHeldAnswers,
  createPulseAdminService,
  createPulseComments,
  createPulseFollowUps,
  createPulseEmailPreview,
  createPulsePrivacyService,
  createPulseReleaser,
  createPulseRespondService,
  createPulseSealer,
  createPulseSummaryService,
} from "./modules/pulse/index.js";
import {
  countTeamQuestions,
  createModerationService,
  createQuestionBoard,
  createQuestionEvents,
  createQuestionLimits,
  createQuestionService,
  createUpvoteSets,
  currentUpvoteCount,
  moveTeamQuestions,
} from "./modules/questions/index.js";
import { createPollEvents, createPollService, createPollVotes, createVoterKeys } from "./modules/polls/index.js";
import { createScimGroupsService, createScimTokenService, createScimUsersService, SCIM_PATH } from "./modules/scim/index.js";
import { createSettingsSecrets } from "./platform/settings-secrets.js";
import { createSettingsService } from "./modules/settings/index.js";
import { createSlackClients, createSlackConnectionTest, createSlackInteractions, type SlackClients } from "./modules/slack/index.js";
import { createTagService } from "./modules/tags/index.js";
import { createMembersService, createTeamDirectory, createTeamsService, findTeam } from "./modules/teams/index.js";
import { TenantDirectory } from "./modules/tenants/index.js";
import { createTokenService, listLiveTokenIds } from "./modules/tokens/index.js";
import { clearPrimaryTeam, createUsersService, findActiveUserIds, findUser } from "./modules/users/index.js";
import {
  createWebhookDelivery,
  createWebhookPublisher,
  createWebhookService,
  InProcessWebhookQueue,
  WEBHOOK_TIMEOUT_MS,
  type PublishWebhookEvent,
  type SendRules,
  type WebhookQueue,
} from "./modules/webhooks/index.js";

/**
 * The composition of the modules (app.ts builds the HTTP app around it): what they share, and
 * each module's services given what it needs of the others.
 */

export interface ServiceDeps {
  config: Config;
  db: Database;
  kv: Redis | null;
  logger: Logger;
  clock: Clock;
  bus: EventBus;
  /** The email queue: every module queues through its JobQueue part; the admin view inspects it. */
  queue: EmailQueue;
  /** The outgoing webhooks' queue: BullMQ when the server has Redis; by default attempts run in this process. */
  webhookQueue?: WebhookQueue;
  /** The teams' chat channel posts' queue: BullMQ when the server has Redis; by default posts run in this process. */
  channelQueue?: ChannelQueue;
  /** Test knobs; production uses the defaults. */
  tuning?: {
    sseHeartbeatMs?: number;
    streamCheckMs?: number;
    /** How long a pulse tap is held against link scanners (CONTRACT §5: 60 s); 0 commits at once. */
    pulseScannerWindowMs?: number;
    /** The waits before each webhook retry (default: 5 s up to 14 h, over about 31 hours). */
    webhookRetryDelaysMs?: number[];
    webhookTimeoutMs?: number;
    /** The waits before each retry of a chat channel post (default: 5 s up to 1 h). */
    channelRetryDelaysMs?: number[];
  };
}

/** The most a shared read serves without a write announcing a change: bounds what a change made outside the service leaves stale. */
const SHARED_READ_MAX_AGE_MS = 2000;

/**
 * What the modules share: the tenant directory, rate limits, metrics, the shared read caches, the
 * system's own email queue, the session store and the live streams' hub.
 */
export function buildShared(deps: ServiceDeps) {
  const { config, db, kv, logger, clock, bus, queue } = deps;
  const sse = new SseHub(bus, logger, deps.tuning?.sseHeartbeatMs);
  const metrics = new Metrics({ sseClients: () => sse.size, queue });
  const rateLimits = new RateLimitService(config.isProduction && kv !== null, kv, config.kv.prefix, (limit) => metrics.rateLimited.inc({ limit }));
  // Reads many requests share, rebuilt after the writes that change them (on every instance, through
  // Redis): a tenant's teams and board pages (a few hundred per tenant: a page can be large), and
  // the signed-in users (one small entry each, as many as are active at once).
  const versions = kv ? new RedisScopeVersions(kv, config.kv.prefix) : new LocalScopeVersions();
  const readCache = new SharedReadCache(versions, { maxAgeMs: SHARED_READ_MAX_AGE_MS, maxEntriesPerScope: 300, logger });
  const userCache = new SharedReadCache(versions, { maxAgeMs: SHARED_READ_MAX_AGE_MS, maxEntriesPerScope: 50_000, logger });
  /** Announces a change of the tenant's records in the given scopes. */
  const changed =
    (...scopes: Array<(tenantId: string) => string>) =>
    async (tenantId: string) => {
      await Promise.all(scopes.map((scope) => (scope === cacheScope.users ? userCache : readCache).changed(scope(tenantId))));
    };
  const sessionStore = createSessionStore(config, kv, clock);
  // A live stream lasts while its session or token and its user do, and holds one of the user's stream slots.
  sse.keep({
    guard: createStreamGuard({
      activeUserIds: (ids) => findActiveUserIds(db, ids),
      liveTokenIds: (ids, now) => listLiveTokenIds(db, ids, now),
      sessions: sessionStore,
    }),
    slots: createStreamSlots(kv, config.kv.prefix),
    intervalMs: deps.tuning?.streamCheckMs,
    now: () => clock.now(),
  });
  return {
    startedAt: Date.now(),
    tenants: new TenantDirectory(db),
    // Write-only secrets of the tenant settings (an identity provider's client secret), sealed with SESSION_SECRET.
    settingsSecrets: createSettingsSecrets([config.session.secret, ...config.session.previousSecrets]),
    sse,
    metrics,
    rateLimits,
    // Email the system sends by itself survives a Redis outage; admins' direct email answers 503 instead.
    systemQueue: new BufferedJobQueue(queue, logger),
    readCache,
    userCache,
    changed,
    teamDirectory: createTeamDirectory(db, readCache),
    sessionStore,
  };
}

export type Shared = ReturnType<typeof buildShared>;

/** Every module's services, each given what it needs of the others. */
export function buildServices(deps: ServiceDeps, shared: Shared) {
  const { config, db, kv, clock, queue } = deps;
  const auth = createAuthService({ config, db, clock, tenants: shared.tenants, rateLimits: shared.rateLimits });
  const admin = buildAdministration(deps, shared);
  const webhooks = buildWebhooks(deps, shared);
  const slackClients = createSlackClients({ apiUrl: config.slack.apiUrl, retryBaseMs: config.slack.retryBaseMs, logger: deps.logger });
  const channels = buildChannels(deps, shared, slackClients);
  // Every event goes to the tenant's webhooks and to the team's chat channels.
  const publish: PublishWebhookEvent = async (tenantId, type, data) => {
    await Promise.all([webhooks.publish(tenantId, type, data), channels.publish(tenantId, type, data)]);
  };
  const pulse = buildPulse(deps, shared, admin.settings, publish);
  return {
    auth,
    oauth: createOAuthService({ db, usersChanged: shared.changed(cacheScope.users, cacheScope.questions) }),
    oidcClients: createOidcClients({ secrets: shared.settingsSecrets, allowHttp: !config.isProduction, logger: deps.logger }),
    tokens: createTokenService({ db, clock }),
    health: createHealthService({ config, db, kv, rateLimits: shared.rateLimits, startedAt: shared.startedAt, strategies: auth.enabledStrategies }),
    admin,
    email: createEmailAdminService({ db, queue }),
    unsubscribe: createUnsubscribeService({ db, clock, secret: config.session.secret }),
    ...buildQuestions(deps, shared, publish),
    polls: buildPolls(deps, shared, publish),
    pulse,
    slack: buildSlack(deps, shared, pulse, slackClients),
    slackConnectionTest: createSlackConnectionTest({ db, secrets: shared.settingsSecrets, clients: slackClients }),
    scim: buildScim(deps, admin),
    webhooks,
    channels,
  };
}

/** Slack (CONTRACT §11): the interaction requests of pulse invites sent as direct messages. */
function buildSlack(deps: ServiceDeps, shared: Shared, pulse: ReturnType<typeof buildPulse>, clients: SlackClients) {
  const { config, db, clock, logger } = deps;
  return createSlackInteractions({
    db,
    clock,
    logger,
    secrets: shared.settingsSecrets,
    clients,
    respondAtOnce: (tenantId, input) => pulse.respond.respondAtOnce(tenantId, input),
    conversationUrl: (capability) => `${config.frontendUrl}${conversationAddress(capability)}`,
  });
}

export type Services = ReturnType<typeof buildServices>;

/** Administration: settings, users, teams and members, the audit log, exports. */
function buildAdministration(deps: ServiceDeps, shared: Shared) {
  const { db, clock, bus, logger } = deps;
  const { changed } = shared;
  const audit = createAuditService({ db });
  const settings = createSettingsService({
    db,
    clock,
    tenants: shared.tenants,
    teamExists: async (trx, tenantId, teamId) => (await findTeam(trx, tenantId, teamId)) !== null,
    secrets: shared.settingsSecrets,
  });
  const exports = createExportService({ db, audit });
  return {
    settings,
    users: createUsersService({ db, clock, bus, logger, usersChanged: changed(cacheScope.users, cacheScope.questions) }),
    teams: createTeamsService({
      db,
      clock,
      directory: shared.teamDirectory,
      deletion: {
        countQuestions: countTeamQuestions,
        moveQuestions: moveTeamQuestions,
        clearDefaultTeam: (trx, ctx, teamId) => settings.clearDefaultTeam(trx, ctx, teamId),
        settingsChanged: (tenantId) => settings.saved(tenantId),
        questionsAndMembersChanged: changed(cacheScope.questions, cacheScope.users),
      },
    }),
    members: createMembersService({
      db,
      clock,
      userExists: async (trx, tenantId, userId) => (await findUser(trx, tenantId, userId)) !== null,
      clearPrimaryTeam,
      membersChanged: changed(cacheScope.users),
    }),
    audit,
    exports,
    pulseExport: createPulseExport({ db, clock, exports }),
    pollExport: createPollExport({ db, clock, exports }),
  };
}

/**
 * SCIM provisioning: its tokens, and Users and Groups over the users and teams modules' own
 * services, so what an identity provider does is what an admin's edit does (rules, audit, caches).
 */
function buildScim(deps: ServiceDeps, admin: ReturnType<typeof buildAdministration>) {
  const { config, db, clock } = deps;
  const baseUrl = `${config.baseUrl}${SCIM_PATH}`;
  return {
    tokens: createScimTokenService({ db, clock, scimBaseUrl: baseUrl }),
    users: createScimUsersService({ db, users: admin.users, baseUrl }),
    groups: createScimGroupsService({
      db,
      baseUrl,
      teams: {
        create: (ctx, input) => admin.teams.create(ctx, input),
        rename: (ctx, teamId, name) => admin.teams.update(ctx, teamId, { name }),
        remove: (ctx, teamId) => admin.teams.remove(ctx, teamId, undefined),
        members: (ctx, teamId, change) => admin.members.provision(ctx, teamId, change),
      },
    }),
  };
}

/** How a webhook or a Teams post may be sent: the address rules of the configuration, and the timeout. */
function sendRules(deps: ServiceDeps): SendRules {
  const { httpsOnly, allowPrivate } = deps.config.webhooks;
  return { httpsOnly, allowPrivate, timeoutMs: deps.tuning?.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS };
}

/**
 * Outgoing webhooks (CONTRACT §11): the admin's endpoints, the events the modules publish to them
 * after commit, and the attempts (signed, retried, the endpoint disabled after 3 days of failures).
 */
function buildWebhooks(deps: ServiceDeps, shared: Shared) {
  const { db, clock, logger } = deps;
  const queue = deps.webhookQueue ?? new InProcessWebhookQueue(logger);
  const rules = sendRules(deps);
  const secrets = shared.settingsSecrets;
  const delivery = createWebhookDelivery({
    db,
    clock,
    logger,
    secrets,
    queue,
    emailQueue: shared.systemQueue,
    rules,
    retryDelaysMs: deps.tuning?.webhookRetryDelaysMs,
  });
  if (queue instanceof InProcessWebhookQueue) queue.process(delivery.attempt);
  return {
    queue,
    delivery,
    publish: createWebhookPublisher({ db, clock, logger, queue }),
    service: createWebhookService({ db, clock, secrets, queue, delivery, rules }),
  };
}

/**
 * A team's chat channels (CONTRACT §11): its new questions, answers and closed polls posted to
 * Slack and Microsoft Teams off the request path, with retries.
 */
function buildChannels(deps: ServiceDeps, shared: Shared, slackClients: SlackClients) {
  const { config, db, clock, logger } = deps;
  const queue = deps.channelQueue ?? new InProcessChannelQueue(logger);
  const posting = createChannelPosting({
    db,
    logger,
    secrets: shared.settingsSecrets,
    tenants: shared.tenants,
    slackClients,
    queue,
    rules: sendRules(deps),
    links: { frontendUrl: config.frontendUrl, baseDomain: config.baseDomain },
    retryDelaysMs: deps.tuning?.channelRetryDelaysMs,
  });
  if (queue instanceof InProcessChannelQueue) queue.process(posting.attempt);
  return {
    queue,
    posting,
    publish: createChannelPublisher({ db, logger, queue }),
    service: createChannelService({ db, clock, secrets: shared.settingsSecrets, posting, rules: sendRules(deps) }),
  };
}

/** The Q&A board: tags, questions and their moderation, with their live events. */
function buildQuestions(deps: ServiceDeps, shared: Shared, webhooks: PublishWebhookEvent) {
  const { db, clock, bus, logger } = deps;
  const { readCache, userCache, teamDirectory } = shared;
  const events = createQuestionEvents(bus, logger, (tenantId, questionId) => currentUpvoteCount(db, tenantId, questionId), readCache, webhooks);
  const limits = createQuestionLimits(shared.rateLimits);
  const upvotes = createUpvoteSets(db, userCache);
  return {
    tags: createTagService({ db, cache: readCache }),
    questions: createQuestionService({ db, clock, events, limits, teams: teamDirectory, board: createQuestionBoard(db, readCache, upvotes), upvotes }),
    moderation: createModerationService({ db, clock, events, limits, queue: shared.systemQueue, logger }),
  };
}

/** Live polls: their moderation, the anonymous votes (keys derived from SESSION_SECRET), their live events. */
function buildPolls(deps: ServiceDeps, shared: Shared, webhooks: PublishWebhookEvent) {
  const { config, db, clock, bus, logger } = deps;
  const keys = createVoterKeys([config.session.secret, ...config.session.previousSecrets]);
  const events = createPollEvents({ bus, logger, db, webhooks });
  const votes = createPollVotes({ db, keys, events, rateLimits: shared.rateLimits });
  return { keys, votes, service: createPollService({ db, clock, events, myVotes: votes.myVotes }) };
}

/** The weekly pulse: answering (taps held against link scanners, sealed, released in batches), its administration and summary. */
function buildPulse(deps: ServiceDeps, shared: Shared, settings: ReturnType<typeof buildAdministration>["settings"], webhooks: PublishWebhookEvent) {
  const { config, db, clock, logger } = deps;
  const sealer = createPulseSealer([config.session.secret, ...config.session.previousSecrets]);
  const heldAnswers = createHeldAnswers({ db, clock, sealer, windowMs: deps.tuning?.pulseScannerWindowMs });
  const releaser = createPulseReleaser({ db, clock, logger, sealer, heldAnswers, webhooks });
  const privacy = createPulsePrivacyService({ db });
  return {
    releaser,
    privacy,
    respond: createPulseRespondService({ db, clock, releaser, heldAnswers, privacy, logger, sealer }),
    comments: createPulseComments({ db, clock, sealer, rateLimits: shared.rateLimits }),
    followUps: createPulseFollowUps({ db, clock, sealer, releaser, logger }),
    admin: createPulseAdminService({ db, clock, settings, scheduler: { db, queue: shared.systemQueue, logger, clock } }),
    summary: createPulseSummaryService({ db, clock }),
    emailPreview: createPulseEmailPreview({ db, clock, frontendUrl: config.frontendUrl }),
  };
}
