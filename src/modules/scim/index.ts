/**
 * The SCIM module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { createScimGroupsService, type ProvisionedTeams } from "./scim.groups.service.js";
export { scimRouter, SCIM_PATH } from "./scim.routes.js";
export { createScimTokenService } from "./scim.tokens.service.js";
export { scimTokenRoutes } from "./scim.tokens.routes.js";
export { createScimUsersService } from "./scim.users.service.js";
