import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { signInAs, startHarness, type Harness } from "./harness.js";

/** The web app's API client (web/src/shared/api.ts) as the board's question form uses it. */
describe("browser: the web app's API client", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(() => harness?.close());

  async function ask(page: Page, body: string): Promise<void> {
    await page.getByLabel("Your question").fill(body);
    await page.getByRole("button", { name: "Ask question" }).click();
  }

  const isQuestionPost = (request: { method(): string; url(): string }) => request.method() === "POST" && new URL(request.url()).pathname === "/questions";

  it("a write whose CSRF token went stale (a new session in another tab) fetches a fresh token and is sent once more", async () => {
    const context = await harness.newContext();
    const page = await signInAs(context, fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
    const posts: Array<{ token: string | undefined; status: number }> = [];
    page.on("response", (response) => {
      if (isQuestionPost(response.request())) posts.push({ token: response.request().headers()["x-csrf-token"], status: response.status() });
    });
    let csrfReads = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/auth/csrf") csrfReads += 1;
    });
    await ask(page, "Can we get a second coffee machine on the third floor?");
    await page.getByText("Your question is on the board.").waitFor();

    // Signing in again (another tab, the same browser) begins a new session: the page's token is now stale.
    await (await signInAs(context, fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`)).close();
    await ask(page, "Could the weekly demo move to Thursday afternoons?");
    await expect.poll(() => posts.length).toBe(3);
    await page.getByText("Your question is on the board.").waitFor();
    const [first, stale, retried] = posts;
    expect(first).toEqual({ token: expect.stringMatching(/^[0-9a-f]{64}$/), status: 201 });
    expect(stale).toEqual({ token: first?.token, status: 403 });
    expect(retried).toEqual({ token: expect.stringMatching(/^[0-9a-f]{64}$/), status: 201 });
    expect(retried?.token).not.toBe(first?.token);
    expect(csrfReads).toBe(2);
  });

  it("a server that cannot be reached, and an error answer, become sentences for the user", async () => {
    const context = await harness.newContext();
    const page = await signInAs(context, fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
    await page.getByLabel("Your question").waitFor();

    await page.route(
      (url) => url.pathname === "/questions",
      (route) => (isQuestionPost(route.request()) ? route.abort("internetdisconnected") : route.continue()),
    );
    await ask(page, "Is the office closed on the first Monday of the month?");
    await page.getByText("The server could not be reached. Check your connection and try again.").waitFor();

    await page.unrouteAll();
    await page.route(
      (url) => url.pathname === "/questions",
      (route) =>
        isQuestionPost(route.request())
          ? route.fulfill({
              status: 429,
              headers: { "retry-after": "30" },
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "RATE_LIMITED", message: "Too many questions." }, requestId: "test" }),
            })
          : route.continue(),
    );
    await page.getByRole("button", { name: "Ask question" }).click();
    await page.getByText("Too many questions. Try again in 30 s.").waitFor();
  });

  const busyAnswer = {
    status: 503,
    headers: { "retry-after": "1" },
    contentType: "application/json",
    body: JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "The service is busy right now; try again in a moment." }, requestId: "busy" }),
  };

  it("an upvote the server was too busy for is sent again after Retry-After and counts once", async () => {
    const body = "Could the all-hands slides go on the wiki afterwards?";
    const { id } = await askQuestion(await signIn(harness.app, fixture.tenant.slug, "moderator"), fixture.teams.a.id, body);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
    const sent: number[] = [];
    await page.route(
      (url) => url.pathname === `/questions/${id}/upvote`,
      (route) => {
        if (route.request().method() !== "POST") return route.continue();
        sent.push(Date.now());
        return sent.length === 1 ? route.fulfill(busyAnswer) : route.continue();
      },
    );
    await page.getByRole("article", { name: body }).getByRole("button", { name: "0 votes, upvote" }).click();
    await expect.poll(() => sent.length, { timeout: 5000 }).toBe(2);
    await page.getByRole("article", { name: body }).getByRole("button", { name: "1 vote, remove your upvote" }).waitFor();
    // Retry-After 1 s, plus up to half again of jitter.
    expect((sent[1] as number) - (sent[0] as number)).toBeGreaterThanOrEqual(1000);
    expect((sent[1] as number) - (sent[0] as number)).toBeLessThan(2500);
    const { body: question } = await (await signIn(harness.app, fixture.tenant.slug, "admin")).get(`/questions/${id}`);
    expect(question.upvoteCount).toBe(1);
  });

  it("reads the server keeps refusing are retried with growing waits, a few times at most, and a long wait says so calmly until they are served", async () => {
    const body = "Will the all-hands be recorded for the other time zones?";
    await askQuestion(await signIn(harness.app, fixture.tenant.slug, "moderator"), fixture.teams.a.id, body);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", "/");
    // The board's reads of its questions are refused for 6 s from the first one.
    const reads: Array<{ url: string; at: number }> = [];
    await page.route(
      (url) => url.pathname === "/questions" && url.searchParams.get("team") === fixture.teams.a.slug,
      (route) => {
        if (route.request().method() !== "GET") return route.continue();
        reads.push({ url: route.request().url(), at: Date.now() });
        return Date.now() - (reads[0] as { at: number }).at < 6000 ? route.fulfill(busyAnswer) : route.continue();
      },
    );
    // Within the app (no page load, so no prefetched first read).
    await page.getByRole("banner").getByRole("link", { name: fixture.teams.a.name }).first().click();
    const notice = page.getByRole("status").filter({ hasText: "Busy right now, retrying…" });
    await notice.waitFor();
    expect(Date.now() - (reads[0] as { at: number }).at).toBeGreaterThanOrEqual(1900);
    await page.getByRole("article", { name: body }).waitFor({ timeout: 20_000 });
    await notice.waitFor({ state: "detached" });
    // Each read went at most four times: 1 s, 2 s and 4 s apart at least (plus jitter), so the last after 7 s.
    const start = (reads[0] as { at: number }).at;
    const urls = new Set(reads.map((read) => read.url));
    for (const url of urls) {
      const attempts = reads.filter((read) => read.url === url);
      // Counted from this read's own first send (on a loaded machine another read may start later).
      const firstSends = attempts.filter((read) => read.at - (attempts[0] as { at: number }).at < 500).length;
      expect(attempts.length).toBeLessThanOrEqual(4 * firstSends);
      expect((attempts.at(-1) as { at: number }).at - start).toBeGreaterThanOrEqual(6000);
    }
  });
});
