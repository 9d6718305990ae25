import type { CurrentUser, RequestContext } from "../../platform/context.js";
import type { Executor } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { hasPermission, type Permission } from "../../platform/permissions.js";
import { lockActiveOwnerIds } from "./users.admin.repository.js";
import { findUser, type UserRecord } from "./users.repository.js";

export function actorOf(ctx: RequestContext): CurrentUser {
  if (!ctx.user) throw errors.unauthenticated();
  return ctx.user;
}

export const lastOwner = () =>
  errors.conflict("LAST_OWNER", "The tenant's last owner cannot be demoted, deactivated or deleted; make someone else owner first.");

/**
 * Start of every change to an existing user: the tenant's active owners are locked first, always
 * in the same order (so concurrent changes queue instead of deadlocking), then the actor is read
 * again, so an owner demoted a moment ago cannot act on the role loaded at the start of the request.
 */
export async function lockForUserChange(trx: Executor, ctx: RequestContext, permission: Permission) {
  const actor = actorOf(ctx);
  const owners = await lockActiveOwnerIds(trx, ctx.tenant.id);
  const current = await findUser(trx, ctx.tenant.id, actor.id);
  const fresh: CurrentUser = { ...actor, role: current?.role ?? actor.role };
  if (!current || current.deactivatedAt !== null || !hasPermission(fresh, permission)) throw errors.forbidden();
  return { actor: fresh, owners };
}

/** A user's audited fields, for the before and after of `user.update` and `user.delete`. */
export function auditView(user: UserRecord) {
  return { email: user.email, name: user.name, role: user.role, primaryTeamId: user.primaryTeamId, deactivated: user.deactivatedAt !== null };
}
