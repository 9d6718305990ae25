import path from "node:path";
import { z } from "zod";

/**
 * Every setting the service reads from the environment, validated once at start.
 * SPEC names the providers provider_a/provider_b; CONTRACT §0 names them GitHub/Google.
 * We read the CONTRACT names and accept SPEC's PROVIDER_A_/PROVIDER_B_ names as fallbacks.
 */

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : ["true", "1", "yes"].includes(value)));

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const optionalUrl = optionalString.pipe(z.url().optional());

const port = z.coerce.number().int().min(0).max(65535);

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  BASE_URL: optionalUrl,
  FRONTEND_URL: optionalUrl,
  BASE_DOMAIN: optionalString,
  TRUST_PROXY: z.string().default("loopback"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  DATABASE_URL: optionalString,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().default("./.data"),
  KVSTORE_URL: optionalString,
  KV_PREFIX: z.string().default("qa:"),
  SEED_DEMO_DATA: booleanFlag,

  SESSION_SECRET: optionalString,
  SESSION_SECRET_PREVIOUS: optionalString,
  AUTH_MODE_DEMO: booleanFlag,
  DEMO_EMAIL_DOMAIN: z.string().default("example.com"),

  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_CALLBACK_URL: optionalUrl,
  GITHUB_AUTHORIZE_URL: z.url().default("https://github.com/login/oauth/authorize"),
  GITHUB_TOKEN_URL: z.url().default("https://github.com/login/oauth/access_token"),
  GITHUB_PROFILE_URL: z.url().default("https://api.github.com/user"),
  GITHUB_EMAILS_URL: z.url().default("https://api.github.com/user/emails"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_CALLBACK_URL: optionalUrl,
  GOOGLE_AUTHORIZE_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://www.googleapis.com/oauth2/v4/token"),
  GOOGLE_PROFILE_URL: z.url().default("https://www.googleapis.com/oauth2/v3/userinfo"),
  PROVIDER_A_CLIENT_ID: optionalString,
  PROVIDER_A_CLIENT_SECRET: optionalString,
  PROVIDER_A_CALLBACK_URL: optionalUrl,
  PROVIDER_B_CLIENT_ID: optionalString,
  PROVIDER_B_CLIENT_SECRET: optionalString,
  PROVIDER_B_CALLBACK_URL: optionalUrl,

  EMAIL_PROVIDER: z.enum(["smtp", "hosted_api"]).default("smtp"),
  EMAIL_WORKER: booleanFlag,
  EMAIL_BACKOFF_MS: z.coerce.number().int().min(1).default(2000),
  EMAIL_LOCK_DURATION_MS: z.coerce.number().int().min(200).default(30_000),
  SMTP_HOST: z.string().default("localhost"),
  SMTP_PORT: port.default(1025),
  SMTP_SECURE: booleanFlag,
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(50).default(15_000),
  SMTP_FROM_EMAIL: z.string().default("qa@localhost"),
  SMTP_FROM_NAME: z.string().default("Team Q&A"),
  HOSTED_API_KEY: optionalString,
  // No default: a made-up address would only fail at the first email ("Email API unreachable").
  HOSTED_API_URL: optionalUrl,
  // Slack's Web API (CONTRACT §11); tests point it at a local fake.
  SLACK_API_URL: z.url({ protocol: /^https?$/ }).default("https://slack.com/api/"),
  SLACK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  HOSTED_FROM_EMAIL: optionalString,
  HOSTED_FROM_NAME: optionalString,

  SCHEDULER: booleanFlag,
  // Outgoing webhooks may reach loopback and private addresses (tests, receivers on a private network).
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  // Where webhook and chat channel attempts run: the API process (default) or only `npm run worker`.
  WEBHOOK_WORKER: booleanFlag,
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(100).optional(),
  METRICS_TOKEN: optionalString,

  // Worker processes sharing the port (node:cluster); 1 = this process serves, as always.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Load shedding (src/platform/http/overload.ts); 0 turns a limit off.
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(128),
  OVERLOAD_MAX_QUEUE: z.coerce.number().int().min(0).default(1024),
  OVERLOAD_MAX_WAIT_MS: z.coerce.number().int().min(0).default(500),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(0),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(120).default(1),
  WEB_DEV_SERVER: booleanFlag,
});

export type Environment = z.infer<typeof environmentSchema>;

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
}

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  baseUrl: string;
  frontendUrl: string;
  /**
   * False when FRONTEND_URL (and BASE_URL) were left unset: the web app is then wherever people
   * reach this server (localhost, a LAN address for phones at an all-hands), so sign-in returns
   * to the address the browser used rather than to localhost.
   */
  frontendUrlConfigured: boolean;
  baseDomain: string | undefined;
  trustProxy: string;
  logLevel: Environment["LOG_LEVEL"];
  database: { url: string | undefined; poolMax: number; dataDir: string };
  kv: { url: string | undefined; prefix: string };
  seedDemoData: boolean;
  /** `previousSecrets`: the value before a rotation, still accepted for sessions and sealed pulse answers. */
  session: { secret: string; previousSecrets: string[]; secureCookies: boolean };
  auth: {
    demoEnabled: boolean;
    demoEmailDomain: string;
    github: (OAuthProviderConfig & { authorizeUrl: string; tokenUrl: string; profileUrl: string; emailsUrl: string }) | null;
    google: (OAuthProviderConfig & { authorizeUrl: string; tokenUrl: string; profileUrl: string }) | null;
  };
  /** Slack's Web API base URL, and the first delay between retries of a failed call (429s wait their Retry-After). */
  slack: { apiUrl: string; retryBaseMs: number };
  email: {
    provider: "smtp" | "hosted_api";
    workerEnabled: boolean;
    /** First retry delay; BullMQ's exponential backoff doubles it (2 s, 4 s by default). */
    backoffMs: number;
    /** How long a worker's claim on a job lasts without renewal: after a crash, the job runs again after this. */
    lockDurationMs: number;
    smtp: {
      host: string;
      port: number;
      secure: boolean;
      user?: string;
      pass?: string;
      fromEmail: string;
      fromName: string;
      /** Connection and greeting timeout. */
      timeoutMs: number;
    };
    hosted: { apiKey?: string; apiUrl: string; fromEmail: string; fromName: string };
  };
  schedulerEnabled: boolean;
  /**
   * Outgoing webhooks (CONTRACT §11): https only in production; `allowPrivate` lifts the address
   * rules. `workerInApi`: the API process runs the attempts (of webhooks and chat channel posts)
   * as well; off, only `npm run worker` does. `concurrency`: attempts at once per process that
   * runs them; unset, each kind of process has its own default (the webhooks module's).
   */
  webhooks: { httpsOnly: boolean; allowPrivate: boolean; workerInApi: boolean; concurrency: number | undefined };
  metricsToken: string | undefined;
  webDevServer: boolean;
  /** Worker processes sharing the port; above 1 needs Redis and a PostgreSQL server (checked here). */
  workers: number;
  overload: OverloadLimits;
}

/** When a worker answers 503 instead of queueing (src/platform/http/overload.ts); 0 turns a limit off. */
export interface OverloadLimits {
  /** Requests handled at once; more wait in a queue. */
  maxInFlight: number;
  /** Requests waiting for a slot; past it, the next is shed at once. */
  maxQueue: number;
  /** How long a request may wait for a slot before it is shed. */
  maxWaitMs: number;
  /** New requests are shed while the event loop runs this late. */
  maxEventLoopDelayMs: number;
  retryAfterSeconds: number;
}

export class ConfigError extends Error {}

const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-do-not-use-in-production";

function describeIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.join(".") || "environment";
  return `${key}: ${issue.message}`;
}

/** For an entry point: the configuration, or one readable line on stderr and exit status 1. */
export function loadConfigOrExit(source: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Parses the environment; throws ConfigError with one readable line when it is unusable. */
export function loadConfig(source: NodeJS.ProcessEnv | Record<string, string | undefined>): Config {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map(describeIssue).join("; ")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const port = e.PORT;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const frontendUrl = (e.FRONTEND_URL ?? baseUrl).replace(/\/+$/, "");

  const githubId = e.GITHUB_CLIENT_ID ?? e.PROVIDER_A_CLIENT_ID;
  const githubSecret = e.GITHUB_CLIENT_SECRET ?? e.PROVIDER_A_CLIENT_SECRET;
  const googleId = e.GOOGLE_CLIENT_ID ?? e.PROVIDER_B_CLIENT_ID;
  const googleSecret = e.GOOGLE_CLIENT_SECRET ?? e.PROVIDER_B_CLIENT_SECRET;

  const github =
    githubId && githubSecret
      ? {
          clientId: githubId,
          clientSecret: githubSecret,
          callbackUrl: e.GITHUB_CALLBACK_URL ?? e.PROVIDER_A_CALLBACK_URL ?? `${frontendUrl}/auth/github/callback`,
          authorizeUrl: e.GITHUB_AUTHORIZE_URL,
          tokenUrl: e.GITHUB_TOKEN_URL,
          profileUrl: e.GITHUB_PROFILE_URL,
          emailsUrl: e.GITHUB_EMAILS_URL,
        }
      : null;
  const google =
    googleId && googleSecret
      ? {
          clientId: googleId,
          clientSecret: googleSecret,
          callbackUrl: e.GOOGLE_CALLBACK_URL ?? e.PROVIDER_B_CALLBACK_URL ?? `${frontendUrl}/auth/google/callback`,
          authorizeUrl: e.GOOGLE_AUTHORIZE_URL,
          tokenUrl: e.GOOGLE_TOKEN_URL,
          profileUrl: e.GOOGLE_PROFILE_URL,
        }
      : null;

  // SPEC: demo mode is always on in development (AUTH_MODE_DEMO=false does not turn it off there),
  // and in production only when forced with AUTH_MODE_DEMO=true.
  const demoEnabled = isProduction ? e.AUTH_MODE_DEMO === true : true;

  if (e.WEB_CONCURRENCY > 1) {
    // Workers are instances of one machine: what instances share goes through Redis and PostgreSQL.
    if (!e.KVSTORE_URL) {
      throw new ConfigError(
        `WEB_CONCURRENCY=${e.WEB_CONCURRENCY} needs KVSTORE_URL: sessions, live events and rate limits are shared between worker processes through Redis.`,
      );
    }
    if (!e.DATABASE_URL) {
      throw new ConfigError(`WEB_CONCURRENCY=${e.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database (PGlite) serves one process only.`);
    }
    if (e.WEB_DEV_SERVER)
      throw new ConfigError(`WEB_CONCURRENCY=${e.WEB_CONCURRENCY} cannot run with WEB_DEV_SERVER: development's Vite server runs in one process.`);
  }

  if (isProduction) {
    if (!e.KVSTORE_URL) {
      throw new ConfigError("KVSTORE_URL is required in production (sessions, rate limiting and the email queue need Redis).");
    }
    if (!e.SESSION_SECRET || e.SESSION_SECRET.length < 32) {
      throw new ConfigError("SESSION_SECRET of at least 32 characters is required in production.");
    }
    if (e.EMAIL_PROVIDER === "hosted_api" && !e.HOSTED_API_KEY) {
      throw new ConfigError("HOSTED_API_KEY is required when EMAIL_PROVIDER=hosted_api (every email would fail with 'Invalid API key').");
    }
    if (e.EMAIL_PROVIDER === "hosted_api" && !e.HOSTED_API_URL) {
      throw new ConfigError("HOSTED_API_URL is required when EMAIL_PROVIDER=hosted_api (every email would fail with 'Email API unreachable').");
    }
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port,
    baseUrl,
    frontendUrl,
    frontendUrlConfigured: Boolean(e.FRONTEND_URL ?? e.BASE_URL),
    baseDomain: e.BASE_DOMAIN?.toLowerCase().replace(/^\.+|\.+$/g, ""),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, dataDir: path.resolve(e.DATA_DIR) },
    kv: { url: e.KVSTORE_URL, prefix: e.KV_PREFIX },
    seedDemoData: e.SEED_DEMO_DATA ?? !isProduction,
    session: {
      secret: e.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
      previousSecrets: e.SESSION_SECRET_PREVIOUS ? [e.SESSION_SECRET_PREVIOUS] : [],
      secureCookies: isProduction,
    },
    auth: { demoEnabled, demoEmailDomain: e.DEMO_EMAIL_DOMAIN, github, google },
    email: {
      provider: e.EMAIL_PROVIDER,
      workerEnabled: e.EMAIL_WORKER ?? isProduction,
      backoffMs: e.EMAIL_BACKOFF_MS,
      lockDurationMs: e.EMAIL_LOCK_DURATION_MS,
      smtp: {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT,
        secure: e.SMTP_SECURE ?? false,
        user: e.SMTP_USER,
        pass: e.SMTP_PASS,
        fromEmail: e.SMTP_FROM_EMAIL,
        fromName: e.SMTP_FROM_NAME,
        timeoutMs: e.SMTP_TIMEOUT_MS,
      },
      hosted: {
        apiKey: e.HOSTED_API_KEY,
        apiUrl: e.HOSTED_API_URL ?? "",
        fromEmail: e.HOSTED_FROM_EMAIL ?? e.SMTP_FROM_EMAIL,
        fromName: e.HOSTED_FROM_NAME ?? e.SMTP_FROM_NAME,
      },
    },
    slack: { apiUrl: e.SLACK_API_URL.endsWith("/") ? e.SLACK_API_URL : `${e.SLACK_API_URL}/`, retryBaseMs: e.SLACK_RETRY_BASE_MS },
    schedulerEnabled: e.SCHEDULER ?? true,
    webhooks: {
      httpsOnly: isProduction,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false,
      workerInApi: e.WEBHOOK_WORKER ?? true,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
    metricsToken: e.METRICS_TOKEN,
    webDevServer: e.WEB_DEV_SERVER ?? false,
    workers: e.WEB_CONCURRENCY,
    overload: {
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
      maxQueue: e.OVERLOAD_MAX_QUEUE,
      maxWaitMs: e.OVERLOAD_MAX_WAIT_MS,
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
  };
}
