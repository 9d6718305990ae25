import { route, type AnyRoute } from "../../platform/http/route.js";
import { destroySession, SESSION_COOKIE, sessionCookieOptions } from "../../platform/http/session.js";
import { issueCsrfToken } from "../../platform/http/csrf.js";
import { errors } from "../../platform/errors.js";
import type { Config } from "../../config.js";
import type { TenantDirectory } from "../tenants/index.js";
import { renderSignInError, webAppBase, webAppLocation } from "./auth.pages.js";
import type { AuthService } from "./auth.service.js";
import { beginSession } from "./auth.session.js";
import { loginAttemptSteps } from "./auth.login-attempts.js";
import { authModesSchema, csrfSchema, demoLoginQuery, logoutSchema, meSchema, membershipsSchema, sessionSchema } from "./auth.schemas.js";
import { hasPermission } from "../../platform/permissions.js";
import type { CurrentUser } from "../../platform/context.js";

function presentMe(user: CurrentUser, tenantSlug: string) {
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      tenantId: user.tenantId,
      primaryTeamId: user.primaryTeamId,
      avatarUrl: user.avatarUrl,
    },
    tenantSlug,
  };
}

const presentMemberships = (user: CurrentUser) =>
  Object.entries(user.teamRoles).map(([teamId, role]) => ({ teamId, role, canModerate: hasPermission(user, "question.answer", teamId) }));

export function authRoutes(deps: { auth: AuthService; config: Config; tenants: TenantDirectory }): AnyRoute[] {
  const { auth, config, tenants } = deps;
  const webBase = webAppBase(config);
  const attempts = loginAttemptSteps({ auth, tenants, webBase });
  return [
    route({
      method: "get",
      path: "/auth/modes",
      operationId: "getAuthModes",
      tag: "Auth",
      summary: "Sign-in modes enabled on this server (the login page renders from this)",
      access: "public",
      response: authModesSchema,
      handler: ({ ctx }) => auth.modes(ctx),
    }),
    route({
      method: "get",
      path: "/auth/demo",
      operationId: "signInDemo",
      tag: "Auth",
      summary: "Demo sign-in as a seeded user; redirects to the web app with ?demo=true",
      description:
        "Unknown username: 404 NOT_FOUND. Demo mode off: 403 DEMO_DISABLED; the tenant requires company sign-in: 403 SSO_REQUIRED. No session is created on failure. " +
        "The redirect goes to FRONTEND_URL when it is set, else to a path (`/?demo=true`, or `returnTo`) on the address the browser used. " +
        "429 RATE_LIMITED past 5 attempts in 5 minutes per IP and tenant (production).",
      access: "public",
      query: demoLoginQuery,
      before: [attempts.namedTenant()],
      status: 302,
      otherResponses: {
        302: "Signed in; redirect to the web app",
        403: "DEMO_DISABLED, or SSO_REQUIRED: the tenant signs in only with its company account",
        404: "NOT_FOUND: no such demo user",
        429: "RATE_LIMITED: past 5 sign-in attempts in 5 minutes (production)",
      },
      handler: async ({ req, res, ctx, query }) => {
        try {
          const { user, target } = await auth.demoUser(ctx, query);
          await beginSession(req, ctx, auth, { user, target, provider: "demo" });
        } catch (error) {
          return renderSignInError(req, res, error, webBase);
        }
        res.setHeader("Cache-Control", "no-store");
        res.redirect(302, webAppLocation(webBase, query.returnTo, { demo: "true" }));
      },
    }),
    route({
      method: "get",
      path: "/auth/me",
      operationId: "getMe",
      tag: "Auth",
      summary: "The signed-in user and tenant",
      access: "session",
      response: meSchema,
      handler: ({ ctx }) => {
        if (!ctx.user) throw errors.unauthenticated();
        return presentMe(ctx.user, ctx.tenant.slug);
      },
    }),
    route({
      method: "get",
      path: "/auth/me/teams",
      operationId: "listMyTeams",
      tag: "Auth",
      summary: "The signed-in user's team memberships, and where they hold moderator powers",
      description:
        "`canModerate` follows CONTRACT §2: admins and owners everywhere; a moderator (tenant role, or moderator membership) in the teams they belong to. " +
        "Admins and owners are listed with their memberships only, but moderate every team.",
      access: "session",
      response: membershipsSchema,
      handler: ({ ctx }) => {
        if (!ctx.user) throw errors.unauthenticated();
        return presentMemberships(ctx.user);
      },
    }),
    route({
      method: "get",
      path: "/auth/session",
      operationId: "getSession",
      tag: "Auth",
      summary: "Who is asking: the signed-in user and their memberships, or `me: null` for a visitor",
      description:
        "GET /auth/me and GET /auth/me/teams in one answer that never refuses: a page asking whether someone is signed in " +
        "gets 200 either way, so a visitor's browser logs no failed request.",
      access: "public",
      response: sessionSchema,
      handler: ({ res, ctx }) => {
        res.setHeader("Cache-Control", "no-store");
        return ctx.user ? { me: presentMe(ctx.user, ctx.tenant.slug), memberships: presentMemberships(ctx.user) } : { me: null, memberships: [] };
      },
    }),
    route({
      method: "get",
      path: "/auth/csrf",
      operationId: "getCsrfToken",
      tag: "Auth",
      summary: "CSRF token for state-changing requests (send it as x-csrf-token)",
      description:
        "Signed in by the session cookie: the token bound to that session (the same one for the session's life). " +
        "A visitor gets `null` and no session is stored: a request without a signed-in session needs no token.",
      access: "public",
      response: csrfSchema,
      handler: ({ req, res }) => {
        res.setHeader("Cache-Control", "no-store");
        return { csrfToken: issueCsrfToken(req) };
      },
    }),
    route({
      method: "post",
      path: "/auth/logout",
      operationId: "logout",
      tag: "Auth",
      summary: "Ends the session and clears its cookie",
      access: "public",
      response: logoutSchema,
      handler: async ({ req, res, ctx }) => {
        await auth.logout(ctx);
        await destroySession(req);
        res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config, req));
        return { success: true as const };
      },
    }),
  ];
}
