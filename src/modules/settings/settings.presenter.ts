import { SETTINGS_SECRET_PATHS, withLeaf } from "../../platform/settings-secrets.js";
import type { TenantSettings } from "../../platform/tenant-settings.schemas.js";
import type { SettingsView } from "./settings.schemas.js";

/** The settings as admins and the audit log see them: each stored secret appears only as `<name>Set`. */
export function presentSettings(settings: TenantSettings): SettingsView {
  let view: unknown = settings;
  for (const path of SETTINGS_SECRET_PATHS) {
    const name = path.slice(path.lastIndexOf(".") + 1);
    view = withLeaf(view, path, (value) => ({ [`${name}Set`]: typeof value === "string" }));
  }
  return view as SettingsView;
}
