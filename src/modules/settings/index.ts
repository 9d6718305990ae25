/**
 * The settings module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { saveSettings } from "./settings.repository.js";
export { settingsRoutes } from "./settings.routes.js";
export { createSettingsService } from "./settings.service.js";
export type { SettingsService } from "./settings.service.js";
export { resealSettingsSecrets } from "./settings.reseal.js";
export { presentSettings } from "./settings.presenter.js";
export type { SettingsPatch } from "./settings.schemas.js";
