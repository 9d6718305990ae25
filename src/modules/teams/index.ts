/**
 * The teams module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { ensureMembership, ensureMemberships } from "./teams.members.repository.js";
export { createMembersService } from "./teams.members.service.js";
export { createTeamDirectory, type TeamDirectory } from "./teams.directory.js";
export { findTeam, listTeams, lockTeam, setQueueFrozen, type TeamRecord } from "./teams.repository.js";
export { teamRoutes } from "./teams.routes.js";
export { couldBeTeamSlug, teamSchema } from "./teams.schemas.js";
export { createTeamsOfNewTenant, createTeamsService } from "./teams.service.js";
