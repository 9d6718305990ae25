import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** Moderators in a real browser: the review queue, answering, and what members see of it live. */
describe("browser: moderation queue", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let memberApi: ApiClient;
  let board: string;

  const card = (page: Page | Locator, body: string) => page.getByRole("article", { name: body });
  const waitLive = (page: Page) => page.getByRole("banner").getByText("Live", { exact: true }).waitFor();

  beforeAll(async () => {
    harness = await startHarness();
    // Every question waits for approval in this organisation.
    fixture = await createTenantFixture(harness.app.db, { settings: { features: { requireQuestionApproval: true } } });
    memberApi = await signIn(harness.app, fixture.tenant.slug, "member");
    board = `/${fixture.teams.a.slug}`;
  });
  afterAll(() => harness?.close());

  it("a held question is approved by the moderator, appears live on the member's board, and its answer follows live", async () => {
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    await waitLive(member);
    const body = "Can we publish the on-call schedule a month ahead?";
    await member.getByLabel("Your question").fill(body);
    await member.getByRole("button", { name: "Ask question" }).click();
    await member.getByText("Thanks! Your question was sent to the moderators and will appear once approved.").waitFor();
    await expect(card(member, body).count()).resolves.toBe(0);
    const pending = member.getByRole("region", { name: /Waiting for review/ });
    await pending.getByText(body).waitFor();

    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/moderation/queue");
    // Moderator powers are team-scoped: only the teams this moderator moderates are offered.
    await expect
      .poll(() => moderator.getByLabel("Team", { exact: true }).locator("option").allTextContents(), { timeout: 10_000 })
      .toEqual(["All my teams", fixture.teams.a.name]);
    const review = moderator.getByRole("region", { name: /Waiting for review/ });
    const held = card(review, body);
    await held.getByText("Not flagged by the content check: every question needs approval in this organisation.").waitFor();
    await expectAccessible(moderator, "moderation queue");
    await held.getByRole("button", { name: "Approve", exact: true }).click();
    await held.waitFor({ state: "detached" });

    // Approval publishes question:created: the member's board shows it without a reload.
    await card(member, body).waitFor();
    await pending.waitFor({ state: "detached" });

    const open = moderator.getByRole("region", { name: /Open questions/ });
    await card(open, body).getByRole("button", { name: "Answer", exact: true }).click();
    const dialog = moderator.getByRole("dialog", { name: "Answer the question" });
    await dialog.getByLabel("Answer").fill("Yes, from next week on, in the team calendar.");
    await expectAccessible(moderator, "answer dialog");
    await dialog.getByRole("button", { name: "Publish answer" }).click();
    await dialog.waitFor({ state: "hidden" });

    // question:answered moves it off the member's Open tab; the Answered tab shows the answer.
    await card(member, body).waitFor({ state: "detached" });
    await member.getByRole("button", { name: "Answered" }).click();
    await card(member, body).getByText("Yes, from next week on, in the team calendar.").waitFor();
    await card(member, body).getByText(`Answer from ${fixture.users.moderator.name}`).waitFor();
  });

  it("edit and approve publishes the edited text; reject deletes the question", async () => {
    const toEdit = (await memberApi.post("/questions", { body: "whats the plan for the office move", teamId: fixture.teams.a.id })).body;
    const toReject = (await memberApi.post("/questions", { body: "Is this the right place to ask about parking?", teamId: fixture.teams.a.id })).body;
    expect([toEdit.status, toReject.status]).toEqual(["UNDER_REVIEW", "UNDER_REVIEW"]);

    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/moderation/queue");
    const review = moderator.getByRole("region", { name: /Waiting for review/ });
    await card(review, toEdit.body).getByRole("button", { name: "Edit and approve" }).click();
    const editDialog = moderator.getByRole("dialog", { name: "Edit and approve" });
    await editDialog.getByLabel("Question").fill("What is the plan for the office move?");
    await editDialog.getByRole("button", { name: "Approve edited question" }).click();
    await card(moderator.getByRole("region", { name: /Open questions/ }), "What is the plan for the office move?").waitFor();

    await card(review, toReject.body).getByRole("button", { name: "Reject" }).click();
    const rejectDialog = moderator.getByRole("dialog", { name: "Reject question" });
    await rejectDialog.getByLabel("Reason (optional)").fill("Please use the facilities channel");
    await rejectDialog.getByRole("button", { name: "Reject question" }).click();
    await card(review, toReject.body).waitFor({ state: "detached" });

    expect((await memberApi.get(`/questions/${toReject.id}`)).status).toBe(404);
    expect((await memberApi.get(`/questions/${toEdit.id}`)).body).toMatchObject({ status: "OPEN", body: "What is the plan for the office move?" });
  });

  it("shows why the content check held a question, and tags, pins and freezes from the queue", async () => {
    const flagged = "WHY IS THE BUILD ALWAYS BROKEN ON FRIDAYS";
    const held = (await memberApi.post("/questions", { body: flagged, teamId: fixture.teams.a.id })).body;
    expect(held.status).toBe("UNDER_REVIEW");

    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/moderation/queue");
    const review = moderator.getByRole("region", { name: /Waiting for review/ });
    await card(review, flagged).getByText("Confidence: low").waitFor();
    await card(review, flagged).getByText("Flagged for: excessive capitals").waitFor();
    await card(review, flagged).getByRole("button", { name: "Approve", exact: true }).click();

    const open = moderator.getByRole("region", { name: /Open questions/ });
    const question = card(open, flagged);
    // Adding a tag sits behind one small control on the card.
    await question.getByRole("button", { name: /^Add tag/ }).click();
    await question.getByRole("button", { name: "Technical", exact: true }).click();
    await question.getByRole("button", { name: /Remove tag Technical/ }).waitFor();
    await question.getByRole("button", { name: "Pin" }).click();
    await question.getByText("Pinned").waitFor();
    // Freezing is rare: it sits under More, with Delete.
    await question.getByRole("button", { name: /^More/ }).click();
    await question.getByRole("button", { name: "Freeze" }).click();
    await question.getByText("Frozen", { exact: true }).waitFor();

    const stored = (await memberApi.get(`/questions/${held.id}`)).body;
    expect(stored).toMatchObject({ isPinned: true, isFrozen: true, tags: [expect.objectContaining({ name: "Technical" })] });
  });

  it("Show on screen moves Currently Presenting from question to question, one holder at a time, and Stop showing clears it", async () => {
    const moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    const bodies = ["Which teams will move to the new office first?", "When do we get the results of the engagement survey?"] as const;
    const ids: string[] = [];
    for (const body of bodies) {
      const held = (await memberApi.post("/questions", { body, teamId: fixture.teams.a.id })).body;
      expect((await moderatorApi.post(`/questions/${held.id}/approve`, {})).status).toBe(200);
      ids.push(held.id);
    }
    const tags = (await moderatorApi.get("/tags")).body as Array<{ id: string; name: string }>;
    const presentingTagId = tags.find((tag) => tag.name === "Currently Presenting")?.id;
    const holders = async () =>
      ((await moderatorApi.get(`/questions?team=${fixture.teams.a.slug}&tag=${presentingTagId}`)).body.items as Array<{ id: string }>).map((q) => q.id);

    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/moderation/queue");
    await waitLive(moderator);
    const open = moderator.getByRole("region", { name: /Open questions/ });
    const [first, second] = bodies.map((body) => card(open, body)) as [Locator, Locator];
    // One way to put a question on screen: the tag is not among the generic ones.
    await first.getByRole("button", { name: /^Add tag/ }).click();
    const offered = await first.locator(".tag-editor .more-panel button").allTextContents();
    expect(offered).toContain("Technical");
    expect(offered).not.toContain("Currently Presenting");
    await moderator.keyboard.press("Escape");

    await first.getByRole("button", { name: "Show on screen" }).click();
    await first.getByText("On screen", { exact: true }).waitFor();
    await expect.poll(holders, { timeout: 10_000 }).toEqual([ids[0]]);
    await expectAccessible(moderator, "moderation queue with a question on screen");

    await second.getByRole("button", { name: "Show on screen" }).click();
    await second.getByText("On screen", { exact: true }).waitFor();
    // The server took the tag off the first question; its untag event reaches this page live.
    await first.getByRole("button", { name: "Show on screen" }).waitFor();
    await expect(first.getByText("On screen", { exact: true }).count()).resolves.toBe(0);
    await expect.poll(holders, { timeout: 10_000 }).toEqual([ids[1]]);

    await second.getByRole("button", { name: "Stop showing" }).click();
    await second.getByRole("button", { name: "Show on screen" }).waitFor();
    await expect.poll(holders, { timeout: 10_000 }).toEqual([]);
  });

  it("Pause new questions stops new questions on the board at once, with a banner there and a note on the presenter's screen", async () => {
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", `/${fixture.teams.b.slug}`);
    await waitLive(member);
    await member.getByLabel("Your question").waitFor();
    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/moderation/queue");
    await waitLive(moderator);
    await moderator.getByRole("button", { name: `Pause new questions in ${fixture.teams.b.name}` }).click();
    await member.getByRole("status").filter({ hasText: "New questions are paused" }).waitFor();
    await member.getByText(`New questions to ${fixture.teams.b.name} are paused for now.`).waitFor();
    await expect(member.getByLabel("Your question").count()).resolves.toBe(0);
    expect((await memberApi.get("/teams")).body.find((team: { id: string }) => team.id === fixture.teams.b.id)).toMatchObject({ queueFrozen: true });

    const presenter = await moderator.context().newPage();
    await presenter.goto(`/${fixture.teams.b.slug}/open/present`);
    await presenter.locator(".paused-note").getByText("New questions are paused").waitFor();

    await moderator.getByRole("button", { name: `Resume new questions in ${fixture.teams.b.name}` }).click();
    await member.getByLabel("Your question").waitFor();
    await expect(member.getByText("New questions are paused").count()).resolves.toBe(0);
    await presenter.locator(".paused-note").waitFor({ state: "detached" });
  });
});
