import type { RequestContext } from "../../platform/context.js";
import type { Database } from "../../platform/db.js";
import { errors } from "../../platform/errors.js";
import { scimError } from "./scim.errors.js";
import { parseScimFilter } from "./scim.filter.js";
import { memberList, parseScim, scimGroupBody, scimPatchBody, validTeamName, type ScimOperation } from "./scim.input.js";
import { scimPage } from "./scim.paging.js";
import { listResponse, presentScimGroup } from "./scim.presenter.js";
import { existingUserIds, findScimGroup, listScimGroups, type ScimGroupRow } from "./scim.repository.js";

/** What SCIM needs of the teams module (its public services, given by the app). */
export interface ProvisionedTeams {
  create(ctx: RequestContext, input: { name: string }): Promise<{ id: string }>;
  rename(ctx: RequestContext, teamId: string, name: string): Promise<unknown>;
  remove(ctx: RequestContext, teamId: string): Promise<void>;
  members(ctx: RequestContext, teamId: string, change: { add: string[]; remove: string[]; replace?: boolean }): Promise<void>;
}

interface MembershipChange {
  add: string[];
  remove: string[];
  replace: boolean;
  displayName?: string;
}

/** SCIM Groups (RFC 7644 §3) as the tenant's teams; a group's members are the team's members. */
export function createScimGroupsService(deps: { db: Database; teams: ProvisionedTeams; baseUrl: string }) {
  const { db, teams, baseUrl } = deps;

  async function read(ctx: RequestContext, id: string): Promise<ScimGroupRow> {
    const group = await findScimGroup(db, ctx.tenant.id, id);
    if (!group) throw errors.notFound("Group");
    return group;
  }

  /** Entra ID asks with `excludedAttributes=members` while it only checks a group exists. */
  async function get(ctx: RequestContext, id: string, options: { members: boolean } = { members: true }) {
    return presentScimGroup(await read(ctx, id), baseUrl, options);
  }

  async function list(ctx: RequestContext, query: { filter?: unknown; startIndex?: unknown; count?: unknown; excludedAttributes?: unknown }) {
    if (query.filter !== undefined && typeof query.filter !== "string") throw scimError("invalidFilter", "Give one filter.");
    const filter = typeof query.filter === "string" ? parseScimFilter(query.filter, ["displayName"] as const) : null;
    const page = scimPage(query.startIndex, query.count);
    const { total, rows } = await listScimGroups(db, ctx.tenant.id, filter?.value ?? null, page);
    const members = !excludesMembers(query.excludedAttributes);
    return listResponse(
      rows.map((row) => presentScimGroup(row, baseUrl, { members })),
      total,
      page,
    );
  }

  /** Members must be people of this tenant: an id of another tenant is as unknown as a made-up one. */
  async function knownMembers(ctx: RequestContext, ids: string[]): Promise<string[]> {
    const known = await existingUserIds(db, ctx.tenant.id, ids);
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw scimError("invalidValue", `No user ${unknown} in this tenant.`);
    return ids;
  }

  async function uniqueName(ctx: RequestContext, name: string, exceptId?: string): Promise<void> {
    const { rows } = await listScimGroups(db, ctx.tenant.id, name, { offset: 0, limit: 2 });
    if (rows.some((row) => row.id !== exceptId)) throw scimError("uniqueness", `A group named "${name}" already exists.`);
  }

  async function create(ctx: RequestContext, body: unknown) {
    const input = parseScim(scimGroupBody, body);
    const name = validTeamName(input.displayName);
    await uniqueName(ctx, name);
    const members = await knownMembers(
      ctx,
      (input.members ?? []).map((member) => member.value),
    );
    const team = await teams.create(ctx, { name });
    if (members.length > 0) await teams.members(ctx, team.id, { add: members, remove: [] });
    return get(ctx, team.id);
  }

  async function apply(ctx: RequestContext, id: string, change: MembershipChange) {
    if (change.displayName !== undefined) {
      const name = validTeamName(change.displayName);
      await uniqueName(ctx, name, id);
      await teams.rename(ctx, id, name);
    }
    if (change.replace || change.add.length > 0 || change.remove.length > 0) {
      await teams.members(ctx, id, { add: await knownMembers(ctx, change.add), remove: change.remove, replace: change.replace });
    }
  }

  async function replace(ctx: RequestContext, id: string, body: unknown) {
    const input = parseScim(scimGroupBody, body);
    await read(ctx, id);
    await apply(ctx, id, { displayName: input.displayName, add: (input.members ?? []).map((member) => member.value), remove: [], replace: true });
    return get(ctx, id);
  }

  /** Okta and Entra ID answer their group pushes' PATCH with 204 or the group; this answers the group. */
  async function patch(ctx: RequestContext, id: string, body: unknown) {
    const { Operations } = parseScim(scimPatchBody, body);
    const group = await read(ctx, id);
    await apply(ctx, id, patchedGroup(group, Operations));
    return get(ctx, id);
  }

  async function remove(ctx: RequestContext, id: string): Promise<void> {
    await read(ctx, id);
    await teams.remove(ctx, id);
  }

  return { get, list, create, replace, patch, remove };
}

export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;

export function excludesMembers(excludedAttributes: unknown): boolean {
  return typeof excludedAttributes === "string" && excludedAttributes.split(",").some((name) => name.trim().toLowerCase() === "members");
}

const MEMBER_PATH = /^members\[(.*)\]$/i;

/**
 * The change a group PATCH asks for, as Okta sends it (`add` to `members` with a list,
 * `remove` with `members[value eq "<id>"]`, `replace` without a path for a rename) and as Entra
 * ID does (`Add`/`Remove` to `members` with a list, `Replace` of `displayName`).
 */
function patchedGroup(group: ScimGroupRow, operations: ScimOperation[]): MembershipChange {
  const change: MembershipChange = { add: [], remove: [], replace: false };
  const ids = (value: unknown) => parseScim(memberList, value).map((member) => member.value);
  const onMembers = (op: string, value: unknown) => {
    if (op === "add") change.add.push(...ids(value));
    else if (op === "remove") change.remove.push(...(value === undefined ? group.members.map((member) => member.userId) : ids(value)));
    else {
      change.replace = true;
      change.add = ids(value);
      change.remove = [];
    }
  };

  for (const operation of operations) {
    const { op, path, value } = operation;
    if (!["add", "replace", "remove"].includes(op)) throw scimError("invalidSyntax", `Unknown op "${op}".`);
    if (path === undefined) {
      if (op === "remove") throw scimError("noTarget", "A remove operation needs a path.");
      if (typeof value !== "object" || value === null || Array.isArray(value))
        throw scimError("invalidSyntax", "An operation without a path needs an object value.");
      for (const [key, inner] of Object.entries(value)) {
        if (key.toLowerCase() === "displayname") change.displayName = typeof inner === "string" ? inner : String(inner);
        else if (key.toLowerCase() === "members") onMembers(op, inner);
      }
      continue;
    }
    const filtered = MEMBER_PATH.exec(path.trim());
    if (filtered) {
      if (op !== "remove") throw scimError("invalidPath", "Only remove takes a filtered members path.");
      change.remove.push(parseScimFilter(filtered[1] as string, ["value"] as const).value);
    } else if (path.toLowerCase() === "members") {
      onMembers(op, value);
    } else if (path.toLowerCase() === "displayname") {
      if (op === "remove" || typeof value !== "string") throw scimError("invalidValue", "displayName must be a string.");
      change.displayName = value;
    }
  }
  // An id both added and removed in one request is removed: the service never keeps a membership it was told to end.
  change.add = change.add.filter((id) => !change.remove.includes(id));
  return change;
}
