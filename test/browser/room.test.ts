import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { askQuestion, createTenantFixture, insertQuestion, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** The board as a room uses it: phones first, where to join, what is on screen, and one's own questions. */
describe("browser: the room on the board", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let moderatorApi: ApiClient;
  let board: string;
  let presentingTagId: string;

  const card = (page: Page, body: string) => page.getByRole("article", { name: body });
  const waitLive = (page: Page) => page.getByRole("banner").getByText("Live", { exact: true }).waitFor();
  const inViewport = async (page: Page, body: string) => {
    const box = await card(page, body).boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    return box !== null && box.y >= 0 && box.y + Math.min(box.height, 40) <= height;
  };

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    board = `/${fixture.teams.a.slug}`;
    // Enough questions that a new one under "Most votes" lands far below the first screen.
    for (let index = 0; index < 14; index += 1) {
      await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, {
        body: `Seeded question number ${index + 1} about the quarterly planning?`,
        upvoteCount: 30 - index,
      });
    }
    await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, {
      body: "Which teams ship the new billing flow first?",
      responseText: "Payments.",
    });
    const tags = (await moderatorApi.get("/tags").expect(200)).body as Array<{ id: string; name: string }>;
    presentingTagId = tags.find((tag) => tag.name === "Currently Presenting")?.id ?? "";
    expect(presentingTagId).not.toBe("");
  });
  afterAll(() => harness?.close());

  it("on a 390×844 phone: a slim sticky header, a one-line ask that opens on tap, counted tabs, questions on the first screen", async () => {
    const context = await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await signInAs(context, fixture.tenant.slug, "member", board);
    const first = page.getByRole("article").first();
    await first.waitFor();

    const header = await page.getByRole("banner").boundingBox();
    expect(header?.height ?? Infinity).toBeLessThanOrEqual(56);
    const firstBox = await first.boundingBox();
    expect((firstBox?.y ?? Infinity) + 60).toBeLessThan(844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // Counts for the whole team, whatever the filters: 14 open, 1 answered.
    await page.getByRole("button", { name: "Open 14" }).waitFor();
    await page.getByRole("button", { name: "Answered 1" }).waitFor();

    // One line until tapped; the counter and the button come with the tap.
    const ask = page.getByLabel("Your question");
    expect((await ask.boundingBox())?.height ?? Infinity).toBeLessThan(50);
    expect(await page.getByRole("button", { name: "Ask question" }).count()).toBe(0);
    await ask.click();
    await page.getByRole("button", { name: "Ask question" }).waitFor();
    expect((await ask.boundingBox())?.height ?? 0).toBeGreaterThan(60);

    // The header stays at the top while the list scrolls.
    await page.getByRole("heading", { level: 1 }).click();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY > 500);
    expect((await page.getByRole("banner").boundingBox())?.y).toBe(0);
    // Asking collapses back to one line once left empty.
    expect(await page.getByRole("button", { name: "Ask question" }).count()).toBe(0);
    await expectAccessible(page, "phone board");
  });

  it("shows where to join: the address and a QR code beside the board on a computer, a Share button on a phone", async () => {
    const context = await harness.newContext();
    // A browser without a share sheet (a computer's): the address goes to the clipboard.
    await context.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await signInAs(context, fixture.tenant.slug, "viewer", board);
    const host = new URL(harness.baseUrl).host;
    const join = page.getByRole("region", { name: "Join from another device" });
    await join.getByRole("img", { name: `QR code for ${host}${board}` }).waitFor();
    await join.getByText(`${host}${board}`).waitFor();
    await page.getByRole("button", { name: "Share" }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await join.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Share" }).click();
    // No share sheet: the address goes to the clipboard, and the button says so.
    await page.getByRole("button", { name: "Link copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${harness.baseUrl}${board}`);
  });

  it("shows the question on the big screen at the top of every board, following it live, without a tag chip", async () => {
    const [first, second] = (await moderatorApi.get(`/questions?team=${fixture.teams.a.slug}&limit=2`).expect(200)).body.items as Array<{
      id: string;
      body: string;
    }>;
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `${board}?status=ANSWERED`);
    await waitLive(page);
    const onScreen = page.getByRole("region", { name: "On screen now" });
    expect(await onScreen.count()).toBe(0);

    await moderatorApi.post(`/questions/${first?.id}/tags`, { tagId: presentingTagId }).expect(200);
    await onScreen.getByText(first?.body ?? "").waitFor();
    await moderatorApi.post(`/questions/${second?.id}/tags`, { tagId: presentingTagId }).expect(200);
    await onScreen.getByText(second?.body ?? "").waitFor();
    expect(await onScreen.getByText(first?.body ?? "").count()).toBe(0);

    // In the list it reads as a state ("On screen"), not as a red topic chip.
    await page.getByRole("button", { name: /^Open/ }).click();
    await card(page, second?.body ?? "")
      .getByText("On screen", { exact: true })
      .waitFor();
    expect(
      await card(page, second?.body ?? "")
        .getByText("Currently Presenting")
        .count(),
    ).toBe(0);
    await expectAccessible(page, "board with a question on screen");

    await moderatorApi.delete(`/questions/${second?.id}/tags/${presentingTagId}`).expect(200);
    await onScreen.waitFor({ state: "detached" });
  });

  it("brings the asker's new question into view and marks it; the notice fades; the author can edit and delete it", async () => {
    const asker = await signInAs(await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true }), fixture.tenant.slug, "member", board);
    const watcher = await signInAs(await harness.newContext(), fixture.tenant.slug, "viewer", board);
    await Promise.all([waitLive(asker), waitLive(watcher)]);
    const body = "Could we record the all-hands for the other time zones?";
    // The notice's 6 s are moved on on the page's clock rather than waited for.
    await asker.clock.install();
    await asker.getByLabel("Your question").fill(body);
    await asker.getByRole("button", { name: "Ask question" }).click();
    const notice = asker.getByText("Your question is on the board.");
    await notice.waitFor();
    // Fourteen questions with more votes are above it: it is scrolled to, not left below the fold.
    await expect.poll(() => inViewport(asker, body), { timeout: 5000 }).toBe(true);
    await card(asker, body).getByText("You asked").waitFor();
    expect(await card(asker, body).evaluate((element) => element.classList.contains("is-highlighted"))).toBe(true);
    await asker.clock.fastForward(6_000);
    await notice.waitFor({ state: "detached", timeout: 10_000 });

    await card(asker, body).getByRole("button", { name: /^Edit/ }).click();
    const dialog = asker.getByRole("dialog", { name: "Edit your question" });
    const edited = "Could we record the all-hands for colleagues in other time zones?";
    await dialog.getByLabel("Your question").fill(edited);
    await dialog.getByRole("button", { name: "Save" }).click();
    await card(asker, edited).waitFor();
    await card(watcher, edited).waitFor();
    // Someone else's question has no such buttons.
    expect(await card(watcher, edited).getByRole("button", { name: /^Edit/ }).count()).toBe(0);

    await card(asker, edited)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await asker.getByRole("dialog", { name: "Delete your question?" }).getByRole("button", { name: "Delete question" }).click();
    await card(asker, edited).waitFor({ state: "detached" });
    await card(watcher, edited).waitFor({ state: "detached" });
  });

  it("a question waiting for review says since when, and its author can withdraw it", async () => {
    const pending = await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, {
      body: "May we bring partners to the end-of-year party?",
      authorId: fixture.users.member.id,
      status: "UNDER_REVIEW",
      submittedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    });
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    const waiting = page.getByRole("region", { name: /Waiting for review/ });
    await waiting.getByText("May we bring partners to the end-of-year party?").waitFor();
    await waiting.getByText(/Pending · 2 minutes ago ·/).waitFor();
    await waiting.getByRole("button", { name: /^Withdraw/ }).click();
    await page.getByRole("dialog", { name: "Withdraw your question?" }).getByRole("button", { name: "Withdraw question" }).click();
    await waiting.waitFor({ state: "detached" });
    await moderatorApi.get(`/questions/${pending.id}`).expect(404);
  });

  it("counts questions that arrive out of view in a pill that takes the reader to them", async () => {
    const page = await signInAs(await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true }), fixture.tenant.slug, "member", board);
    await waitLive(page);
    await page.getByRole("article").first().waitFor();
    const pill = page.getByRole("button", { name: /new question/ });
    const author = await signIn(harness.app, fixture.tenant.slug, "memberb");
    await askQuestion(author, fixture.teams.a.id, "Is the new parental leave policy already in effect?");
    await askQuestion(author, fixture.teams.a.id, "Who do we ask about the new laptop refresh cycle?");
    await pill.filter({ hasText: "2 new questions" }).waitFor();
    await pill.click();
    await expect.poll(() => inViewport(page, "Is the new parental leave policy already in effect?"), { timeout: 5000 }).toBe(true);
    await pill.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Open 16" }).waitFor();
  });
});
