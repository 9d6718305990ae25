import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { createTenantFixture, insertQuestion, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, startHarness, type Harness } from "./harness.js";

/**
 * The first load (issue 17): index.html draws a skeleton before any script, and the first screen's
 * reads go out from a small early script, each once, and are taken by the app rather than asked again.
 */
describe("browser: first load of a team board", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  const question = "Which parking garage stays open during the holidays?";

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, { body: question, upvoteCount: 3 });
    await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, { body: "Is the answered one shown on its own tab?", responseText: "Yes." });
  });
  afterAll(() => harness?.close());

  const APP_SCRIPT = /\/assets\/index-[^/]+\.js$/;
  const card = (page: Page, body: string) => page.getByRole("article", { name: body });

  /** GETs the page's scripts sent to the API, as "path?sorted query". */
  function recordApiReads(page: Page): string[] {
    const reads: string[] = [];
    page.on("request", (request: Request) => {
      if (request.method() !== "GET" || request.resourceType() !== "fetch") return;
      const url = new URL(request.url());
      url.searchParams.sort();
      reads.push(`${url.pathname}?${url.searchParams}`);
    });
    return reads;
  }
  /** The board's question list, as the page asked it: not the one-item counts of its tabs, not a member's questions in review. */
  const boardLists = (reads: string[]) =>
    reads.filter((read) => {
      const query = new URLSearchParams(read.split("?")[1]);
      return read.startsWith("/questions?") && query.get("limit") !== "1" && query.get("status") !== "UNDER_REVIEW";
    });
  const count = (reads: string[], read: string) => reads.filter((item) => item === read).length;

  it("draws the skeleton from index.html alone, before any script or style sheet, light, dark and without motion; on a board, with its first questions", async () => {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug },
    });
    const page = await context.newPage();
    // Hold every script and the app's style sheet until the skeleton has been looked at: it needs neither.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.(js|css)$/, async (route) => {
      await released;
      await route.continue();
    });
    // The start page: the skeleton's grey placeholders.
    await page.goto("/", { waitUntil: "commit" });
    const placeholders = page.locator(".boot-card");
    await placeholders.first().waitFor();
    expect(await placeholders.count()).toBe(4);
    for (const placeholder of await placeholders.all()) expect(await placeholder.isVisible()).toBe(true);
    // Screen readers hear one polite "Loading…", none of the shapes.
    await expect(page.getByRole("status").textContent()).resolves.toBe("Loading…");
    await expect(page.locator(".boot > [aria-hidden='true'] .boot-card").count()).resolves.toBe(4);
    await expectAccessible(page, "first-load skeleton");

    const look = () =>
      page.evaluate(() => {
        const boot = getComputedStyle(document.querySelector(".boot") as Element);
        const [r, g, b] = (boot.backgroundColor.match(/\d+/g) ?? []).map(Number) as [number, number, number];
        return { brightness: (r + g + b) / 3, animation: getComputedStyle(document.querySelector(".boot-card") as Element).animationName };
      });
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
    const light = await look();
    expect(light.brightness).toBeGreaterThan(200);
    expect(light.animation).toBe("boot-pulse");
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    const dark = await look();
    expect(dark.brightness).toBeLessThan(60);
    expect(dark.animation).toBe("none");

    // A team board: the server wrote its first questions into the page, readable with no script run at all.
    await page.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
    await page.goto(`/${fixture.teams.a.slug}`, { waitUntil: "commit" });
    const written = page.locator(".boot-question", { hasText: question });
    await written.waitFor();
    expect(await written.isVisible()).toBe(true);
    await page.locator(".boot-team", { hasText: fixture.teams.a.name }).waitFor();
    await expect(page.locator(".boot-question", { hasText: "Is the answered one shown on its own tab?" }).count()).resolves.toBe(0);
    await expectAccessible(page, "first screen written by the server");

    release();
    await card(page, question).waitFor();
    await expect(page.locator(".boot").count()).resolves.toBe(0);
    await context.close();
  });

  it("asks each first-screen read once, the board's list before the app's script has even arrived, and per page load", async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug } });
    const page = await context.newPage();
    const reads = recordApiReads(page);
    let sessions: Array<Promise<{ me: { user: { name: string } } | null }>> = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/auth/session") sessions.push(response.json());
    });
    const signedInAs = async () => (await Promise.all(sessions)).map((session) => session.me?.user.name ?? null);
    // The app's script arrives late, as on a slow phone: the reads must not wait for it. It is
    // held until the board's list has been asked for (at most 5 s), rather than for a fixed
    // while, which a slow moment of the machine could outlast: reads that waited for the script
    // would hold it the whole 5 s and still start after it.
    let listAsked = () => {};
    const listRequested = new Promise<void>((resolve) => (listAsked = resolve));
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/questions") listAsked();
    });
    await page.route(APP_SCRIPT, async (route) => {
      await Promise.race([listRequested, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await route.continue();
    });

    const board = `/${fixture.teams.a.slug}`;
    await page.goto(board);
    await card(page, question).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).waitFor();
    const list = `/questions?limit=50&sort=top&status=OPEN&team=${fixture.teams.a.slug}`;
    expect(boardLists(reads)).toEqual([list]);
    for (const read of ["/auth/session?", "/teams?", "/tenant?", "/auth/modes?", "/tags?"]) expect(count(reads, read), read).toBe(1);
    const timing = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
    );
    const appScript = timing.find((entry) => APP_SCRIPT.test(entry.name));
    const questions = timing.find((entry) => entry.name === "/questions");
    expect(appScript && questions && questions.start < appScript.end, JSON.stringify(timing)).toBe(true);
    await expect(signedInAs()).resolves.toEqual([null]);

    // Addresses with filters: the prediction follows them, or the board would ask a second time.
    reads.length = 0;
    await page.goto(`${board}?status=ANSWERED&sort=new`);
    await card(page, "Is the answered one shown on its own tab?").waitFor();
    expect(boardLists(reads)).toEqual([`/questions?limit=50&sort=new&status=ANSWERED&team=${fixture.teams.a.slug}`]);
    reads.length = 0;
    await page.goto(`${board}?search=%20parking%20`);
    await card(page, question).waitFor();
    expect(boardLists(reads)).toEqual([`/questions?limit=50&search=parking&sort=relevance&status=OPEN&team=${fixture.teams.a.slug}`]);

    // Signing in is a page load of its own: its session is asked again, and the board is a member's.
    reads.length = 0;
    sessions = [];
    await page.goto(`/auth/demo?user=member&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent(board)}`);
    await card(page, question)
      .getByRole("button", { name: /upvote/ })
      .waitFor();
    await page.getByRole("banner").getByText(fixture.users.member.name).first().waitFor();
    expect(count(reads, "/auth/session?")).toBe(1);
    await expect(signedInAs()).resolves.toEqual([fixture.users.member.name]);
    expect(boardLists(reads)).toEqual([list]);
    await context.close();
  });
});
