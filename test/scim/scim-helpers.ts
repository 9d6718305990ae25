import { randomUUID } from "node:crypto";
import request from "supertest";
import type { ApiClient, TestApp } from "../helpers/app.js";
import { signIn } from "../helpers/app.js";

export const SCIM_JSON = "application/scim+json";
export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** An admin of the tenant creates a SCIM token in Admin › Provisioning, as the identity provider's setup asks. */
export async function scimToken(app: TestApp, tenantSlug: string, admin?: ApiClient): Promise<string> {
  const client = admin ?? (await signIn(app, tenantSlug, "admin"));
  const response = await client.post("/admin/scim-tokens", { name: "Okta" }).expect(201);
  return response.body.token as string;
}

/** An identity provider's client: every request carries the SCIM token and SCIM's content type. */
export function scimClient(app: TestApp, token: string, headers: Record<string, string> = {}) {
  const withAuth = <T extends request.Test>(req: T) => {
    let result = req.set("Authorization", `Bearer ${token}`).set("Accept", SCIM_JSON);
    for (const [name, value] of Object.entries(headers)) result = result.set(name, value);
    return result;
  };
  const send = (req: request.Test, body: object) => withAuth(req).set("Content-Type", SCIM_JSON).send(JSON.stringify(body));
  return {
    get: (path: string) => withAuth(request(app.app).get(`/scim/v2${path}`)),
    post: (path: string, body: object) => send(request(app.app).post(`/scim/v2${path}`), body),
    put: (path: string, body: object) => send(request(app.app).put(`/scim/v2${path}`), body),
    patch: (path: string, body: object) => send(request(app.app).patch(`/scim/v2${path}`), body),
    delete: (path: string) => withAuth(request(app.app).delete(`/scim/v2${path}`)),
    /** A POST whose body is sent as written (malformed JSON). */
    postText: (path: string, text: string) =>
      withAuth(request(app.app).post(`/scim/v2${path}`))
        .set("Content-Type", SCIM_JSON)
        .send(text),
  };
}
export type ScimClient = ReturnType<typeof scimClient>;

/** A user as Okta's provisioning creates one (Okta's SCIM 2.0 reference: POST /Users). */
export function oktaUser(email: string, options: { givenName?: string; familyName?: string; externalId?: string } = {}) {
  return {
    schemas: [USER_SCHEMA],
    userName: email,
    name: { givenName: options.givenName ?? "Ada", familyName: options.familyName ?? "Lovelace" },
    emails: [{ primary: true, value: email, type: "work" }],
    displayName: `${options.givenName ?? "Ada"} ${options.familyName ?? "Lovelace"}`,
    locale: "en-US",
    externalId: options.externalId ?? `00u${randomUUID().replaceAll("-", "").slice(0, 17)}`,
    groups: [],
    password: "1mz050nq",
    active: true,
  };
}

/** A user as Microsoft Entra ID's provisioning service creates one (its SCIM 2.0 tutorial's request). */
export function entraUser(upn: string, externalId: string) {
  return {
    schemas: [USER_SCHEMA, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
    externalId,
    userName: upn,
    active: true,
    emails: [{ primary: true, type: "work", value: upn }],
    meta: { resourceType: "User" },
    name: { formatted: "Grace Hopper", familyName: "Hopper", givenName: "Grace" },
    roles: [],
  };
}
