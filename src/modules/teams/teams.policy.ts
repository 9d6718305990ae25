import type { TeamRole } from "../../platform/context.js";
import { rule } from "../../platform/policy.js";
import { roleAtLeast } from "../../platform/roles.constants.js";

/** Who may give which membership role (CONTRACT §2), decided here only. */
export const membershipPolicy = {
  /** Nobody grants a role above their own: a membership role counts too. */
  grant: rule<TeamRole>("Your role cannot grant this team role: nobody grants a role above their own.", (actor, role) =>
    Boolean(actor && roleAtLeast(actor.role, role)),
  ),
};
