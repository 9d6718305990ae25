import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, sizesAndSchemes, startHarness, type Harness } from "./harness.js";

const SCREENS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
] as const;

/** The texts that describe a control (hint and error), as a screen reader reads them with it. */
const descriptionOf = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((input) =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

/** Entirely inside the viewport's width: nothing clipped on a phone. */
async function expectWithinWidth(page: Page, selector: ReturnType<Page["locator"]>) {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

/** Settings in sections and the pulse's send-now, at a phone's and a laptop's size, light and dark. */
describe("browser: admin forms (sections that save alone, errors on the field, leave guard, pulse send-now)", () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  async function adminPage(slug: string, path: string, screen: (typeof SCREENS)[number], scheme: "light" | "dark") {
    const page = await signInAs(await harness.newContext({ viewport: screen.viewport }), slug, "admin", path);
    await page.emulateMedia({ colorScheme: scheme });
    return page;
  }

  for (const [, screen, scheme] of sizesAndSchemes(SCREENS[0], SCREENS[1])) {
    const where = `${screen.name}, ${scheme}`;

    it(`settings (${where}): a section saves alone, a bad value is marked on its field in words, leaving with unsaved changes asks`, async () => {
      const fixture = await createTenantFixture(harness.app.db);
      const ownerApi = await signIn(harness.app, fixture.tenant.slug, "owner");
      const page = await adminPage(fixture.tenant.slug, "/admin", screen, scheme);
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      // No server variable names anywhere on the page.
      expect(await page.locator("main").textContent()).not.toMatch(/\b[A-Z]{2,}_[A-Z_]{2,}\b/);

      // Two sections edited, one saved: only its fields reach the server; the other stays unsaved on screen.
      const branding = page.getByRole("form", { name: "Branding" });
      const questions = page.getByRole("form", { name: "Questions" });
      await branding.getByRole("radio", { name: "Modern purple" }).check();
      await questions.getByLabel("Shortest question (characters)").fill("20");
      await questions.getByText("Unsaved changes").waitFor();
      await branding.getByText("Unsaved changes").waitFor();
      await questions.getByRole("button", { name: "Save question settings" }).click();
      const saved = questions.getByText("Questions saved.");
      await saved.waitFor();
      await expectWithinWidth(page, saved);
      const stored = (await ownerApi.get("/admin/tenant-settings")).body;
      expect(stored.questions.minLength).toBe(20);
      expect(stored.branding.theme).not.toBe("modern-purple");
      await expect(branding.getByRole("radio", { name: "Modern purple" }).isChecked()).resolves.toBe(true);
      await branding.getByText("Unsaved changes").waitFor();
      expect(await questions.getByText("Unsaved changes").count()).toBe(0);

      // A value the server refuses: the field says why, next to it, in a person's words.
      const shortest = questions.getByLabel("Shortest question (characters)");
      await shortest.fill("500");
      await questions.getByLabel("Longest question (characters)").fill("300");
      await questions.getByRole("button", { name: "Save question settings" }).click();
      await questions.getByRole("alert").waitFor();
      await expect(shortest.getAttribute("aria-invalid")).resolves.toBe("true");
      const description = await descriptionOf(page, "Shortest question (characters)");
      expect(description).toContain("Must be at most the longest question allowed (300).");
      expect(description).not.toContain("questions.maxLength");
      const message = questions.locator(".field-error", { hasText: "Must be at most the longest question allowed (300)." });
      await expectWithinWidth(page, message);
      // Next to its field: just below the input, not at the foot of the page.
      const [inputBox, messageBox] = [await shortest.boundingBox(), await message.boundingBox()];
      expect(messageBox!.y - (inputBox!.y + inputBox!.height)).toBeLessThan(64);
      expect((await ownerApi.get("/admin/tenant-settings")).body.questions.minLength).toBe(20);
      await expectAccessible(page, `settings with a refused field (${where})`, { scheme });

      // Leaving inside the app with unsaved changes asks first; staying keeps what was typed.
      if (screen.name === "phone") await page.getByText(/^Admin: /).click();
      await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users" }).click();
      const leave = page.getByRole("dialog", { name: "Leave without saving?" });
      await leave.getByText("Your changes to Questions and Branding are not saved yet.").waitFor();
      await expectAccessible(page, `leave guard (${where})`, { scheme });
      await leave.getByRole("button", { name: "Cancel" }).click();
      await expect(shortest.inputValue()).resolves.toBe("500");
      expect(new URL(page.url()).pathname).toBe("/admin");

      // Closing the tab asks too (the browser's own question).
      const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => (resolve(dialog.type()), void dialog.dismiss())));
      await page.close({ runBeforeUnload: true });
      await expect(asked).resolves.toBe("beforeunload");
    });

    it(`pulse send-now (${where}): shows who is due and asks before sending; groups have human names`, async () => {
      const fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true } } });
      const adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
      expect((await adminApi.post("/admin/pulse/questions", { text: "How was your week?" })).status).toBe(201);
      const schedule = (await adminApi.get("/admin/pulse/schedule")).body;
      await adminApi.put("/admin/pulse/schedule", { ...schedule, tenantId: undefined, enabled: true, rotatingCohorts: true, timezone: "UTC", numCohorts: 5 });
      const page = await adminPage(fixture.tenant.slug, "/admin/pulse", screen, scheme);

      // Groups by the day they are asked, never by their internal names.
      const groups = page.getByRole("heading", { name: "Groups" });
      await groups.waitFor();
      for (const label of ["Monday's group", "Tuesday's group", "Wednesday's group", "Thursday's group", "Friday's group"]) {
        await page.getByText(new RegExp(`^${label}, \\d+ (people|person)`)).waitFor();
      }
      expect(await page.locator("main").textContent()).not.toMatch(/cohort-\d/);

      const preview = (await adminApi.get("/admin/pulse/send-preview")).body;
      await page.getByRole("button", { name: "Send today's pulse now…" }).click();
      const invites = () => harness.app.db("pulse_invites").where({ tenant_id: fixture.tenant.id });
      if (!preview.canSend) {
        // Today's group may be empty on a small tenant: the dialog says why and offers no send.
        await page.getByRole("dialog", { name: "Nobody to invite today" }).waitFor();
        await expectAccessible(page, `send-now with nobody due (${where})`, { scheme });
        return;
      }
      const count = `${preview.due} ${preview.due === 1 ? "invite" : "invites"}`;
      const dialog = page.getByRole("dialog", { name: `Send ${count} to ${preview.cohortLabel}?` });
      await dialog.waitFor();
      await dialog.getByText(/have not been asked this|has not been asked this/).waitFor();
      await expectAccessible(page, `send-now confirmation (${where})`, { scheme });
      // Cancel sends nothing.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      expect(await invites()).toEqual([]);

      await page.getByRole("button", { name: "Send today's pulse now…" }).click();
      await dialog.getByRole("button", { name: `Send ${count}` }).click();
      const done = page.getByText(`Sent ${count} to ${preview.cohortLabel}.`);
      await done.waitFor();
      await expectWithinWidth(page, done);
      expect((await invites()).length).toBe(preview.due);

      // Asked again the same day: nobody is due, and the dialog says why.
      await page.getByRole("button", { name: "Send today's pulse now…" }).click();
      const nobody = page.getByRole("dialog", { name: "Nobody to invite today" });
      await nobody.getByText(`Today's pulse already went out to ${preview.cohortLabel}.`, { exact: false }).waitFor();
      await expectAccessible(page, `send-now after today's send (${where})`, { scheme });
    });
  }

  it("send-now with one group speaks of everyone", async () => {
    const fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true } } });
    const adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
    await adminApi.post("/admin/pulse/questions", { text: "How was your week?" });
    const schedule = (await adminApi.get("/admin/pulse/schedule")).body;
    await adminApi.put("/admin/pulse/schedule", { ...schedule, tenantId: undefined, enabled: true, rotatingCohorts: true, timezone: "UTC", numCohorts: 1 });
    const page = await adminPage(fixture.tenant.slug, "/admin/pulse", SCREENS[1], "light");
    await page.getByText(/^Everyone, \d+ people/).waitFor();
    await page.getByRole("button", { name: "Send today's pulse now…" }).click();
    const dialog = page.getByRole("dialog", { name: /^Send \d+ invites to everyone\?$/ });
    await dialog.getByText(/^Today it is everyone's turn: all \d+ people have not been asked this/).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The schedule form guards its unsaved changes as Settings does.
    await page.getByRole("region", { name: "Schedule" }).getByLabel("Send time").fill("06:05");
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Settings" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.getByText("Your changes to the schedule are not saved yet.").waitFor();
    await leave.getByRole("button", { name: "Leave without saving" }).click();
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  });
});
