import { z } from "zod";
import { tenantSettingsSchema, type TenantSettings } from "../../platform/tenant-settings.schemas.js";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends Record<string, unknown> ? DeepPartial<T[K]> : T[K] };
export type SettingsPatch = DeepPartial<TenantSettings>;

/** Every group and field optional at any depth, unknown keys still refused (400 at their path). */
function deepPartial(schema: z.ZodObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    shape[key] = (field instanceof z.ZodObject ? deepPartial(field) : (field as z.ZodType)).optional();
  }
  return z.strictObject(shape);
}

export const settingsPatchSchema = deepPartial(tenantSettingsSchema as unknown as z.ZodObject).describe(
  "Any subset of the settings; nested groups merge, a given value replaces (null clears an optional one).",
) as unknown as z.ZodType<SettingsPatch>;

export const settingsResponseSchema = tenantSettingsSchema;
