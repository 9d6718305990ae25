import { z } from "zod";

export const createTokenBody = z.object({
  name: z.string().trim().min(1).max(100).describe("What the token is for, to recognise it later"),
  expiresInDays: z.number().int().min(1).max(3650).nullable().optional().describe("Lifetime in days; omitted or null: no expiry"),
});

export const tokenIdParams = z.object({ id: z.uuid() });

export const createdTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  token: z.string().describe("The secret: shown only in this response; send it as `Authorization: Bearer <token>`"),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});

export const tokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the secret, to tell tokens apart"),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expired: z.boolean(),
});
