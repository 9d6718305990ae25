import type { Page, ScimGroupRow, ScimUserRow } from "./scim.repository.js";

/** RFC 7643/7644's schema URNs. */
export const SCIM_SCHEMAS = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  listResponse: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  serviceProviderConfig: "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig",
  resourceType: "urn:ietf:params:scim:schemas:core:2.0:ResourceType",
  schema: "urn:ietf:params:scim:schemas:core:2.0:Schema",
} as const;

/** The service keeps one name; SCIM's parts are read back from it (first word, the rest). */
function nameParts(name: string) {
  const [givenName = "", ...rest] = name.trim().split(/\s+/);
  return { formatted: name, givenName, familyName: rest.join(" ") };
}

export function presentScimUser(user: ScimUserRow, baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: user.id,
    ...(user.externalId !== null ? { externalId: user.externalId } : {}),
    // The service identifies people by e-mail address: it is their SCIM userName too.
    userName: user.email,
    name: nameParts(user.name),
    displayName: user.name,
    emails: [{ value: user.email, type: "work", primary: true }],
    active: user.active,
    meta: { resourceType: "User", location: `${baseUrl}/Users/${user.id}`, created: user.createdAt, lastModified: user.updatedAt },
  };
}

export function presentScimGroup(group: ScimGroupRow, baseUrl: string, options: { members: boolean } = { members: true }) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.id,
    displayName: group.name,
    ...(options.members
      ? { members: group.members.map((member) => ({ value: member.userId, display: member.name, $ref: `${baseUrl}/Users/${member.userId}`, type: "User" })) }
      : {}),
    meta: { resourceType: "Group", location: `${baseUrl}/Groups/${group.id}`, created: group.createdAt, lastModified: group.updatedAt },
  };
}

export function listResponse<T>(resources: T[], total: number, page: Page) {
  return { schemas: [SCIM_SCHEMAS.listResponse], totalResults: total, startIndex: page.offset + 1, itemsPerPage: resources.length, Resources: resources };
}
