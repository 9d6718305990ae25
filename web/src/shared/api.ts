import createClient from "openapi-fetch";
import type { components, operations, paths } from "./api-types.gen";
import { discardPrefetched, takePrefetched } from "./prefetch";
import { BUSY_NOTICE_AFTER_MS, MAX_ATTEMPTS, mayRetry, retryAfterSeconds, retryDelayMs } from "./retry";

/**
 * The one client for the JSON API of CONTRACT.md, typed by the service's OpenAPI document
 * (api-types.gen.ts): each call's path, parameters, body and answer are the document's. Same
 * origin, session cookie, CSRF header on writes (fetched once from /auth/csrf and refreshed when
 * the server says it is stale), the first screen's prefetched reads, and one error type.
 */

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

type JsonContent<Part> = Part extends { content: { "application/json": infer Body } } ? Body : never;
type Responses<Id extends keyof operations> = operations[Id]["responses"];

/** What an operation answers when it succeeds (its 2xx JSON body): the web app's type of what crosses HTTP. */
export type ApiAnswer<Id extends keyof operations> = JsonContent<Responses<Id>[Extract<keyof Responses<Id>, 200 | 201 | 202>]>;
/** The JSON body an operation takes. */
export type ApiBody<Id extends keyof operations> = JsonContent<NonNullable<operations[Id]["requestBody"]>>;
/** The query parameters an operation takes. */
export type ApiQuery<Id extends keyof operations> = NonNullable<operations[Id]["parameters"]["query"]>;

const CSRF_HEADER = "x-csrf-token";

/**
 * `undefined` until asked; `null` for a visitor: the server stores no session for visitors and
 * checks none of their writes, so a visitor's writes go without the header.
 */
let csrfToken: string | null | undefined;

async function csrf(): Promise<string | null> {
  if (csrfToken === undefined) csrfToken = (await answer(api.GET("/auth/csrf"))).csrfToken ?? null;
  return csrfToken;
}

/** Forgets the CSRF token (at sign-out): the next write asks for the new session's. */
export function resetCsrf(): void {
  csrfToken = undefined;
}

async function withCsrf(request: Request): Promise<Request> {
  const token = await csrf();
  if (token) request.headers.set(CSRF_HEADER, token);
  return request;
}

async function reach(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", "The server could not be reached. Check your connection and try again.");
  }
}

async function errorCode(response: Response): Promise<string | undefined> {
  const payload: Partial<components["schemas"]["Error"]> | null = await response
    .clone()
    .json()
    .catch(() => null);
  return payload?.error?.code;
}

async function toApiError(response: Response): Promise<ApiError> {
  const payload: Partial<components["schemas"]["Error"]> | null = await response.json().catch(() => null);
  const error = payload?.error;
  const retryAfter = Number(response.headers.get("retry-after")) || null;
  return new ApiError(response.status, error?.code ?? "UNKNOWN", error?.message ?? response.statusText, (error?.details ?? []) as ErrorDetail[], retryAfter);
}

/**
 * The first screen's reads were sent before the app ran (prefetch.ts) with no header but Accept: a
 * GET like it takes that answer, once. One with headers of its own (another organisation's, say)
 * is another request.
 */
async function read(request: Request): Promise<Response> {
  const plain = [...request.headers.keys()].every((name) => name === "accept");
  const url = new URL(request.url);
  const prefetched = plain ? await takePrefetched(url.pathname + url.search, request.signal) : null;
  return prefetched ?? reach(request);
}

async function write(request: Request): Promise<Response> {
  // The answers not yet taken may no longer say what the server would say after this write.
  discardPrefetched();
  const response = await reach(await withCsrf(request.clone()));
  if (response.status !== 403 || (await errorCode(response)) !== "CSRF_INVALID") return response;
  // A new session (sign-in elsewhere, in another tab, or expiry) invalidates the token, or a
  // visitor's "no token" answer: fetch a fresh one once.
  csrfToken = undefined;
  const retried = await reach(await withCsrf(request));
  if (retried.status === 403 && (await errorCode(retried)) === "CSRF_INVALID") csrfToken = undefined;
  return retried;
}

/** Requests now waiting out a busy server for longer than BUSY_NOTICE_AFTER_MS; the layout shows a calm line while any is. */
let slowRetries = 0;
const busyListeners = new Set<(busy: boolean) => void>();

function setSlowRetries(change: number): void {
  const was = slowRetries > 0;
  slowRetries += change;
  if (was !== slowRetries > 0) busyListeners.forEach((listener) => listener(slowRetries > 0));
}

/** Whether the app is retrying a request the server was too busy for, for long enough to say so. */
export function onBusy(listener: (busy: boolean) => void): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/**
 * A 503 with Retry-After means "not now": reads and writes that count once go again after the wait
 * (retry.ts), a few times at most; anything else, and the last attempt, answers as it is.
 */
async function sendRetrying(request: Request): Promise<Response> {
  const once = (attempt: Request) => (attempt.method === "GET" ? read(attempt) : write(attempt));
  if (!mayRetry(request.method, new URL(request.url).pathname)) return once(request);
  const started = Date.now();
  let notice: ReturnType<typeof setTimeout> | null = null;
  let noticed = false;
  try {
    for (let attempt = 1; ; attempt += 1) {
      const response = await once(request.clone());
      const retryAfter = retryAfterSeconds(response);
      if (retryAfter === null || attempt >= MAX_ATTEMPTS) return response;
      notice ??= setTimeout(
        () => {
          noticed = true;
          setSlowRetries(+1);
        },
        Math.max(0, BUSY_NOTICE_AFTER_MS - (Date.now() - started)),
      );
      await wait(retryDelayMs(retryAfter, attempt), request.signal);
    }
  } finally {
    if (notice) clearTimeout(notice);
    if (noticed) setSlowRetries(-1);
  }
}

/**
 * Every request of the client goes out here, as its `fetch`, rather than through middleware: an
 * answer a middleware supplies (a prefetched one) skips the others' response hooks, and every
 * answer must be checked. An error answer throws an ApiError, so a call that returns succeeded.
 */
async function send(request: Request): Promise<Response> {
  const response = await sendRetrying(request);
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Query strings as the server reads them: absent, null and empty values are left out (an empty filter is no filter). */
function searchParams(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== "") params.append(name, String(item));
    }
  }
  return params.toString();
}

/** Only the paths and methods of the OpenAPI document can be called: `api.GET("/questions/{id}", { params: { path: { id } } })`. */
export const api = createClient<paths>({
  credentials: "same-origin",
  headers: { Accept: "application/json" },
  querySerializer: searchParams,
  fetch: send,
});

/**
 * The success body of a call (undefined for 204). Error answers have already thrown an ApiError
 * (send), so what a call returns is always its `data`.
 */
export async function answer<Data>(call: Promise<{ data?: Data }>): Promise<Data> {
  return (await call).data as Data;
}

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
