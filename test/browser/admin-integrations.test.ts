import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startFakeSlack, type FakeSlack } from "../helpers/fake-slack.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

const PHONE = { width: 390, height: 844 };
const SLACK = { botToken: "xoxb-1111-2222-browser-test-token", signingSecret: "8f14e45fceea167a5a36dedd4bea2543" };

const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The message under a field or beside a checkbox, as its aria-describedby names it. */
const fieldError = (page: Page, label: string) =>
  page.evaluate((name) => {
    const field = [...document.querySelectorAll("label")].find((label) => label.textContent?.trim() === name);
    const input = field && (field.htmlFor ? document.getElementById(field.htmlFor) : field.querySelector("input"));
    const ids = input?.getAttribute("aria-describedby")?.split(" ") ?? [];
    return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains("field-error"))?.textContent ?? null;
  }, label);

/** Admin › Integrations › Slack (CONTRACT §11), and the pulse's Slack switch in Settings. */
describe("browser: the integrations section of the admin panel", () => {
  let harness: Harness;
  let fake: FakeSlack;

  beforeAll(async () => {
    fake = await startFakeSlack();
    harness = await startHarness({ env: { SLACK_API_URL: fake.url } });
  });
  afterAll(async () => {
    await harness?.close();
    await fake?.close();
  });

  const newTenant = async (): Promise<{ fixture: TenantFixture; adminApi: ApiClient }> => {
    const fixture = await createTenantFixture(harness.app.db);
    return { fixture, adminApi: await signIn(harness.app, fixture.tenant.slug, "admin") };
  };
  const slackOf = async (api: ApiClient) => (await api.get("/admin/tenant-settings").expect(200)).body.slack;

  it("an admin connects Slack: both values needed, never shown back, Connected; the request URL and the manifest copy", async () => {
    const { fixture, adminApi } = await newTenant();
    const context = await harness.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.baseUrl });
    const page = await signInAs(context, fixture.tenant.slug, "admin", "/admin/integrations");
    await page.getByRole("heading", { level: 1, name: "Integrations" }).waitFor();
    const sections = await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link").allTextContents();
    expect(sections.slice(sections.indexOf("Provisioning (SCIM)"), sections.indexOf("Provisioning (SCIM)") + 2)).toEqual([
      "Provisioning (SCIM)",
      "Integrations",
    ]);
    const card = page.getByRole("region", { name: "Slack" });
    await card.getByText("Not connected", { exact: true }).waitFor();
    await expect(card.getByRole("button", { name: "Disconnect Slack" }).count()).resolves.toBe(0);
    await expectAccessible(page, "integrations, Slack not connected");

    // What to paste at Slack: the request URL on the server's own address, also inside the manifest.
    const requestUrl = `${harness.baseUrl}/integrations/slack/interactions`;
    await card.getByText(requestUrl, { exact: true }).waitFor();
    await card.getByRole("button", { name: "Copy interactivity request URL" }).click();
    await card.getByRole("button", { name: "Copied interactivity request URL" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(requestUrl);
    await card.getByRole("button", { name: "Copy app manifest" }).click();
    await card.getByRole("button", { name: "Copied app manifest" }).waitFor();
    const manifest = await page.evaluate(() => navigator.clipboard.readText());
    expect(manifest).toContain(`interactivity: { is_enabled: true, request_url: "${requestUrl}" }`);
    expect(manifest).toContain("oauth_config: { scopes: { bot: [chat:write, im:write, users:read, users:read.email] } }");
    await expect(card.locator("pre").textContent()).resolves.toBe(manifest);

    // A first connection needs both values, and the bot token is the xoxb- one.
    await card.getByRole("button", { name: "Connect Slack" }).click();
    await card.getByText("Not saved: 2 fields need a change (marked above).").waitFor();
    expect(await fieldError(page, "Signing Secret")).toBe("Paste the Signing Secret of your Slack app.");
    await card.getByLabel("Bot User OAuth Token").fill("xapp-1-not-the-bot-token");
    await card.getByLabel("Signing Secret").fill(SLACK.signingSecret);
    await card.getByRole("button", { name: "Connect Slack" }).click();
    await card.getByText("Not saved: one field needs a change (marked above).").waitFor();
    expect(await fieldError(page, "Bot User OAuth Token")).toMatch(/^A bot token starts with xoxb-/);
    expect(await slackOf(adminApi)).toBeNull();

    await card.getByLabel("Bot User OAuth Token").fill(SLACK.botToken);
    expect(await fieldError(page, "Bot User OAuth Token")).toBeNull();
    await card.getByRole("button", { name: "Connect Slack" }).click();
    await card.getByText("Slack connected.").waitFor();
    await card.getByText("Connected", { exact: true }).waitFor();
    await card.getByText("A token is stored. Leave empty to keep it").waitFor();
    await card.getByText("A signing secret is stored. Leave empty to keep it").waitFor();
    await expect(card.getByLabel("Bot User OAuth Token").inputValue()).resolves.toBe("");
    await expect(card.getByLabel("Signing Secret").inputValue()).resolves.toBe("");
    await expect(card.getByLabel("Bot User OAuth Token").getAttribute("type")).resolves.toBe("password");
    expect(await slackOf(adminApi)).toEqual({ botTokenSet: true, signingSecretSet: true });

    // A new signing secret alone replaces that one and keeps the token.
    await expect(card.getByRole("button", { name: "Save Slack" }).isDisabled()).resolves.toBe(true);
    await card.getByLabel("Signing Secret").fill("0cc175b9c0f1b6a831c399e269772661");
    await card.getByRole("button", { name: "Save Slack" }).click();
    await card.getByText("Slack saved.").waitFor();
    expect(await slackOf(adminApi)).toEqual({ botTokenSet: true, signingSecretSet: true });
    await page.reload();
    await card.getByText("Connected", { exact: true }).waitFor();
    for (const secret of [SLACK.botToken, SLACK.signingSecret, "0cc175b9c0f1b6a831c399e269772661"]) expect(await page.content()).not.toContain(secret);
    await expectAccessible(page, "integrations, Slack connected");
  });

  it("the pulse's Slack switch needs Slack connected; disconnecting is refused while it is on and allowed once it is off", async () => {
    const { fixture, adminApi } = await newTenant();
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    const pulse = page.getByRole("form", { name: "Pulse" });
    const toggle = pulse.getByRole("checkbox", { name: "Send invites in Slack direct messages" });
    await toggle.waitFor();
    await expect(toggle.isDisabled()).resolves.toBe(true);
    await expect(pulse.getByRole("link", { name: "Admin › Integrations" }).getAttribute("href")).resolves.toBe("/admin/integrations");
    await expectAccessible(page, "settings, Slack invites unavailable");

    await adminApi.post("/admin/tenant-settings", { slack: SLACK }).expect(200);
    await page.reload();
    await expect(toggle.isDisabled()).resolves.toBe(false);
    await toggle.check();
    // Disconnected elsewhere before this save: the server's refusal stands beside the switch.
    await adminApi.post("/admin/tenant-settings", { slack: null }).expect(200);
    await pulse.getByRole("button", { name: "Save pulse settings" }).click();
    await pulse.getByText("Not saved: one field needs a change (marked above).").waitFor();
    expect(await fieldError(page, "Send invites in Slack direct messages")).toBe("Connect Slack in Admin › Integrations first.");
    await expect(toggle.getAttribute("aria-invalid")).resolves.toBe("true");

    await adminApi.post("/admin/tenant-settings", { slack: SLACK }).expect(200);
    await pulse.getByRole("button", { name: "Save pulse settings" }).click();
    await pulse.getByText("Pulse saved.").waitFor();
    expect((await adminApi.get("/admin/tenant-settings").expect(200)).body.pulse.channelSlack).toBe(true);

    // Refused while pulse invites go to Slack, with what to do about it.
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Integrations" }).click();
    const card = page.getByRole("region", { name: "Slack" });
    await card.getByRole("button", { name: "Disconnect Slack" }).click();
    const dialog = page.getByRole("dialog", { name: "Disconnect Slack?" });
    await dialog.getByText("While pulse invites go to Slack, Slack cannot be disconnected").waitFor();
    await expectAccessible(page, "disconnect Slack dialog");
    await dialog.getByRole("button", { name: "Disconnect Slack" }).click();
    await card.getByText("Pulse invites go to Slack, so Slack stays connected. Turn off “Send invites in Slack direct messages”").waitFor();
    expect(await slackOf(adminApi)).toEqual({ botTokenSet: true, signingSecretSet: true });
    await card.getByText("Connected", { exact: true }).waitFor();

    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Settings" }).click();
    await toggle.uncheck();
    await pulse.getByRole("button", { name: "Save pulse settings" }).click();
    await pulse.getByText("Pulse saved.").waitFor();
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Integrations" }).click();
    await card.getByRole("button", { name: "Disconnect Slack" }).click();
    await dialog.getByRole("button", { name: "Disconnect Slack" }).click();
    await card.getByText("Slack disconnected.").waitFor();
    await card.getByText("Not connected", { exact: true }).waitFor();
    expect(await slackOf(adminApi)).toBeNull();
  });

  it("with e-mail and Slack invites both off, “Send today's pulse now” says so instead of sending", async () => {
    const fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true, channelEmail: false } } });
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/pulse");
    await page.getByRole("button", { name: "Send today's pulse now…" }).click();
    const dialog = page.getByRole("dialog", { name: "Nobody to invite today" });
    await dialog.getByText("Both email and Slack invites are off in Settings › Pulse, so there is no way to reach people.", { exact: false }).waitFor();
  });

  it("Test connection: offered once Slack is saved; says where the app is installed, or why Slack refuses it", async () => {
    const { fixture, adminApi } = await newTenant();
    const page = await signInAs(await harness.newContext({ viewport: PHONE, isMobile: true }), fixture.tenant.slug, "admin", "/admin/integrations");
    const card = page.getByRole("region", { name: "Slack" });
    const testButton = card.getByRole("button", { name: "Test connection" });
    await testButton.waitFor();
    await expect(testButton.isDisabled()).resolves.toBe(true);
    await card.getByText("Connect first: the test uses the saved values.").waitFor();

    await adminApi.post("/admin/tenant-settings", { slack: SLACK }).expect(200);
    await page.reload();
    await testButton.click();
    await card.getByText("Slack refused the bot token (invalid_auth).").waitFor();

    fake.allow(SLACK.botToken);
    const posted = fake.messages.length;
    await testButton.click();
    await card.getByText("Slack accepts the app: it is installed in Example Workspace as @teamqa, with every scope it needs.").waitFor();
    expect(fake.messages).toHaveLength(posted);
    await fitsWidth(page, PHONE.width);
    await expectAccessible(page, "integrations, Slack connection tested");
  });

  it("a member and a moderator cannot reach it", async () => {
    const { fixture } = await newTenant();
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", "/admin/integrations");
    await member.getByRole("heading", { name: "Not allowed" }).waitFor();
    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/admin/integrations");
    await moderator.getByRole("main").getByRole("link", { name: "moderation queue" }).waitFor();
    for (const page of [member, moderator]) {
      await expect(page.getByRole("region", { name: "Slack" }).count()).resolves.toBe(0);
      await expect(page.getByRole("link", { name: "Integrations" }).count()).resolves.toBe(0);
    }
  });

  for (const colorScheme of ["light", "dark"] as const) {
    it(`fits a 390px phone in ${colorScheme}, the manifest scrolling within its box`, async () => {
      const { fixture, adminApi } = await newTenant();
      await adminApi.post("/admin/tenant-settings", { slack: SLACK }).expect(200);
      const page = await signInAs(await harness.newContext({ viewport: PHONE, isMobile: true }), fixture.tenant.slug, "admin", "/admin/integrations");
      await page.emulateMedia({ colorScheme });
      await page.getByRole("heading", { level: 1, name: "Integrations" }).waitFor();
      await page.getByRole("region", { name: "Slack" }).getByText("Connected", { exact: true }).waitFor();
      await page.getByText("Admin: Integrations").waitFor();
      await fitsWidth(page, PHONE.width);
      const manifest = page.locator("pre");
      expect(await manifest.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await expectAccessible(page, `integrations on a phone (${colorScheme})`, { scheme: colorScheme });
    });
  }
});
