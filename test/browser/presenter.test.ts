import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

const POLL = { timeout: 15_000, interval: 100 };

/** Presentation mode: the presenter's keys move `Currently Presenting`, every other screen follows. */
describe("browser: presentation mode", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let admin: ApiClient;
  const bodies = {
    top: "What are the goals for the next quarter?",
    middle: "Will we keep the hybrid work policy next year?",
    low: "Can we get better coffee in the kitchen on floor three?",
  };
  const ids: Record<keyof typeof bodies, string> = { top: "", middle: "", low: "" };
  const shown = (page: Page) => page.getByRole("region", { name: "Presented question" }).locator(".present-question");

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    admin = await signIn(harness.app, fixture.tenant.slug, "admin");
    for (const key of ["top", "middle", "low"] as const) {
      const response = await admin.post("/questions", { body: bodies[key], teamId: fixture.teams.a.id });
      expect(response.status).toBe(201);
      ids[key] = response.body.id;
    }
    // Votes decide the order: top 3, middle 1, low 0.
    const voters = await Promise.all(["member", "owner", "memberb"].map((username) => signIn(harness.app, fixture.tenant.slug, username)));
    for (const voter of voters) expect((await voter.post(`/questions/${ids.top}/upvote`)).status).toBe(200);
    expect((await voters[0]?.post(`/questions/${ids.middle}/upvote`))?.status).toBe(200);
  });
  afterAll(() => harness?.close());

  async function presentingIds(): Promise<string[]> {
    const tags = (await admin.get("/tags")).body as Array<{ id: string; name: string }>;
    const tag = tags.find((candidate) => candidate.name === "Currently Presenting");
    const page = await admin.get(`/questions?team=${fixture.teams.a.slug}&tag=${tag?.id}`);
    return (page.body.items as Array<{ id: string }>).map((question) => question.id);
  }

  it("Space presents the next question, H the highest voted, on the presenter's and on every other screen; Esc leaves", async () => {
    const presenter = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", `/${fixture.teams.a.slug}/open/present`);
    const audience = await signInAs(
      await harness.newContext({ viewport: { width: 1920, height: 1080 } }),
      fixture.tenant.slug,
      "member",
      `/${fixture.teams.a.slug}/open/present`,
    );
    for (const page of [presenter, audience]) await expect.poll(() => page.locator(".present-status").textContent(), POLL).toMatch(/^Live ·/);
    await presenter.getByText("Press Space to present the first question.").waitFor();
    await audience.getByText("Following the presenter").waitFor();
    await expectAccessible(presenter, "presentation mode");

    await presenter.keyboard.press("Space");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.top);
    await expect(shown(presenter).textContent()).resolves.toBe(bodies.top);
    await audience.getByText("▲ 3 votes").waitFor();

    await presenter.keyboard.press("Space");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.middle);
    await presenter.keyboard.press("Space");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.low);
    // Exactly one question carries the tag at a time.
    await expect.poll(presentingIds, POLL).toEqual([ids.low]);

    await presenter.keyboard.press("h");
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.top);
    await expect.poll(presentingIds, POLL).toEqual([ids.top]);

    // Live votes reach the big screen too.
    const voter = await signIn(harness.app, fixture.tenant.slug, "admin");
    expect((await voter.post(`/questions/${ids.top}/upvote`)).status).toBe(200);
    await audience.getByText("▲ 4 votes").waitFor();
    await expectAccessible(audience, "presentation mode (audience)");

    // Two quick presses move two questions on: none is lost while the first is in flight.
    await presenter.keyboard.press("Space");
    await presenter.keyboard.press("Space");
    await expect.poll(presentingIds, POLL).toEqual([ids.low]);
    await expect.poll(() => shown(audience).textContent(), POLL).toBe(bodies.low);

    await presenter.keyboard.press("Escape");
    await presenter.waitForURL(`**/${fixture.teams.a.slug}`);
    await presenter.getByRole("heading", { level: 1, name: fixture.teams.a.name }).waitFor();
  });

  it("the question is large enough to read from the back of a room", async () => {
    const tags = (await admin.get("/tags")).body as Array<{ id: string; name: string }>;
    const tag = tags.find((candidate) => candidate.name === "Currently Presenting");
    for (const id of await presentingIds()) expect((await admin.delete(`/questions/${id}/tags/${tag?.id}`)).status).toBe(200);
    const tagged = await admin.post(`/questions/${ids.middle}/tags`, { tagId: tag?.id });
    expect(tagged.status).toBe(200);
    const page = await signInAs(
      await harness.newContext({ viewport: { width: 1920, height: 1080 } }),
      fixture.tenant.slug,
      "member",
      `/${fixture.teams.a.slug}/open/present`,
    );
    await expect.poll(() => shown(page).getAttribute("data-question-id"), POLL).toBe(ids.middle);
    const fontSize = await shown(page).evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(64);
  });
});
