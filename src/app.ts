import express, { Router, type Express, type Request, type RequestHandler } from "express";
import { buildServices, buildShared, type ServiceDeps, type Services, type Shared } from "./app.services.js";
import { metricsRouter, type Metrics } from "./platform/metrics.js";
import { buildOpenApiDocument } from "./platform/openapi.js";
import { buildAsyncApiDocument } from "./platform/asyncapi.js";
import type { BufferedJobQueue } from "./platform/queue-buffer.js";
import type { RateLimitService } from "./platform/rate-limit.js";
import { cacheScope } from "./platform/read-cache.js";
import { authenticate } from "./platform/http/authenticate.js";
import { csrfProtection } from "./platform/http/csrf.js";
import { docsRouter } from "./platform/http/docs.js";
import { errorHandler, notFoundHandler } from "./platform/http/error-handler.js";
import { requestId } from "./platform/http/request-id.js";
import { requestLog } from "./platform/http/request-log.js";
import { csrfExemptRequests, mountRoutes, type AnyRoute } from "./platform/http/route.js";
import { sessionMiddleware } from "./platform/http/session.js";
import { createLoadShedder, type LoadShedder } from "./platform/http/overload.js";
import { isServerPage, prefersHtml, spaFallback, type FirstScreen, type WebFrontend } from "./platform/http/spa.js";
import { resolveTenant } from "./platform/http/tenant.js";
import { securityHeaders } from "./platform/http/security-headers.js";
import { tenantAddress } from "./platform/tenant-address.js";
import "./platform/http/express-augment.js";
import { auditRoutes } from "./modules/audit/index.js";
import { authRoutes, companySignInRoutes, createOAuthStrategies, createSamlService, oauthRoutes, oidcRoutes, samlRoutes } from "./modules/auth/index.js";
import { emailAdminRoutes, unsubscribeRouter } from "./modules/email/index.js";
import { eventRoutes, streamEventSchemas, type SseHub } from "./modules/events/index.js";
import { exportRoutes } from "./modules/export/index.js";
import { healthRouter } from "./modules/health/index.js";
import { pulseAdminRoutes, pulseCommentRoutes, pulseConversationPages, pulseRoutes, pulseTokenLinks, type PulseReleaser } from "./modules/pulse/index.js";
import { createBoardFirstScreen, ownQuestionRoutes, questionRoutes, type BoardFirstScreen } from "./modules/questions/index.js";
import { pollRoutes } from "./modules/polls/index.js";
import { SCIM_PATH, scimRouter, scimTokenRoutes } from "./modules/scim/index.js";
import { settingsRoutes } from "./modules/settings/index.js";
import { slackAdminRoutes, slackInteractionsRouter } from "./modules/slack/index.js";
import { tagAdminRoutes, tagReadRoutes } from "./modules/tags/index.js";
import { couldBeTeamSlug, teamRoutes } from "./modules/teams/index.js";
import { tenantRoutes, type TenantDirectory } from "./modules/tenants/index.js";
import { tokenRoutes } from "./modules/tokens/index.js";
import { emailPreferenceRoutes, findActiveUserWithTeams, userRoutes } from "./modules/users/index.js";
import { webhookRoutes, type WebhookJob, type WebhookQueue } from "./modules/webhooks/index.js";
import { channelRoutes, type ChannelJob, type ChannelQueue } from "./modules/channels/index.js";

export interface AppDeps extends ServiceDeps {
  web?: WebFrontend;
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
  /** Sheds what this process cannot serve in time (503 + Retry-After); close() it at shutdown. */
  overload: LoadShedder;
  /** Outgoing webhooks: their queue (close() it at shutdown) and one attempt, for a BullMQ worker to run. */
  webhooks: { queue: WebhookQueue; attempt: (job: WebhookJob) => Promise<void>; resumePending: (options?: { tenantIds?: string[] }) => Promise<number> };
  /** The teams' chat channel posts: their queue (close() it at shutdown) and one post, for a BullMQ worker to run. */
  channels: { queue: ChannelQueue; attempt: (job: ChannelJob) => Promise<void> };
}

/**
 * The Express app (no listen: tests call this directly): the modules' shared parts and services
 * (app.services.ts), their routes, and the request pipeline around them.
 */
export function buildApp(deps: AppDeps): BuiltApp {
  const shared = buildShared(deps);
  const services = buildServices(deps, shared);
  const routes = buildRoutes(deps, shared, services);
  const overload = createLoadShedder({
    limits: deps.config.overload,
    exempt: (req) => neverShed(req, Boolean(deps.web)),
    isStreamOpen: (req) => req.method === "GET" && req.path === "/events",
    onShed: (reason) => shared.metrics.shed.inc({ reason }),
    logger: deps.logger,
  });
  shared.metrics.watchOverload(overload.state);
  const app = buildPipeline(deps, shared, services, routes, overload);
  const { tenants, rateLimits, sse, metrics, systemQueue } = shared;
  return {
    app,
    routes,
    tenants,
    rateLimits,
    sse,
    metrics,
    systemQueue,
    beginShutdown: services.health.beginShutdown,
    pulseReleaser: services.pulse.releaser,
    overload,
    webhooks: { queue: services.webhooks.queue, attempt: services.webhooks.delivery.attempt, resumePending: services.webhooks.delivery.resumePending },
    channels: { queue: services.channels.queue, attempt: services.channels.posting.attempt },
  };
}

/**
 * What load shedding never refuses: the probes (a load balancer must see a busy worker as alive),
 * the metrics, and what opens the page (static files, and the HTML document with its first
 * screen, which reads through the shared cache): a person in the room sees the board, and the
 * app's own reads retry on 503.
 */
function neverShed(req: Request, servesWeb: boolean): boolean {
  if (req.path.startsWith("/health") || req.path === "/metrics") return true;
  if (!servesWeb || (req.method !== "GET" && req.method !== "HEAD")) return false;
  return isStaticFile(req.path) || (!isServerPage(req.path) && prefersHtml(req));
}

/** The tenant API, every module's routes in the order they are mounted. */
function buildRoutes(deps: AppDeps, shared: Shared, services: Services): AnyRoute[] {
  const { config, clock, logger } = deps;
  const { tenants } = shared;
  const { auth, admin, pulse } = services;
  return [
    ...authRoutes({ auth, config, tenants }),
    ...oauthRoutes({ auth, oauth: services.oauth, strategies: createOAuthStrategies(config), tenants, config, clock, logger }),
    ...oidcRoutes({ auth, oauth: services.oauth, clients: services.oidcClients, tenants, config, clock, db: deps.db }),
    ...samlRoutes({ db: deps.db, auth, oauth: services.oauth, saml: createSamlService({ db: deps.db, tenants, config, clock, logger }), tenants, config }),
    ...tokenRoutes({ tokens: services.tokens }),
    ...tenantRoutes(config),
    ...teamRoutes(admin),
    ...tagReadRoutes({ tags: services.tags }),
    ...tagAdminRoutes({ tags: services.tags }),
    ...questionRoutes({ questions: services.questions, moderation: services.moderation }),
    ...ownQuestionRoutes({ db: deps.db }),
    ...pollRoutes({ polls: services.polls.service, votes: services.polls.votes, keys: services.polls.keys, secureCookies: config.session.secureCookies }),
    ...eventRoutes({ hub: shared.sse }),
    ...pulseAdminRoutes({ admin: pulse.admin, emailPreview: pulse.emailPreview }),
    ...pulseCommentRoutes(pulse.comments, pulse.followUps),
    ...pulseRoutes({
      respond: pulse.respond,
      summary: pulse.summary,
      privacy: pulse.privacy,
      followUps: pulse.followUps,
      appAddress: (slug) => (config.frontendUrlConfigured || config.baseDomain ? tenantAddress(config.frontendUrl, config.baseDomain, slug) : ""),
    }),
    ...userRoutes(admin),
    ...emailPreferenceRoutes({ db: deps.db, clock }),
    ...settingsRoutes(admin),
    ...companySignInRoutes({ config }),
    ...auditRoutes(admin),
    ...exportRoutes({ exports: admin.exports, pulseExport: admin.pulseExport, pollExport: admin.pollExport }),
    ...emailAdminRoutes({ email: services.email }),
    ...scimTokenRoutes({ scimTokens: services.scim.tokens }),
    ...webhookRoutes({ webhooks: services.webhooks.service }),
    ...channelRoutes({ channels: services.channels.service }),
    ...slackAdminRoutes({ testConnection: services.slackConnectionTest }),
  ];
}

/**
 * The request pipeline (docs/ARCHITECTURE.md "How a request flows"): request id, metrics, log and
 * headers; the web app; process-level pages; then who is asking, CSRF, the API and its errors.
 */
function buildPipeline(deps: AppDeps, shared: Shared, services: Services, routes: AnyRoute[], overload: LoadShedder): Express {
  const { config, logger } = deps;
  const documentInfo = { title: "Team Q&A and Weekly Pulse", version: "1.0.0", serverUrl: config.baseUrl };
  let openApiDocument: unknown;
  let asyncApiDocument: unknown;
  const documents = {
    openApi: () => (openApiDocument ??= buildOpenApiDocument(routes, documentInfo)),
    asyncApi: () => (asyncApiDocument ??= buildAsyncApiDocument(streamEventSchemas, documentInfo)),
  };

  const app = express();
  app.set("trust proxy", parseTrustProxy(config.trustProxy));
  app.disable("x-powered-by");
  // API responses are small and per-user; hashing every body for an ETag costs more than it saves.
  app.set("etag", false);
  app.set("query parser", "simple");

  app.use(requestId());
  app.use(shared.metrics.middleware());
  // Before the request log: under overload a line per refused request would cost what is short.
  app.use(overload.middleware);
  app.use(requestLog(logger));
  app.use(securityHeaders(config));
  const identify = identifyCaller(deps, shared, services);
  if (deps.web) {
    app.use(assetsFor(deps.web));
    app.use(spaFallback(deps.web, teamBoardFirstScreen(identify, createBoardFirstScreen({ teams: shared.teamDirectory, questions: services.questions }))));
  }

  // Process-level pages: no tenant, no session.
  app.use(healthRouter(services.health));
  app.use(metricsRouter(shared.metrics, config.metricsToken));
  app.use(docsRouter(documents));
  // The unsubscribe link authenticates itself (signed token); it needs no tenant, session or CSRF.
  app.use(unsubscribeRouter(services.unsubscribe));
  // So does the pulse respondent's private conversation page (its capability).
  app.use(pulseConversationPages(services.pulse.comments, services.pulse.followUps));

  // Slack's interaction requests authenticate themselves (the tenant's signature over the raw body).
  app.use(slackInteractionsRouter({ interactions: services.slack, logger }));

  // SCIM authenticates itself (its token names the tenant) and answers in its own error format.
  app.use(SCIM_PATH, scimRouter({ scimTokens: services.scim.tokens, users: services.scim.users, groups: services.scim.groups, tenants: shared.tenants }));

  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(...identify);
  app.use(csrfProtection(csrfExemptRequests(routes)));

  const api = Router();
  mountRoutes(api, routes);
  app.use(api);

  app.use(notFoundHandler());
  app.use(errorHandler(logger));
  return app;
}

/** Who is asking, for the API and for the board's first screen: the session, the tenant, the user. */
function identifyCaller(deps: AppDeps, shared: Shared, services: Services): RequestHandler[] {
  const { config, db, clock } = deps;
  const { tenants, userCache } = shared;
  return [
    sessionMiddleware(config, shared.sessionStore),
    resolveTenant(tenants, config.baseDomain, pulseTokenLinks(services.pulse.respond, services.pulse.comments)),
    authenticate({
      config,
      clock,
      tenants,
      authenticateToken: (secret) => services.tokens.authenticate(secret),
      loadUser: (tenantId, userId) => userCache.read(cacheScope.users(tenantId), userId, () => findActiveUserWithTeams(db, tenantId, userId)),
    }),
  ];
}

const JSON_BODY_LIMIT = "100kb";

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
    if ((req.method === "GET" || req.method === "HEAD") && isStaticFile(req.path)) return web.assets(req, res, next);
    next();
  };
}

function isStaticFile(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
  return lastSegment.includes(".") || pathname.startsWith("/@") || pathname.startsWith("/src/");
}
