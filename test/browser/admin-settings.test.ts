import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { cssVariable, expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** Tenant settings, users, teams and the audit log through the admin panel. */
describe("browser: admin settings, users, teams and audit", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let ownerApi: ApiClient;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    ownerApi = await signIn(harness.app, fixture.tenant.slug, "owner");
  });
  afterAll(() => harness?.close());

  it("an admin switches the theme and overrides the accent: the board changes colour, for members too", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    await admin.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    await expectAccessible(admin, "admin settings");
    expect(await cssVariable(admin, "--primary")).toBe("#1e3a8a");

    await admin.getByRole("radio", { name: "Modern purple" }).check();
    await admin.getByLabel("Accent colour override").fill("#be123c");
    await admin.getByRole("button", { name: "Save branding" }).click();
    await admin.getByText("Branding saved.").waitFor();
    // Applied at once, without a reload.
    expect(await cssVariable(admin, "--primary")).toBe("#6d28d9");
    expect(await cssVariable(admin, "--accent")).toBe("#be123c");

    const stored = (await ownerApi.get("/admin/tenant-settings")).body;
    expect(stored.branding).toMatchObject({ theme: "modern-purple", accentColor: "#be123c", primaryColor: null });

    const other = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
    await other.getByRole("heading", { level: 1, name: fixture.teams.a.name }).waitFor();
    await expect
      .poll(() => other.locator(".app-header").evaluate((element) => getComputedStyle(element).backgroundColor), { timeout: 10_000 })
      .toBe("rgb(109, 40, 217)");
    expect(await cssVariable(other, "--accent")).toBe("#be123c");
    await expectAccessible(other, "team board in modern purple");
    // The sign-in page is themed too: a visitor of this organisation sees the same colours.
    const visitorContext = await harness.browser.newContext({ baseURL: harness.baseUrl, extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug } });
    const visitor = await visitorContext.newPage();
    await visitor.goto("/login");
    await visitor.getByRole("heading", { name: "Sign in to Team Q&A" }).waitFor();
    await expect.poll(() => cssVariable(visitor, "--primary"), { timeout: 10_000 }).toBe("#6d28d9");
    await visitorContext.close();

    // Every theme keeps the header readable, the current page's menu link included.
    await admin.getByRole("radio", { name: "Refined teal" }).check();
    await admin.getByRole("button", { name: "Save branding" }).click();
    await expect.poll(() => cssVariable(admin, "--primary"), { timeout: 10_000 }).toBe("#0f766e");
    await expectAccessible(admin, "admin settings in refined teal");
  });

  it("a logo and favicon set by the admin appear across the app", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    await admin.getByLabel("Logo URL").fill("https://cdn.example.com/logo.png");
    await admin.getByLabel("Favicon URL").fill("https://cdn.example.com/favicon.png");
    await admin.getByRole("button", { name: "Save branding" }).click();
    await admin.getByText("Branding saved.").waitFor();
    await expect(admin.getByRole("banner").getByRole("img").getAttribute("src")).resolves.toBe("https://cdn.example.com/logo.png");
    await expect(admin.locator('link[rel="icon"]').getAttribute("href")).resolves.toBe("https://cdn.example.com/favicon.png");
    // A member's browser, with the organisation's name as the logo's text alternative.
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
    await member
      .getByRole("banner")
      .getByRole("img", { name: `${fixture.tenant.name} logo` })
      .waitFor();
    await expect(member.locator('link[rel="icon"]').getAttribute("href")).resolves.toBe("https://cdn.example.com/favicon.png");
  });

  it("an invalid setting is explained and nothing is saved", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    const shortest = admin.getByLabel("Shortest question (characters)");
    await shortest.fill("500");
    await admin.getByLabel("Longest question (characters)").fill("100");
    await admin.getByRole("button", { name: "Save question settings" }).click();
    await admin.getByRole("alert").waitFor();
    // On the field, in words: not the API's "must not exceed questions.maxLength".
    await expect(shortest.getAttribute("aria-invalid")).resolves.toBe("true");
    const message = await shortest.evaluate((input) =>
      (input.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent)
        .join(" "),
    );
    expect(message).toContain("Must be at most the longest question allowed (100).");
    expect((await ownerApi.get("/admin/tenant-settings")).body.questions).toEqual({ minLength: 10, maxLength: 2000 });
  });

  it("an admin closes sign-up to the organisation's domains in Settings; it is saved as entered, lower-cased", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    const policy = page.getByLabel("New people may join");
    await expect(policy.inputValue()).resolves.toBe("open");
    await policy.selectOption("domains");
    await page.getByLabel("Allowed email domains").fill("Acme.example\npartner.example");
    await expectAccessible(page, "settings: who may sign up");
    await page.getByRole("button", { name: "Save visitors and sign-up" }).click();
    await page.getByText("Visitors and sign-up saved.").waitFor();
    const saved = (await ownerApi.get("/admin/tenant-settings")).body.users;
    expect(saved).toMatchObject({ signup: "domains", allowedEmailDomains: ["acme.example", "partner.example"] });
    // Back to open for the other tests of this file.
    await policy.selectOption("open");
    await page.getByRole("button", { name: "Save visitors and sign-up" }).click();
    await page.getByText("Visitors and sign-up saved.").waitFor();
  });

  it("beside 'Allow questions without signing in', one line says what visitors can do with the current choice; closing it sends visitors to sign in", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    const control = page.getByRole("checkbox", { name: "Allow questions without signing in" });
    const description = () => control.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent ?? null);
    await expect(control.isChecked()).resolves.toBe(true);
    await expect(description()).resolves.toBe(
      "Visitors (people not signed in) can read the boards and ask questions, posted anonymously; voting needs sign-in.",
    );
    await control.uncheck();
    await expect(description()).resolves.toBe("Visitors see nothing: everyone signs in first. Signed-in people can still ask without showing their name.");
    await page.getByText("Visitors see nothing: everyone signs in first.", { exact: false }).waitFor();
    await expectAccessible(page, "settings: visitors closed");
    await page.getByRole("button", { name: "Save visitors and sign-up" }).click();
    await page.getByText("Visitors and sign-up saved.").waitFor();
    expect((await ownerApi.get("/admin/tenant-settings")).body.features.allowAnonymousQuestions).toBe(false);

    const visitorContext = await harness.browser.newContext({ baseURL: harness.baseUrl, extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug } });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${fixture.teams.a.slug}`);
    await visitor.getByRole("heading", { name: "Sign in to see this board" }).waitFor();
    await visitorContext.close();

    // Open again for the other tests of this file.
    await control.check();
    await expect(description()).resolves.toMatch(/^Visitors \(people not signed in\) can read the boards/);
    await page.getByRole("button", { name: "Save visitors and sign-up" }).click();
    await page.getByText("Visitors and sign-up saved.").waitFor();
  });

  it("Settings › Pulse and the pulse schedule show the same values after saving either", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    await admin.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    const adminSections = admin.getByRole("navigation", { name: "Admin sections" });
    const pulseSettings = admin.getByRole("form", { name: "Pulse" });
    await pulseSettings.getByLabel("Send time").fill("07:45");
    await pulseSettings.getByLabel("Cadence").selectOption("biweekly");
    await pulseSettings.getByLabel("Automatic sends on").check();
    await admin.getByRole("button", { name: "Save pulse settings" }).click();
    await admin.getByText("Pulse saved.").waitFor();

    await adminSections.getByRole("link", { name: "Pulse" }).click();
    const schedule = admin.getByRole("region", { name: "Schedule" });
    await expect.poll(() => schedule.getByLabel("Send time").inputValue(), { timeout: 10_000 }).toBe("07:45");
    await expect(schedule.getByLabel("Cadence").inputValue()).resolves.toBe("biweekly");
    await expect(schedule.getByLabel("Automatic sends on").isChecked()).resolves.toBe(true);
    await schedule.getByText(/Take turns by weekday: when off, nothing is sent automatically/).waitFor();
    await expectAccessible(admin, "admin pulse schedule");

    await schedule.getByLabel("Send time").fill("18:30");
    await schedule.getByLabel("Take turns by weekday: when off, nothing is sent automatically").uncheck();
    await schedule.getByRole("button", { name: "Save schedule" }).click();
    await schedule.getByText("Schedule saved.").waitFor();

    await adminSections.getByRole("link", { name: "Settings" }).click();
    await expect.poll(() => pulseSettings.getByLabel("Send time").inputValue(), { timeout: 10_000 }).toBe("18:30");
    await expect(pulseSettings.getByLabel("Take turns by weekday: when off, nothing is sent automatically").isChecked()).resolves.toBe(false);
    await expect(pulseSettings.getByLabel("Cadence").inputValue()).resolves.toBe("biweekly");
    // Saving another section does not send the pulse values back over the schedule's.
    const elsewhere = await ownerApi.put("/admin/pulse/schedule", {
      enabled: true,
      cadence: "monthly",
      time: "06:15",
      timezone: "Europe/Berlin",
      rotatingCohorts: true,
      numCohorts: 3,
    });
    expect(elsewhere.status).toBe(200);
    await admin.getByLabel("Shortest question (characters)").fill("12");
    await admin.getByRole("button", { name: "Save question settings" }).click();
    await admin.getByText("Questions saved.").waitFor();
    expect((await ownerApi.get("/admin/tenant-settings")).body.pulse).toMatchObject({ defaultTime: "06:15", defaultCadence: "monthly", rotatingCohorts: true });
    expect((await ownerApi.get("/admin/tenant-settings")).body.questions.minLength).toBe(12);
    await ownerApi.post("/admin/tenant-settings", { questions: { minLength: 10 } });
  });

  it("the owner adds a user, changes their role and deactivates them; the audit log shows each step", async () => {
    const owner = await signInAs(await harness.newContext(), fixture.tenant.slug, "owner", "/admin/users");
    await owner.getByRole("heading", { level: 1, name: "Users" }).waitFor();
    await owner.getByRole("button", { name: "Add user" }).click();
    const dialog = owner.getByRole("dialog", { name: "Add a user" });
    await dialog.getByLabel("Name").fill("Nora New");
    await dialog.getByLabel("Email").fill("nora@example.com");
    await dialog.getByLabel("Primary team").selectOption({ label: fixture.teams.b.name });
    await dialog.getByRole("button", { name: "Add user" }).click();
    await owner.getByRole("cell", { name: "nora@example.com", exact: true }).waitFor();
    await expectAccessible(owner, "admin users");

    await owner.getByRole("button", { name: "Edit Nora New" }).click();
    const edit = owner.getByRole("dialog", { name: "Edit Nora New" });
    await edit.getByLabel("Role").selectOption("moderator");
    await edit.getByLabel(/Deactivated/).check();
    await edit.getByRole("button", { name: "Save user" }).click();
    const row = owner.getByRole("row", { name: /Nora New/ });
    await row.getByRole("cell", { name: "moderator", exact: true }).waitFor();
    await row.getByRole("cell", { name: "Deactivated", exact: true }).waitFor();

    await owner.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Audit log" }).click();
    await owner.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    // The filters come from what the server writes: pulse, e-mail, export and token actions are there; dead entity types are not.
    const action = owner.getByLabel("Action");
    await action.locator("option", { hasText: "pulse.run" }).waitFor({ state: "attached" });
    const actions = await action.locator("option").allTextContents();
    expect(actions).toEqual(expect.arrayContaining(["pulse.run", "email.send", "data.export", "api_token.create", "every question action"]));
    const entityTypes = await owner.getByLabel("Entity type").locator("option").allTextContents();
    expect(entityTypes).toEqual(expect.arrayContaining(["pulse_run", "email", "export", "api_token"]));
    for (const dead of ["answer", "upvote", "team_member"]) expect(entityTypes).not.toContain(dead);
    await action.selectOption("user.update");
    // An action narrows the entity types to those it is written under.
    await expect.poll(() => owner.getByLabel("Entity type").locator("option").allTextContents()).toEqual(["Any type", "user"]);
    await owner.getByRole("button", { name: "Apply filters" }).click();
    await owner.getByText(/^Entries 1–1 of 1$/).waitFor();
    await owner.getByRole("button", { name: /^Show details of user.update/ }).click();
    await expect(owner.locator("pre.json").textContent()).resolves.toContain("moderator");
    await expectAccessible(owner, "audit log");
  });

  it("the audit log pages through entries 50 at a time", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/audit");
    // Enough entries for two pages: sign-ins of this file plus tag changes.
    for (let i = 0; i < 30; i += 1) {
      const created = await ownerApi.post("/admin/tags", { name: `Temp ${i}`, color: "#334155" });
      expect(created.status).toBe(201);
      expect((await ownerApi.delete(`/admin/tags/${created.body.id}`)).status).toBe(204);
    }
    await admin.reload();
    await admin.getByText(/^Entries 1–50 of \d+$/).waitFor();
    await admin.getByRole("button", { name: "Older" }).click();
    await admin.getByText(/^Entries 51–\d+ of \d+$/).waitFor();
    await admin.getByRole("button", { name: "Newer" }).click();
    await admin.getByText(/^Entries 1–50 of \d+$/).waitFor();
  });

  it("creates a team and manages its members", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/teams");
    await admin.getByRole("heading", { level: 1, name: "Teams and members" }).waitFor();
    await admin.getByLabel("Name", { exact: true }).fill("Design");
    await admin.getByRole("button", { name: "Create team" }).click();
    await admin.getByRole("button", { name: "Members of Design" }).click();
    const members = admin.getByRole("region", { name: "Members of Design" });
    await members.getByLabel("Add a member").selectOption({ label: `${fixture.users.member.name} (${fixture.users.member.email})` });
    await members.getByLabel("Team role", { exact: true }).selectOption("moderator");
    await members.getByRole("button", { name: "Add member" }).click();
    await members.getByRole("cell", { name: fixture.users.member.name, exact: true }).waitFor();
    await expectAccessible(admin, "admin teams");
    // The new team is on everyone's navigation: in the row, or under "More teams" when the row is full.
    const nav = admin.getByRole("navigation", { name: "Main" });
    const design = nav.getByRole("link", { name: "Design" });
    const more = nav.getByRole("button", { name: /^(More teams|Teams)/ });
    await expect
      .poll(async () => {
        if (await design.isVisible()) return true;
        if ((await more.count()) > 0 && (await more.getAttribute("aria-expanded")) !== "true") await more.click();
        return design.isVisible();
      })
      .toBe(true);

    // Deleting it asks in the app's dialog (Cancel keeps it), never the browser's confirm().
    let nativeDialog = false;
    admin.on("dialog", (dialog) => {
      nativeDialog = true;
      void dialog.dismiss();
    });
    await admin.getByRole("button", { name: "Delete Design" }).click();
    const confirm = admin.getByRole("dialog", { name: "Delete this team?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await admin.getByRole("button", { name: "Delete Design" }).click();
    await admin.getByRole("dialog", { name: "Delete this team?" }).getByRole("button", { name: "Delete team" }).click();
    await admin.getByRole("button", { name: "Members of Design" }).waitFor({ state: "detached" });
    expect(nativeDialog).toBe(false);
  });

  it("downloads the users as CSV and the audit log as JSON", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/data-export");
    await page.getByRole("heading", { level: 1, name: "Data export" }).waitFor();
    await expectAccessible(page, "admin data export");

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download users" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await csv.path()) ?? "", "utf8");
    expect(text.split("\n")[0]).toContain("email");
    expect(text).toContain(fixture.users.member.email);

    const [pulse] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download pulse aggregates" }).click()]);
    expect(fs.readFileSync((await pulse.path()) ?? "", "utf8").split("\n")[0]).toContain("scope");

    await page.getByRole("radio", { name: "JSON" }).check();
    const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download audit log" }).click()]);
    const entries = JSON.parse(fs.readFileSync((await json.path()) ?? "", "utf8")) as Array<{ action: string }>;
    expect(entries.some((entry) => entry.action === "user.login")).toBe(true);
  });
});
