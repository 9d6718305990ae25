import { z } from "zod";
import type { RequestContext } from "../../platform/context.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { userPolicy } from "./users.policy.js";
import { presentUser } from "./users.presenter.js";
import { USER_IMPORT_MAX_BYTES, USER_IMPORT_MAX_ROWS } from "./users.constants.js";
import { readImportFile } from "./users.import.csv.js";
import { createUserBody, updateUserBody, userIdParams, userImportQuery, userImportResultSchema, userSchema } from "./users.schemas.js";
import type { UsersService } from "./users.service.js";

export function userRoutes(deps: { users: UsersService }): AnyRoute[] {
  const { users } = deps;
  const targetUser = { load: ({ ctx, params }: { ctx: RequestContext; params: { id: string } }) => users.find(ctx, params.id), rule: userPolicy.manage };
  return [
    route({
      method: "get",
      path: "/users",
      operationId: "listUsers",
      tag: "Users",
      summary: "Users of the tenant (deactivated ones included, flagged)",
      access: "member.view.all",
      response: z.array(userSchema),
      handler: async ({ ctx }) => (await users.list(ctx)).map(presentUser),
    }),
    route({
      method: "post",
      path: "/admin/users",
      operationId: "createUser",
      tag: "Users",
      summary: "Creates a user, who signs in with GitHub or Google using that email address",
      description:
        "Role and primary team default to the tenant's `users.defaultRole` and `users.defaultTeamId`; the primary team " +
        "also gets a membership. Only an owner grants owner or admin (else 403). Email already used in the tenant: 409 DUPLICATE. " +
        "Audited as `user.create`.",
      access: "member.add",
      otherResponses: { 409: "DUPLICATE: the email is taken in this tenant" },
      body: createUserBody,
      status: 201,
      response: userSchema,
      handler: async ({ ctx, body }) => presentUser(await users.create(ctx, body)),
    }),
    route({
      method: "post",
      path: "/admin/users/import",
      operationId: "importUsers",
      tag: "Users",
      summary: "Creates and updates people from a CSV file (header email,name,role,team), all or nothing",
      description:
        `A row per person; \`team\` is a team's name or slug (empty: no primary team), \`role\` one the caller may grant. At most ${USER_IMPORT_MAX_ROWS} rows ` +
        `and ${USER_IMPORT_MAX_BYTES / 1024 / 1024} MB. A new email is \`created\` (as POST /admin/users, audited \`user.create\`); an existing one is ` +
        "`updated` when its name, role or team differ (owners only, as PUT /admin/users/:id, audited `user.update`), else `unchanged`. " +
        "Errors, each with its row: a duplicate email in the file, an unknown team, an invalid email, name or role, a cell starting with a formula " +
        "character (= + - @ tab CR), a deactivated person (reactivate them first). `dryRun=true` answers the decisions and writes nothing. " +
        "Otherwise any error imports nothing (422 IMPORT_REJECTED, details: the rows in error); a success is audited once more as `user.import`.",
      access: "member.add",
      query: userImportQuery,
      streamedBody: {
        mediaType: "text/csv",
        description: "UTF-8 CSV (RFC 4180; a byte order mark and CRLF or LF line ends are fine), first line `email,name,role,team`.",
      },
      otherResponses: {
        400: "VALIDATION_FAILED: the file is empty, has no rows, is not CSV, or its first line is not the header",
        413: `PAYLOAD_TOO_LARGE (over ${USER_IMPORT_MAX_BYTES / 1024 / 1024} MB) or TOO_MANY_ROWS (over ${USER_IMPORT_MAX_ROWS} rows): nothing is imported`,
        422: "IMPORT_REJECTED: some rows have errors (details: those rows); nothing is imported",
      },
      response: userImportResultSchema,
      handler: async ({ ctx, query, req }) => users.importPeople(ctx, await readImportFile(req, declaredLength(req.get("content-length"))), query.dryRun),
    }),
    route({
      method: "put",
      path: "/admin/users/:id",
      operationId: "updateUser",
      tag: "Users",
      summary: "Changes a user's name, email, primary team, role or deactivation (any subset)",
      description:
        "A deactivated user's sessions and tokens stop working at once; `deactivated: false` reactivates. " +
        "Demoting or deactivating the last active owner: 409 LAST_OWNER. Audited as `user.update` with the changed fields.",
      access: "member.edit",
      otherResponses: { 409: "LAST_OWNER, or DUPLICATE email" },
      params: userIdParams,
      record: targetUser,
      body: updateUserBody,
      response: userSchema,
      handler: async ({ ctx, params, body }) => presentUser(await users.update(ctx, params.id, body)),
    }),
    route({
      method: "delete",
      path: "/admin/users/:id",
      operationId: "deleteUser",
      tag: "Users",
      summary: "Deletes a user",
      description:
        "The user's questions remain, anonymised; answers remain without responder; pulse responses and audit entries remain. " +
        "Memberships, upvotes (counts are corrected), pulse invites and API tokens are deleted. The last active owner: 409 LAST_OWNER. " +
        "Audited as `user.delete`.",
      access: "member.remove",
      otherResponses: { 409: "LAST_OWNER" },
      params: userIdParams,
      record: targetUser,
      status: 204,
      handler: ({ ctx, params }) => users.remove(ctx, params.id),
    }),
  ];
}

function declaredLength(header: string | undefined): number | undefined {
  return header && /^\d+$/.test(header) ? Number(header) : undefined;
}
