import { z } from "zod";

/** The admin's management of the tenant's SCIM tokens (Admin › Provisioning). */
export const createScimTokenBody = z.object({
  name: z.string().trim().min(1).max(100).describe("Which identity provider uses it, to recognise it later"),
});

export const scimTokenIdParams = z.object({ id: z.uuid() });

export const createdScimTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  token: z.string().describe("The secret: shown only in this response; the identity provider sends it as `Authorization: Bearer <token>`"),
  createdAt: z.string(),
  scimBaseUrl: z.string().describe("The SCIM 2.0 base URL to enter in the identity provider (Okta: SCIM connector base URL; Entra ID: Tenant URL)"),
});

export const scimTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the secret, to tell tokens apart"),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export type ScimTokenView = z.infer<typeof scimTokenSchema>;
export type CreatedScimToken = z.infer<typeof createdScimTokenSchema>;
