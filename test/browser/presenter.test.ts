import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

const POLL = { timeout: 15_000, interval: 100 };

/** Presentation mode: the presenter's keys move `Currently Presenting`, every other screen follows, and the room sees where to join. */
describe("browser: presentation mode", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let admin: ApiClient;
  let presentingTagId: string;
  let joinAddress: string;
  const bodies = {
    top: "What are the goals for the next quarter?",
    middle: "Will we keep the hybrid work policy next year?",
    low: "Can we get better coffee in the kitchen on floor three?",
  };
  const ids: Record<keyof typeof bodies, string> = { top: "", middle: "", low: "" };
  const shown = (page: Page) => page.getByRole("region", { name: "Presented question" }).locator("[data-question-id]");
  const qrCode = (page: Page) => page.getByRole("img", { name: joinAddress });

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    admin = await signIn(harness.app, fixture.tenant.slug, "admin");
    joinAddress = `${new URL(harness.baseUrl).host}/${fixture.teams.a.slug}`;
    const tags = (await admin.get("/tags")).body as Array<{ id: string; name: string }>;
    presentingTagId = tags.find((candidate) => candidate.name === "Currently Presenting")?.id ?? "";
    expect(presentingTagId).not.toBe("");
    for (const key of ["top", "middle", "low"] as const) {
      const response = await admin.post("/questions", { body: bodies[key], teamId: fixture.teams.a.id });
      expect(response.status).toBe(201);
      ids[key] = response.body.id;
    }
    // The board's order: pinned first (low), then by votes: top 3, middle 1.
    expect((await admin.post(`/questions/${ids.low}/pin`, { pinned: true })).status).toBe(200);
    const voters = await Promise.all(["member", "owner", "memberb"].map((username) => signIn(harness.app, fixture.tenant.slug, username)));
    for (const voter of voters) expect((await voter.post(`/questions/${ids.top}/upvote`)).status).toBe(200);
    expect((await voters[0]?.post(`/questions/${ids.middle}/upvote`))?.status).toBe(200);
  });
  afterAll(() => harness?.close());

  async function presentingIds(): Promise<string[]> {
    const page = await admin.get(`/questions?team=${fixture.teams.a.slug}&tag=${presentingTagId}`);
    return (page.body.items as Array<{ id: string }>).map((question) => question.id);
  }

  async function qrBox(page: Page) {
    const box = await qrCode(page).boundingBox();
    if (!box) throw new Error("the QR code is not on screen");
    return box;
  }

  it("Space presents the next question in the board's order, H the most upvoted, on the presenter's and on every other screen; the join address is large, then in a corner; Esc leaves", async () => {
    const presenter = await signInAs(
      await harness.newContext({ viewport: { width: 1920, height: 1080 } }),
      fixture.tenant.slug,
      "moderator",
      `/${fixture.teams.a.slug}/open/present`,
    );
    const audience = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `/${fixture.teams.a.slug}/open/present`);
    for (const page of [presenter, audience]) await expect.poll(() => page.locator(".present-status").textContent(), POLL).toMatch(/^Live ·/);
    await presenter.getByText("Press Space to present the first question.").waitFor();
    await audience.getByText("Following the presenter").waitFor();

    // Nothing presented: the join address fills the screen, as text and as a code a phone can scan from the room.
    await qrCode(presenter).waitFor();
    await presenter.getByText(joinAddress, { exact: true }).waitFor();
    expect((await qrBox(presenter)).height).toBeGreaterThan(1080 * 0.4);
    await expectAccessible(presenter, "presentation mode, nothing presented");

    await presenter.keyboard.press("Space");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.low);
    await expect(shown(presenter).textContent()).resolves.toBe(bodies.low);
    await audience.getByText("▲ 0 votes").waitFor();
    // A question on screen: the join address moves to the bottom right corner, still readable.
    await expect.poll(async () => (await qrBox(presenter)).height, POLL).toBeLessThan(1080 * 0.15);
    const corner = await qrBox(presenter);
    expect(corner.height).toBeGreaterThanOrEqual(72);
    expect(corner.x).toBeGreaterThan(1920 / 2);
    expect(corner.y).toBeGreaterThan(1080 / 2);
    await presenter.getByText(joinAddress, { exact: true }).waitFor();
    await expectAccessible(presenter, "presentation mode, a question presented");

    await presenter.keyboard.press("Space");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.top);
    await audience.getByText("▲ 3 votes").waitFor();
    await presenter.keyboard.press("Space");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.middle);
    // The presenter only tags: the server takes the tag off the previous holder, so one question carries it.
    await expect.poll(presentingIds, POLL).toEqual([ids.middle]);

    await presenter.keyboard.press("h");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.top);
    await expect.poll(presentingIds, POLL).toEqual([ids.top]);

    // Live votes reach the big screen too.
    const voter = await signIn(harness.app, fixture.tenant.slug, "admin");
    expect((await voter.post(`/questions/${ids.top}/upvote`)).status).toBe(200);
    await audience.getByText("▲ 4 votes").waitFor();
    await expectAccessible(audience, "presentation mode (audience)");

    // Two quick presses move two questions on (top, middle, then round to the pinned low): none is lost while the first is in flight.
    await presenter.keyboard.press("Space");
    await presenter.keyboard.press("Space");
    await expect.poll(presentingIds, POLL).toEqual([ids.low]);
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.low);

    // A screen opened (or reloaded) now shows the one holder.
    await audience.reload();
    await expect.poll(() => shown(audience).getAttribute("data-question-id"), POLL).toBe(ids.low);

    // Taken off the screen (a moderator's Stop showing): the join address fills the screen again, and Space starts over.
    expect((await admin.delete(`/questions/${ids.low}/tags/${presentingTagId}`)).status).toBe(200);
    for (const page of [audience, presenter]) await expect.poll(() => shown(page).count(), POLL).toBe(0);
    await expect.poll(async () => (await qrBox(audience)).height, POLL).toBeGreaterThan(800 * 0.4);
    await presenter.keyboard.press("Space");
    await expect.poll(presentingIds, POLL).toEqual([ids.low]);

    await presenter.keyboard.press("Escape");
    await presenter.waitForURL(`**/${fixture.teams.a.slug}`);
    await presenter.getByRole("heading", { level: 1, name: fixture.teams.a.name }).waitFor();
  });

  /** Where the question, its votes and its author sit, relative to the stage and the viewport. */
  const layout = (page: Page) =>
    page.evaluate(() => {
      const rect = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
      const stage = rect(".present-stage");
      const parts = [rect("[data-question-id]"), rect(".present-votes"), rect(".present-author")];
      const within = (inner: DOMRect | null, outer: { left: number; top: number; right: number; bottom: number } | null) =>
        Boolean(
          inner &&
          outer &&
          inner.left >= outer.left - 0.5 &&
          inner.top >= outer.top - 0.5 &&
          inner.right <= outer.right + 0.5 &&
          inner.bottom <= outer.bottom + 0.5,
        );
      const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      return {
        visible: within(stage, viewport) && parts.every((part) => within(part, stage) && within(part, viewport)),
        scrolls: document.documentElement.scrollHeight > window.innerHeight || document.documentElement.scrollWidth > window.innerWidth,
        fontSize: parseFloat(getComputedStyle(document.querySelector("[data-question-id]") as Element).fontSize),
        width: window.innerWidth,
      };
    });

  it("fits the presented question to the screen: large when short, shrunk to a readable floor when long, at 720p, 1080p and 4K", async () => {
    const page = await signInAs(
      await harness.newContext({ viewport: { width: 1920, height: 1080 } }),
      fixture.tenant.slug,
      "member",
      `/${fixture.teams.a.slug}/open/present`,
    );
    expect((await admin.post(`/questions/${ids.middle}/tags`, { tagId: presentingTagId })).status).toBe(200);
    await expect.poll(() => shown(page).getAttribute("data-question-id"), POLL).toBe(ids.middle);
    const short = await layout(page);
    expect(short.visible).toBe(true);
    expect(short.fontSize).toBeGreaterThanOrEqual(64);

    const long =
      "Our customers keep asking when the self-hosted edition will support single sign-on with their own identity providers, " +
      "and the sales team has been promising it since the spring without giving any date. " +
      "Could the platform team share a realistic timeline, tell us what blocks the work today, and say whether we should stop " +
      "promising it in contract renewals until it ships? If it depends on hiring, how many engineers would it take to finish it?";
    expect(long.length).toBeGreaterThan(420);
    const created = await admin.post("/questions", { body: long, teamId: fixture.teams.a.id });
    expect(created.body.status).toBe("OPEN");
    expect((await admin.post(`/questions/${created.body.id}/tags`, { tagId: presentingTagId })).status).toBe(200);
    await expect.poll(() => shown(page).getAttribute("data-question-id"), POLL).toBe(created.body.id);

    let previous = 0;
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The fit follows the resize (a ResizeObserver): everything in view, nothing to scroll, and a larger screen gets larger text.
      await expect
        .poll(async () => {
          const fitted = await layout(page);
          return fitted.width === width && fitted.visible && !fitted.scrolls && fitted.fontSize > previous * 1.3;
        }, POLL)
        .toBe(true);
      const { fontSize } = await layout(page);
      // The floor: 28px on a 1080p screen, in proportion elsewhere.
      expect(fontSize, `${width}×${height}`).toBeGreaterThanOrEqual((28 * height) / 1080 - 0.5);
      // Shrunk to fit, so smaller than a short question would get.
      expect(fontSize, `${width}×${height}`).toBeLessThan(0.09 * height * 0.9);
      previous = fontSize;
    }
    await expect(shown(page).textContent()).resolves.toBe(long);
  });
});
