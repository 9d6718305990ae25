import type { Page } from "playwright-core";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, startHarness, type Harness } from "./harness.js";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** Admin › Provisioning (SCIM): create a token (shown once with the base URL), see it listed, revoke it. */
describe("browser: the SCIM token section of the admin panel", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(() => harness?.close());

  for (const [size, viewport] of [
    ["phone", PHONE],
    ["laptop", LAPTOP],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`on a ${size} in ${colorScheme}: create by keyboard, the secret once beside the base URL, then revoke`, async () => {
        const context = await harness.newContext({ viewport, isMobile: size === "phone" });
        const page = await context.newPage();
        await page.emulateMedia({ colorScheme });
        await page.goto(`/auth/demo?user=admin&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent("/admin/provisioning")}`);
        await page.getByRole("heading", { level: 1, name: "Provisioning (SCIM)" }).waitFor();

        const name = `Okta ${size} ${colorScheme}`;
        const field = page.getByRole("textbox", { name: /^Name/ });
        await field.fill(name);
        await field.press("Enter");
        const secret = page.locator("code.token", { hasText: /^qa_scim_/ });
        await secret.waitFor();
        const token = (await secret.textContent()) as string;
        await page.locator("code.token", { hasText: `${harness.baseUrl}/scim/v2` }).waitFor();
        const list = page.getByRole("list", { name: "SCIM tokens" });
        await list.getByText(name, { exact: true }).waitFor();
        await fitsWidth(page, viewport.width);
        await expectAccessible(page, `SCIM tokens (${size}, ${colorScheme})`, { scheme: colorScheme });

        // The token works on /scim/v2 at once; after a reload its secret is nowhere on the page.
        await request(harness.app.app).get("/scim/v2/Users").set("Authorization", `Bearer ${token}`).expect(200);
        await page.reload();
        await list.getByText(name, { exact: true }).waitFor();
        expect(await page.content()).not.toContain(token);

        await page.getByRole("button", { name: `Revoke ${name}` }).click();
        const dialog = page.getByRole("dialog", { name: "Revoke this SCIM token?" });
        await dialog.waitFor();
        await expectAccessible(page, `revoke dialog (${size}, ${colorScheme})`, { scheme: colorScheme });
        await dialog.getByRole("button", { name: "Revoke token" }).click();
        await list.getByText(name, { exact: true }).waitFor({ state: "detached" });
        await request(harness.app.app).get("/scim/v2/Users").set("Authorization", `Bearer ${token}`).expect(401);
        await context.close();
      });
    }
  }
});
