import type { z } from "zod";
import type { csrfSchema } from "@server/modules/auth/auth.schemas";
import { discardPrefetched, takePrefetched } from "./prefetch";

/**
 * The one client for the JSON API of CONTRACT.md: same origin, session cookie, CSRF header on
 * writes (fetched once from /auth/csrf and refreshed when the server says it is stale).
 */
/**
 * `undefined` until asked; `null` for a visitor: the server stores no session for visitors and
 * checks none of their writes, so a visitor's writes go without the header.
 */
let csrfToken: string | null | undefined;

export interface ErrorDetail {
  path?: string;
  message?: string;
  [key: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function csrf(): Promise<string | null> {
  if (csrfToken === undefined) csrfToken = (await send<z.infer<typeof csrfSchema>>("GET", "/auth/csrf")).csrfToken ?? null;
  return csrfToken;
}

/**
 * The first screen's reads were sent before the app ran (prefetch.ts): a GET takes that answer,
 * once. A write drops the answers not yet taken, since it may change what they would say.
 */
async function respond(method: string, path: string, init: RequestInit): Promise<Response> {
  if (method !== "GET") discardPrefetched();
  const prefetched = method === "GET" ? await takePrefetched(path, init.signal ?? undefined) : null;
  return prefetched ?? fetch(path, init);
}

async function send<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, retried = false): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") {
    const token = await csrf();
    if (token) headers["x-csrf-token"] = token;
  }
  let response: Response;
  try {
    response = await respond(method, path, {
      method,
      headers,
      credentials: "same-origin",
      signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", "The server could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const payload = await response.json().catch(() => null);
  if (!response.ok) {
    const error = payload?.error;
    if (error?.code === "CSRF_INVALID") {
      // A new session (sign-in elsewhere, in another tab, or expiry) invalidates the token, or a
      // visitor's "no token" answer: fetch a fresh one once.
      csrfToken = undefined;
      if (!retried) return send<T>(method, path, body, signal, true);
    }
    const retryAfter = Number(response.headers.get("retry-after")) || null;
    throw new ApiError(response.status, error?.code ?? "UNKNOWN", error?.message ?? response.statusText, error?.details ?? [], retryAfter);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => send<T>("GET", withQuery(path, query), undefined, signal),
  post: <T>(path: string, body?: unknown) => send<T>("POST", path, body ?? {}),
  put: <T>(path: string, body?: unknown) => send<T>("PUT", path, body ?? {}),
  delete: <T = void>(path: string) => send<T>("DELETE", path),
  resetCsrf: () => {
    csrfToken = undefined;
  },
};

/** A sentence for people, from any error the API client can throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "RATE_LIMITED") {
      return error.retryAfter ? `${error.message} Try again in ${error.retryAfter} s.` : error.message;
    }
    const detail = error.details.find((item) => item.message)?.message;
    return detail && error.code === "VALIDATION_FAILED" ? `${error.message} (${detail})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
