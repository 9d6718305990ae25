import { z } from "zod";
import { CADENCES, DEFAULT_TENANT_SETTINGS as DEFAULTS, SIGNUP_POLICIES, THEMES } from "./tenant-settings.constants.js";

export { CADENCES, SIGNUP_POLICIES, THEMES, type SignupPolicy } from "./tenant-settings.constants.js";

/**
 * SPEC "Tenant settings" with its documented defaults; CONTRACT §6 names the users group. Every
 * request's context carries its tenant's settings, so their schema sits with the context in the
 * platform; the settings module owns their storage and endpoints.
 */

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a hex colour like #1a2b3c");
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2048);
const hoursSetting = z.number().int().min(1).max(720);
const positiveLimit = z.number().int().min(1).max(100_000);

/** A bare domain, lower case: example.com (no @, no scheme, no wildcard). */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a domain such as example.com");

/** An OAuth scope token (RFC 6749 §3.3): printable ASCII without space, quote or backslash. */
const oauthScope = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/, "must be an OAuth scope such as openid");
const buttonLabel = z.string().trim().min(1).max(60);

/**
 * CONTRACT §10: the tenant's OpenID Connect provider. `clientSecret` is write-only: what is stored
 * here is the secret sealed by the settings module (settings.secrets.ts), never the secret itself,
 * and the settings' answers say only whether one is set. null: a public client (PKCE alone).
 */
export const oidcSettingsSchema = z.strictObject({
  issuer: httpUrl,
  clientId: z.string().trim().min(1).max(512),
  clientSecret: z.string().min(1).max(8192).nullable().default(null),
  scopes: z
    .array(oauthScope)
    .max(20)
    .default(["openid", "email", "profile"])
    .refine((scopes) => scopes.includes("openid") && scopes.includes("email"), "must include openid and email"),
  buttonLabel: buttonLabel.default("Sign in with your company account"),
});

/** CONTRACT §10: the tenant's SAML 2.0 identity provider; `issuer` is our entity ID (default: the metadata address). */
export const samlSettingsSchema = z.strictObject({
  entryPoint: httpUrl,
  idpCertificate: z
    .string()
    .trim()
    .min(100, "must be the identity provider's signing certificate (PEM or base64)")
    .max(20_000)
    .regex(/^(-----BEGIN CERTIFICATE-----[\sA-Za-z0-9+/=]+-----END CERTIFICATE-----\s*)+$|^[\sA-Za-z0-9+/=]+$/, "must be a certificate in PEM or base64"),
  issuer: z.string().trim().min(1).max(1024).nullable().default(null),
  buttonLabel: buttonLabel.default("Sign in with your company account"),
});

/**
 * CONTRACT §11: the tenant's Slack app. Both values are write-only and stored sealed, as
 * `auth.oidc.clientSecret` is (settings-secrets.ts); the answers say only whether each is set.
 */
export const slackSettingsSchema = z.strictObject({
  botToken: z.string().min(1).max(8192),
  signingSecret: z.string().min(1).max(8192),
});

export const authSettingsSchema = z.strictObject({
  // Demo, GitHub and Google sign-in are off for the tenant; API tokens keep working.
  requireSso: z.boolean(),
  oidc: oidcSettingsSchema.nullable(),
  saml: samlSettingsSchema.nullable(),
});

export const tenantSettingsShape = {
  questions: z.strictObject({
    minLength: z.number().int().min(1).max(10_000),
    maxLength: z.number().int().min(1).max(10_000),
  }),
  users: z.strictObject({
    defaultRole: z.enum(["member", "viewer"]),
    defaultTeamId: z.uuid().nullable(),
    // Who may join by signing in with GitHub or Google for the first time (existing users always can).
    signup: z.enum(SIGNUP_POLICIES),
    allowedEmailDomains: z.array(emailDomain).max(100),
  }),
  security: z.strictObject({
    sessionTimeout: hoursSetting,
    adminSessionTimeout: hoursSetting,
    rateLimits: z.strictObject({
      questionsPerHour: positiveLimit,
      upvotesPerMinute: positiveLimit,
      responsesPerHour: positiveLimit,
      searchPerMinute: positiveLimit,
      emailRecipientsPerHour: positiveLimit,
    }),
  }),
  branding: z.strictObject({
    theme: z.enum(THEMES),
    primaryColor: hexColor.nullable(),
    accentColor: hexColor.nullable(),
    logoUrl: httpUrl.nullable(),
    faviconUrl: httpUrl.nullable(),
  }),
  features: z.strictObject({
    allowAnonymousQuestions: z.boolean(),
    requireQuestionApproval: z.boolean(),
    enableEmailNotifications: z.boolean(),
  }),
  pulse: z.strictObject({
    enabled: z.boolean(),
    // Below 3 a "group" is one or two people: the aggregate would identify them.
    anonThreshold: z.number().int().min(3).max(1000),
    // An answer counts toward k only if its invitee had been in the team this long (0: off),
    // so accounts made for the purpose cannot fill a victim's group.
    minTenureDays: z.number().int().min(0).max(90),
    // One reminder to an invitee whose invite is still open after this many days (0: none).
    reminderAfterDays: z.number().int().min(0).max(14),
    defaultCadence: z.enum(CADENCES),
    defaultTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm (24-hour)"),
    rotatingCohorts: z.boolean(),
    channelSlack: z.boolean(),
    channelEmail: z.boolean(),
  }),
  auth: authSettingsSchema,
  slack: slackSettingsSchema.nullable(),
};

export const tenantSettingsSchema = z.strictObject(tenantSettingsShape).superRefine((settings, ctx) => {
  if (settings.questions.minLength > settings.questions.maxLength) {
    ctx.addIssue({ code: "custom", path: ["questions", "minLength"], message: "must not exceed questions.maxLength" });
  }
  if (settings.users.signup === "domains" && settings.users.allowedEmailDomains.length === 0) {
    ctx.addIssue({ code: "custom", path: ["users", "allowedEmailDomains"], message: "name at least one domain when users.signup is 'domains'" });
  }
  // Nobody could sign in at all.
  if (settings.auth.requireSso && !settings.auth.oidc && !settings.auth.saml) {
    ctx.addIssue({ code: "custom", path: ["auth", "requireSso"], message: "configure auth.oidc or auth.saml before requiring company sign-in" });
  }
  // Invites would go to a Slack app nobody connected.
  if (settings.pulse.channelSlack && !settings.slack) {
    ctx.addIssue({
      code: "custom",
      path: ["pulse", "channelSlack"],
      message: "connect a Slack app (slack.botToken, slack.signingSecret) before turning on pulse.channelSlack",
    });
  }
});

export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

export const DEFAULT_TENANT_SETTINGS: TenantSettings = DEFAULTS;

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep merge of plain objects: a patch's nested objects merge, its other values (null too) replace. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return (patch === undefined ? base : patch) as T;
  const merged: PlainObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? deepMerge(merged[key], value) : value;
  }
  return merged as T;
}

/**
 * Settings as stored may predate a setting (or hold one a later version dropped): merge the
 * defaults under them and keep only what the schema knows, falling back to defaults if invalid.
 */
export function settingsFromStorage(stored: unknown): TenantSettings {
  const merged = deepMerge(structuredClone(DEFAULT_TENANT_SETTINGS), stored ?? {});
  const parsed = tenantSettingsSchema.safeParse(pickKnown(DEFAULT_TENANT_SETTINGS, merged));
  return parsed.success ? parsed.data : structuredClone(DEFAULT_TENANT_SETTINGS);
}

function pickKnown(shape: unknown, value: unknown): unknown {
  if (!isPlainObject(shape) || !isPlainObject(value)) return value;
  return Object.fromEntries(Object.keys(shape).map((key) => [key, pickKnown(shape[key], value[key])]));
}
