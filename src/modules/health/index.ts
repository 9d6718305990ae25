/**
 * The health module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { healthRouter } from "./health.routes.js";
export { createHealthService } from "./health.service.js";
