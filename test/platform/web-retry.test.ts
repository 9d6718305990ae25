import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, MAX_WAIT_MS, mayRetry, retryAfterSeconds, retryDelayMs } from "../../web/src/shared/retry.js";

/** The web app's answer to a busy server (web/src/shared/retry.ts, used by api.ts for every request). */
describe("web app: retrying a 503 with Retry-After", () => {
  it("waits at least Retry-After, doubling with each attempt, plus up to half again at random", () => {
    expect(retryDelayMs(1, 1, () => 0)).toBe(1000);
    expect(retryDelayMs(1, 1, () => 0.999)).toBe(1500);
    expect(retryDelayMs(1, 2, () => 0)).toBe(2000);
    expect(retryDelayMs(1, 3, () => 0)).toBe(4000);
    expect(retryDelayMs(5, 1, () => 0)).toBe(5000);
    expect(retryDelayMs(120, 1, () => 0.5)).toBe(MAX_WAIT_MS);
    expect(MAX_ATTEMPTS).toBe(4);
  });

  it("spreads a room's retries: the same answer does not bring everyone back in the same moment", () => {
    const waits = Array.from({ length: 1000 }, () => retryDelayMs(1, 1));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1500);
    // Spread over the half second: every 100 ms slice gets some.
    const slices = new Set(waits.map((wait) => Math.min(4, Math.floor((wait - 1000) / 100))));
    expect(slices.size).toBe(5);
  });

  it("retries reads, the upvote and a poll vote (each counts once however often it is sent), never other writes", () => {
    expect(mayRetry("GET", "/questions")).toBe(true);
    expect(mayRetry("POST", "/questions/5f2b8c1e-0000-4000-8000-000000000001/upvote")).toBe(true);
    expect(mayRetry("DELETE", "/questions/5f2b8c1e-0000-4000-8000-000000000001/upvote")).toBe(true);
    expect(mayRetry("POST", "/polls/5f2b8c1e-0000-4000-8000-000000000002/votes")).toBe(true);
    expect(mayRetry("POST", "/polls/5f2b8c1e-0000-4000-8000-000000000002/open")).toBe(false);
    expect(mayRetry("POST", "/polls")).toBe(false);
    expect(mayRetry("POST", "/questions")).toBe(false);
    expect(mayRetry("POST", "/questions/5f2b8c1e-0000-4000-8000-000000000001/answer")).toBe(false);
    expect(mayRetry("PATCH", "/settings")).toBe(false);
  });

  it("reads Retry-After only from a 503, in seconds", () => {
    const answer = (status: number, retryAfter?: string) => new Response(null, { status, headers: retryAfter ? { "retry-after": retryAfter } : {} });
    expect(retryAfterSeconds(answer(503, "2"))).toBe(2);
    expect(retryAfterSeconds(answer(503))).toBeNull();
    expect(retryAfterSeconds(answer(503, "soon"))).toBeNull();
    expect(retryAfterSeconds(answer(429, "30"))).toBeNull();
  });
});
