import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock, signIn } from "../helpers/app.js";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";
import { expectAccessible, startHarness, type Harness } from "./harness.js";

const PHONE = { width: 390, height: 844 };
const K = 3;

/**
 * CONTRACT §5 "Comments", the respondent's side in Chromium on a phone: the e-mail's link, the
 * comment and the follow-up questions on the thank-you page, then the private conversation page
 * as the leads reply. The pages are plain HTML forms (no script of their own).
 */
describe("browser: the respondent's comment and conversation", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let questionId: string;
  // Far ahead of the real date: other files' sweeps never find this file's held answers due.
  const clock = new ManualClock("2099-08-11T09:00:00Z");

  beforeAll(async () => {
    harness = await startHarness({ clock });
    fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true, anonThreshold: K, minTenureDays: 0 } } });
    questionId = await addPulseQuestion(harness.app.db, fixture.tenant.id, { text: "How manageable was your workload this week?" });
    await addPulseQuestion(harness.app.db, fixture.tenant.id, { text: "Do you feel recognised for your work?" });
  });
  afterAll(() => harness?.close());

  /** axe in the light scheme and the dark one: the server's pages follow the device's preference by media query. */
  async function accessibleInBothSchemes(page: Page, screen: string) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expectAccessible(page, `${screen} (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  async function linkFor(score: number): Promise<string> {
    const person = await insertUser(harness.app.db, fixture.tenant.id, { teamId: fixture.teams.a.id });
    const { token } = await addInvite(harness.app.db, {
      tenantId: fixture.tenant.id,
      userId: person.id,
      questionId,
      teamId: fixture.teams.a.id,
      sentAt: clock.now(),
    });
    return `/pulse/respond?token=${token}&score=${score}`;
  }

  it("taps a score, adds a comment and a follow-up answer, then reads the lead's reply and answers as a colleague", async () => {
    const context = await harness.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(await linkFor(2));
    await page.getByRole("heading", { name: "Thank you, your response was recorded" }).waitFor();
    await page.getByText(new RegExp(`leads will read your comment together with the answers of at least ${K - 1} other people`)).waitFor();

    // A follow-up question answered with one tap.
    await page.getByRole("heading", { name: "One more quick question (optional)" }).waitFor();
    await page.getByRole("button", { name: "4", exact: true }).click();
    await page.getByRole("heading", { name: "Your private conversation" }).waitFor();
    await page.getByText("Answered, thank you.").waitFor();
    const address = new URL(page.url()).pathname;
    expect(address).toMatch(/^\/pulse\/conversation\/[A-Za-z0-9_-]{100,}$/);

    await page.getByLabel("Your comment").fill("Too many meetings, no time left to build.");
    await page.getByRole("button", { name: "Send comment" }).click();
    await page.getByText("Too many meetings, no time left to build.").waitFor();
    await page.getByText(/^Waiting, sealed/).waitFor();
    await accessibleInBothSchemes(page, "the private conversation, waiting");

    // Two more answers of the team release the batch, and the comment with it.
    for (const score of [3, 4]) await (await context.newPage()).goto(await linkFor(score));
    clock.advance(SCANNER_WINDOW_MS + 1000);
    await harness.app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
    const lead = await signIn(harness.app, fixture.tenant.slug, "moderator");
    const listed = await lead.get(`/pulse/comments?team=${fixture.teams.a.id}`).expect(200);
    const comment = listed.body.items.find((item: { body: string }) => item.body.startsWith("Too many meetings"));
    await lead.post(`/pulse/comments/${comment.id}/replies`, { body: "Which meetings would you drop first?" }).expect(201);

    await page.goto(address);
    await page.getByText("Which meetings would you drop first?").waitFor();
    await page.getByText(/a lead of your team/).waitFor();
    await page.getByLabel("Answer your leads").fill("The Thursday status meeting.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("The Thursday status meeting.").waitFor();
    expect(await page.locator(".thread li.mine .who").first().textContent()).toMatch(/^You/);
    await accessibleInBothSchemes(page, "the private conversation with replies");
    await context.close();
  });
});
