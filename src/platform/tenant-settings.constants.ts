/**
 * The fixed choices and the documented defaults of SPEC "Tenant settings", with no dependencies:
 * the settings schema (tenant-settings.schemas.ts) and the web app read them from here (the web bundle
 * cannot carry zod).
 */

export const THEMES = ["executive-blue", "modern-purple", "refined-teal"] as const;
export type Theme = (typeof THEMES)[number];
/** open: anyone with a verified address; domains: addresses of allowedEmailDomains; invite: only users an admin added. */
export const SIGNUP_POLICIES = ["open", "domains", "invite"] as const;
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
export const CADENCES = ["weekly", "biweekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * The defaults. Typed by their values, not by the schema's TenantSettings (that would make this
 * file and the schema's depend on each other): tenant-settings.schemas.ts gives them that type, so a
 * default the schema's type refuses does not compile.
 */
export const DEFAULT_TENANT_SETTINGS = Object.freeze({
  questions: { minLength: 10, maxLength: 2000 },
  users: { defaultRole: "member" as const, defaultTeamId: null, signup: "open" as const, allowedEmailDomains: [] },
  security: {
    sessionTimeout: 8,
    adminSessionTimeout: 8,
    rateLimits: { questionsPerHour: 10, upvotesPerMinute: 20, responsesPerHour: 5, searchPerMinute: 30, emailRecipientsPerHour: 500 },
  },
  branding: { theme: "executive-blue" as const, primaryColor: null, accentColor: null, logoUrl: null, faviconUrl: null },
  features: { allowAnonymousQuestions: true, requireQuestionApproval: false, enableEmailNotifications: false },
  pulse: {
    enabled: false,
    anonThreshold: 5,
    minTenureDays: 14,
    reminderAfterDays: 3,
    defaultCadence: "weekly" as const,
    defaultTime: "09:00",
    rotatingCohorts: true,
    channelSlack: false,
    channelEmail: true,
  },
  auth: { requireSso: false, oidc: null, saml: null },
  slack: null,
});
