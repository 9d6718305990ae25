/**
 * The first screen's reads, started before the app's bundle has arrived. This file is a chunk of
 * its own that index.html runs as soon as it is fetched (web/vite.config.ts), so on a slow phone
 * the answers are in while the big script is still downloading. The app's API client takes each
 * answer once through takePrefetched(); anything not taken within MAX_AGE_MS is dropped, so no
 * answer is ever served stale or twice, and nothing survives a page load (sign-in and sign-out
 * are full page navigations: each load asks for its own /auth/session).
 *
 * It must stay tiny and import nothing: everything it imports would be downloaded before it runs.
 */
const MAX_AGE_MS = 10_000;

/** What web/src/shared/session.tsx asks on every screen (through sessionApi.ts). */
const SESSION_READS = ["/auth/session", "/teams", "/tenant", "/auth/modes"];

/** Paths of one segment that are screens of their own, not a team board (web/src/App.tsx). */
const NOT_A_TEAM = new Set(["login", "account", "pulse", "admin"]);

/** web/src/features/board/BoardPage.tsx: PAGE_SIZE. */
const BOARD_PAGE_SIZE = 50;

interface Prefetched {
  response: Promise<Response>;
  controller: AbortController;
  startedAt: number;
}

const prefetched = new Map<string, Prefetched>();
let started = false;

/** A request's identity: its path and its query, whatever the order of the query's parameters. */
export function requestKey(pathWithQuery: string): string {
  const url = new URL(pathWithQuery, "http://localhost");
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/**
 * The question list a team board at this address asks first, exactly as BoardPage builds it
 * (web/src/features/board/api.ts listQuestions, then api.ts searchParams); null when the address is
 * not a team board.
 */
export function boardListPath(pathname: string, search: string): string | null {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length !== 1 || NOT_A_TEAM.has(segments[0] as string)) return null;
  let team: string;
  try {
    team = decodeURIComponent(segments[0] as string);
  } catch {
    return null;
  }
  const params = new URLSearchParams(search);
  const query = new URLSearchParams({ team, status: params.get("status") === "ANSWERED" ? "ANSWERED" : "OPEN" });
  const tag = params.get("tag");
  if (tag) query.set("tag", tag);
  const words = (params.get("search") ?? "").trim();
  if (words) query.set("search", words);
  query.set("sort", words ? "relevance" : params.get("sort") === "new" ? "new" : "top");
  query.set("limit", String(BOARD_PAGE_SIZE));
  return `/questions?${query.toString()}`;
}

function prefetch(path: string): void {
  const controller = new AbortController();
  // The same request as web/src/shared/api.ts sends for a GET: same headers, same credentials.
  const response = fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin", signal: controller.signal });
  // A failure is the later caller's to see (it fetches again); never an unhandled rejection here.
  response.catch(() => undefined);
  prefetched.set(requestKey(path), { response, controller, startedAt: performance.now() });
}

function discard(entry: Prefetched): void {
  entry.controller.abort();
}

/** Starts the reads this page's first screen needs, once per page load. */
export function startPrefetch(location: { pathname: string; search: string } = window.location): void {
  if (started) return;
  started = true;
  const board = boardListPath(location.pathname, location.search);
  for (const path of board ? [...SESSION_READS, board, "/tags"] : SESSION_READS) prefetch(path);
  // Answers nobody took are dropped with their connections' bodies.
  setTimeout(discardPrefetched, MAX_AGE_MS + 1_000);
}

/** Drops every answer not yet taken: a write (or time) may have changed what it would say. */
export function discardPrefetched(): void {
  for (const entry of prefetched.values()) discard(entry);
  prefetched.clear();
}

/**
 * The prefetched answer to this GET, once: null when there is none (or it is too old), else a
 * promise of the response, or of null when the prefetch failed (network error, 5xx): the caller
 * then fetches as usual. Aborting `signal` aborts the prefetched request.
 */
export function takePrefetched(path: string, signal?: AbortSignal): Promise<Response | null> | null {
  const key = requestKey(path);
  const entry = prefetched.get(key);
  if (!entry) return null;
  prefetched.delete(key);
  if (performance.now() - entry.startedAt > MAX_AGE_MS || signal?.aborted) {
    discard(entry);
    return null;
  }
  signal?.addEventListener("abort", () => discard(entry), { once: true });
  return entry.response.then(
    (response) => (response.status >= 500 ? null : response),
    () => null,
  );
}

// Runs on import: index.html loads this chunk before the app (in development, main.tsx imports it first).
if (typeof window !== "undefined") startPrefetch();
