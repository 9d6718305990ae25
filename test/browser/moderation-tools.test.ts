import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, insertQuestion, type TenantFixture } from "../helpers/factories.js";
import { afterRender, expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/**
 * The moderator's tools beyond the basics: Mark answered, the Answered list, paging with counts,
 * bulk review, keyboard shortcuts, the toast with Undo, focus after a card leaves, the More menu.
 */
describe("browser: moderation tools", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let moderatorApi: ApiClient;
  let moderator: Page;
  let member: Page;
  let tagIds: Record<string, string>;

  const card = (scope: Page | Locator, body: string) => scope.getByRole("article", { name: body });
  const region = (name: RegExp) => moderator.getByRole("region", { name });
  const waitLive = (page: Page) => page.getByRole("banner").getByText("Live", { exact: true }).waitFor();
  const stored = async (id: string) => (await moderatorApi.get(`/questions/${id}`)).body;
  /** Whether the focused element is inside (or is) the card of `body`. */
  const focusIn = (body: string) =>
    moderator.evaluate((text) => {
      const article = [...document.querySelectorAll("article")].find((candidate) => candidate.querySelector(".question-body")?.textContent === text);
      return Boolean(article && document.activeElement && article.contains(document.activeElement));
    }, body);
  const openQueue = async () => {
    await moderator.goto("/moderation/queue");
    await waitLive(moderator);
    await region(/^Open questions/)
      .locator(".loading")
      .waitFor({ state: "detached" });
  };
  const submittedAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    tagIds = Object.fromEntries(((await moderatorApi.get("/tags")).body as Array<{ id: string; name: string }>).map((tag) => [tag.name, tag.id]));
    moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/moderation/queue");
    member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
  });
  afterAll(() => harness?.close());

  it("keys: ? lists the shortcuts; j/k move the marked card; a approves, e edits and approves, r rejects; Enter answers; focus moves on to the next card", async () => {
    const db = harness.app.db;
    const team = fixture.teams.a.id;
    const bodies = ["Keys one: will the canteen open on Saturdays?", "Keys two: who signs off travel?", "Keys three: can we get standing desks?"];
    // Newest first in the review list: three, two, one.
    for (const [index, body] of bodies.entries()) {
      await insertQuestion(db, fixture.tenant.id, team, {
        body,
        status: "UNDER_REVIEW",
        authorId: fixture.users.member.id,
        submittedAt: submittedAt(10 - index),
      });
    }
    const [one, two, three] = bodies as [string, string, string];
    await openQueue();
    const review = region(/^Waiting for review/);
    await card(review, three).waitFor();

    await moderator.getByRole("button", { name: "Keyboard shortcuts" }).click();
    const help = moderator.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Edit and approve (question waiting for review)").waitFor();
    await help.getByRole("button", { name: "Close" }).click();
    await help.waitFor({ state: "hidden" });
    await moderator.keyboard.press("?");
    await help.waitFor();
    await expectAccessible(moderator, "keyboard shortcuts overlay");
    await moderator.keyboard.press("Escape");
    await help.waitFor({ state: "hidden" });

    const current = () => moderator.locator('li[aria-current="true"] .question-body').textContent();
    await moderator.keyboard.press("j");
    await expect.poll(current).toBe(three);
    expect(await focusIn(three)).toBe(true);
    await moderator.keyboard.press("j");
    await expect.poll(current).toBe(two);
    await moderator.keyboard.press("k");
    await expect.poll(current).toBe(three);
    // Modifier keys are the browser's: Ctrl+A approves nothing.
    await moderator.keyboard.press("Control+a");
    await moderator.waitForTimeout(300);
    await expect(card(review, three).count()).resolves.toBe(1);

    await moderator.keyboard.press("a");
    await card(review, three).waitFor({ state: "detached" });
    await expect.poll(() => focusIn(two)).toBe(true);
    await moderator.getByRole("status").getByText("Approved", { exact: true }).waitFor();
    // Approval cannot be undone: the toast offers no Undo.
    await expect(moderator.locator(".toast").getByRole("button", { name: "Undo" }).count()).resolves.toBe(0);

    await moderator.keyboard.press("e");
    const edit = moderator.getByRole("dialog", { name: "Edit and approve" });
    await edit.getByLabel("Question").fill("Keys two: who signs off travel requests?");
    await edit.getByRole("button", { name: "Approve edited question" }).click();
    await card(review, two).waitFor({ state: "detached" });
    await expect.poll(() => focusIn(one)).toBe(true);

    await moderator.keyboard.press("r");
    const reject = moderator.getByRole("dialog", { name: "Reject question" });
    // Typing in a field triggers nothing: "a" here approves nothing, "j" moves nothing.
    await reject.getByLabel("Reason (optional)").pressSequentially("ja dup");
    expect(await reject.getByLabel("Reason (optional)").inputValue()).toBe("ja dup");
    await reject.getByRole("button", { name: "Reject question" }).click();
    await card(review, one).waitFor({ state: "detached" });
    // The list is empty now: focus goes to its heading.
    await expect.poll(() => moderator.evaluate(() => document.activeElement?.id)).toBe("review-heading");
    await review.getByText("Nothing waits for review.").waitFor();

    const page = (await moderatorApi.get(`/questions?team=${fixture.teams.a.slug}&status=OPEN&limit=10`)).body.items as Array<{ id: string; body: string }>;
    expect(page.map((question) => question.body).sort()).toEqual(["Keys three: can we get standing desks?", "Keys two: who signs off travel requests?"]);
    expect((await moderatorApi.get(`/questions?team=${fixture.teams.a.slug}&status=UNDER_REVIEW`)).body.total).toBe(0);

    // Enter answers the marked open question.
    await moderator.keyboard.press("j");
    const target = (await current()) as string;
    expect(page.map((question) => question.body)).toContain(target);
    await moderator.keyboard.press("Enter");
    const answer = moderator.getByRole("dialog", { name: "Answer the question" });
    await answer.getByLabel("Answer").fill("Yes, from March.");
    await answer.getByRole("button", { name: "Publish answer" }).click();
    await card(region(/^Open questions/), target).waitFor({ state: "detached" });
    const answeredId = page.find((question) => question.body === target)?.id as string;
    expect(await stored(answeredId)).toMatchObject({ status: "ANSWERED", responseText: "Yes, from March." });
    // The other open question is next: focus lands in it.
    await expect.poll(() => focusIn(page.find((question) => question.body !== target)?.body as string)).toBe(true);
  });

  it("Mark answered in one click moves the question to Answered on a member's board live; the Answered list edits the answer, unpins, untags, unfreezes and deletes", async () => {
    const body = "Mark: will the all-hands slides be shared?";
    const asked = (await moderatorApi.post("/questions", { body, teamId: fixture.teams.a.id })).body;
    const extra = await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, {
      body: "Answered: is the parking garage open at weekends?",
      responseText: "Only on Saturdays.",
      responderId: fixture.users.moderator.id,
    });
    expect((await moderatorApi.post(`/questions/${extra.id}/pin`, { pinned: true })).status).toBe(200);
    expect((await moderatorApi.post(`/questions/${extra.id}/tags`, { tagId: tagIds.Bug })).status).toBe(200);
    expect((await moderatorApi.post(`/questions/${extra.id}/freeze`, { frozen: true })).status).toBe(200);

    await member.goto(`/${fixture.teams.a.slug}`);
    await waitLive(member);
    await card(member, body).waitFor();
    await openQueue();
    const open = region(/^Open questions/);
    await card(open, body).getByRole("button", { name: "Mark answered" }).click();
    await card(open, body).waitFor({ state: "detached" });
    expect(await stored(asked.id)).toMatchObject({ status: "ANSWERED", responseText: "Answered live." });
    // question:answered takes it off the member's Open tab at once.
    await card(member, body).waitFor({ state: "detached" });
    await member.getByRole("button", { name: /^Answered/ }).click();
    await card(member, body).getByText("Answered live.").waitFor();

    await moderator.getByRole("button", { name: /^Answered \d+/ }).click();
    const answered = region(/^Answered/);
    await expectAccessible(moderator, "moderation: Answered list");
    const mine = card(answered, body);
    await mine.getByText("Answered live.").waitFor();
    await mine.getByRole("button", { name: "Edit answer" }).click();
    const dialog = moderator.getByRole("dialog", { name: "Edit the answer" });
    await expect(dialog.getByLabel("Answer").inputValue()).resolves.toBe("Answered live.");
    await dialog.getByLabel("Answer").fill("Yes: they are on the intranet.");
    await dialog.getByRole("button", { name: "Publish answer" }).click();
    await dialog.waitFor({ state: "hidden" });
    await mine.getByText("Yes: they are on the intranet.").waitFor();
    await expect.poll(async () => (await stored(asked.id)).responseText).toBe("Yes: they are on the intranet.");

    const other = card(answered, "Answered: is the parking garage open at weekends?");
    // Frozen: no answer edit until unfrozen, which stays in view.
    await expect(other.getByRole("button", { name: "Edit answer" }).isDisabled()).resolves.toBe(true);
    await other.getByRole("button", { name: "Unfreeze" }).click();
    await expect.poll(() => other.getByRole("button", { name: "Edit answer" }).isDisabled()).toBe(false);
    await other.getByRole("button", { name: "Unpin" }).click();
    await other.getByRole("button", { name: "Pin", exact: true }).waitFor();
    await other.getByRole("button", { name: /Remove tag Bug/ }).click();
    await other.getByRole("button", { name: /Remove tag Bug/ }).waitFor({ state: "detached" });
    await expect.poll(async () => stored(extra.id)).toMatchObject({ isFrozen: false, isPinned: false, tags: [] });

    // Delete lives under More; the menu closes on Escape and gives focus back to its button.
    const more = other.getByRole("button", { name: /^More/ });
    await more.click();
    await expect(more.getAttribute("aria-expanded")).resolves.toBe("true");
    await expectAccessible(moderator, "moderation: More menu open");
    await moderator.keyboard.press("Escape");
    await expect(more.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(more.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(other.getByRole("button", { name: "Delete" }).isVisible()).resolves.toBe(false);
    await more.click();
    await other.getByRole("button", { name: "Delete" }).click();
    // Deleting cannot be undone: the page's own dialog asks first.
    const confirm = moderator.getByRole("dialog", { name: "Delete question" });
    await confirm.getByText("This cannot be undone.", { exact: false }).waitFor();
    await expectAccessible(moderator, "moderation: delete dialog");
    await confirm.getByRole("button", { name: "Delete question" }).click();
    await other.waitFor({ state: "detached" });
    expect((await moderatorApi.get(`/questions/${extra.id}`)).status).toBe(404);
    // Focus does not drop to the page: it moves to the neighbouring card.
    await expect.poll(() => focusIn(body)).toBe(true);
  });

  it("the toast confirms Pin, Freeze, Tag and Show on screen, and its Undo reverts each through the API", async () => {
    const body = "Toast: can the quarterly review move to Thursday?";
    const { id } = await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, { body, upvoteCount: 50 });
    await openQueue();
    const question = card(region(/^Open questions/), body);
    const toast = moderator.locator(".toast");
    const undo = async (text: string) => {
      await toast.getByText(text, { exact: true }).waitFor();
      await toast.getByRole("button", { name: "Undo" }).click();
      await toast.getByText(`Undone: ${text}`).waitFor();
    };

    await question.getByRole("button", { name: "Pin", exact: true }).click();
    await expect.poll(async () => (await stored(id)).isPinned).toBe(true);
    // The toast's text reaches screen readers through its polite live region.
    await expect(moderator.locator(".toast-region").getAttribute("aria-live")).resolves.toBe("polite");
    await undo("Pinned");
    await expect.poll(async () => (await stored(id)).isPinned).toBe(false);
    await question.getByRole("button", { name: "Pin", exact: true }).waitFor();

    await question.getByRole("button", { name: /^More/ }).click();
    await question.getByRole("button", { name: "Freeze" }).click();
    await expect.poll(async () => (await stored(id)).isFrozen).toBe(true);
    await undo("Frozen");
    await expect.poll(async () => (await stored(id)).isFrozen).toBe(false);

    await question.getByRole("button", { name: /^Add tag/ }).click();
    await question.getByRole("button", { name: "Bug", exact: true }).click();
    await expect.poll(async () => (await stored(id)).tags.map((tag: { name: string }) => tag.name)).toEqual(["Bug"]);
    await expectAccessible(moderator, "moderation: toast with Undo");
    await undo("Tag Bug added");
    await expect.poll(async () => (await stored(id)).tags).toEqual([]);

    await question.getByRole("button", { name: "Show on screen" }).click();
    await expect.poll(async () => (await stored(id)).tags.map((tag: { name: string }) => tag.name)).toEqual(["Currently Presenting"]);
    await undo("Shown on screen");
    await expect.poll(async () => (await stored(id)).tags).toEqual([]);

    await expectAccessible(moderator, "moderation queue, desktop");
    await moderator.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(moderator, "moderation queue, phone");
    await question.getByRole("button", { name: /^More/ }).click();
    const menuFits = await moderator.evaluate(() => {
      const panel = document.querySelector(".more-panel:not([hidden])")?.getBoundingClientRect();
      return panel ? panel.left >= 0 && panel.right <= window.innerWidth : false;
    });
    expect(menuFits).toBe(true);
    await expectAccessible(moderator, "moderation queue, phone, More menu open");
    await moderator.keyboard.press("Escape");
    await moderator.setViewportSize({ width: 1280, height: 800 });

    // Hovered, the toast stays past its 6 s. The page's clock is moved on rather than waited for.
    await moderator.clock.install();
    await question.getByRole("button", { name: "Pin", exact: true }).click();
    await toast.getByText("Pinned", { exact: true }).waitFor();
    await toast.hover();
    await afterRender(moderator);
    await moderator.clock.fastForward(7_000);
    await expect(toast.getByText("Pinned", { exact: true }).isVisible()).resolves.toBe(true);
    await moderator.mouse.move(0, 0);
    await afterRender(moderator);
    await moderator.clock.fastForward(6_250);
    await toast.waitFor({ state: "detached", timeout: 10_000 });
  });

  it("pages past 100 with counts, and approves or rejects the selected questions in bulk, naming the ones that fail", async () => {
    // A tenant of its own, so the counts are exact.
    const big = await createTenantFixture(harness.app.db);
    const db = harness.app.db;
    const team = big.teams.a.id;
    await Promise.all(Array.from({ length: 120 }, (_, index) => insertQuestion(db, big.tenant.id, team, { body: `Paging question number ${index + 1}?` })));
    const held: Array<{ id: string; body: string }> = [];
    for (let index = 0; index < 12; index++) {
      const body = `Bulk held question ${String.fromCharCode(65 + index)}?`;
      held.push({ ...(await insertQuestion(db, big.tenant.id, team, { body, status: "UNDER_REVIEW", submittedAt: submittedAt(60 - index) })), body });
    }
    const page = await signInAs(await harness.newContext(), big.tenant.slug, "moderator", "/moderation/queue");
    const review = page.getByRole("region", { name: /^Waiting for review/ });
    const open = page.getByRole("region", { name: /^Open questions/ });
    await review.getByRole("heading", { name: "Waiting for review 12" }).waitFor();
    await open.getByRole("heading", { name: "Open questions 120" }).waitFor();
    await expect(open.getByRole("article").count()).resolves.toBe(50);
    await open.getByText("50 of 120 shown").waitFor();
    await open.getByRole("button", { name: /^Show more/ }).click();
    await open.getByText("100 of 120 shown").waitFor();
    await open.getByRole("button", { name: /^Show more/ }).click();
    await expect.poll(() => open.getByRole("article").count()).toBe(120);
    await expect(open.getByRole("button", { name: /^Show more/ }).count()).resolves.toBe(0);
    await expect(open.getByRole("article", { name: "Paging question number 120?" }).count()).resolves.toBe(1);

    // Newest first: L, K, J are the first three.
    const [l, k, j, i, h, g] = [...held].reverse() as Array<{ id: string; body: string }>;
    for (const question of [l, k, j]) await card(review, question!.body).getByRole("checkbox").check();
    await review.getByRole("button", { name: "Approve selected (3)" }).click();
    await review.getByRole("heading", { name: "Waiting for review 9" }).waitFor();
    await open.getByRole("heading", { name: "Open questions 123" }).waitFor();
    await page.getByRole("button", { name: "Queue 132" }).waitFor();
    const bigApi = await signIn(harness.app, big.tenant.slug, "moderator");
    for (const question of [l, k, j]) expect((await bigApi.get(`/questions/${question!.id}`)).body.status).toBe("OPEN");

    await review.getByRole("checkbox", { name: "Select all shown" }).check();
    await expect(review.getByRole("checkbox", { checked: true }).count()).resolves.toBe(10);
    await review.getByRole("checkbox", { name: "Select all shown" }).uncheck();
    for (const question of [i, h, g]) await card(review, question!.body).getByRole("checkbox").check();
    await review.getByRole("button", { name: "Reject selected (3)" }).click();
    const dialog = page.getByRole("dialog", { name: "Reject 3 questions" });
    await dialog.getByLabel("Reason (optional)").fill("Duplicates");
    const confirm = dialog.getByRole("button", { name: "Reject 3 questions" });
    await confirm.waitFor();
    // Someone else deletes one meanwhile: that one fails, the others go through. (Deleted at the
    // last moment: the review list's 15 s poll would otherwise take it off the list first.)
    expect((await bigApi.delete(`/questions/${g!.id}`)).status).toBe(204);
    await confirm.click();
    await review
      .getByRole("alert")
      .getByText(/2 questions rejected; 1 question could not be rejected: “Bulk held question G\?” \(.+\)/)
      .waitFor();
    await review.getByRole("heading", { name: "Waiting for review 7" }).waitFor();
    for (const question of [i, h]) expect((await bigApi.get(`/questions/${question!.id}`)).status).toBe(404);
    // The failed one stays listed and selected, ready for another try.
    await expect(card(review, g!.body).getByRole("checkbox").isChecked()).resolves.toBe(true);
  });
});
