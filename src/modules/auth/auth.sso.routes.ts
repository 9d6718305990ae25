import { z } from "zod";
import type { Config } from "../../config.js";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { serviceProviderValues } from "./auth.sso.js";

const serviceProviderSchema = z.object({
  oidc: z.object({
    redirectUri: z.string().describe("the redirect (callback) URI to register with the OpenID provider"),
    signInUrl: z.string().describe("where this tenant's OpenID Connect sign-in starts (add `&test=true` for an admin's test sign-in)"),
  }),
  saml: z.object({
    entityId: z.string().describe("our SAML entity ID (audience): auth.saml.issuer, else the metadata address"),
    acsUrl: z.string().describe("the assertion consumer service (reply) URL, HTTP-POST binding"),
    metadataUrl: z.string().describe("our SAML service provider metadata, for identity providers that import it"),
    signInUrl: z.string().describe("where this tenant's SAML sign-in starts (add `&test=true` for an admin's test sign-in)"),
  }),
});

/** CONTRACT §10: what an admin copies into the identity provider's settings. */
export function companySignInRoutes(deps: { config: Config }): AnyRoute[] {
  return [
    route({
      method: "get",
      path: "/admin/sign-in",
      operationId: "getCompanySignInValues",
      tag: "Administration",
      summary: "The values to enter at the tenant's identity provider (OpenID Connect redirect URI; SAML entity ID, ACS and metadata URLs)",
      access: "admin.access",
      response: serviceProviderSchema,
      handler: ({ ctx }) => serviceProviderValues(deps.config.baseUrl, ctx.tenant, ctx.settings),
    }),
  ];
}
