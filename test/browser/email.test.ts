import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailWorker } from "../../src/modules/email/email.worker.js";
import { DEV_QUEUE_MAX_WAITING } from "../../src/platform/queue.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { signIn, type TestApp } from "../helpers/app.js";
import { smtpEnv, startWorker } from "../helpers/email.js";
import { createTenantFixture, insertUser, questionBody, type TenantFixture } from "../helpers/factories.js";
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
    // A worker consumes the queue here: no warning that emails are not sent.
    expect(await page.getByText("Emails are not being sent").count()).toBe(0);
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

  it("shows a failed answered email of an anonymous question as hidden: the author of an anonymous question, never its address", async () => {
    const author = await insertUser(harness.app.db, fixture.tenant.id, { teamId: fixture.teams.a.id, email: `busy-${randomUUID().slice(0, 8)}@example.org` });
    const [admin, moderator, member] = await Promise.all(
      ["admin", "moderator", author.username].map((username) => signIn(harness.app, fixture.tenant.slug, username)),
    );
    await admin!.post("/admin/tenant-settings", { features: { enableEmailNotifications: true } }).expect(200);
    serverBusy = true;
    const { id } = (await member!.post("/questions", { body: questionBody(), teamId: fixture.teams.a.id, anonymous: true }).expect(201)).body;
    await moderator!.post(`/questions/${id}/answer`, { responseText: "Next week." }).expect(200);

    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/email");
    const failed = page.getByRole("table", { name: "Failed email jobs" });
    const row = failed.getByRole("row", { name: /question-answered/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { level: 1, name: "Email" }).waitFor();
          return row.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await row.getByRole("cell", { name: "hidden: the author of an anonymous question" }).waitFor();
    expect(await failed.textContent()).not.toContain(author.email);
    await expectAccessible(page, "admin email with a hidden recipient");
    serverBusy = false;
  });
});

/** Development's default: the in-memory queue and no worker. The page must say that nothing is sent. */
describe("browser: email admin in development (no worker)", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("says in plain words that emails are not being sent and how to turn the worker on, and what the bounded queue dropped", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/email");
    await page.getByRole("heading", { level: 1, name: "Email" }).waitFor();
    const warning = page.getByRole("status").filter({ hasText: "Emails are not being sent." });
    await warning.waitFor();
    const text = await warning.textContent();
    expect(text).toContain("No email worker is running, so queued emails wait here and nobody receives them.");
    // Who can fix it and what to ask for, in words an admin can pass on; no server variable names.
    expect(text).toContain("Ask whoever runs this service for you to turn on email sending");
    expect(text).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}/);
    await page.getByText(`keeps only the newest ${DEV_QUEUE_MAX_WAITING.toLocaleString("en-US")} waiting emails`).waitFor();
    expect(await page.getByText("were dropped and will never be sent").count()).toBe(0);
    await expectAccessible(page, "admin email without a worker");

    // A development server that has run the daily pulse for a long time: the oldest jobs go, and the page says so.
    await harness.app.queue.addBulk(
      Array.from({ length: DEV_QUEUE_MAX_WAITING + 3 }, () => ({
        name: "pulse-invite" as const,
        data: { tenantId: fixture.tenant.id, inviteId: "4f9d3f0e-8f43-4a8e-9a51-2b1d5b7c9e10" },
      })),
    );
    await page.reload();
    await page.getByText("3 older emails of this organisation were dropped and will never be sent.").waitFor();
    expect(Number(await page.locator(".metric", { hasText: "waiting" }).locator(".metric-value").textContent())).toBe(DEV_QUEUE_MAX_WAITING);
  });

  it("a direct email over the hourly recipient limit shows the limit, what is left and when to try again", async () => {
    const admin = await signIn(harness.app, fixture.tenant.slug, "admin");
    await admin.post("/admin/tenant-settings", { security: { rateLimits: { emailRecipientsPerHour: 3 } } }).expect(200);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/email");
    const send = async (to: string) => {
      await page.getByLabel("To").fill(to);
      await page.getByLabel("Subject").fill("Office closed on Friday");
      await page.getByLabel("Message").fill("The office is closed on Friday.");
      await page.getByRole("button", { name: "Queue email" }).click();
    };
    await send("a@example.org, b@example.org");
    await page.getByText("Queued 2 emails.").waitFor();
    await send("c@example.org, d@example.org");
    const refused = page.getByRole("alert").filter({ hasText: "recipients per hour" });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(
      /This organisation may email at most 3 recipients per hour: 1 is left for now, and this email names 2\. Try again in (59|60) minutes, or send to fewer people\./,
    );
    // The form keeps what was typed, so the admin can trim the list.
    expect(await page.getByLabel("To").inputValue()).toBe("c@example.org, d@example.org");
    await expectAccessible(page, "admin email over the recipient limit");
  });
});
