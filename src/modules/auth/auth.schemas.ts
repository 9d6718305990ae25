import { z } from "zod";

export const DEMO_USERNAMES = ["admin", "moderator", "alice", "bob"] as const;

const companySignInSchema = z.object({
  label: z.string().describe("the button's label, as the tenant's admins set it"),
  url: z.string().describe("where the button leads: the start of the sign-in, for this tenant"),
});

export const authModesSchema = z.object({
  modes: z.array(z.enum(["demo", "oauth", "oidc", "saml"])),
  demo: z.object({ enabled: z.boolean(), users: z.array(z.string()) }),
  oauth: z.object({ github: z.boolean(), google: z.boolean() }),
  sso: z
    .object({
      required: z.boolean().describe("auth.requireSso: demo, GitHub and Google are off for this tenant"),
      oidc: companySignInSchema.nullable(),
      saml: companySignInSchema.nullable(),
    })
    .describe("The tenant's own identity provider (CONTRACT §10)"),
});

const tenantSlugParam = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{1,63}$/, "must be a tenant slug")
  .optional();

// Only a path on this site, so the login cannot be turned into an open redirect.
const returnToParam = z
  .string()
  .regex(/^\/(?![/\\])[^\s]*$/, "must be a path starting with a single /")
  .max(500)
  .optional();

export const demoLoginQuery = z.object({
  user: z.string().trim().min(1).max(100),
  tenant: tenantSlugParam,
  returnTo: returnToParam,
});

export const oauthStartQuery = z.object({
  tenant: tenantSlugParam.describe("Tenant to sign in to; default: the tenant resolved from the request"),
  returnTo: returnToParam.describe("Path of the web app to land on after signing in"),
});

/** What a provider sends back; which of them must be present is decided by the handler. */
export const oauthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  error_uri: z.string().max(2048).optional(),
  scope: z.string().max(2048).optional(),
  authuser: z.string().max(20).optional(),
  prompt: z.string().max(200).optional(),
  hd: z.string().max(255).optional(),
});

export const meSchema = z.object({
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["owner", "admin", "moderator", "member", "viewer"]),
    tenantId: z.uuid(),
    primaryTeamId: z.uuid().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  tenantSlug: z.string(),
});

export const membershipsSchema = z.array(z.object({ teamId: z.uuid(), role: z.enum(["viewer", "member", "moderator"]), canModerate: z.boolean() }));

export const sessionSchema = z.object({
  me: meSchema.nullable().describe("null for a visitor"),
  memberships: membershipsSchema.describe("as GET /auth/me/teams; empty for a visitor"),
});

export const csrfSchema = z.object({ csrfToken: z.string().nullable().describe("null for a visitor: no session, so no token is needed") });
export const logoutSchema = z.object({ success: z.literal(true) });

/** The start of a company sign-in; `test=true` is an admin's test sign-in (nobody is signed in). */
export const companySignInStartQuery = oauthStartQuery.extend({
  test: z.enum(["true", "false"]).optional().describe("true: an admin's test sign-in, which reports what the provider answered and signs nobody in"),
});

/** What an OpenID provider sends back to the redirect URI (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export const oidcCallbackQuery = oauthCallbackQuery.extend({
  iss: z.string().max(2048).optional(),
  session_state: z.string().max(512).optional(),
});
