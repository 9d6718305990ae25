import { describe, expect, it } from "vitest";
import { DEFAULT_TENANT_SETTINGS, deepMerge, settingsFromStorage, tenantSettingsSchema } from "../../src/platform/tenant-settings.schemas.js";

describe("tenant settings schema", () => {
  it("defaults are SPEC's documented values", () => {
    expect(DEFAULT_TENANT_SETTINGS).toEqual({
      questions: { minLength: 10, maxLength: 2000 },
      users: { defaultRole: "member", defaultTeamId: null, signup: "open", allowedEmailDomains: [] },
      security: {
        sessionTimeout: 8,
        adminSessionTimeout: 8,
        rateLimits: { questionsPerHour: 10, upvotesPerMinute: 20, responsesPerHour: 5, searchPerMinute: 30, emailRecipientsPerHour: 500 },
      },
      branding: { theme: "executive-blue", primaryColor: null, accentColor: null, logoUrl: null, faviconUrl: null },
      features: { allowAnonymousQuestions: true, requireQuestionApproval: false, enableEmailNotifications: false },
      pulse: {
        enabled: false,
        anonThreshold: 5,
        minTenureDays: 14,
        reminderAfterDays: 3,
        defaultCadence: "weekly",
        defaultTime: "09:00",
        rotatingCohorts: true,
        channelSlack: false,
        channelEmail: true,
      },
      auth: { requireSso: false, oidc: null, saml: null },
      slack: null,
    });
    expect(tenantSettingsSchema.safeParse(DEFAULT_TENANT_SETTINGS).success).toBe(true);
  });

  it("deep-merges a partial patch; null replaces", () => {
    const merged = deepMerge(structuredClone(DEFAULT_TENANT_SETTINGS), {
      security: { rateLimits: { searchPerMinute: 5 } },
      branding: { primaryColor: "#112233" },
    });
    expect(merged.security.rateLimits).toEqual({
      questionsPerHour: 10,
      upvotesPerMinute: 20,
      responsesPerHour: 5,
      searchPerMinute: 5,
      emailRecipientsPerHour: 500,
    });
    expect(merged.branding.primaryColor).toBe("#112233");
    expect(deepMerge(merged, { branding: { primaryColor: null } }).branding.primaryColor).toBeNull();
  });

  it.each([
    [{ questions: { minLength: 50, maxLength: 20 } }, "questions.minLength"],
    [{ branding: { primaryColor: "blue" } }, "branding.primaryColor"],
    [{ branding: { theme: "neon" } }, "branding.theme"],
    [{ branding: { logoUrl: "javascript:alert(1)" } }, "branding.logoUrl"],
    [{ pulse: { defaultTime: "25:00" } }, "pulse.defaultTime"],
    [{ users: { signup: "domains" } }, "users.allowedEmailDomains"],
    [{ users: { signup: "anyone" } }, "users.signup"],
    [{ users: { signup: "domains", allowedEmailDomains: ["@example.com"] } }, "users.allowedEmailDomains.0"],
    [{ pulse: { anonThreshold: 1 } }, "pulse.anonThreshold"],
    [{ pulse: { anonThreshold: 2 } }, "pulse.anonThreshold"],
    [{ pulse: { minTenureDays: -1 } }, "pulse.minTenureDays"],
    [{ pulse: { minTenureDays: 91 } }, "pulse.minTenureDays"],
    [{ pulse: { minTenureDays: 1.5 } }, "pulse.minTenureDays"],
    [{ security: { sessionTimeout: 0 } }, "security.sessionTimeout"],
    [{ features: { surprise: true } }, "features"],
  ])("rejects %o at %s", (patch, pathPrefix) => {
    const result = tenantSettingsSchema.safeParse(deepMerge(structuredClone(DEFAULT_TENANT_SETTINGS), patch));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContainEqual(expect.stringMatching(new RegExp(`^${pathPrefix}`)));
  });

  it("stored settings from an older version get new defaults and lose unknown keys", () => {
    const settings = settingsFromStorage({ questions: { minLength: 20 }, retired: { x: 1 } });
    expect(settings.questions).toEqual({ minLength: 20, maxLength: 2000 });
    expect(settings.pulse.anonThreshold).toBe(5);
    expect("retired" in settings).toBe(false);
  });
});
