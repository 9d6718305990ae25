import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastRatio } from "../../src/platform/colour.constants.js";
import { signIn, type ApiClient } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, sizesAndSchemes, startHarness, type Harness } from "./harness.js";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const ASKED = "Could we get a second monitor for everyone who asks for one?";
const ANONYMOUS = "Why was the offsite moved to a weekday this year?";

/** "rgb(r, g, b)" → "#rrggbb". */
function hex(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The account page (profile, own questions, the e-mail choice, tokens) and the pulse dashboard, on a phone and a laptop, light and dark. */
describe("browser: the account page and the pulse dashboard in both schemes", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let member: ApiClient;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    member = await signIn(harness.app, fixture.tenant.slug, "member");
    await askQuestion(member, fixture.teams.a.id, ASKED);
    expect((await member.post("/questions", { body: ANONYMOUS, teamId: fixture.teams.a.id, anonymous: true })).status).toBe(201);
  });
  afterAll(() => harness?.close());

  for (const [size, viewport, colorScheme] of sizesAndSchemes(PHONE, LAPTOP)) {
    it(`on a ${size} in ${colorScheme}: who I am, my questions linked to the board, my e-mail choice, then tokens`, async () => {
      const context = await harness.newContext({ viewport, isMobile: size === "phone" });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(`/auth/demo?user=member&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent("/account")}`);
      await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
      const profile = page.locator(".profile-list");
      await profile.getByText(fixture.users.member.name, { exact: true }).waitFor();
      await profile.getByText(fixture.users.member.email, { exact: true }).waitFor();
      await profile.getByText("Member", { exact: true }).waitFor();
      await profile.getByRole("link", { name: fixture.teams.a.name }).waitFor();

      // Own questions, newest first, each a link to its board, its status a badge (not a button).
      const questions = page.getByRole("region", { name: "Your questions" });
      const links = questions.getByRole("link");
      await links.first().waitFor();
      await expect(links.allTextContents()).resolves.toEqual([ANONYMOUS, ASKED]);
      await questions.getByText("Without your name").waitFor();
      await expect(questions.locator(".badge", { hasText: "Open" }).count()).resolves.toBe(2);
      await expect(questions.getByRole("button").count()).resolves.toBe(0);

      // The e-mail choice says what it covers, is big enough to tap, and is saved at once.
      const choice = page.getByRole("checkbox", { name: /E-mail me when one of my questions is answered, and the weekly pulse question/ });
      await expect(choice.isChecked()).resolves.toBe(true);
      const row = await page.locator(".check-row").boundingBox();
      expect(row && row.height).toBeGreaterThanOrEqual(44);

      // Tokens come last.
      const order = await page
        .locator(".account-page > section")
        .evaluateAll((sections) => sections.map((section) => section.querySelector("h1, h2")?.textContent));
      expect(order).toEqual(["Your account", "Your questions", "E-mails", "Your API tokens"]);

      // A filled button reads as one in either scheme: its text at 4.5:1, and it stands out from the card (3:1).
      const create = page.getByRole("button", { name: "Create token" });
      const [fill, text, card] = await create.evaluate((button) => [
        getComputedStyle(button).backgroundColor,
        getComputedStyle(button).color,
        getComputedStyle(button.closest(".card") as Element).backgroundColor,
      ]);
      expect(contrastRatio(hex(fill), hex(text))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(hex(fill), hex(card))).toBeGreaterThanOrEqual(3);

      await fitsWidth(page, viewport.width);
      await expectAccessible(page, `account page, ${size}, ${colorScheme}`, { scheme: colorScheme });

      await links.filter({ hasText: ASKED }).click();
      await page.locator(".linked-question").getByText(ASKED).waitFor();
      await context.close();
    });
  }

  it("turning e-mails off and on again is saved, said, and survives a reload", async () => {
    const page = await signInAs(await harness.newContext({ viewport: PHONE, isMobile: true }), fixture.tenant.slug, "viewer", "/account");
    const choice = page.getByRole("checkbox", { name: /E-mail me when one of my questions is answered/ });
    await choice.waitFor();
    await choice.uncheck();
    await page.getByRole("status").getByText("E-mails are off. You can turn them on again here at any time.").waitFor();
    const viewer = await signIn(harness.app, fixture.tenant.slug, "viewer");
    expect((await viewer.get("/auth/me/email-preferences")).body).toEqual({ emails: false, answersVia: "email", slackAvailable: false });
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /E-mail me/ }).isChecked()).resolves.toBe(false);
    await page.getByRole("checkbox", { name: /E-mail me/ }).check();
    await page.getByRole("status").getByText("E-mails are on.").waitFor();
    expect((await viewer.get("/auth/me/email-preferences")).body).toEqual({ emails: true, answersVia: "email", slackAvailable: false });
  });

  it("where the organisation has Slack: answers can be chosen to come as a Slack message, saved, said, and shown again after a reload", async () => {
    const withSlack = await createTenantFixture(harness.app.db);
    const admin = await signIn(harness.app, withSlack.tenant.slug, "admin");
    await admin
      .post("/admin/tenant-settings", { slack: { botToken: "xoxb-account-page", signingSecret: "signing-secret-of-the-account-page-test" } })
      .expect(200);
    const page = await signInAs(await harness.newContext({ viewport: PHONE, isMobile: true }), withSlack.tenant.slug, "member", "/account");
    const choices = page.getByRole("group", { name: "When one of my questions is answered, tell me" });
    await choices.waitFor();
    await expect(choices.getByRole("radio", { name: "By e-mail" }).isChecked()).resolves.toBe(true);
    await choices.getByRole("radio", { name: /In Slack/ }).check();
    await page.getByRole("status").getByText("Answers to your questions will reach you in Slack.").waitFor();
    const member = await signIn(harness.app, withSlack.tenant.slug, "member");
    expect((await member.get("/auth/me/email-preferences")).body).toEqual({ emails: true, answersVia: "slack", slackAvailable: true });
    await page.reload();
    await expect(page.getByRole("radio", { name: /In Slack/ }).isChecked()).resolves.toBe(true);
    await fitsWidth(page, PHONE.width);
    await expectAccessible(page, "account page with the Slack choice, phone");

    // Slack disconnected: the choice stays visible, with what happens now.
    await admin.post("/admin/tenant-settings", { slack: null }).expect(200);
    await page.reload();
    await page.getByText("Your organisation has disconnected Slack: answers reach you by e-mail until it is connected again.").waitFor();
    // Without Slack, a viewer of another tenant sees only the e-mail box.
    const plain = await signInAs(await harness.newContext({ viewport: PHONE, isMobile: true }), fixture.tenant.slug, "member", "/account");
    await plain.getByRole("checkbox", { name: /E-mail me when one of my questions is answered/ }).waitFor();
    expect(await plain.getByRole("radio").count()).toBe(0);
  });

  for (const [size, viewport, colorScheme] of sizesAndSchemes(PHONE, LAPTOP)) {
    it(`the pulse dashboard on a ${size} in ${colorScheme}: heatmap cells in the scheme's own bands, readable, nothing wider than the screen`, async () => {
      const context = await harness.newContext({ viewport, isMobile: size === "phone" });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      // The seeded demo organisation has 12 weeks of pulse history.
      await page.goto(`/auth/demo?user=admin&tenant=default&returnTo=${encodeURIComponent("/pulse")}`);
      await page.getByRole("table").getByRole("columnheader", { name: "Engineering" }).waitFor();
      // The seed's 12 weeks hold a previous 4 weeks to compare with.
      await page.getByLabel("Period").selectOption("4w");
      await page.getByText(/^Changes are against /).waitFor();
      const cells = await page
        .locator("td.cell:not(.cell-empty)")
        .evaluateAll((elements) => elements.map((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).color]));
      expect(cells.length).toBeGreaterThan(0);
      const pageBackground = hex(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
      for (const [background, color] of cells) {
        expect(contrastRatio(hex(background as string), hex(color as string))).toBeGreaterThanOrEqual(4.5);
        // In dark no cell glares: each fill is deep (under 3.5:1 against the page), in light each is pale.
        if (colorScheme === "dark") expect(contrastRatio(hex(background as string), pageBackground)).toBeLessThan(3.5);
        else expect(contrastRatio(hex(background as string), "#ffffff")).toBeLessThan(2);
      }
      await fitsWidth(page, viewport.width);
      await expectAccessible(page, `pulse dashboard, ${size}, ${colorScheme}`, { scheme: colorScheme });
      await context.close();
    });
  }
});
