import { answer, api, ApiError } from "../../shared/api";
import type { AuthModes } from "../../shared/sessionApi";

/** The sign-in addresses: full-page navigations (the server answers with redirects), not JSON calls. */
export type SignInMethod = "demo" | "github" | "google";

/** Demo mode's sign-in (`user`, optional `tenant` and `returnTo` in the query); a plain GET form posts here too. */
export const DEMO_SIGN_IN_PATH = "/auth/demo";

export const signInUrl = (method: SignInMethod, query: URLSearchParams) => `/auth/${method}?${query.toString()}`;

/**
 * GET /auth/modes of the organisation typed in, named in a header (the address's own organisation
 * is in the session's modes already); null when no organisation has that name.
 */
export const fetchTenantModes = (slug: string, signal: AbortSignal): Promise<AuthModes | null> =>
  answer(api.GET("/auth/modes", { headers: { "x-tenant-id": slug }, signal })).catch((error: unknown) => {
    if (error instanceof ApiError && error.status !== 0) return null;
    throw error;
  });

/** The name of the organisation typed in (GET /tenant is public); null when it cannot be read. */
export const fetchTenantName = (slug: string, signal: AbortSignal): Promise<string | null> =>
  answer(api.GET("/tenant", { headers: { "x-tenant-id": slug }, signal })).then(
    (tenant) => tenant.name ?? null,
    () => null,
  );

/** A company sign-in's start (`/auth/oidc?tenant=…`, from /auth/modes) with the page to come back to. */
export const companySignInHref = (url: string, returnTo: string) => `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams({ returnTo })}`;
