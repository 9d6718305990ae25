import { z } from "zod";
import {
  authSettingsSchema,
  oidcSettingsSchema,
  tenantSettingsSchema,
  tenantSettingsShape,
  type TenantSettings,
} from "../../platform/tenant-settings.schemas.js";

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends Record<string, unknown>
    ? DeepPartial<T[K]>
    : T[K] extends Record<string, unknown> | null
      ? DeepPartial<NonNullable<T[K]>> | null
      : T[K];
};
export type SettingsPatch = DeepPartial<TenantSettings>;

/**
 * Every group and field optional at any depth, unknown keys still refused (400 at their path). A
 * group that may be null (an identity provider) takes a partial object too, merged into what is
 * saved; null removes it.
 */
function deepPartial(schema: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, declared] of Object.entries(schema.shape)) {
    // A default fills a setting missing from the saved whole, never one missing from a patch.
    const field = declared instanceof z.ZodDefault ? (declared.unwrap() as z.ZodType) : declared;
    const inner = field instanceof z.ZodNullable ? field.unwrap() : field;
    const partial = inner instanceof z.ZodObject ? deepPartial(inner) : field;
    shape[key] = (field instanceof z.ZodNullable && inner instanceof z.ZodObject ? partial.nullable() : (partial as z.ZodType)).optional();
  }
  return z.strictObject(shape);
}

export const settingsPatchSchema = deepPartial(tenantSettingsSchema as unknown as z.ZodObject).describe(
  "Any subset of the settings; nested groups merge, a given value replaces (null clears an optional one). " +
    "`auth.oidc.clientSecret` is write-only: send it to set or replace it, null to make the client public (PKCE only); it is never answered. " +
    "So are `slack.botToken` and `slack.signingSecret` (null for `slack` disconnects the Slack app).",
) as unknown as z.ZodType<SettingsPatch>;

/** The OpenID Connect settings as answered: the client secret only as whether one is set. */
export const oidcSettingsViewSchema = oidcSettingsSchema.omit({ clientSecret: true }).extend({
  clientSecretSet: z.boolean().describe("whether a client secret is stored (it is write-only)"),
});

/** The Slack app as answered: its token and signing secret only as whether each is set. */
export const slackSettingsViewSchema = z.strictObject({
  botTokenSet: z.boolean().describe("whether a bot token is stored (it is write-only)"),
  signingSecretSet: z.boolean().describe("whether a signing secret is stored (it is write-only)"),
});

export const settingsResponseSchema = z.strictObject({
  ...tenantSettingsShape,
  auth: authSettingsSchema.extend({ oidc: oidcSettingsViewSchema.nullable() }),
  slack: slackSettingsViewSchema.nullable(),
});

export type SettingsView = z.infer<typeof settingsResponseSchema>;
