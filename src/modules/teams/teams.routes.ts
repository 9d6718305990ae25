import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { NEWCOMER_DAYS, NEWCOMERS_LIMIT, type MembersService } from "./teams.members.service.js";
import {
  addMemberBody,
  changeMemberRoleBody,
  createTeamBody,
  deleteTeamQuery,
  memberParams,
  memberSchema,
  newcomerSchema,
  teamIdParams,
  teamSchema,
  updateTeamBody,
} from "./teams.schemas.js";
import type { TeamsService } from "./teams.service.js";

export function teamRoutes(deps: { teams: TeamsService; members: MembersService }): AnyRoute[] {
  const { teams, members } = deps;
  return [
    route({
      method: "get",
      path: "/teams",
      operationId: "listTeams",
      tag: "Teams",
      summary: "Teams of the tenant",
      access: "qa.read",
      response: z.array(teamSchema),
      handler: ({ ctx }) => teams.list(ctx),
    }),
    route({
      method: "post",
      path: "/admin/teams",
      operationId: "createTeam",
      tag: "Teams",
      summary: "Creates a team",
      description: "Slug: lowercase letters, digits and hyphens, unique in the tenant (409 DUPLICATE), not a reserved path. Audited as `team.create`.",
      access: "team.create",
      otherResponses: { 409: "DUPLICATE: the slug is taken" },
      body: createTeamBody,
      status: 201,
      response: teamSchema,
      handler: ({ ctx, body }) => teams.create(ctx, body),
    }),
    route({
      method: "put",
      path: "/admin/teams/:teamId",
      operationId: "updateTeam",
      tag: "Teams",
      summary: "Renames a team or changes its slug or description (any subset)",
      description: "Permission `team.create` covers changing and deleting teams as well. Audited as `team.update` with the changed fields.",
      access: "team.create",
      otherResponses: { 409: "DUPLICATE: the slug is taken" },
      params: teamIdParams,
      body: updateTeamBody,
      response: teamSchema,
      handler: ({ ctx, params, body }) => teams.update(ctx, params.teamId, body),
    }),
    route({
      method: "delete",
      path: "/admin/teams/:teamId",
      operationId: "deleteTeam",
      tag: "Teams",
      summary: "Deletes a team; a team with questions needs ?moveQuestionsTo=<teamId>",
      description:
        "A team that still has questions is refused with 409 TEAM_NOT_EMPTY unless `moveQuestionsTo` names another team of the " +
        "tenant: its questions (any status, with votes, tags and answers) move there, then the team is deleted, in one transaction. " +
        "Memberships are deleted; members whose primary team it was keep no primary team; pulse questions, invites and responses " +
        "of the team stay without a team; a tenant default team (`users.defaultTeamId`) is reset to null. Audited as `team.delete`.",
      access: "team.create",
      otherResponses: { 409: "TEAM_NOT_EMPTY: pass moveQuestionsTo" },
      params: teamIdParams,
      query: deleteTeamQuery,
      status: 204,
      handler: ({ ctx, params, query }) => teams.remove(ctx, params.teamId, query.moveQuestionsTo),
    }),
    route({
      method: "get",
      path: "/teams/:teamId/newcomers",
      operationId: "listTeamNewcomers",
      tag: "Teams",
      summary: "Who joined the team in the last 30 days",
      description:
        `Active members whose membership, or account, is at most ${NEWCOMER_DAYS} days old; \`joinedAt\` is the later of the two. ` +
        `Newest first, at most ${NEWCOMERS_LIMIT}. Any signed-in user of the tenant (visitors 401): the team sees who joined, so ` +
        "accounts made to fill a pulse group are made in plain view (CONTRACT §5).",
      access: "session",
      params: teamIdParams,
      response: z.array(newcomerSchema),
      handler: ({ ctx, params }) => members.newcomers(ctx, params.teamId),
    }),
    route({
      method: "get",
      path: "/admin/teams/:teamId/members",
      operationId: "listTeamMembers",
      tag: "Teams",
      summary: "Members of a team with their membership role",
      access: "member.view.all",
      params: teamIdParams,
      response: z.array(memberSchema),
      handler: ({ ctx, params }) => members.list(ctx, params.teamId),
    }),
    route({
      method: "post",
      path: "/admin/teams/:teamId/members",
      operationId: "addTeamMember",
      tag: "Teams",
      summary: "Adds a user to a team",
      description: "Already a member: 409 DUPLICATE. Audited as `team_member.add` (entity: the team).",
      access: "member.add",
      otherResponses: { 409: "DUPLICATE: already a member" },
      params: teamIdParams,
      body: addMemberBody,
      status: 201,
      response: memberSchema,
      handler: ({ ctx, params, body }) => members.add(ctx, params.teamId, body),
    }),
    route({
      method: "put",
      path: "/admin/teams/:teamId/members/:userId",
      operationId: "updateTeamMember",
      tag: "Teams",
      summary: "Changes a member's role in the team",
      description: "Audited as `team_member.role_change` with the old and new role.",
      access: "member.edit",
      params: memberParams,
      body: changeMemberRoleBody,
      response: memberSchema,
      handler: ({ ctx, params, body }) => members.changeRole(ctx, params.teamId, params.userId, body.role),
    }),
    route({
      method: "delete",
      path: "/admin/teams/:teamId/members/:userId",
      operationId: "removeTeamMember",
      tag: "Teams",
      summary: "Removes a user from a team",
      description: "If it was the user's primary team, the user has no primary team afterwards. Audited as `team_member.remove`.",
      access: "member.remove",
      params: memberParams,
      status: 204,
      handler: ({ ctx, params }) => members.remove(ctx, params.teamId, params.userId),
    }),
  ];
}
