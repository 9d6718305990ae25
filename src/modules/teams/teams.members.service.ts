import type { Clock } from "../../platform/clock.js";
import type { RequestContext, TeamRole } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { enforce } from "../../platform/policy.js";
import { recordAudit } from "../audit/index.js";
import { findTeam, lockTeam } from "./teams.repository.js";
import { deleteMember, findMember, insertMember, listMembers, updateMemberRole, type MemberRecord } from "./teams.members.repository.js";
import { membershipPolicy } from "./teams.policy.js";
import type { AddMemberBody } from "./teams.schemas.js";

export interface MembersServiceDeps {
  db: Database;
  clock: Clock;
  /** A user removed from their primary team loses it; true when it was theirs (the users module, like userExists). */
  clearPrimaryTeam(trx: Executor, tenantId: string, teamId: string, userId: string, at: Date): Promise<boolean>;
  /** Whether the user exists in the tenant (the users module; given by the app, as users depend on teams). */
  userExists(trx: Executor, tenantId: string, userId: string): Promise<boolean>;
  /** After a committed change: the members' next requests load their new team roles. */
  membersChanged(tenantId: string): Promise<void>;
}

/** Membership changes are audited on the team, so filtering the audit log by the team shows its whole history. */
export function createMembersService(deps: MembersServiceDeps) {
  const { db, clock } = deps;

  async function list(ctx: RequestContext, teamId: string): Promise<MemberRecord[]> {
    if (!(await findTeam(db, ctx.tenant.id, teamId))) throw errors.notFound("Team");
    return listMembers(db, ctx.tenant.id, teamId);
  }

  async function add(ctx: RequestContext, teamId: string, input: AddMemberBody): Promise<MemberRecord> {
    const tenantId = ctx.tenant.id;
    enforce(ctx.user, membershipPolicy.grant, input.role);
    const result = await db.transaction(async (trx) => {
      if (!(await lockTeam(trx, tenantId, teamId))) throw errors.notFound("Team");
      if (!(await deps.userExists(trx, tenantId, input.userId))) throw errors.notFound("User");
      if (!(await insertMember(trx, tenantId, teamId, input.userId, input.role))) {
        throw errors.conflict("DUPLICATE", "The user already is a member of this team; change the role with PUT instead.");
      }
      await recordAudit(trx, ctx, {
        action: "team_member.add",
        entityType: "team",
        entityId: teamId,
        after: { userId: input.userId, role: input.role },
        metadata: { userId: input.userId },
      });
      return (await findMember(trx, tenantId, teamId, input.userId)) as MemberRecord;
    });
    await deps.membersChanged(tenantId);
    return result;
  }

  async function changeRole(ctx: RequestContext, teamId: string, userId: string, role: TeamRole): Promise<MemberRecord> {
    const tenantId = ctx.tenant.id;
    enforce(ctx.user, membershipPolicy.grant, role);
    const result = await db.transaction(async (trx) => {
      if (!(await lockTeam(trx, tenantId, teamId))) throw errors.notFound("Team");
      const member = await findMember(trx, tenantId, teamId, userId);
      if (!member) throw errors.notFound("Team member");
      if (member.role === role) return member;
      await updateMemberRole(trx, tenantId, teamId, userId, role);
      await recordAudit(trx, ctx, {
        action: "team_member.role_change",
        entityType: "team",
        entityId: teamId,
        before: { userId, role: member.role },
        after: { userId, role },
        metadata: { userId },
      });
      return { ...member, role };
    });
    await deps.membersChanged(tenantId);
    return result;
  }

  async function remove(ctx: RequestContext, teamId: string, userId: string): Promise<void> {
    const tenantId = ctx.tenant.id;
    await db.transaction(async (trx) => {
      if (!(await lockTeam(trx, tenantId, teamId))) throw errors.notFound("Team");
      const member = await findMember(trx, tenantId, teamId, userId);
      if (!member) throw errors.notFound("Team member");
      await deleteMember(trx, tenantId, teamId, userId);
      const primaryTeamCleared = await deps.clearPrimaryTeam(trx, tenantId, teamId, userId, clock.now());
      await recordAudit(trx, ctx, {
        action: "team_member.remove",
        entityType: "team",
        entityId: teamId,
        before: { userId, role: member.role },
        metadata: { userId, primaryTeamCleared },
      });
    });
    await deps.membersChanged(tenantId);
  }

  return { list, add, changeRole, remove };
}

export type MembersService = ReturnType<typeof createMembersService>;
