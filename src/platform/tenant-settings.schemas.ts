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

export const tenantSettingsSchema = z
  .strictObject({
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
  })
  .superRefine((settings, ctx) => {
    if (settings.questions.minLength > settings.questions.maxLength) {
      ctx.addIssue({ code: "custom", path: ["questions", "minLength"], message: "must not exceed questions.maxLength" });
    }
    if (settings.users.signup === "domains" && settings.users.allowedEmailDomains.length === 0) {
      ctx.addIssue({ code: "custom", path: ["users", "allowedEmailDomains"], message: "name at least one domain when users.signup is 'domains'" });
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
