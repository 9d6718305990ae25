import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import type { SettingsView } from "./settings.schemas.js";

/** The settings as admins and the audit log see them: a stored secret appears only as "set". */
export function presentSettings(settings: TenantSettings): SettingsView {
  const { oidc } = settings.auth;
  if (!oidc) return { ...settings, auth: { ...settings.auth, oidc: null } };
  const { clientSecret, ...rest } = oidc;
  return { ...settings, auth: { ...settings.auth, oidc: { ...rest, clientSecretSet: clientSecret !== null } } };
}
