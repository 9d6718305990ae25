import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signIn, signInMany, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessibleInBothSchemes, signInAs, startHarness, type Harness } from "./harness.js";

const POLL = { timeout: 15_000, interval: 100 };
const QUESTION = "When does the new office open its doors?";

/** Live polls on the room's screen (CONTRACT §9): the poll takes the screen when it opens, P switches back to the questions. */
describe("browser: live polls on the presenter's screen", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let moderatorApi: ApiClient;
  let voters: Record<"member" | "owner" | "admin" | "viewer" | "teammoderator", ApiClient>;
  let present: string;
  let joinAddress: string;

  const stage = (page: Page, name: "Presented poll" | "Presented question") => page.getByRole("region", { name });
  /** A visitor's vote: each request without the vote cookie is another browser. */
  const visitorVote = (pollId: string, body: object) =>
    request(harness.app.app).post(`/polls/${pollId}/votes`).set("x-tenant-id", fixture.tenant.slug).send(body);

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    voters = await signInMany(harness.app, fixture.tenant.slug, ["member", "owner", "admin", "viewer", "teammoderator"] as const);
    present = `/${fixture.teams.a.slug}/open/present`;
    joinAddress = `${new URL(harness.baseUrl).host}/${fixture.teams.a.slug}`;
    const tags = (await moderatorApi.get("/tags").expect(200)).body as Array<{ id: string; name: string }>;
    const presenting = tags.find((tag) => tag.name === "Currently Presenting")?.id ?? "";
    const question = await moderatorApi.post("/questions", { body: QUESTION, teamId: fixture.teams.a.id }).expect(201);
    await moderatorApi.post(`/questions/${question.body.id}/tags`, { tagId: presenting }).expect(200);
  });
  afterAll(() => harness?.close());

  it("at 1920×1080: a poll that opens takes the screen with its count and the join code, then live bars once shown; P switches to the questions and back", async () => {
    const page = await signInAs(await harness.newContext({ viewport: { width: 1920, height: 1080 } }), fixture.tenant.slug, "moderator", present);
    await stage(page, "Presented question").getByText(QUESTION).waitFor();

    const created = await moderatorApi.post("/polls", {
      teamId: fixture.teams.a.id,
      title: "Lunch order for Friday?",
      type: "single",
      options: ["Pizza", "Sushi"],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const [pizza, sushi] = (created.body.options as Array<{ id: string }>).map((option) => option.id);
    await moderatorApi.post(`/polls/${id}/open`).expect(200);

    const poll = stage(page, "Presented poll");
    await poll.getByRole("heading", { name: "Lunch order for Friday?" }).waitFor();
    // Results hidden from the room: the count and where to vote, large.
    await poll.getByText("0 votes").waitFor();
    await poll.getByRole("img", { name: `QR code for ${joinAddress}` }).waitFor();
    expect((await poll.getByRole("img", { name: `QR code for ${joinAddress}` }).boundingBox())?.height ?? 0).toBeGreaterThan(1080 * 0.3);
    await voters.member.post(`/polls/${id}/votes`, { optionIds: [pizza] }).expect(200);
    await poll.getByText("1 vote", { exact: true }).waitFor();
    expect(await poll.locator(".poll-bar").count()).toBe(0);

    await moderatorApi.post(`/polls/${id}/results`, { visible: true }).expect(200);
    const bar = (text: string) => poll.locator(".poll-bar", { hasText: text });
    await bar("Pizza").getByText("100%").waitFor();
    const width = (text: string) =>
      bar(text)
        .locator(".poll-bar-fill")
        .evaluate((fill) => fill.getBoundingClientRect().width);
    const fullWidth = await bar("Pizza")
      .locator(".poll-bar-track")
      .evaluate((track) => track.getBoundingClientRect().width);
    // The bars glide (a CSS transition) to their new widths as votes come in.
    expect(
      await bar("Pizza")
        .locator(".poll-bar-fill")
        .evaluate((fill) => getComputedStyle(fill).transitionProperty),
    ).toContain("width");
    await voters.owner.post(`/polls/${id}/votes`, { optionIds: [sushi] }).expect(200);
    await bar("Sushi").getByText("50%").waitFor();
    await expect.poll(() => width("Pizza"), POLL).toBeCloseTo(fullWidth / 2, -1);
    await expect.poll(() => width("Sushi"), POLL).toBeCloseTo(fullWidth / 2, -1);
    await poll.getByText("2 votes").waitFor();
    await expectAccessibleInBothSchemes(page, "presenter with a poll");

    // P: the questions; P again: the poll. The footer says what P does next.
    await page.keyboard.press("p");
    await stage(page, "Presented question").getByText(QUESTION).waitFor();
    await expect.poll(() => page.locator(".present-keys").textContent(), POLL).toContain("P poll");
    await page.keyboard.press("p");
    await poll.getByRole("heading", { name: "Lunch order for Friday?" }).waitFor();
    await expect.poll(() => page.locator(".present-keys").textContent(), POLL).toContain("P questions");

    // With reduced motion asked for, nothing slides.
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(
      await bar("Pizza")
        .locator(".poll-bar-fill")
        .evaluate((fill) => getComputedStyle(fill).transitionDuration),
    ).toBe("0s");

    // Closed with its results shown: final results stay until P, then the questions are back.
    await moderatorApi.post(`/polls/${id}/close`).expect(200);
    await poll.getByText("Final results").waitFor();
    await page.keyboard.press("p");
    await stage(page, "Presented question").getByText(QUESTION).waitFor();
    expect(await stage(page, "Presented poll").count()).toBe(0);
  });

  /** Every word of the cloud: its text, count, font size and whether it lies inside the cloud's box. */
  const cloudWords = (page: Page) =>
    page.evaluate(() => {
      const box = document.querySelector(".poll-cloud")?.getBoundingClientRect();
      return [...document.querySelectorAll<SVGTextElement>(".poll-cloud svg text")].map((text) => {
        const rect = text.getBoundingClientRect();
        return {
          text: text.textContent ?? "",
          count: Number(text.dataset.count),
          size: parseFloat(getComputedStyle(text).fontSize),
          transform: text.style.transform,
          inside: Boolean(box && rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1),
        };
      });
    });

  it("draws a words poll as an SVG word cloud: the most frequent word largest, none smaller than 2.5% of the screen's height, at 720p and 4K; it follows new words", async () => {
    const created = await moderatorApi.post("/polls", { teamId: fixture.teams.a.id, title: "One word for this quarter", type: "words", resultsVisible: true });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await moderatorApi.post(`/polls/${id}/open`).expect(200);
    for (const voter of [voters.member, voters.owner, voters.admin, voters.viewer]) await voter.post(`/polls/${id}/votes`, { text: "Coffee" }).expect(200);
    await voters.teammoderator.post(`/polls/${id}/votes`, { text: "tea" }).expect(200);
    for (const text of ["Tea", "water", "juice", "long meetings"]) expect((await visitorVote(id, { text })).status).toBe(200);

    const page = await signInAs(await harness.newContext({ viewport: { width: 1280, height: 720 } }), fixture.tenant.slug, "member", present);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await stage(page, "Presented poll").getByRole("heading", { name: "One word for this quarter" }).waitFor();
    await expect.poll(async () => (await cloudWords(page)).length, POLL).toBe(5);

    const check = async (height: number) => {
      const words = await cloudWords(page);
      const largest = [...words].sort((a, b) => b.size - a.size)[0];
      expect(largest?.text).toBe("coffee");
      for (const word of words) {
        expect(word.size, `${word.text} at ${height}p`).toBeGreaterThanOrEqual(0.025 * height - 0.5);
        expect(word.inside, `${word.text} inside the cloud at ${height}p`).toBe(true);
      }
      // Sized by count: more votes, never a smaller word.
      const byCount = [...words].sort((a, b) => a.count - b.count);
      for (let index = 1; index < byCount.length; index += 1) expect(byCount[index]?.size).toBeGreaterThanOrEqual(byCount[index - 1]?.size ?? 0);
      return words;
    };
    const at720 = await check(720);
    expect(at720.find((word) => word.text === "tea")?.count).toBe(2);
    await expectAccessibleInBothSchemes(page, "presenter with a word cloud");

    await page.setViewportSize({ width: 3840, height: 2160 });
    await expect.poll(async () => Math.min(...(await cloudWords(page)).map((word) => word.size)), POLL).toBeGreaterThanOrEqual(54 - 0.5);
    await check(2160);

    // Seeded: the same words at the same size fall in the same places again.
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(async () => (await cloudWords(page)).map((word) => word.transform), POLL).toEqual(at720.map((word) => word.transform));

    // A new vote re-lays the cloud (poll:results): tea grows.
    const teaBefore = at720.find((word) => word.text === "tea")?.size ?? 0;
    expect((await visitorVote(id, { text: "TEA" })).status).toBe(200);
    await expect.poll(async () => (await cloudWords(page)).find((word) => word.text === "tea")?.count, POLL).toBe(3);
    expect((await cloudWords(page)).find((word) => word.text === "tea")?.size).toBeGreaterThan(teaBefore);
  });
});
