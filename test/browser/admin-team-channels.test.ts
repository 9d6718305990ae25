import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TeamsReceiver } from "../channels/teams-receiver.js";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startFakeSlack, type FakeSlack } from "../helpers/fake-slack.js";
import { slackApp } from "../helpers/slack.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

const SIG = "browser-sig-Yh7Qw2Lp9Xz4";

/** A team's chat channels on the admin's Teams page (CONTRACT §11). */
describe("browser: a team's chat channels", () => {
  let harness: Harness;
  let fake: FakeSlack;
  let receiver: TeamsReceiver;
  let fixture: TenantFixture;
  let adminApi: ApiClient;

  beforeAll(async () => {
    fake = await startFakeSlack();
    receiver = await new TeamsReceiver().start();
    harness = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE: "true", SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "10" } });
    fixture = await createTenantFixture(harness.app.db);
    adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
  });
  afterAll(async () => {
    await harness?.close();
    await fake?.close();
    await receiver?.close();
  });

  it("sets a Slack channel and a write-only Teams URL, shows errors beside their fields, and sends a test message", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/teams");
    await page.getByRole("button", { name: "Members of Team Alpha" }).click();
    const section = page.getByRole("region", { name: "Chat channels of Team Alpha" });
    await section.getByLabel("Slack channel").waitFor();

    // Without the Slack app connected, the channel is refused beside its field.
    await section.getByLabel("Slack channel").fill("C0123ABCD");
    await section.getByRole("button", { name: "Save channels" }).click();
    await section
      .locator(".field-error")
      .getByText(/Slack app/)
      .waitFor();
    await expectAccessible(page, "admin team channels with an error");

    const slack = slackApp(fixture.tenant.slug);
    fake.allow(slack.botToken);
    await adminApi.post("/admin/tenant-settings", { slack }).expect(200);
    // A URL the server refuses: its reason beside the Teams field.
    await section.getByLabel("Microsoft Teams Workflows URL").fill("ftp://example.com/hook");
    await section.getByRole("button", { name: "Save channels" }).click();
    await section.locator(".field-error").getByText(/http/).waitFor();

    await section.getByLabel("Microsoft Teams Workflows URL").fill(receiver.url(SIG));
    await section.getByRole("button", { name: "Save channels" }).click();
    await section.getByText("A URL is stored. It is never shown again: paste a new one to replace it.").waitFor();
    await expect(section.getByLabel("Microsoft Teams Workflows URL").inputValue()).resolves.toBe("");
    expect(await page.content()).not.toContain(SIG);
    expect((await adminApi.get(`/admin/teams/${fixture.teams.a.id}/channels`).expect(200)).body).toEqual({ slackChannel: "C0123ABCD", teamsWebhookSet: true });

    await section.getByRole("button", { name: "Send a test message" }).click();
    await section.getByText("Slack: posted. Teams: posted").waitFor();
    expect(receiver.posted).toHaveLength(1);
    expect(fake.messages.map((message) => message.channel)).toEqual(["C0123ABCD"]);
    await expectAccessible(page, "admin team channels");

    // Removing the stored URL: the checkbox, then Save.
    await section.getByLabel("Remove the stored Teams URL").check();
    await section.getByRole("button", { name: "Save channels" }).click();
    await section.getByText(/Post to a channel when a webhook request is received/).waitFor();
    expect((await adminApi.get(`/admin/teams/${fixture.teams.a.id}/channels`).expect(200)).body.teamsWebhookSet).toBe(false);
  });
});
