import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { signIn } from "../helpers/app.js";
import { createTenantFixture, insertTeam, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, sizesAndSchemes, startHarness, type Harness } from "./harness.js";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const SCREENS = [
  { name: "390×844 phone", viewport: PHONE, isMobile: true },
  { name: "1280×800 laptop", viewport: LAPTOP, isMobile: false },
] as const;
type Person = "visitor" | "member" | "moderator" | "admin";

/** The header on a phone (dark) and a laptop (light): every destination of each role is reachable, visible and inside the screen. */
describe("browser: the header's navigation", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let board: string;
  const teamNames: string[] = [];

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    board = `/${fixture.teams.a.slug}`;
    // Long names, as real teams have: on a phone they were cut ("Engineering Pro…").
    await insertTeam(harness.app.db, fixture.tenant.id, "Engineering Productivity");
    await insertTeam(harness.app.db, fixture.tenant.id, "Customer Success Europe");
    teamNames.push(fixture.teams.a.name, fixture.teams.b.name, "Engineering Productivity", "Customer Success Europe");
  });
  afterAll(() => harness?.close());

  async function open(person: Person, screen: (typeof SCREENS)[number]): Promise<{ context: BrowserContext; page: Page }> {
    if (person === "visitor") {
      // A visitor's tenant comes from the host or the x-tenant-id header (CONTRACT §2).
      const context = await harness.browser.newContext({
        baseURL: harness.baseUrl,
        viewport: screen.viewport,
        isMobile: screen.isMobile,
        extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug },
      });
      const page = await context.newPage();
      await page.goto(board);
      return { context, page };
    }
    const context = await harness.newContext({ viewport: screen.viewport, isMobile: screen.isMobile });
    return { context, page: await signInAs(context, fixture.tenant.slug, person, board) };
  }

  const tools: Record<Person, string[]> = {
    visitor: [],
    member: ["Pulse"],
    moderator: ["Moderation", "Pulse"],
    admin: ["Moderation", "Pulse", "Admin"],
  };

  /** On a laptop, a team the row has no room for is under "More teams" (or "Teams"): open it. */
  async function revealTeam(nav: Locator, link: Locator): Promise<void> {
    if ((await link.count()) > 0 && (await link.isVisible())) return;
    const more = nav.getByRole("button", { name: /^(More teams|Teams)/ });
    if ((await more.count()) === 0) return;
    if ((await more.getAttribute("aria-expanded")) !== "true") await more.click();
  }

  async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
    await locator.waitFor();
    expect(await locator.isVisible(), `${what} visible`).toBe(true);
    const box = await locator.boundingBox();
    const size = page.viewportSize() ?? { width: 0, height: 0 };
    expect(box, what).not.toBeNull();
    if (!box) return;
    expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
    expect(box.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(size.width);
    expect(box.y + box.height, `${what} bottom edge`).toBeLessThanOrEqual(size.height);
  }

  for (const person of ["visitor", "member", "moderator", "admin"] as const) {
    for (const [, screen, scheme] of sizesAndSchemes(SCREENS[0], SCREENS[1])) {
      it(`${person} on a ${screen.name} in ${scheme}: every destination is reachable and inside the screen, and the header never scrolls sideways`, async () => {
        const { context, page } = await open(person, screen);
        const banner = page.getByRole("banner");
        await page.getByRole("heading", { level: 1, name: fixture.teams.a.name }).waitFor();
        await page.emulateMedia({ colorScheme: scheme });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe(scheme);
        const sideways = await page.evaluate(() => {
          const header = document.querySelector(".app-header") as HTMLElement;
          const inner = document.querySelector(".header-inner") as HTMLElement;
          return {
            header: header.scrollWidth - header.clientWidth,
            inner: inner.scrollWidth - inner.clientWidth,
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          };
        });
        expect(sideways, "nothing in the header scrolls sideways").toEqual({ header: 0, inner: 0, page: 0 });
        const menuButton = banner.getByRole("button", { name: "Menu" });
        const header = await banner.boundingBox();

        if (screen.viewport === PHONE) {
          expect(header?.height ?? Infinity, "the phone's header is one slim line").toBeLessThanOrEqual(56);
          // Every control of the phone's header row is a 44 px touch target.
          for (const control of await banner.locator(".header-user > a, .header-user > button").all()) {
            expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
          }
          await expectInViewport(page, menuButton, "Menu button");
          expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
          await menuButton.click();
          expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
        } else {
          // Wide enough for one line: no Menu, no wrapping.
          expect(await menuButton.count(), "no Menu where the row fits").toBe(0);
          expect(header?.height ?? Infinity, "the laptop's header is one line").toBeLessThanOrEqual(64);
        }

        const nav = banner.getByRole("navigation", { name: "Main" });
        for (const name of [...teamNames, ...tools[person]]) {
          const link = nav.getByRole("link", { name, exact: true });
          await revealTeam(nav, link);
          await expectInViewport(page, link, `${name} (${scheme})`);
          if (screen.viewport === PHONE) expect((await link.boundingBox())?.height ?? 0, `${name} touch target`).toBeGreaterThanOrEqual(44);
        }
        if (person === "visitor") {
          await expectInViewport(page, banner.getByRole("link", { name: "Sign in" }).last(), "Sign in");
        } else {
          await expectInViewport(page, banner.locator('a[href="/account"]').last(), "the account");
          await expectInViewport(page, banner.getByRole("button", { name: "Sign out" }), "Sign out");
        }
        if (screen.viewport === LAPTOP) {
          // One line: the links' middles align with the brand's.
          const middles = await banner.locator(".header-inner > .brand, .main-nav > ul > li > .nav-item, .header-user > *").evaluateAll((elements) =>
            elements
              .map((element) => element.getBoundingClientRect())
              .filter((rect) => rect.height > 0)
              .map((rect) => (rect.top + rect.bottom) / 2),
          );
          expect(Math.max(...middles) - Math.min(...middles), `middles: ${middles.join(", ")}`).toBeLessThan(4);
        }
        await expectAccessible(page, `${person}'s header on a ${screen.name}${screen.viewport === PHONE ? " with the menu open" : ""}`, { scheme });

        if (screen.viewport === PHONE) {
          // Esc closes the sheet and gives focus back to the Menu button.
          await page.keyboard.press("Escape");
          await nav.waitFor({ state: "hidden" });
          await expect.poll(() => menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
        }

        if (screen.viewport === PHONE) {
          // A destination taken from the sheet: the page changes and the sheet closes.
          await banner.getByRole("button", { name: "Menu" }).click();
          await banner.getByRole("navigation", { name: "Main" }).getByRole("link", { name: fixture.teams.b.name, exact: true }).click();
          await page.getByRole("heading", { level: 1, name: fixture.teams.b.name }).waitFor();
          await banner.getByRole("navigation", { name: "Main" }).waitFor({ state: "hidden" });
          // A tap outside closes it too.
          await banner.getByRole("button", { name: "Menu" }).click();
          await banner.getByRole("navigation", { name: "Main" }).waitFor();
          await page.mouse.click(200, 830);
          await banner.getByRole("navigation", { name: "Main" }).waitFor({ state: "hidden" });
        }
        await context.close();
      });
    }
  }

  it("with many teams a laptop keeps the tools in the row and the other teams under More teams; a narrow window gets the Menu", async () => {
    // Through the API, as an admin would: the teams list the board reads is cached, and a row
    // written straight to the database would not be in it until the cache expires.
    const adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
    for (let index = 0; index < 6; index += 1) await adminApi.post("/admin/teams", { name: `Regional Office Number ${index + 1}` }).expect(201);
    const context = await harness.newContext({ viewport: LAPTOP });
    const page = await signInAs(context, fixture.tenant.slug, "admin", board);
    const banner = page.getByRole("banner");
    const nav = banner.getByRole("navigation", { name: "Main" });
    const more = nav.getByRole("button", { name: /^(More teams|Teams)/ });
    await more.waitFor();
    for (const name of ["Moderation", "Pulse", "Admin"]) await expectInViewport(page, nav.getByRole("link", { name, exact: true }), name);
    await more.click();
    for (const name of [...teamNames, "Regional Office Number 6"]) {
      const link = nav.getByRole("link", { name, exact: true });
      await expectInViewport(page, link, name);
    }
    await expectAccessible(page, "admin's header with More teams open");
    await nav.getByRole("link", { name: "Regional Office Number 6", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Regional Office Number 6" }).waitFor();
    // The current team is under More teams: the button is marked as the current place.
    expect(await more.evaluate((element) => element.classList.contains("active"))).toBe(true);
    expect(await more.getAttribute("aria-expanded")).toBe("false");

    // A window between a phone and a laptop: whatever does not fit goes under the Menu.
    await page.setViewportSize({ width: 820, height: 800 });
    const menuButton = banner.getByRole("button", { name: "Menu" });
    await menuButton.waitFor();
    await menuButton.click();
    for (const name of [...teamNames, "Regional Office Number 6", "Moderation", "Pulse", "Admin"]) {
      await expectInViewport(page, nav.getByRole("link", { name, exact: true }), name);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectAccessible(page, "admin's header with many teams and the Menu open");
    await context.close();
  });
});
