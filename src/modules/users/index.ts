/**
 * The users module's public face: what other modules, the app and the command-line tools may use.
 * Everything else in this folder is internal.
 */
export { createUser } from "./users.create.service.js";
export {
  clearPrimaryTeam,
  setEmailOptOut,
  findActiveUserIds,
  findActiveUserWithTeams,
  findUser,
  findUserByEmail,
  findUsersByEmails,
  findUserBySso,
  linkSsoAccount,
  listDemoUsernames,
  touchLastLogin,
  updateProfile,
} from "./users.repository.js";
export type { UserRecord } from "./users.repository.js";
export { userRoutes } from "./users.routes.js";
export { emailPreferenceRoutes } from "./users.preferences.routes.js";
export { createUsersService, type ProvisionedUser } from "./users.service.js";
