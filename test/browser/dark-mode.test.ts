import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { cssVariable, expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** Dark mode: the device's preference by default, a header switch that overrides it, and every theme readable in dark. */
describe("browser: dark mode", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let ownerApi: ApiClient;
  let board: string;
  const PINNED = "What is the budget for conference travel next year?";
  const TAGGED = "Why does the build cache miss on every branch?";
  const ANSWERED = "Will the office be open between the holidays?";
  const HELD = "WHY IS THE DEPLOY ALWAYS BROKEN ON MONDAYS";

  const scheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.colorScheme);
  const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const schemeSwitch = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Colour scheme:/ });
  const card = (scope: Page | Locator, body: string) => scope.getByRole("article", { name: body });

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    ownerApi = await signIn(harness.app, fixture.tenant.slug, "owner");
    const moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    const memberApi = await signIn(harness.app, fixture.tenant.slug, "member");
    board = `/${fixture.teams.a.slug}`;
    const teamId = fixture.teams.a.id;
    const pinned = await askQuestion(moderatorApi, teamId, PINNED);
    const tagged = await askQuestion(moderatorApi, teamId, TAGGED);
    const answered = await askQuestion(moderatorApi, teamId, ANSWERED);
    await askQuestion(memberApi, teamId, "Could we move the retro to Thursday afternoons?");
    const bug = ((await moderatorApi.get("/tags")).body as Array<{ id: string; name: string }>).find((tag) => tag.name === "Bug");
    expect((await moderatorApi.post(`/questions/${pinned.id}/pin`, { pinned: true })).status).toBe(200);
    expect((await moderatorApi.post(`/questions/${tagged.id}/tags`, { tagId: bug?.id })).status).toBe(200);
    expect((await moderatorApi.post(`/questions/${answered.id}/answer`, { responseText: "Yes, with a skeleton crew." })).status).toBe(200);
    // Held by the content check (all capitals): the moderation queue has something to review.
    expect((await memberApi.post("/questions", { body: HELD, teamId })).body.status).toBe("UNDER_REVIEW");
  });
  afterAll(() => harness?.close());

  it("follows the device's dark preference before the first render, without touching the switch, and live when it changes", async () => {
    const context = await harness.newContext();
    // Records the scheme <html> has when the app's header first appears: it must already be dark.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector(".app-header")) return;
        (window as unknown as { schemeAtFirstRender?: string }).schemeAtFirstRender = document.documentElement.dataset.colorScheme;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await signInAs(context, fixture.tenant.slug, "member", board);
    await card(page, PINNED).waitFor();
    expect(await scheme(page)).toBe("light");
    const lightBackground = await pageBackground(page);

    // The device turns dark while the page is open: the page follows.
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => scheme(page)).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
    expect(await pageBackground(page)).toBe("rgb(11, 17, 32)");
    expect(await cssVariable(page, "--text")).toBe("#e6e9ef");
    await expect(schemeSwitch(page).getAttribute("aria-label")).resolves.toBe("Colour scheme: System (dark)");

    await page.reload();
    await card(page, PINNED).waitFor();
    expect(await page.evaluate(() => (window as unknown as { schemeAtFirstRender?: string }).schemeAtFirstRender)).toBe("dark");
    expect(await pageBackground(page)).not.toBe(lightBackground);

    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => scheme(page)).toBe("light");
    expect(await pageBackground(page)).toBe(lightBackground);
  });

  it("the switch overrides the device both ways, by keyboard, says its state, and survives a reload", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    await page.emulateMedia({ colorScheme: "dark" });
    await card(page, PINNED).waitFor();
    const button = schemeSwitch(page);
    await expect(button.getAttribute("aria-label")).resolves.toBe("Colour scheme: System (dark)");

    // System → Light, from the keyboard: light although the device is dark.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => button.getAttribute("aria-label")).toBe("Colour scheme: Light");
    await expect.poll(() => page.locator("#announcer").textContent()).toBe("Colour scheme: Light");
    expect(await scheme(page)).toBe("light");
    await page.reload();
    await card(page, PINNED).waitFor();
    expect(await scheme(page)).toBe("light");

    // Light → Dark: dark although the device is now light, and after a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await schemeSwitch(page).click();
    await expect.poll(() => scheme(page)).toBe("dark");
    await expect(schemeSwitch(page).getAttribute("aria-label")).resolves.toBe("Colour scheme: Dark");
    await page.reload();
    await card(page, PINNED).waitFor();
    expect(await scheme(page)).toBe("dark");

    // Dark → System: the device's light again, and nothing left stored.
    await schemeSwitch(page).click();
    await expect.poll(() => scheme(page)).toBe("light");
    await expect(schemeSwitch(page).getAttribute("aria-label")).resolves.toBe("Colour scheme: System (light)");
    expect(await page.evaluate(() => localStorage.getItem("qa.color-scheme"))).toBeNull();
  });

  it("the board passes axe in dark in each of the three themes and with a yellow admin override", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    await page.emulateMedia({ colorScheme: "dark" });
    const brandings = [
      { theme: "executive-blue", primaryColor: null },
      { theme: "modern-purple", primaryColor: null },
      { theme: "refined-teal", primaryColor: null },
      { theme: "executive-blue", primaryColor: "#ffff00" },
    ];
    const backgrounds = new Set<string>();
    for (const branding of brandings) {
      const name = `${branding.theme}${branding.primaryColor ? ` with primary ${branding.primaryColor}` : ""}`;
      expect((await ownerApi.post("/admin/tenant-settings", { branding }).expect(200)).body.branding).toMatchObject(branding);
      await page.goto(board);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(branding.theme);
      if (branding.primaryColor) await expect.poll(() => cssVariable(page, "--primary")).toBe(branding.primaryColor);
      await card(page, PINNED).getByText("Pinned").waitFor();
      await card(page, TAGGED).getByText("Bug").waitFor();
      backgrounds.add(await pageBackground(page));
      await expectAccessible(page, `board in dark, ${name}`, { scheme: "dark" });

      await page.getByRole("button", { name: /^Answered/ }).click();
      await card(page, ANSWERED).getByText("Yes, with a skeleton crew.").waitFor();
      await expectAccessible(page, `answered questions in dark, ${name}`, { scheme: "dark" });
    }
    // Each theme has its own dark background (the override keeps the theme's).
    expect(backgrounds.size).toBe(3);

    // A search highlights its matches.
    await page.goto(`${board}?search=budget`);
    await expect.poll(() => card(page, PINNED).locator("mark").allTextContents()).toEqual(["budget"]);
    await expectAccessible(page, "board search in dark", { scheme: "dark" });
  });

  it("the moderation queue, the answer dialog, admin settings and the pulse dashboard pass axe in dark", async () => {
    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/moderation/queue");
    await moderator.emulateMedia({ colorScheme: "dark" });
    const review = moderator.getByRole("region", { name: /Waiting for review/ });
    await card(review, HELD).getByText("Flagged for: excessive capitals").waitFor();
    await expectAccessible(moderator, "moderation queue in dark", { scheme: "dark" });
    const open = moderator.getByRole("region", { name: /Open questions/ });
    await card(open, TAGGED).getByRole("button", { name: "Answer", exact: true }).click();
    const dialog = moderator.getByRole("dialog", { name: "Answer the question" });
    await dialog.getByLabel("Answer").fill("Next sprint.");
    expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe("rgb(255, 255, 255)");
    await expectAccessible(moderator, "answer dialog in dark", { scheme: "dark" });

    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    await admin.emulateMedia({ colorScheme: "dark" });
    await admin.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    await expectAccessible(admin, "admin settings in dark", { scheme: "dark" });

    // The seeded demo organisation has 12 weeks of pulse history: charts and the heatmap.
    const pulse = await signInAs(await harness.newContext(), "default", "admin", "/pulse");
    await pulse.emulateMedia({ colorScheme: "dark" });
    await pulse.getByRole("table").getByRole("columnheader", { name: "Engineering" }).waitFor();
    await pulse.getByRole("list", { name: "Average score" }).getByText("4.3–5.0").waitFor();
    await pulse
      .getByRole("img", { name: /weekly average/ })
      .first()
      .waitFor();
    const chartLine = await pulse
      .locator(".chart .line")
      .first()
      .evaluate((element) => getComputedStyle(element).stroke);
    expect(chartLine).not.toBe("rgb(30, 58, 138)");
    await expectAccessible(pulse, "pulse dashboard in dark", { scheme: "dark" });
  });

  it("on a 390 px phone the switch is an icon with a name and the header's user row stays on one line", async () => {
    const page = await signInAs(await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true }), fixture.tenant.slug, "member", board);
    await page.emulateMedia({ colorScheme: "dark" });
    await card(page, PINNED).waitFor();
    const button = schemeSwitch(page);
    const box = await button.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    // One line: the mark, the teams and the user area side by side, and within the user area the
    // live dot, the account and the switch; their middles align.
    for (const items of [".header-inner > *", ".header-user > *"]) {
      const middles = await page.locator(items).evaluateAll((elements) =>
        elements
          .map((element) => element.getBoundingClientRect())
          .filter((rect) => rect.height > 0)
          .map((rect) => (rect.top + rect.bottom) / 2),
      );
      expect(middles.length).toBeGreaterThan(1);
      expect(Math.max(...middles) - Math.min(...middles), `middles of ${items}: ${middles.join(", ")}`).toBeLessThan(4);
    }
    // And the switch does not make the header taller.
    const headerHeight = () => page.locator(".app-header").evaluate((element) => element.getBoundingClientRect().height);
    const withSwitch = await headerHeight();
    const setSwitchDisplay = (display: string) =>
      page.locator(".scheme-switch").evaluate((element, value) => ((element as HTMLElement).style.display = value), display);
    await setSwitchDisplay("none");
    expect(withSwitch).toBeLessThanOrEqual((await headerHeight()) + 1);
    await setSwitchDisplay("");
    await expectAccessible(page, "phone board in dark", { scheme: "dark" });
  });
});
