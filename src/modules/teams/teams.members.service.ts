import type { Clock } from "../../platform/clock.js";
import type { RequestContext, TeamRole } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { enforce } from "../../platform/policy.js";
import { recordAudit } from "../audit/index.js";
import { findTeam, lockTeam } from "./teams.repository.js";
import {
  deleteMember,
  findMember,
  insertMember,
  listMembers,
  listNewcomers,
  updateMemberRole,
  type MemberRecord,
  type NewcomerRecord,
} from "./teams.members.repository.js";
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

/** CONTRACT §5: the team page shows who joined in this many days, so accounts made to fill a pulse group are made in plain view. */
export const NEWCOMER_DAYS = 30;
/** More than a team takes in a month; a longer list would not be read on a board anyway. */
export const NEWCOMERS_LIMIT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Membership changes are audited on the team, so filtering the audit log by the team shows its whole history. */
export function createMembersService(deps: MembersServiceDeps) {
  const { db, clock } = deps;

  async function list(ctx: RequestContext, teamId: string): Promise<MemberRecord[]> {
    if (!(await findTeam(db, ctx.tenant.id, teamId))) throw errors.notFound("Team");
    return listMembers(db, ctx.tenant.id, teamId);
  }

  async function newcomers(ctx: RequestContext, teamId: string): Promise<NewcomerRecord[]> {
    if (!(await findTeam(db, ctx.tenant.id, teamId))) throw errors.notFound("Team");
    const since = new Date(clock.now().getTime() - NEWCOMER_DAYS * DAY_MS);
    return listNewcomers(db, ctx.tenant.id, teamId, since, NEWCOMERS_LIMIT);
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
      await takeOut(trx, ctx, teamId, { userId, role: member.role });
    });
    await deps.membersChanged(tenantId);
  }

  /** Takes the member out of the team, and the team off them as their primary team, audited. */
  async function takeOut(
    trx: Executor,
    ctx: RequestContext,
    teamId: string,
    member: { userId: string; role: TeamRole },
    metadata: Record<string, unknown> = {},
  ) {
    const { userId } = member;
    await deleteMember(trx, ctx.tenant.id, teamId, userId);
    const primaryTeamCleared = await deps.clearPrimaryTeam(trx, ctx.tenant.id, teamId, userId, clock.now());
    await recordAudit(trx, ctx, {
      action: "team_member.remove",
      entityType: "team",
      entityId: teamId,
      before: { userId, role: member.role },
      metadata: { userId, primaryTeamCleared, ...metadata },
    });
  }

  /**
   * The identity provider's membership changes (SCIM Groups): no person's role to check; people
   * join as `member`, an existing membership keeps its role, and adding a member twice or removing
   * a non-member changes nothing (identity providers resend). `replace` makes `add` the whole list.
   */
  async function provision(ctx: RequestContext, teamId: string, change: { add: string[]; remove: string[]; replace?: boolean }): Promise<void> {
    const tenantId = ctx.tenant.id;
    await db.transaction(async (trx) => {
      if (!(await lockTeam(trx, tenantId, teamId))) throw errors.notFound("Team");
      const remove = new Set(change.remove);
      if (change.replace) {
        for (const member of await listMembers(trx, tenantId, teamId)) if (!change.add.includes(member.userId)) remove.add(member.userId);
      }
      for (const userId of new Set(change.add)) {
        if (!(await deps.userExists(trx, tenantId, userId))) throw errors.notFound("User");
        if (!(await insertMember(trx, tenantId, teamId, userId, "member"))) continue;
        await recordAudit(trx, ctx, {
          action: "team_member.add",
          entityType: "team",
          entityId: teamId,
          after: { userId, role: "member" },
          metadata: { userId, via: "scim" },
        });
      }
      for (const userId of remove) {
        const member = await findMember(trx, tenantId, teamId, userId);
        if (member) await takeOut(trx, ctx, teamId, { userId, role: member.role }, { via: "scim" });
      }
    });
    await deps.membersChanged(tenantId);
  }

  return { list, newcomers, add, changeRole, remove, provision };
}

export type MembersService = ReturnType<typeof createMembersService>;
