import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** The admin panel in a real browser. */
describe("browser: admin panel", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let adminApi: ApiClient;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
  });
  afterAll(() => harness?.close());

  it("creates, renames and deletes a tag, and a duplicate name is explained", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/tags");
    await page.getByRole("heading", { level: 1, name: "Tags" }).waitFor();
    await page.getByRole("cell", { name: "Currently Presenting", exact: true }).waitFor();
    await expectAccessible(page, "admin tags");

    await page.getByLabel("Name").fill("Security");
    await page.getByLabel("Colour", { exact: true }).fill("#b91c1c");
    await page.getByRole("button", { name: "Create tag" }).click();
    await page.getByRole("cell", { name: "Security", exact: true }).waitFor();
    const created = ((await adminApi.get("/tags")).body as Array<{ name: string; color: string }>).find((tag) => tag.name === "Security");
    expect(created?.color.toLowerCase()).toBe("#b91c1c");

    await page.getByRole("button", { name: "Edit Security" }).click();
    await page.getByLabel("Name").fill("Security and privacy");
    await page.getByRole("button", { name: "Save tag" }).click();
    await page.getByRole("cell", { name: "Security and privacy", exact: true }).waitFor();

    await page.getByLabel("Name").fill("Bug");
    await page.getByRole("button", { name: "Create tag" }).click();
    await page.getByRole("alert").waitFor();
    await expect(page.getByRole("alert").textContent()).resolves.not.toBe("");

    // Confirmed in the app's own dialog, never the browser's.
    let nativeDialog = false;
    const onNative = (dialog: { dismiss(): Promise<void> }) => {
      nativeDialog = true;
      void dialog.dismiss();
    };
    page.on("dialog", onNative);
    await page.getByRole("button", { name: "Delete Security and privacy" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this tag?" });
    await confirm.getByText("Security and privacy").waitFor();
    await confirm.getByRole("button", { name: "Delete tag" }).click();
    await page.getByRole("cell", { name: "Security and privacy", exact: true }).waitFor({ state: "detached" });
    page.off("dialog", onNative);
    expect(nativeDialog).toBe(false);
    const names = ((await adminApi.get("/tags")).body as Array<{ name: string }>).map((tag) => tag.name);
    expect(names).not.toContain("Security and privacy");
  });

  it("any signed-in user creates an API token that works as a bearer token once shown, and revokes it", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", "/");
    await page
      .getByRole("banner")
      .getByRole("link", { name: new RegExp(fixture.users.member.name) })
      .click();
    await page.getByRole("heading", { level: 2, name: "Your API tokens" }).waitFor();
    await page.getByLabel("Name").fill("Reporting script");
    // A new token is read-only unless asked otherwise, and every token expires (at most 365 days).
    await expect(page.getByLabel("Access").inputValue()).resolves.toBe("read");
    await expect(page.getByLabel("Expires after (days)").getAttribute("max")).resolves.toBe("365");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.locator("code.token").textContent()) ?? "";
    expect(token.length).toBeGreaterThan(20);
    const row = page.getByRole("listitem").filter({ hasText: "Reporting script" });
    await row.getByText("Read only").waitFor();
    await row.getByText(/expires/).waitFor();
    await expectAccessible(page, "account and API tokens");

    const me = await request(harness.app.app).get("/auth/me").set("Authorization", `Bearer ${token}`);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(fixture.users.member.id);
    const write = await request(harness.app.app)
      .post("/questions")
      .set("Authorization", `Bearer ${token}`)
      .send({ teamId: fixture.teams.a.id, body: "Can a read-only token ask this?" });
    expect([write.status, write.body.error.code]).toEqual([403, "TOKEN_SCOPE"]);

    await page.getByLabel("Name").fill("Automation");
    await page.getByLabel("Access").selectOption("full");
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByRole("listitem").filter({ hasText: "Automation" }).getByText("Full access").waitFor();

    // Confirmed in the app's own dialog, never the browser's.
    let nativeDialog = false;
    page.on("dialog", (dialog) => {
      nativeDialog = true;
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Revoke Reporting script" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke this token?" });
    await confirm.getByText("Reporting script").waitFor();
    await confirm.getByRole("button", { name: "Revoke token" }).click();
    await page.getByRole("button", { name: "Revoke Reporting script" }).waitFor({ state: "detached" });
    expect(nativeDialog).toBe(false);
    expect((await request(harness.app.app).get("/auth/me").set("Authorization", `Bearer ${token}`)).status).toBe(401);
  });

  it("a moderator opening /admin is pointed to the moderation queue", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/admin");
    await page.getByText("your admin access is the").waitFor();
    await page.getByRole("main").getByRole("link", { name: "moderation queue" }).click();
    await page.getByRole("heading", { level: 1, name: "Moderation queue" }).waitFor();
  });
});
