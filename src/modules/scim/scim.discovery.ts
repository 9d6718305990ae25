import { SCIM_SCHEMAS } from "./scim.presenter.js";
import { MAX_PAGE_SIZE } from "./scim.paging.js";

/**
 * RFC 7644 §4's discovery documents: what this service provider supports, so an identity provider
 * (or an admin testing the connection) sees it before sending anything else.
 */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, "")}/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: "oauthbearertoken", name: "Bearer token", description: "A SCIM token an admin creates in Admin › Provisioning (SCIM)", primary: true },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  const type = (id: "User" | "Group", endpoint: string, schema: string) => ({
    schemas: [SCIM_SCHEMAS.resourceType],
    id,
    name: id,
    endpoint,
    description: id === "User" ? "A person of the tenant" : "A team of the tenant",
    schema,
    meta: { resourceType: "ResourceType", location: `${baseUrl}/ResourceTypes/${id}` },
  });
  return [type("User", "/Users", SCIM_SCHEMAS.user), type("Group", "/Groups", SCIM_SCHEMAS.group)];
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

export function schemas(baseUrl: string) {
  const meta = (id: string) => ({ resourceType: "Schema", location: `${baseUrl}/Schemas/${id}` });
  return [
    {
      schemas: [SCIM_SCHEMAS.schema],
      id: SCIM_SCHEMAS.user,
      name: "User",
      description: "A person; userName is their e-mail address",
      attributes: [
        attribute("userName", { required: true, uniqueness: "server" }),
        attribute("externalId", { caseExact: true }),
        attribute("displayName"),
        {
          ...attribute("name", { type: "complex" }),
          subAttributes: [attribute("formatted"), attribute("givenName"), attribute("familyName")],
        },
        {
          ...attribute("emails", { type: "complex", multiValued: true }),
          subAttributes: [attribute("value"), attribute("type"), attribute("primary", { type: "boolean" })],
        },
        attribute("active", { type: "boolean" }),
      ],
      meta: meta(SCIM_SCHEMAS.user),
    },
    {
      schemas: [SCIM_SCHEMAS.schema],
      id: SCIM_SCHEMAS.group,
      name: "Group",
      description: "A team",
      attributes: [
        attribute("displayName", { required: true }),
        {
          ...attribute("members", { type: "complex", multiValued: true }),
          subAttributes: [attribute("value", { mutability: "immutable" }), attribute("display", { mutability: "readOnly" })],
        },
      ],
      meta: meta(SCIM_SCHEMAS.group),
    },
  ];
}
