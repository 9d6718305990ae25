import type { Clock } from "../../platform/clock.js";
import type { CurrentUser, RequestContext } from "../../platform/context.js";
import type { Database, Executor } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import type { EventBus } from "../../platform/events.js";
import { liveEventPublisher } from "../../platform/live-events.js";
import type { Logger } from "../../platform/logger.js";
import { enforce } from "../../platform/policy.js";
import { recordAudit } from "../audit/index.js";
import { findTeam } from "../teams/index.js";
import { anonymiseQuestionsOf, withdrawUpvotesOf } from "../questions/index.js";
import { questionEventSchemas } from "../questions/questions.events.schemas.js";
import { ensureMembership } from "../teams/index.js";
import { deleteUser, emailInUse, externalIdInUse, lockActiveOwnerIds, lockUser, updateUser, type UserChanges } from "./users.admin.repository.js";
import { createUser } from "./users.create.service.js";
import { createUserImport } from "./users.import.service.js";
import { findUser, listUsers, type UserRecord } from "./users.repository.js";
import { actorOf, auditView, lastOwner, lockForUserChange } from "./users.locks.js";
import { userPolicy } from "./users.policy.js";
import type { CreateUserBody, UpdateUserBody } from "./users.schemas.js";

export interface UsersServiceDeps {
  db: Database;
  clock: Clock;
  bus: EventBus;
  logger: Logger;
  /** After a committed change of a user: requests load them anew, and boards show their new name. */
  usersChanged(tenantId: string): Promise<void>;
}

const duplicateEmail = () => errors.conflict("DUPLICATE", "A user with this email already exists in this tenant.");
const duplicateExternalId = () => errors.conflict("DUPLICATE", "A user with this externalId already exists in this tenant.");

/** What an edit of a user may change; `externalId` only the identity provider sets. */
type UserChangeInput = UpdateUserBody & { externalId?: string | null };

/** A user as the identity provider creates them (SCIM). */
export interface ProvisionedUser {
  email: string;
  name: string;
  externalId?: string | null;
  deactivated?: boolean;
}

/** Audit metadata of the identity provider's changes: no user acted, so the entry says who did. */
const PROVISIONED = { via: "scim" };

export function createUsersService(deps: UsersServiceDeps) {
  const { db, clock, bus, logger, usersChanged } = deps;
  const publishQuestionEvent = liveEventPublisher(bus, questionEventSchemas);

  async function list(ctx: RequestContext): Promise<UserRecord[]> {
    return listUsers(db, ctx.tenant.id);
  }

  /** POST /admin/users: through createUser, so the tenant's default role and team apply as for OAuth. */
  async function create(ctx: RequestContext, input: CreateUserBody): Promise<UserRecord> {
    const actor = actorOf(ctx);
    const tenantId = ctx.tenant.id;
    enforce(actor, userPolicy.grant, input.role ?? ctx.settings.users.defaultRole);
    return db.transaction(async (trx) => {
      if (input.primaryTeamId && !(await findTeam(trx, tenantId, input.primaryTeamId))) throw errors.notFound("Team");
      if (await emailInUse(trx, tenantId, input.email)) throw duplicateEmail();
      return createUser(trx, ctx, ctx.settings, input, { via: "admin" });
    });
  }

  /**
   * The change of a user locked with the tenant's owners, shared by an admin's edit and the identity
   * provider's (SCIM). Deactivation is `deactivated_at` and the users cache's change: every request
   * reloads its user (authenticate()), so the user's sessions and API tokens answer 401 from the next
   * request, and the stream guard ends their live streams at its next check.
   */
  async function applyChanges(
    trx: Executor,
    ctx: RequestContext,
    locked: { actor: CurrentUser | null; owners: string[]; target: UserRecord },
    input: UserChangeInput,
    auditMetadata?: Record<string, unknown>,
  ): Promise<UserRecord> {
    const tenantId = ctx.tenant.id;
    const { actor, owners, target } = locked;
    const userId = target.id;
    const changes: UserChanges = {};
    if (input.name !== undefined && input.name !== target.name) changes.name = input.name;
    if (input.email !== undefined && input.email !== target.email) {
      if (await emailInUse(trx, tenantId, input.email, userId)) throw duplicateEmail();
      changes.email = input.email;
    }
    if (input.role !== undefined && input.role !== target.role) {
      // Only a person grants roles; an identity provider's changes carry none.
      if (!actor) throw errors.forbidden();
      enforce(actor, userPolicy.grant, input.role);
      changes.role = input.role;
    }
    if (input.primaryTeamId !== undefined && input.primaryTeamId !== target.primaryTeamId) {
      if (input.primaryTeamId && !(await findTeam(trx, tenantId, input.primaryTeamId))) throw errors.notFound("Team");
      changes.primaryTeamId = input.primaryTeamId;
    }
    if (input.externalId !== undefined && input.externalId !== target.externalId) {
      if (input.externalId && (await externalIdInUse(trx, tenantId, input.externalId, userId))) throw duplicateExternalId();
      changes.externalId = input.externalId;
    }
    const isDeactivated = target.deactivatedAt !== null;
    if (input.deactivated !== undefined && input.deactivated !== isDeactivated) {
      changes.deactivatedAt = input.deactivated ? clock.now() : null;
    }
    if (Object.keys(changes).length === 0) return target;

    const losesOwnership = target.role === "owner" && !isDeactivated && (changes.role !== undefined || changes.deactivatedAt);
    if (losesOwnership && owners.filter((id) => id !== userId).length === 0) throw lastOwner();

    const updated = await updateUser(trx, tenantId, userId, changes, clock.now());
    if (changes.primaryTeamId) await ensureMembership(trx, tenantId, changes.primaryTeamId, userId, "member");
    const before = auditView(target);
    const after = auditView(updated);
    const changedKeys = (Object.keys(after) as Array<keyof typeof after>).filter((key) => before[key] !== after[key]);
    await recordAudit(trx, ctx, {
      action: "user.update",
      entityType: "user",
      entityId: userId,
      before: Object.fromEntries(changedKeys.map((key) => [key, before[key]])),
      after: Object.fromEntries(changedKeys.map((key) => [key, after[key]])),
      metadata: auditMetadata,
    });
    return updated;
  }

  async function update(ctx: RequestContext, userId: string, input: UpdateUserBody): Promise<UserRecord> {
    const tenantId = ctx.tenant.id;
    const saved = await db.transaction(async (trx) => {
      const { actor, owners } = await lockForUserChange(trx, ctx, "member.edit");
      const target = await lockUser(trx, tenantId, userId);
      if (!target) throw errors.notFound("User");
      enforce(actor, userPolicy.manage, target);
      return applyChanges(trx, ctx, { actor, owners, target }, input);
    });
    await usersChanged(tenantId);
    return saved;
  }

  /**
   * A user the identity provider creates (SCIM): the tenant's default role and team apply, as for
   * an admin's creation; one created inactive is deactivated in the same transaction.
   */
  async function provisionCreate(ctx: RequestContext, input: ProvisionedUser): Promise<UserRecord> {
    const tenantId = ctx.tenant.id;
    const created = await db.transaction(async (trx) => {
      if (await emailInUse(trx, tenantId, input.email)) throw duplicateEmail();
      if (input.externalId && (await externalIdInUse(trx, tenantId, input.externalId))) throw duplicateExternalId();
      const user = await createUser(
        trx,
        ctx,
        ctx.settings,
        { email: input.email, name: input.name, externalId: input.externalId ?? null, provisioned: true },
        PROVISIONED,
      );
      if (!input.deactivated) return user;
      return updateUser(trx, tenantId, user.id, { deactivatedAt: clock.now() }, clock.now());
    });
    await usersChanged(tenantId);
    return created;
  }

  /** The identity provider's change of a user (SCIM): the admin edit's rules, without a role to grant. */
  async function provisionUpdate(ctx: RequestContext, userId: string, input: Omit<UserChangeInput, "role" | "primaryTeamId">): Promise<UserRecord> {
    const tenantId = ctx.tenant.id;
    const saved = await db.transaction(async (trx) => {
      const owners = await lockActiveOwnerIds(trx, tenantId);
      const target = await lockUser(trx, tenantId, userId);
      if (!target) throw errors.notFound("User");
      return applyChanges(trx, ctx, { actor: null, owners, target }, input, PROVISIONED);
    });
    await usersChanged(tenantId);
    return saved;
  }

  /**
   * SPEC: questions remain (anonymised), pulse responses and audit logs remain; memberships,
   * upvotes, pulse invites and API tokens go. Open sessions end at their next request.
   */
  async function remove(ctx: RequestContext, userId: string): Promise<void> {
    const tenantId = ctx.tenant.id;
    const recounted = await db.transaction(async (trx) => {
      const { actor, owners } = await lockForUserChange(trx, ctx, "member.remove");
      const target = await lockUser(trx, tenantId, userId);
      if (!target) throw errors.notFound("User");
      enforce(actor, userPolicy.manage, target);
      if (target.role === "owner" && target.deactivatedAt === null && owners.filter((id) => id !== userId).length === 0) throw lastOwner();
      const questionsAnonymised = await anonymiseQuestionsOf(trx, tenantId, userId);
      const upvotes = await withdrawUpvotesOf(trx, tenantId, userId);
      await deleteUser(trx, tenantId, userId);
      await recordAudit(trx, ctx, {
        action: "user.delete",
        entityType: "user",
        entityId: userId,
        before: auditView(target),
        metadata: { questionsAnonymised, upvotesWithdrawn: upvotes.length },
      });
      return upvotes;
    });
    await usersChanged(tenantId);
    // Live boards show the corrected counts. The deletion is committed: a lost event only means a later refresh.
    for (const { questionId, upvoteCount, visible } of recounted) {
      if (!visible) continue;
      await publishQuestionEvent(tenantId, "question:upvoted", { questionId, upvoteCount }).catch((error: Error) => {
        logger.warn({ err: { message: error.message }, tenantId, questionId }, "live event not published");
      });
    }
  }

  /** A user of the tenant; 404 when there is none with this id. */
  async function find(ctx: RequestContext, userId: string): Promise<UserRecord> {
    const user = await findUser(db, ctx.tenant.id, userId);
    if (!user) throw errors.notFound("User");
    return user;
  }

  const importPeople = createUserImport({ db, clock, usersChanged });

  return { list, find, create, update, remove, provisionCreate, provisionUpdate, importPeople };
}

export type UsersService = ReturnType<typeof createUsersService>;
