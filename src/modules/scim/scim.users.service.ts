import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import type { ProvisionedUser } from "../users/index.js";
import { scimError } from "./scim.errors.js";
import { parseScimFilter } from "./scim.filter.js";
import { parseScim, personName, scimBoolean, scimPatchBody, scimUserBody, validEmail, type ScimOperation } from "./scim.input.js";
import { scimPage } from "./scim.paging.js";
import { listResponse, presentScimUser } from "./scim.presenter.js";
import { findScimUser, listScimUsers, type ScimUserRow } from "./scim.repository.js";

/** What SCIM needs of the users module (its public service, given by the app). */
export interface ProvisionedUsers {
  provisionCreate(ctx: RequestContext, input: ProvisionedUser): Promise<{ id: string }>;
  provisionUpdate(ctx: RequestContext, userId: string, input: Partial<Omit<ProvisionedUser, "deactivated">> & { deactivated?: boolean }): Promise<unknown>;
}

type UserChange = Parameters<ProvisionedUsers["provisionUpdate"]>[2];

const USER_FILTER_ATTRIBUTES = ["userName", "externalId"] as const;

/**
 * SCIM Users (RFC 7644 §3) over the tenant's people. Deactivation (PATCH active false, or DELETE)
 * goes through the users module's own change of a user, as an admin's does, so the person's
 * sessions, API tokens and live streams end the same way.
 */
export function createScimUsersService(deps: { db: Database; users: ProvisionedUsers; baseUrl: string }) {
  const { db, users, baseUrl } = deps;

  async function read(ctx: RequestContext, id: string): Promise<ScimUserRow> {
    const user = await findScimUser(db, ctx.tenant.id, id);
    if (!user) throw errors.notFound("User");
    return user;
  }

  async function get(ctx: RequestContext, id: string) {
    return presentScimUser(await read(ctx, id), baseUrl);
  }

  async function list(ctx: RequestContext, query: { filter?: unknown; startIndex?: unknown; count?: unknown }) {
    const filter = typeof query.filter === "string" ? parseScimFilter(query.filter, USER_FILTER_ATTRIBUTES) : null;
    if (query.filter !== undefined && typeof query.filter !== "string") throw scimError("invalidFilter", "Give one filter.");
    const page = scimPage(query.startIndex, query.count);
    const { total, rows } = await listScimUsers(db, ctx.tenant.id, filter, page);
    return listResponse(
      rows.map((row) => presentScimUser(row, baseUrl)),
      total,
      page,
    );
  }

  async function create(ctx: RequestContext, body: unknown) {
    const input = parseScim(scimUserBody, body);
    const email = validEmail(input.userName);
    const created = await users.provisionCreate(ctx, {
      email,
      name: personName(input, email),
      externalId: input.externalId ?? null,
      deactivated: input.active === false,
    });
    return get(ctx, created.id);
  }

  /** PUT: the whole resource; what the body leaves out (externalId, active) stays as it is. */
  async function replace(ctx: RequestContext, id: string, body: unknown) {
    const input = parseScim(scimUserBody, body);
    await read(ctx, id);
    const email = validEmail(input.userName);
    const change: UserChange = { email, name: personName(input, email) };
    if (input.externalId !== undefined) change.externalId = input.externalId;
    if (input.active !== undefined) change.deactivated = !input.active;
    await users.provisionUpdate(ctx, id, change);
    return get(ctx, id);
  }

  async function patch(ctx: RequestContext, id: string, body: unknown) {
    const { Operations } = parseScim(scimPatchBody, body);
    const current = await read(ctx, id);
    const change = patchedUser(current, Operations);
    if (Object.keys(change).length > 0) await users.provisionUpdate(ctx, id, change);
    return get(ctx, id);
  }

  /** DELETE deactivates: the person's questions, answers and audit trail stay theirs. */
  async function deactivate(ctx: RequestContext, id: string): Promise<void> {
    await read(ctx, id);
    await users.provisionUpdate(ctx, id, { deactivated: true });
  }

  return { get, list, create, replace, patch, deactivate };
}

export type ScimUsersService = ReturnType<typeof createScimUsersService>;

/**
 * The change a PATCH asks for, from Okta's form (`{"op": "replace", "value": {"active": false}}`)
 * and Entra ID's (`{"op": "Replace", "path": "active", "value": "False"}`). Attributes the service
 * does not keep (title, addresses, the enterprise extension, emails beside userName) are ignored.
 */
function patchedUser(current: ScimUserRow, operations: ScimOperation[]): UserChange {
  const change: UserChange = {};
  const parts = { given: current.name.split(/\s+/)[0] ?? "", family: current.name.split(/\s+/).slice(1).join(" "), formatted: null as string | null };
  let nameTouched = false;

  const set = (path: string, value: unknown, op: string) => {
    const attribute = path.toLowerCase();
    const text = () => {
      if (typeof value !== "string") throw scimError("invalidValue", `${path} must be a string.`);
      return value;
    };
    switch (attribute) {
      case "active": {
        if (op === "remove") throw scimError("mutability", "active cannot be removed.");
        const parsed = scimBoolean.safeParse(value);
        if (!parsed.success) throw scimError("invalidValue", "active must be true or false.");
        change.deactivated = !parsed.data;
        return;
      }
      case "username":
        if (op === "remove") throw scimError("mutability", "userName cannot be removed.");
        change.email = validEmail(text());
        return;
      case "externalid":
        change.externalId = op === "remove" ? null : text();
        return;
      case "displayname":
      case "name.formatted":
        if (op === "remove") return;
        parts.formatted = text();
        nameTouched = true;
        return;
      case "name.givenname":
        parts.given = op === "remove" ? "" : text();
        parts.formatted = null;
        nameTouched = true;
        return;
      case "name.familyname":
        parts.family = op === "remove" ? "" : text();
        parts.formatted = null;
        nameTouched = true;
        return;
      case "name":
        if (op === "remove" || typeof value !== "object" || value === null) throw scimError("invalidValue", "name must be an object.");
        for (const [key, inner] of Object.entries(value)) set(`name.${key}`, inner, op);
        return;
      default:
        return;
    }
  };

  for (const operation of operations) {
    if (!["add", "replace", "remove"].includes(operation.op)) throw scimError("invalidSyntax", `Unknown op "${operation.op}".`);
    if (operation.path) {
      set(operation.path, operation.value, operation.op);
      continue;
    }
    if (operation.op === "remove") throw scimError("noTarget", "A remove operation needs a path.");
    if (typeof operation.value !== "object" || operation.value === null || Array.isArray(operation.value)) {
      throw scimError("invalidSyntax", "An operation without a path needs an object value.");
    }
    for (const [key, value] of Object.entries(operation.value)) set(key, value, operation.op);
  }
  if (nameTouched) {
    const joined = [parts.given, parts.family].filter(Boolean).join(" ");
    change.name = personName({ name: { formatted: parts.formatted ?? joined } }, change.email ?? current.email);
  }
  return change;
}
