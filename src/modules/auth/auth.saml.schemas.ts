import { z } from "zod";
import { oauthStartQuery } from "./auth.schemas.js";

export const samlStartQuery = oauthStartQuery.extend({
  test: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true")
    .describe("true: an administrator's test sign-in (signed in as an admin or owner of the tenant): the answer is shown, nobody is signed in"),
});

export const samlMetadataQuery = oauthStartQuery.pick({ tenant: true });

/** What the identity provider's page posts (SAML HTTP-POST binding). */
export const samlCallbackBody = z.object({
  SAMLResponse: z.string().min(1).max(400_000).describe("the base64 SAML Response"),
  RelayState: z.string().max(1024).optional().describe("ignored: the sign-in's state is kept with its request ID"),
});
