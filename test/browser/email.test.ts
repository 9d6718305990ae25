import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailWorker } from "../../src/modules/email/email.worker.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import type { TestApp } from "../helpers/app.js";
import { smtpEnv, startWorker } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** The email admin in a real browser, with BullMQ on Redis, a worker and a local SMTP server. */
describe("browser: email admin", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let sink: SmtpSink;
  let worker: EmailWorker;
  let serverBusy = true;

  beforeAll(async () => {
    sink = await startSmtpSink({
      // "busy" addresses are deferred while serverBusy: three attempts, then a failed job.
      rejectRecipient: (address) => (address.startsWith("busy") && serverBusy ? { code: 451, message: "4.7.1 Too many messages, slow down" } : null),
    });
    harness = await startHarness({ emailQueue: "bullmq", env: smtpEnv(sink.port) });
    worker = startWorker(harness.app as unknown as TestApp<BullEmailQueue>);
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(async () => {
    await worker?.close();
    await harness?.close();
    await sink?.close();
  });

  it("sends a direct email to the people named, and shows the queue's metrics", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/email");
    await page.getByRole("heading", { level: 1, name: "Email" }).waitFor();
    await page.locator(".metric", { hasText: "completed" }).waitFor();
    await expectAccessible(page, "admin email");

    await page.getByLabel("To").fill(`${fixture.users.member.email}, ${fixture.users.viewer.email}`);
    await page.getByLabel("Subject").fill("All-hands moved to Thursday");
    await page.getByLabel("Message").fill("See you at 10:00 in the big room.");
    await page.getByRole("button", { name: "Queue email" }).click();
    await page.getByText("Queued 2 emails.").waitFor();
    const delivered = await sink.waitForMessages(2);
    expect(delivered.map((message) => message.subject)).toEqual(["All-hands moved to Thursday", "All-hands moved to Thursday"]);
    await page.reload();
    await expect
      .poll(async () => Number(await page.locator(".metric", { hasText: "completed" }).locator(".metric-value").textContent()), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
  });

  it("lists a failed job with its reason and attempts, and Retry sends it once the server accepts", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/email");
    await page.getByLabel("To").fill("busy@example.org");
    await page.getByLabel("Subject").fill("Quarterly numbers");
    await page.getByLabel("Message").fill("Attached are the numbers.");
    await page.getByRole("button", { name: "Queue email" }).click();
    await page.getByText("Queued 1 email.").waitFor();

    const failed = page.getByRole("table", { name: "Failed email jobs" });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { level: 1, name: "Email" }).waitFor();
          return failed.getByRole("row", { name: /Rate limit exceeded/ }).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    const row = failed.getByRole("row", { name: /Rate limit exceeded/ });
    await row.getByRole("cell", { name: "3", exact: true }).waitFor();
    await expectAccessible(page, "admin email with a failed job");

    serverBusy = false;
    await row.getByRole("button", { name: /^Retry job / }).click();
    await sink.waitForMessages(3);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { level: 1, name: "Email" }).waitFor();
          return page.getByText("No failed jobs.").count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
  });
});
