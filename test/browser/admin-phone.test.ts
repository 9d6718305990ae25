import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** The admin panel on a phone, and actions shown only to whoever may take them. */
describe("browser: admin on a phone, owner-only actions", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(() => harness?.close());

  it("on a 390×844 phone the section menu is one line that opens, and users and audit entries are cards that fit", async () => {
    const page = await signInAs(
      await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true }),
      fixture.tenant.slug,
      "admin",
      "/admin/users",
    );
    await page.getByRole("heading", { level: 1, name: "Users" }).waitFor();
    const menu = page.locator("details.admin-nav-menu");
    await menu.locator("summary", { hasText: "Admin: Users" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Admin sections" }).isVisible()).toBe(false);

    // A row is a card: still a table row to assistive technology, each cell named by its column.
    const row = page.getByRole("row", { name: new RegExp(fixture.users.member.email) });
    await row.waitFor();
    const box = await row.boundingBox();
    expect(box?.width ?? Infinity).toBeLessThanOrEqual(390);
    expect(box?.y ?? Infinity).toBeLessThan(844 * 2);
    expect(await row.getByRole("cell", { name: fixture.users.member.email }).getAttribute("data-label")).toBe("Email");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "admin users on a phone");

    await menu.locator("summary").click();
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit log" }).click();
    await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    // The menu closes once a section is chosen, so the page comes first again.
    await menu.locator("summary", { hasText: "Admin: Audit log" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Admin sections" }).isVisible()).toBe(false);
    await page
      .getByRole("row", { name: /user\.login/ })
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "audit log on a phone");
  });

  it("on a 390×844 phone a card's actions sit side by side after their label, each button on one line, Delete outlined", async () => {
    const page = await signInAs(
      await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true }),
      fixture.tenant.slug,
      "admin",
      "/admin/tags",
    );
    await page.getByRole("heading", { level: 1, name: "Tags" }).waitFor();
    const actions = page.locator("td[data-label='Actions']").first();
    const edit = actions.getByRole("button", { name: /^Edit/ });
    const remove = actions.getByRole("button", { name: /^Delete/ });
    await edit.waitFor();
    const [label, editBox, removeBox] = await Promise.all([
      actions.evaluate((cell) => cell.getBoundingClientRect().left),
      edit.boundingBox(),
      remove.boundingBox(),
    ]);
    if (!editBox || !removeBox) throw new Error("the action buttons are not drawn");
    // Side by side on the label's line, not one under the label (where it was squeezed to "Delet e").
    expect(Math.abs(editBox.y - removeBox.y)).toBeLessThan(4);
    expect(removeBox.x).toBeGreaterThan(editBox.x + editBox.width);
    expect(editBox.x - label).toBeGreaterThan(80);
    // A destructive act on a row is outlined in red; a filled red button is only a dialog's confirm.
    const removeStyle = await remove.evaluate((element) => ({
      fill: getComputedStyle(element).backgroundColor,
      line: getComputedStyle(element).borderTopColor,
    }));
    expect(removeStyle.fill).not.toBe(removeStyle.line);
    for (const button of [edit, remove]) {
      const lines = await button.evaluate((element) => {
        const text = document.createRange();
        text.selectNodeContents(element);
        return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size;
      });
      expect(lines).toBe(1);
    }
  });

  it("an admin sees no edit or delete controls an owner alone may use, and is told why; the owner sees them, but cannot delete themself", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/users");
    await admin.getByText("Only an owner can change or delete users; admins can add them.").waitFor();
    await admin.getByRole("row", { name: new RegExp(fixture.users.member.email) }).waitFor();
    expect(await admin.getByRole("button", { name: /^(Edit|Delete) / }).count()).toBe(0);
    expect(await admin.getByRole("columnheader", { name: "Actions" }).count()).toBe(0);
    await admin.getByRole("button", { name: "Add user" }).waitFor();

    await admin.goto("/admin/teams");
    await admin.getByRole("button", { name: `Members of ${fixture.teams.a.name}` }).click();
    await admin.getByText(/Only an owner can change a member's team role/).waitFor();
    await admin.getByRole("row", { name: new RegExp(fixture.users.member.email) }).waitFor();
    expect(await admin.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    expect(await admin.getByRole("combobox", { name: /^Team role of/ }).count()).toBe(0);

    const owner = await signInAs(await harness.newContext(), fixture.tenant.slug, "owner", "/admin/users");
    await owner.getByRole("button", { name: `Edit ${fixture.users.member.name}` }).waitFor();
    await owner.getByRole("button", { name: `Delete ${fixture.users.member.name}` }).waitFor();
    await owner.getByRole("button", { name: `Edit ${fixture.users.owner.name}` }).waitFor();
    expect(await owner.getByRole("button", { name: `Delete ${fixture.users.owner.name}` }).count()).toBe(0);
    await expectAccessible(owner, "admin users as owner");
  });
});
