import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, sizesAndSchemes, startHarness, type Harness } from "./harness.js";

interface Box {
  name: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The visible controls of a card (or box): name, place, and whether the button is filled. */
const controlsOf = (scope: Locator) =>
  scope.evaluate((root) => {
    const transparent = (colour: string) => colour === "transparent" || /rgba\(.*,\s*0\)$/.test(colour);
    const surface = getComputedStyle(root).backgroundColor;
    return [...root.querySelectorAll<HTMLElement>("button, a[href], select, input, textarea")]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden")
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const background = getComputedStyle(element).backgroundColor;
        return {
          name: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim(),
          top: rect.top,
          bottom: rect.bottom,
          left: rect.left,
          right: rect.right,
          filled: element.tagName === "BUTTON" && !transparent(background) && background !== surface,
        };
      });
  });

/** Rows of controls: controls whose vertical middles lie within 12 px of each other share a row. */
const rowsOf = (boxes: Box[]) => {
  const middles = boxes.map((box) => (box.top + box.bottom) / 2).sort((a, b) => a - b);
  return middles.filter((middle, index) => index === 0 || middle - (middles[index - 1] as number) > 12).length;
};
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The moderation card as a person checks it, on a phone and a laptop, light and dark: one filled
 * button (Answer), at most two rows of controls on a phone, statuses drawn as pills, votes as plain
 * information, the team box stating its state, and toasts that never cover the acted-on card's
 * controls and undo what can be undone (Mark answered included).
 */
describe("browser: the moderation card, the team box and the toast", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let moderatorApi: ApiClient;
  let memberApi: ApiClient;
  let presentingTagId: string;
  let bugTagId: string;

  const card = (scope: Page | Locator, body: string) => scope.getByRole("article", { name: body });
  const stored = async (id: string) => (await moderatorApi.get(`/questions/${id}`)).body;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    memberApi = await signIn(harness.app, fixture.tenant.slug, "member");
    const tags = (await moderatorApi.get("/tags")).body as Array<{ id: string; name: string }>;
    presentingTagId = tags.find((tag) => tag.name === "Currently Presenting")?.id as string;
    bugTagId = tags.find((tag) => tag.name === "Bug")?.id as string;
  });
  afterAll(() => harness?.close());

  const sizes = [
    { device: "phone", viewport: { width: 390, height: 844 }, phone: true },
    { device: "laptop", viewport: { width: 1280, height: 800 }, phone: false },
  ] as const;

  for (const [, { device, viewport, phone }, scheme] of sizesAndSchemes(sizes[0], sizes[1])) {
    it(`${device}, ${scheme}: one filled button per card, ${phone ? "two rows of controls at most, " : ""}statuses as pills, votes as information, the team box's state in words, toasts clear of the card and Undo for Mark answered`, async () => {
      const teamId = fixture.teams.a.id;
      const tag = `${device} ${scheme}`;
      const onScreen = await askQuestion(moderatorApi, teamId, `Layout (${tag}): which question is on the big screen right now?`);
      const tagged = await askQuestion(moderatorApi, teamId, `Layout (${tag}): can we tag and pin this one for the all-hands?`);
      const plain = await askQuestion(moderatorApi, teamId, `Layout (${tag}): will the retro move to Thursday afternoons?`);
      expect((await moderatorApi.post(`/questions/${onScreen.id}/tags`, { tagId: presentingTagId })).status).toBe(200);
      expect((await moderatorApi.post(`/questions/${tagged.id}/tags`, { tagId: bugTagId })).status).toBe(200);
      expect((await moderatorApi.post(`/questions/${tagged.id}/pin`, { pinned: true })).status).toBe(200);
      expect((await moderatorApi.post(`/questions/${tagged.id}/upvote`)).status).toBe(200);

      // Held by the content check (all capitals): a card waiting for review.
      const held = (await memberApi.post("/questions", { body: `LAYOUT ${tag.toUpperCase()}: WHY IS THE WIFI SO SLOW`, teamId })).body;
      expect(held.status).toBe("UNDER_REVIEW");

      const context = await harness.newContext({ viewport, isMobile: phone });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/auth/demo?user=moderator&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent("/moderation/queue")}`);
      const open = page.getByRole("region", { name: /^Open questions/ });
      await card(open, `Layout (${tag}): will the retro move to Thursday afternoons?`).waitFor();
      await page.getByRole("banner").getByText("Live", { exact: true }).waitFor();
      await expectAccessible(page, `moderation queue, ${device}, ${scheme}`, { scheme });

      // Button hierarchy: Answer is the only filled button of each card; on a phone, two rows at most.
      for (const body of [onScreen, tagged, plain].map((question) => question.id)) {
        const article = page.locator(`article[data-question-id="${body}"]`);
        const controls = await controlsOf(article);
        expect(controls.filter((control) => control.filled).map((control) => control.name)).toEqual(["Answer"]);
        if (phone) {
          expect(rowsOf(controls), `rows of controls on ${body}: ${JSON.stringify(controls.map((c) => [c.name, Math.round(c.top)]))}`).toBeLessThanOrEqual(2);
          // Touch targets of 44 px on a phone.
          for (const control of controls) expect(control.bottom - control.top, control.name).toBeGreaterThanOrEqual(43.5);
        }
        // Nothing spills out of the card.
        const cardBox = (await article.boundingBox()) as { x: number; width: number };
        for (const control of controls) expect(control.right, control.name).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
      }

      // A card waiting for review: Approve is its one filled button; Reject is red but outlined.
      const heldCard = page.locator(`article[data-question-id="${held.id}"]`);
      const heldControls = await controlsOf(heldCard);
      expect(heldControls.filter((control) => control.filled).map((control) => control.name)).toEqual(["Approve"]);
      if (phone) {
        // The selection checkbox sits in the card's side column, beside the text, not in a row of controls.
        const buttons = heldControls.filter((control) => control.name !== "");
        expect(buttons.map((control) => control.name)).toEqual(["Approve", "Edit and approve", "Reject"]);
        expect(rowsOf(buttons)).toBeLessThanOrEqual(2);
        for (const control of buttons) expect(control.bottom - control.top, control.name).toBeGreaterThanOrEqual(43.5);
      }

      // Statuses are pills, never buttons: "On screen" and "Pinned" are text; no button bears their name.
      const screenCard = page.locator(`article[data-question-id="${onScreen.id}"]`);
      await screenCard.getByText("On screen", { exact: true }).waitFor();
      await expect(screenCard.getByText("On screen", { exact: true }).evaluate((element) => element.closest("button"))).resolves.toBeNull();
      await expect(screenCard.getByRole("button", { name: /^On screen/ }).count()).resolves.toBe(0);
      const tagCard = page.locator(`article[data-question-id="${tagged.id}"]`);
      await expect(tagCard.getByText("Pinned", { exact: true }).evaluate((element) => element.closest("button"))).resolves.toBeNull();
      // The tag is a chip with its remove control; adding sits behind one small control.
      await tagCard.getByRole("button", { name: /^Remove tag Bug/ }).waitFor();
      await expect(tagCard.getByRole("button", { name: /^Add tag/ }).count()).resolves.toBe(1);
      await expect(tagCard.locator("select").count()).resolves.toBe(0);
      // The votes are information: no button, no box drawn around them.
      const votes = tagCard.locator(".vote-static");
      await expect(votes.textContent()).resolves.toContain("1");
      await expect(tagCard.getByRole("button", { name: /vote/i }).count()).resolves.toBe(0);
      const voteStyle = await votes.evaluate((element) => ({ border: getComputedStyle(element).borderTopStyle, cursor: getComputedStyle(element).cursor }));
      expect(voteStyle).toEqual({ border: "none", cursor: "auto" });

      // The team box states the state; the button says what it will do.
      const box = page.getByRole("region", { name: "New questions" });
      await box.getByText("Open: people can ask").waitFor();
      await expect(box.getByText(/^Paused:/).count()).resolves.toBe(0);
      await box.getByRole("button", { name: `Pause new questions in ${fixture.teams.a.name}` }).click();
      await box.getByText("Paused: nobody can ask until you resume").waitFor();
      await box.getByRole("button", { name: `Resume new questions in ${fixture.teams.a.name}` }).waitFor();
      await expect(box.getByText("Open: people can ask").count()).resolves.toBe(0);
      await expectAccessible(page, `moderation queue, queue paused, ${device}, ${scheme}`, { scheme });
      await page.locator(".toast").getByRole("button", { name: "Undo" }).click();
      await box.getByText("Open: people can ask").waitFor();

      // The toast of an action never covers the acted-on card's controls, even for a card at the
      // bottom edge of the screen; its Undo reverts the action.
      const plainCard = page.locator(`article[data-question-id="${plain.id}"]`);
      await plainCard.evaluate((element) => element.scrollIntoView({ block: "end" }));
      if (phone) {
        await plainCard.getByRole("button", { name: /^More/ }).click();
        await plainCard.getByRole("button", { name: "Show on screen" }).click();
      } else {
        await plainCard.getByRole("button", { name: "Show on screen" }).click();
      }
      const toast = page.locator(".toast");
      await toast.getByText("Shown on screen", { exact: true }).waitFor();
      await expect.poll(async () => (await stored(plain.id)).tags.map((t: { name: string }) => t.name)).toEqual(["Currently Presenting"]);
      const clear = async () => {
        const toastBox = (await toast.boundingBox()) as { x: number; y: number; width: number; height: number };
        const toastRect = { name: "toast", left: toastBox.x, right: toastBox.x + toastBox.width, top: toastBox.y, bottom: toastBox.y + toastBox.height };
        return (await controlsOf(plainCard)).filter((control) => overlaps(control, toastRect)).map((control) => control.name);
      };
      await expect.poll(clear).toEqual([]);
      await plainCard.getByText("On screen", { exact: true }).waitFor();
      await expectAccessible(page, `moderation queue with a toast, ${device}, ${scheme}`, { scheme });
      await toast.getByRole("button", { name: "Undo" }).click();
      await toast.getByText("Undone: Shown on screen").waitFor();
      await expect.poll(async () => (await stored(plain.id)).tags).toEqual([]);

      // Mark answered can be undone: the question comes back to the open list, answer cleared.
      await plainCard.evaluate((element) => element.scrollIntoView({ block: "end" }));
      await plainCard.getByRole("button", { name: "Mark answered" }).click();
      await toast.getByText("Marked answered", { exact: true }).waitFor();
      await plainCard.waitFor({ state: "detached" });
      await expect.poll(async () => (await stored(plain.id)).status).toBe("ANSWERED");
      await toast.getByRole("button", { name: "Undo" }).click();
      await toast.getByText("Undone: Marked answered").waitFor();
      await expect.poll(async () => stored(plain.id)).toMatchObject({ status: "OPEN", responseText: null });
      await card(open, `Layout (${tag}): will the retro move to Thursday afternoons?`).getByRole("button", { name: "Mark answered" }).waitFor();
      await expect(card(page.getByRole("region", { name: /^Answered/ }), `Layout (${tag}): will the retro move to Thursday afternoons?`).count()).resolves.toBe(
        0,
      );
      await context.close();
    });
  }
  it("Undo of a published answer takes the question back to Open on the moderator's lists, and off a member's Answered tab, live", async () => {
    const body = "Undo: will the summer party be on a Friday?";
    const { id } = await askQuestion(moderatorApi, fixture.teams.b.id, body);
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "memberb", `/${fixture.teams.b.slug}`);
    await member.getByRole("banner").getByText("Live", { exact: true }).waitFor();
    await card(member, body).waitFor();
    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/moderation/queue");
    await moderator.getByRole("banner").getByText("Live", { exact: true }).waitFor();
    const open = moderator.getByRole("region", { name: /^Open questions/ });
    await card(open, body).getByRole("button", { name: "Answer", exact: true }).click();
    const dialog = moderator.getByRole("dialog", { name: "Answer the question" });
    await dialog.getByLabel("Answer").fill("Yes, on the 4th of July.");
    await dialog.getByRole("button", { name: "Publish answer" }).click();
    await card(open, body).waitFor({ state: "detached" });
    await card(member, body).waitFor({ state: "detached" });
    await member.getByRole("button", { name: /^Answered/ }).click();
    await card(member, body).getByText("Yes, on the 4th of July.").waitFor();

    const toast = moderator.locator(".toast");
    await toast.getByText("Answer published", { exact: true }).waitFor();
    await toast.getByRole("button", { name: "Undo" }).click();
    await toast.getByText("Undone: Answer published").waitFor();
    await card(open, body).getByRole("button", { name: "Mark answered" }).waitFor();
    await expect.poll(async () => stored(id)).toMatchObject({ status: "OPEN", responseText: null, responder: null });
    // The member's Answered tab lets it go without a reload.
    await card(member, body).waitFor({ state: "detached" });
  });

  it("Undo of Mark answered brings the question back to a member's Open tab, live", async () => {
    const body = "Undo: will the all-hands notes be shared by Monday?";
    await askQuestion(moderatorApi, fixture.teams.b.id, body);
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "memberb", `/${fixture.teams.b.slug}`);
    await member.getByRole("banner").getByText("Live", { exact: true }).waitFor();
    await card(member, body).waitFor();
    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/moderation/queue");
    await moderator.getByRole("banner").getByText("Live", { exact: true }).waitFor();
    const open = moderator.getByRole("region", { name: /^Open questions/ });
    await card(open, body).getByRole("button", { name: "Mark answered" }).click();
    // It leaves the member's Open tab, and comes back to it when the moderator undoes.
    await card(member, body).waitFor({ state: "detached" });
    const toast = moderator.locator(".toast");
    await toast.getByRole("button", { name: "Undo" }).click();
    await toast.getByText("Undone: Marked answered").waitFor();
    await card(member, body).waitFor();
  });
});
