/**
 * The provisioning module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { provisionTenant } from "./provisioning.service.js";
