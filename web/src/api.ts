/** Minimal client for the JSON API of CONTRACT.md (same origin, session cookie, CSRF header). */
let csrfToken: string | null = null;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") {
    csrfToken ??= (await request<{ csrfToken: string }>("GET", "/auth/csrf")).csrfToken;
    headers["x-csrf-token"] = csrfToken;
  }
  const response = await fetch(path, { method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 204) return undefined as T;
  const payload = await response.json().catch(() => null);
  if (!response.ok) {
    if (payload?.error?.code === "CSRF_INVALID") csrfToken = null;
    throw new ApiError(response.status, payload?.error?.code ?? "UNKNOWN", payload?.error?.message ?? response.statusText);
  }
  return payload as T;
}

export const api = {
  get: <T,>(path: string) => request<T>("GET", path),
  post: <T,>(path: string, body?: unknown) => request<T>("POST", path, body),
  resetCsrf: () => {
    csrfToken = null;
  },
};

export interface AuthModes {
  modes: string[];
  demo: { enabled: boolean; users: string[] };
  oauth: { github: boolean; google: boolean };
}

export interface Me {
  user: { id: string; email: string; name: string; role: string; tenantId: string; primaryTeamId: string | null; avatarUrl: string | null };
  tenantSlug: string;
}

export interface Team {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  queueFrozen: boolean;
}
