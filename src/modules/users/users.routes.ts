import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { UserRecord } from "./users.repository.js";
import { createUserBody, updateUserBody, userIdParams } from "./users.schemas.js";
import type { UsersService } from "./users.service.js";

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["owner", "admin", "moderator", "member", "viewer"]),
  primaryTeamId: z.uuid().nullable(),
  avatarUrl: z.string().nullable(),
  deactivated: z.boolean(),
  createdAt: z.string(),
});

export function presentUser(user: UserRecord): z.infer<typeof userSchema> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    primaryTeamId: user.primaryTeamId,
    avatarUrl: user.avatarUrl,
    deactivated: user.deactivatedAt !== null,
    createdAt: user.createdAt,
  };
}

export function userRoutes(deps: { users: UsersService }): AnyRoute[] {
  const { users } = deps;
  return [
    route({
      method: "get",
      path: "/users",
      tag: "Users",
      summary: "Users of the tenant (deactivated ones included, flagged)",
      access: "member.view.all",
      response: z.array(userSchema),
      handler: async ({ ctx }) => (await users.list(ctx)).map(presentUser),
    }),
    route({
      method: "post",
      path: "/admin/users",
      tag: "Users",
      summary: "Creates a user, who signs in with GitHub or Google using that email address",
      description:
        "Role and primary team default to the tenant's `users.defaultRole` and `users.defaultTeamId`; the primary team " +
        "also gets a membership. Only an owner grants owner or admin (else 403). Email already used in the tenant: 409 DUPLICATE. " +
        "Audited as `user.create`.",
      access: "member.add",
      body: createUserBody,
      status: 201,
      response: userSchema,
      handler: async ({ ctx, body }) => presentUser(await users.create(ctx, body)),
    }),
    route({
      method: "put",
      path: "/admin/users/:id",
      tag: "Users",
      summary: "Changes a user's name, email, primary team, role or deactivation (any subset)",
      description:
        "A deactivated user's sessions and tokens stop working at once; `deactivated: false` reactivates. " +
        "Demoting or deactivating the last active owner: 409 LAST_OWNER. Audited as `user.update` with the changed fields.",
      access: "member.edit",
      params: userIdParams,
      body: updateUserBody,
      response: userSchema,
      handler: async ({ ctx, params, body }) => presentUser(await users.update(ctx, params.id, body)),
    }),
    route({
      method: "delete",
      path: "/admin/users/:id",
      tag: "Users",
      summary: "Deletes a user",
      description:
        "The user's questions remain, anonymised; answers remain without responder; pulse responses and audit entries remain. " +
        "Memberships, upvotes (counts are corrected), pulse invites and API tokens are deleted. The last active owner: 409 LAST_OWNER. " +
        "Audited as `user.delete`.",
      access: "member.remove",
      params: userIdParams,
      status: 204,
      handler: ({ ctx, params }) => users.remove(ctx, params.id),
    }),
  ];
}
