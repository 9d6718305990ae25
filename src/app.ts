import express, { Router, type Express, type RequestHandler } from "express";
import type { Config } from "./config.js";
import type { Clock } from "./platform/clock.js";
import type { Database } from "./platform/db.js";
import type { EventBus } from "./platform/events.js";
import type { Redis } from "./platform/kv.js";
import type { Logger } from "./platform/logger.js";
import type { EmailQueue } from "./platform/queue.js";
import { RateLimitService } from "./platform/rate-limit.js";
import { cacheScope, LocalScopeVersions, RedisScopeVersions, SharedReadCache } from "./platform/read-cache.js";
import { buildOpenApiDocument } from "./platform/openapi.js";
import { Metrics, metricsRouter } from "./platform/metrics.js";
import { BufferedJobQueue } from "./platform/queue-buffer.js";
import { authenticate } from "./platform/http/authenticate.js";
import { csrfProtection } from "./platform/http/csrf.js";
import { docsRouter } from "./platform/http/docs.js";
import { errorHandler, notFoundHandler } from "./platform/http/error-handler.js";
import { requestId } from "./platform/http/request-id.js";
import { requestLog } from "./platform/http/request-log.js";
import { mountRoutes, type AnyRoute } from "./platform/http/route.js";
import { createSessionStore, sessionMiddleware } from "./platform/http/session.js";
import { spaFallback, type FirstScreen, type WebFrontend } from "./platform/http/spa.js";
import { resolveTenant } from "./platform/http/tenant.js";
import { securityHeaders } from "./platform/http/security-headers.js";
import "./platform/http/express-augment.js";
import { authRoutes } from "./modules/auth/index.js";
import { createAuthService } from "./modules/auth/index.js";
import { oauthRoutes } from "./modules/auth/index.js";
import { createOAuthService } from "./modules/auth/index.js";
import { createOAuthStrategies } from "./modules/auth/index.js";
import { tokenRoutes } from "./modules/tokens/index.js";
import { createTokenService } from "./modules/tokens/index.js";
import { emailAdminRoutes } from "./modules/email/index.js";
import { createEmailAdminService } from "./modules/email/index.js";
import { unsubscribeRouter } from "./modules/email/index.js";
import { createUnsubscribeService } from "./modules/email/index.js";
import { healthRouter } from "./modules/health/index.js";
import { pulseAdminRoutes } from "./modules/pulse/index.js";
import { createPulseAdminService } from "./modules/pulse/index.js";
import { createPulseRespondService } from "./modules/pulse/index.js";
import { createHeldAnswers, createPulsePrivacyService, createPulseReleaser, createPulseSealer, type PulseReleaser } from "./modules/pulse/index.js";
import { createPulseSummaryService } from "./modules/pulse/index.js";
import { pulseRoutes, pulseTokenLinks } from "./modules/pulse/index.js";
import { createHealthService } from "./modules/health/index.js";
import { eventRoutes } from "./modules/events/index.js";
import { SseHub } from "./modules/events/index.js";
import { createStreamGuard } from "./modules/events/index.js";
import { createStreamSlots } from "./modules/events/index.js";
import { listLiveTokenIds } from "./modules/tokens/index.js";
import { clearPrimaryTeam, findActiveUserIds, findActiveUserWithTeams, findUser } from "./modules/users/index.js";
import { countTeamQuestions, currentUpvoteCount, moveTeamQuestions } from "./modules/questions/index.js";
import { couldBeTeamSlug, findTeam } from "./modules/teams/index.js";
import { createModerationService } from "./modules/questions/index.js";
import { createQuestionBoard, createQuestionEvents, createUpvoteSets } from "./modules/questions/index.js";
import { createQuestionLimits } from "./modules/questions/index.js";
import { questionRoutes } from "./modules/questions/index.js";
import { createQuestionService } from "./modules/questions/index.js";
import { createBoardFirstScreen, type BoardFirstScreen } from "./modules/questions/index.js";
import { tagAdminRoutes, tagReadRoutes } from "./modules/tags/index.js";
import { createTagService } from "./modules/tags/index.js";
import { TenantDirectory } from "./modules/tenants/index.js";
import { tenantRoutes } from "./modules/tenants/index.js";
import { auditRoutes } from "./modules/audit/index.js";
import { createAuditService } from "./modules/audit/index.js";
import { exportRoutes } from "./modules/export/index.js";
import { createExportService } from "./modules/export/index.js";
import { createPulseExport } from "./modules/export/index.js";
import { settingsRoutes } from "./modules/settings/index.js";
import { createSettingsService } from "./modules/settings/index.js";
import { createMembersService, createTeamDirectory } from "./modules/teams/index.js";
import { teamRoutes } from "./modules/teams/index.js";
import { createTeamsService } from "./modules/teams/index.js";
import { userRoutes } from "./modules/users/index.js";
import { createUsersService } from "./modules/users/index.js";

export interface AppDeps {
  config: Config;
  db: Database;
  kv: Redis | null;
  logger: Logger;
  clock: Clock;
  bus: EventBus;
  /** The email queue: every module queues through its JobQueue part; the admin view inspects it. */
  queue: EmailQueue;
  web?: WebFrontend;
  /** Test knobs; production uses the defaults. */
  tuning?: {
    sseHeartbeatMs?: number;
    streamCheckMs?: number;
    /** How long a pulse tap is held against link scanners (CONTRACT §5: 60 s); 0 commits at once. */
    pulseScannerWindowMs?: number;
  };
}

export interface BuiltApp {
  app: Express;
  /** Every tenant API route, as mounted (tests walk this to cover each one). */
  routes: AnyRoute[];
  tenants: TenantDirectory;
  rateLimits: RateLimitService;
  /** Live SSE clients; close() it at shutdown to end their streams. */
  sse: SseHub;
  metrics: Metrics;
  /** The queue for email the system sends by itself (holds jobs while Redis is down); close() it at shutdown. */
  systemQueue: BufferedJobQueue;
  /** Marks the instance as shutting down: /health/ready answers 503 from now on. */
  beginShutdown(): void;
  /** Releases pulse answers in batches; main.ts runs its sweep on every instance. */
  pulseReleaser: PulseReleaser;
}

const JSON_BODY_LIMIT = "100kb";
/** The most a shared read serves without a write announcing a change: bounds what a change made outside the service leaves stale. */
const SHARED_READ_MAX_AGE_MS = 2000;

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * A page at `/<one segment>` that can be a team's slug may be a team board: the caller is
 * identified as for an API request (any failure, an unknown tenant say, only leaves the plain
 * skeleton) and the team's first questions go into index.html. Other pages (/login, /admin, ...)
 * cost no session or user read.
 */
function teamBoardFirstScreen(identify: RequestHandler[], render: BoardFirstScreen): FirstScreen {
  const run = Router();
  run.use(...identify);
  return async (req, res) => {
    const segments = req.path.split("/").filter(Boolean);
    const slug = segments.length === 1 ? decodeURIComponent(segments[0] as string) : null;
    if (!slug || !couldBeTeamSlug(slug)) return null;
    const failed = await new Promise<unknown>((resolve) => run(req, res, resolve));
    if (failed || !req.ctx) return null;
    return render(req.ctx, slug);
  };
}

/** Static files only for paths that look like files, so API requests never touch the disk. */
function assetsFor(web: WebFrontend): RequestHandler {
  return (req, res, next) => {
    const lastSegment = req.path.slice(req.path.lastIndexOf("/") + 1);
    if ((req.method === "GET" || req.method === "HEAD") && (lastSegment.includes(".") || req.path.startsWith("/@") || req.path.startsWith("/src/"))) {
      return web.assets(req, res, next);
    }
    next();
  };
}

export function buildApp(deps: AppDeps): BuiltApp {
  const { config, db, kv, logger, clock, bus, queue } = deps;
  const startedAt = Date.now();
  const tenants = new TenantDirectory(db);
  // The SSE hub is created below; the gauge reads it lazily.
  let sseClients = () => 0;
  const metrics = new Metrics({ sseClients: () => sseClients(), queue });
  // Email the system sends by itself survives a Redis outage; admins' direct email answers 503 instead.
  const systemQueue = new BufferedJobQueue(queue, logger);
  const rateLimits = new RateLimitService(config.isProduction && kv !== null, kv, config.kv.prefix, (limit) => metrics.rateLimited.inc({ limit }));

  // Reads many requests share, rebuilt after the writes that change them (on every instance, through
  // Redis): a tenant's teams and board pages (a few hundred per tenant: a page can be large), and
  // the signed-in users (one small entry each, as many as are active at once).
  const versions = kv ? new RedisScopeVersions(kv, config.kv.prefix) : new LocalScopeVersions();
  const readCache = new SharedReadCache(versions, { maxAgeMs: SHARED_READ_MAX_AGE_MS, maxEntriesPerScope: 300, logger });
  const userCache = new SharedReadCache(versions, { maxAgeMs: SHARED_READ_MAX_AGE_MS, maxEntriesPerScope: 50_000, logger });
  const changed =
    (...scopes: Array<(tenantId: string) => string>) =>
    async (tenantId: string) => {
      await Promise.all(scopes.map((scope) => (scope === cacheScope.users ? userCache : readCache).changed(scope(tenantId))));
    };
  const teamDirectory = createTeamDirectory(db, readCache);

  const auth = createAuthService({ config, db, clock, tenants, rateLimits });
  const tokens = createTokenService({ db, clock });
  const health = createHealthService({ config, db, kv, rateLimits, startedAt, strategies: auth.enabledStrategies });
  // Administration: settings, users, teams and members, audit log, exports.
  const audit = createAuditService({ db });
  const settings = createSettingsService({
    db,
    clock,
    tenants,
    teamExists: async (trx, tenantId, teamId) => (await findTeam(trx, tenantId, teamId)) !== null,
  });
  const admin = {
    settings,
    users: createUsersService({ db, clock, bus, logger, usersChanged: changed(cacheScope.users, cacheScope.questions) }),
    teams: createTeamsService({
      db,
      clock,
      directory: teamDirectory,
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
    exports: createExportService({ db, audit }),
  };
  const email = createEmailAdminService({ db, queue });
  const unsubscribe = createUnsubscribeService({ db, clock, secret: config.session.secret });

  const sessionStore = createSessionStore(config, kv, clock);
  const sse = new SseHub(bus, logger, deps.tuning?.sseHeartbeatMs);
  sseClients = () => sse.size;
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
  const tags = createTagService({ db, cache: readCache });
  const questionEvents = createQuestionEvents(bus, logger, (tenantId, questionId) => currentUpvoteCount(db, tenantId, questionId), readCache);
  const questionLimits = createQuestionLimits(rateLimits);
  const upvoteSets = createUpvoteSets(db, userCache);
  const questions = createQuestionService({
    db,
    clock,
    events: questionEvents,
    limits: questionLimits,
    teams: teamDirectory,
    board: createQuestionBoard(db, readCache, upvoteSets),
    upvotes: upvoteSets,
  });
  const moderation = createModerationService({ db, clock, events: questionEvents, limits: questionLimits, queue: systemQueue, logger });

  const pulseSealer = createPulseSealer([config.session.secret, ...config.session.previousSecrets]);
  const heldAnswers = createHeldAnswers({ db, clock, sealer: pulseSealer, windowMs: deps.tuning?.pulseScannerWindowMs });
  const pulseReleaser = createPulseReleaser({ db, clock, logger, sealer: pulseSealer, heldAnswers });
  const pulsePrivacy = createPulsePrivacyService({ db });
  const pulseRespond = createPulseRespondService({ db, clock, releaser: pulseReleaser, heldAnswers, privacy: pulsePrivacy, logger });

  const routes: AnyRoute[] = [
    ...authRoutes({ auth, config, tenants }),
    ...oauthRoutes({
      auth,
      oauth: createOAuthService({ db, usersChanged: changed(cacheScope.users, cacheScope.questions) }),
      strategies: createOAuthStrategies(config),
      tenants,
      config,
      clock,
      logger,
    }),
    ...tokenRoutes({ tokens }),
    ...tenantRoutes(config),
    ...teamRoutes(admin),
    ...tagReadRoutes({ tags }),
    ...tagAdminRoutes({ tags }),
    ...questionRoutes({ questions, moderation }),
    ...eventRoutes({ hub: sse }),
    ...pulseAdminRoutes({ admin: createPulseAdminService({ db, clock, settings: admin.settings, scheduler: { db, queue: systemQueue, logger, clock } }) }),
    ...pulseRoutes({ respond: pulseRespond, summary: createPulseSummaryService({ db, clock }), privacy: pulsePrivacy }),
    ...userRoutes(admin),
    ...settingsRoutes(admin),
    ...auditRoutes(admin),
    ...exportRoutes({ exports: admin.exports, pulseExport: createPulseExport({ db, clock, exports: admin.exports }) }),
    ...emailAdminRoutes({ email }),
  ];

  let openApiDocument: unknown;
  const document = () =>
    (openApiDocument ??= buildOpenApiDocument(routes, { title: "Team Q&A and Weekly Pulse", version: "1.0.0", serverUrl: config.baseUrl }));

  const app = express();
  app.set("trust proxy", parseTrustProxy(config.trustProxy));
  app.disable("x-powered-by");
  // API responses are small and per-user; hashing every body for an ETag costs more than it saves.
  app.set("etag", false);
  app.set("query parser", "simple");

  app.use(requestId());
  app.use(metrics.middleware());
  app.use(requestLog(logger));
  app.use(securityHeaders(config));
  // Who is asking, for the API and for the board's first screen: the session, the tenant, the user.
  const identify = [
    sessionMiddleware(config, sessionStore),
    resolveTenant(tenants, config.baseDomain, pulseTokenLinks(pulseRespond)),
    authenticate({
      config,
      clock,
      tenants,
      authenticateToken: (secret) => tokens.authenticate(secret),
      loadUser: (tenantId, userId) => userCache.read(cacheScope.users(tenantId), userId, () => findActiveUserWithTeams(db, tenantId, userId)),
    }),
  ];
  if (deps.web) {
    app.use(assetsFor(deps.web));
    app.use(spaFallback(deps.web, teamBoardFirstScreen(identify, createBoardFirstScreen({ teams: teamDirectory, questions }))));
  }

  // Process-level pages: no tenant, no session.
  app.use(healthRouter(health));
  app.use(metricsRouter(metrics, config.metricsToken));
  app.use(docsRouter(document));
  // The unsubscribe link authenticates itself (signed token); it needs no tenant, session or CSRF.
  app.use(unsubscribeRouter(unsubscribe));

  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(...identify);
  app.use(csrfProtection());

  const api = Router();
  mountRoutes(api, routes);
  app.use(api);

  app.use(notFoundHandler());
  app.use(errorHandler(logger));

  return { app, routes, tenants, rateLimits, sse, metrics, systemQueue, beginShutdown: health.beginShutdown, pulseReleaser };
}
