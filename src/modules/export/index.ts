/**
 * The export module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { createPollExport } from "./export.polls.service.js";
export { createPulseExport } from "./export.pulse.service.js";
export { exportRoutes } from "./export.routes.js";
export { createExportService } from "./export.service.js";
