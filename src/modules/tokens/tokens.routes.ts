import { z } from "zod";
import { route, type AnyRoute } from "../../platform/http/route.js";
import { createdTokenSchema, createTokenBody, tokenIdParams, tokenSchema } from "./tokens.schemas.js";
import type { TokenService } from "./tokens.service.js";

/** CONTRACT §6: the signed-in user's own API tokens. */
export function tokenRoutes(deps: { tokens: TokenService }): AnyRoute[] {
  const { tokens } = deps;
  return [
    route({
      method: "post",
      path: "/auth/tokens",
      operationId: "createApiToken",
      tag: "API tokens",
      summary: "Creates an API token acting as you; the secret is in this response only",
      description: "Needs a signed-in session (403 FORBIDDEN with a bearer token). 409 TOKEN_LIMIT past 50 tokens.",
      access: "session",
      otherResponses: { 409: "TOKEN_LIMIT" },
      body: createTokenBody,
      status: 201,
      response: createdTokenSchema,
      handler: ({ ctx, body }) => tokens.create(ctx, body),
    }),
    route({
      method: "get",
      path: "/auth/tokens",
      operationId: "listApiTokens",
      tag: "API tokens",
      summary: "Your API tokens (never their secrets), newest first",
      access: "session",
      response: z.array(tokenSchema),
      handler: ({ ctx }) => tokens.list(ctx),
    }),
    route({
      method: "delete",
      path: "/auth/tokens/:id",
      operationId: "revokeApiToken",
      tag: "API tokens",
      summary: "Revokes one of your API tokens at once",
      description: "404 NOT_FOUND for a token that is not yours.",
      access: "session",
      params: tokenIdParams,
      status: 204,
      handler: ({ ctx, params }) => tokens.revoke(ctx, params.id),
    }),
  ];
}
