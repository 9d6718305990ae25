import { z } from "zod";

import { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS, TOKEN_SCOPES } from "./tokens.constants.js";

export { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS, TOKEN_SCOPES, type TokenScope } from "./tokens.constants.js";

export const createTokenBody = z.object({
  name: z.string().trim().min(1).max(100).describe("What the token is for, to recognise it later"),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_TOKEN_DAYS)
    .nullable()
    .optional()
    .describe(`Lifetime in days, 1 to ${MAX_TOKEN_DAYS}; omitted or null: ${DEFAULT_TOKEN_DAYS}. Every token expires.`),
  scope: z
    .enum(TOKEN_SCOPES)
    .optional()
    .describe("full (default): everything your role allows; read: GET and HEAD only, anything else answers 403 TOKEN_SCOPE"),
});

export const tokenIdParams = z.object({ id: z.uuid() });

export const createdTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  token: z.string().describe("The secret: shown only in this response; send it as `Authorization: Bearer <token>`"),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const tokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the secret, to tell tokens apart"),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expired: z.boolean(),
});
