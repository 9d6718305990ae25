/**
 * The tenants module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { TenantDirectory } from "./tenants.directory.js";
export { countTenants, findTenant, findTenantBySlug, insertTenant, listTenants } from "./tenants.repository.js";
export type { TenantWithSettings } from "./tenants.repository.js";
export { tenantRoutes } from "./tenants.routes.js";
