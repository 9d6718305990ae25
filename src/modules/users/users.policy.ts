import type { Role } from "../../platform/context.js";
import { canGrantRole } from "../../platform/permissions.js";
import { rule } from "../../platform/policy.js";
import { roleAtLeast } from "../../platform/roles.constants.js";
import type { UserRecord } from "./users.repository.js";

/**
 * Who may change whom (CONTRACT §2), decided here only. The routes name `manage` beside the user
 * they load; the service applies the same rules again to the rows it has locked, so a role changed
 * by someone else since the request began is the one that counts.
 */
export const userPolicy = {
  /** Nobody changes or deletes someone ranked above them. */
  manage: rule<Pick<UserRecord, "role">>("You cannot change a user whose role is above yours.", (actor, target) =>
    Boolean(actor && roleAtLeast(actor.role, target.role)),
  ),
  /** Nobody grants a role above their own; only an owner grants owner or admin. */
  grant: rule<Role>("Your role cannot grant this role: nobody grants a role above their own, and only an owner grants owner or admin.", (actor, role) =>
    Boolean(actor && canGrantRole(actor, role)),
  ),
};
