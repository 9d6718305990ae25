import type { CurrentUser } from "../../platform/context.js";
import { hasPermission, teamsWithPermission } from "../../platform/permissions.js";
import { rule } from "../../platform/policy.js";
import type { PollRecord } from "./polls.repository.js";

/**
 * Who may do what with a poll (CONTRACT §9), decided here only: a team's moderators and admins
 * write, run and delete its polls and always see their results; everyone who may read the board
 * sees its open and closed polls, votes, and sees the results while they are shown to the room.
 */

/** A moderator of the team, or an admin/owner (CONTRACT §2). */
export function canManage(user: CurrentUser | null, teamId: string): boolean {
  return hasPermission(user, "poll.manage", teamId);
}

/** A draft is its moderators' only: to anyone else it does not exist. */
export function canSee(user: CurrentUser | null, poll: Pick<PollRecord, "status" | "teamId">): boolean {
  return poll.status !== "draft" || canManage(user, poll.teamId);
}

export function canSeeResults(user: CurrentUser | null, poll: Pick<PollRecord, "status" | "teamId" | "resultsVisible">): boolean {
  return canManage(user, poll.teamId) || (poll.resultsVisible && poll.status !== "draft");
}

/** Every team where the user manages polls; null means every team. */
export function managedTeams(user: CurrentUser | null): string[] | null {
  return teamsWithPermission(user, "poll.manage");
}

const REFUSAL = "Only a moderator of this team or an admin can do this.";

export const pollPolicy = {
  /** Edit, delete, open, close, show results, duplicate: the poll's team's moderators and admins. */
  manage: rule<Pick<PollRecord, "teamId">>(REFUSAL, (user, poll) => canManage(user, poll.teamId)),
};

/** A team's polls as a whole (a new draft, the drafts' order): its moderators and admins. */
export const teamPollsPolicy = {
  manage: rule<{ id: string }>(REFUSAL, (user, team) => canManage(user, team.id)),
};
