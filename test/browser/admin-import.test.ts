import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, expectAccessibleInBothSchemes, signInAs, startHarness, type Harness } from "./harness.js";

/** Admin › Users › Import from CSV (CONTRACT §10): the rows are checked and shown before anything is imported. */
describe("browser: importing people from CSV", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(() => harness?.close());

  it("a file is previewed, errors first; an error row blocks the import, and a clean file imports", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/users");
    const section = page.getByRole("region", { name: "Import from CSV" });
    await section.waitFor();

    const [template] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download the template" }).click()]);
    expect(template.suggestedFilename()).toBe("people-template.csv");
    expect(fs.readFileSync((await template.path()) ?? "", "utf8").split("\r\n")[0]).toBe("email,name,role,team");

    const [first, second] = [unique("ada"), unique("grace")];
    await section.getByLabel("Choose a CSV file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`email,name,role,team\n${first},Ada Lovelace,member,Team Alpha\n${second},"=cmd()",member,\n`),
    });
    await section.getByText("2 rows: 1 error, 1 new, 0 changed, 0 unchanged").waitFor();
    const bodyRows = section.locator("tbody tr");
    expect(await bodyRows.first().textContent()).toContain(second);
    expect(await bodyRows.first().textContent()).toContain("formula");
    const importButton = section.getByRole("button", { name: /^Import 1 person/ });
    expect(await importButton.isDisabled()).toBe(true);
    await section.getByText("nothing is imported while any row has an error", { exact: false }).waitFor();
    await expectAccessibleInBothSchemes(page, "CSV import preview with an error");
    expect(await harness.app.db("users").where({ tenant_id: fixture.tenant.id, email: first }).first()).toBeUndefined();

    // Fixed in the pasted text, checked again, imported.
    await section
      .getByLabel("Or paste the rows, header first")
      .fill(`email,name,role,team\n${first},Ada Lovelace,member,Team Alpha\n${second},Grace Hopper,viewer,\n`);
    await section.getByRole("button", { name: "Check the rows" }).click();
    await section.getByText("2 rows: 2 new, 0 changed, 0 unchanged").waitFor();
    await section.getByRole("button", { name: "Import 2 people" }).click();
    await section.getByText("Imported: 2 new, 0 changed.").waitFor();
    await page
      .getByRole("row", { name: new RegExp(second) })
      .first()
      .waitFor();
    expect(await harness.app.db("users").where({ tenant_id: fixture.tenant.id, email: first }).first()).toMatchObject({
      name: "Ada Lovelace",
      primary_team_id: fixture.teams.a.id,
    });
  });

  it("on a 390×844 phone the preview rows are cards that fit", async () => {
    const page = await signInAs(
      await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true }),
      fixture.tenant.slug,
      "owner",
      "/admin/users",
    );
    const section = page.getByRole("region", { name: "Import from CSV" });
    await section
      .getByLabel("Or paste the rows, header first")
      .fill(
        `email,name,role,team\n${unique("a-rather-long-address-for-a-small-screen")},Phone Person,member,Nowhere\n${fixture.users.member.email},${fixture.users.member.name},member,alpha\n`,
      );
    await section.getByRole("button", { name: "Check the rows" }).click();
    await section.getByText("2 rows: 1 error, 0 new, 0 changed, 1 unchanged").waitFor();
    const card = section.locator("tbody tr").first();
    expect(await card.locator("td").nth(3).getAttribute("data-label")).toBe("Details");
    expect((await card.boundingBox())?.width ?? Infinity).toBeLessThanOrEqual(390);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, "CSV import preview on a phone");
  });
});
