import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { createdScimTokenSchema, createScimTokenBody, scimTokenIdParams, scimTokenSchema } from "./scim.schemas.js";
import type { ScimTokenService } from "./scim.tokens.service.js";

/** CONTRACT §10: the tenant's SCIM tokens, managed by its admins. */
export function scimTokenRoutes(deps: { scimTokens: ScimTokenService }): AnyRoute[] {
  const { scimTokens } = deps;
  return [
    route({
      method: "post",
      path: "/admin/scim-tokens",
      operationId: "createScimToken",
      tag: "Provisioning (SCIM)",
      summary: "Creates a SCIM token for an identity provider; the secret is in this response only",
      description: "409 TOKEN_LIMIT past 10 tokens. The token acts on this tenant only, at `/scim/v2`, and nowhere else in the API.",
      access: "admin.access",
      otherResponses: { 409: "TOKEN_LIMIT" },
      body: createScimTokenBody,
      status: 201,
      response: createdScimTokenSchema,
      handler: ({ ctx, body }) => scimTokens.create(ctx, body),
    }),
    route({
      method: "get",
      path: "/admin/scim-tokens",
      operationId: "listScimTokens",
      tag: "Provisioning (SCIM)",
      summary: "The tenant's SCIM tokens (never their secrets), newest first",
      access: "admin.access",
      response: z.array(scimTokenSchema),
      handler: ({ ctx }) => scimTokens.list(ctx),
    }),
    route({
      method: "delete",
      path: "/admin/scim-tokens/:id",
      operationId: "revokeScimToken",
      tag: "Provisioning (SCIM)",
      summary: "Revokes a SCIM token at once",
      description: "404 NOT_FOUND for a token of another tenant.",
      access: "admin.access",
      params: scimTokenIdParams,
      status: 204,
      handler: ({ ctx, params }) => scimTokens.revoke(ctx, params.id),
    }),
  ];
}
