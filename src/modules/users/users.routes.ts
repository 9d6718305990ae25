import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import type { Database } from "../../platform/db.js";
import { listUsers, type UserRecord } from "./users.repository.js";

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

export function userReadRoutes(deps: { db: Database }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/users",
      tag: "Users",
      summary: "Users of the tenant",
      access: "member.view.all",
      response: z.array(userSchema),
      handler: async ({ ctx }) => (await listUsers(deps.db, ctx.tenant.id)).map(presentUser),
    }),
  ];
}
