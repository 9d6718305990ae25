import { hasPermission, teamsWithPermission } from "../../platform/permissions.js";
import { rule } from "../../platform/policy.js";

/** Which pulse figures a summary is about: one team, or all of them (null). */
export interface SummaryScope {
  teamId: string | null;
}

/** Who may see which pulse aggregates (CONTRACT §5/§8), decided here only. */
export const pulsePolicy = {
  /** Admins and owners: any team, or all; a moderator: one of their own teams, named. */
  summary: rule<SummaryScope>("Admins see the pulse of any team or of all; a moderator, of their own teams only: add team=<teamId>.", (user, scope) =>
    scope.teamId === null ? teamsWithPermission(user, "pulse.summary") === null : hasPermission(user, "pulse.summary", scope.teamId),
  ),
};
