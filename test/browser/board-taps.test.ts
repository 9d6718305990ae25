import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

const SCREENS = [
  { name: "390×844 phone", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "1280×800 laptop", viewport: { width: 1280, height: 800 }, isMobile: false },
] as const;
const SCHEMES = ["light", "dark"] as const;

/** What a tap on the board does on a phone and a laptop, light and dark: a visitor's vote, the question on screen, deleting one's own question. */
describe("browser: taps on the board", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let moderatorApi: ApiClient;
  let memberApi: ApiClient;
  let board: string;
  const LISTED = "Will the quarterly planning move to the new format?";

  const card = (scope: Page | Locator, body: string) => scope.getByRole("article", { name: body });

  async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
    await locator.waitFor();
    const box = await locator.boundingBox();
    const size = page.viewportSize() ?? { width: 0, height: 0 };
    expect(box, what).not.toBeNull();
    if (!box) return;
    expect(
      box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height,
      `${what} inside the screen: ${JSON.stringify(box)}`,
    ).toBe(true);
  }

  async function setScheme(page: Page, scheme: (typeof SCHEMES)[number]): Promise<void> {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe(scheme);
  }

  /** Fails the test if the page ever opens the browser's own confirm() or alert(). */
  function refuseBrowserDialogs(page: Page): string[] {
    const opened: string[] = [];
    page.on("dialog", (dialog) => {
      opened.push(dialog.message());
      void dialog.dismiss();
    });
    return opened;
  }

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    memberApi = await signIn(harness.app, fixture.tenant.slug, "member");
    board = `/${fixture.teams.a.slug}`;
    await askQuestion(moderatorApi, fixture.teams.a.id, LISTED);
    await askQuestion(moderatorApi, fixture.teams.a.id, "Could the office coffee machine be fixed this week?");
  });
  afterAll(() => harness?.close());

  async function visitor(screen: (typeof SCREENS)[number]): Promise<{ context: BrowserContext; page: Page }> {
    // A visitor's tenant comes from the host or the x-tenant-id header (CONTRACT §2).
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: screen.viewport,
      isMobile: screen.isMobile,
      extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug },
    });
    const page = await context.newPage();
    await page.goto(`${board}?sort=new`);
    return { context, page };
  }

  for (const screen of SCREENS) {
    it(`a visitor's tap on the vote box on a ${screen.name} explains how to vote, with a sign-in that comes back to this board; the board says plainly why it is not live`, async () => {
      const { context, page } = await visitor(screen);
      const browserDialogs = refuseBrowserDialogs(page);
      await card(page, LISTED).waitFor();
      const note = page.getByRole("main").getByText("You are reading as a visitor: new questions and votes show up every 20 seconds.");
      await note.waitFor();
      await note.getByRole("link", { name: "Sign in" }).waitFor();
      expect(await note.textContent()).toContain("to vote and to see them live.");
      for (const scheme of SCHEMES) {
        await setScheme(page, scheme);
        const voteBox = card(page, LISTED).getByRole("button", { name: "0 votes, sign in to vote" });
        await expectInViewport(page, voteBox, "the vote box");
        await voteBox.click();
        const dialog = page.getByRole("dialog", { name: "Sign in to vote" });
        await expectInViewport(page, dialog, "the dialog");
        await dialog.getByText("Votes count once per person").waitFor();
        const signInLink = dialog.getByRole("link", { name: "Sign in" });
        expect(await signInLink.getAttribute("href")).toBe(`/login?returnTo=${encodeURIComponent(`${board}?sort=new`)}`);
        await expectAccessible(page, `vote help for a visitor on a ${screen.name}`, { scheme });
        await dialog.getByRole("button", { name: "Not now" }).click();
        await dialog.waitFor({ state: "hidden" });
      }
      // Sign in from the dialog: the sign-in page, which will bring the visitor back to this board.
      await card(page, LISTED)
        .getByRole("button", { name: /sign in to vote/ })
        .click();
      await page.getByRole("dialog", { name: "Sign in to vote" }).getByRole("link", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === `${board}?sort=new`);
      expect(browserDialogs).toEqual([]);
      await context.close();
    });
  }

  it("a read-only account's tap on the vote box says why it cannot vote", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "viewer", board);
    await card(page, LISTED).getByRole("button", { name: "0 votes, how to vote" }).click();
    const dialog = page.getByRole("dialog", { name: "Your account can read but not vote" });
    await dialog.getByText("Voting needs member access.").waitFor();
    await expectAccessible(page, "vote help for a viewer");
    await dialog.getByRole("button", { name: "OK" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("on a phone the question on screen is shown once: a one-line banner leads to its card, marked On screen, in the list; a laptop keeps the banner's card", async () => {
    const tags = (await moderatorApi.get("/tags").expect(200)).body as Array<{ id: string; name: string }>;
    const presenting = tags.find((tag) => tag.name === "Currently Presenting");
    const question = (await moderatorApi.get(`/questions?team=${fixture.teams.a.slug}&search=${encodeURIComponent("quarterly planning")}`).expect(200)).body
      .items[0] as { id: string };
    await moderatorApi.post(`/questions/${question.id}/tags`, { tagId: presenting?.id }).expect(200);
    try {
      for (const screen of SCREENS) {
        const page = await signInAs(await harness.newContext({ viewport: screen.viewport, isMobile: screen.isMobile }), fixture.tenant.slug, "member", board);
        const onScreen = page.getByRole("region", { name: "On screen now" });
        await onScreen.waitFor();
        await card(page, LISTED).getByText("On screen", { exact: true }).waitFor();
        for (const scheme of SCHEMES) {
          await setScheme(page, scheme);
          if (screen.isMobile) {
            await page.evaluate(() => window.scrollTo(0, 0));
            expect(await page.getByText(LISTED, { exact: true }).count(), "the question's words once on the phone").toBe(1);
            expect(await onScreen.getByText(LISTED).count()).toBe(0);
            const show = onScreen.getByRole("button", { name: "Show it in the list" });
            await expectInViewport(page, show, "Show it in the list");
            expect((await show.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
            await show.click();
            await expect
              .poll(async () => {
                const box = await card(page, LISTED).boundingBox();
                return box !== null && box.y >= 0 && box.y + box.height <= 844;
              })
              .toBe(true);
          } else {
            await onScreen.getByText(LISTED).waitFor();
          }
          await expectAccessible(page, `board with a question on screen on a ${screen.name}`, { scheme });
        }
        await page.context().close();
      }
    } finally {
      await moderatorApi.delete(`/questions/${question.id}/tags/${presenting?.id}`).expect(200);
    }
  });

  for (const screen of SCREENS) {
    it(`deleting one's own question on a ${screen.name} asks in the app's dialog, never the browser's confirm()`, async () => {
      const page = await signInAs(await harness.newContext({ viewport: screen.viewport, isMobile: screen.isMobile }), fixture.tenant.slug, "member", board);
      const browserDialogs = refuseBrowserDialogs(page);
      for (const scheme of SCHEMES) {
        const body = `Can we have a quiet room on the third floor (${screen.name}, ${scheme})?`;
        await askQuestion(memberApi, fixture.teams.a.id, body);
        await page.goto(`${board}?sort=new`);
        await setScheme(page, scheme);
        const own = card(page, body);
        await own.getByText("You asked").waitFor();
        await own.getByRole("button", { name: /^Delete/ }).click();
        const dialog = page.getByRole("dialog", { name: "Delete your question?" });
        await expectInViewport(page, dialog, "the delete dialog");
        await dialog.getByText(body).waitFor();
        await dialog.getByText("This cannot be undone.").waitFor();
        await expectAccessible(page, `delete dialog on a ${screen.name}`, { scheme });
        // Cancel keeps it.
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "hidden" });
        await own.waitFor();
        // The red button deletes it.
        await own.getByRole("button", { name: /^Delete/ }).click();
        const confirm = dialog.getByRole("button", { name: "Delete question" });
        expect(await confirm.evaluate((element) => element.classList.contains("button-danger"))).toBe(true);
        await confirm.click();
        await own.waitFor({ state: "detached" });
      }
      expect(browserDialogs).toEqual([]);
      await page.context().close();
    });
  }
});
