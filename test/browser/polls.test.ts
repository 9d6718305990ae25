import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessibleInBothSchemes, signInAs, startHarness, type Harness } from "./harness.js";

const POLL = { timeout: 15_000, interval: 100 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true };
const TITLE = "Which day suits the team offsite?";

/** Live polls in the room (CONTRACT §9): moderators run them, phones vote on the board, results appear live. */
describe("browser: live polls on the board and in moderation", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let moderatorApi: ApiClient;
  let board: string;
  let pollId = "";
  let member: Page;
  let moderator: Page;

  const pollCard = (page: Page) => page.getByRole("region", { name: TITLE });
  const choice = (page: Page, text: string) => pollCard(page).getByRole("button", { name: text, exact: true });
  const results = async () =>
    (await moderatorApi.get(`/polls/${pollId}/results`).expect(200)).body as { voteCount: number; options: Array<{ text: string; votes: number }> };
  const votesFor = async (text: string) => (await results()).options.find((option) => option.text === text)?.votes;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    board = `/${fixture.teams.a.slug}`;
  });
  afterAll(() => harness?.close());

  it("a moderator writes a poll in the Polls tab, corrects what the form flags on the field, and opens it", async () => {
    moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/moderation/queue");
    await moderator.getByRole("button", { name: "Polls", exact: true }).click();
    await moderator.getByText("No poll is open.").waitFor();
    await moderator.getByRole("button", { name: "New poll" }).click();
    await moderator.getByLabel("Title").fill(TITLE);
    await moderator.getByLabel("Option 1", { exact: true }).fill("Friday");
    // The same option twice (case aside): flagged on the field at once, in words, tied to it for screen readers.
    const second = moderator.getByLabel("Option 2", { exact: true });
    await second.fill("friday");
    await expect.poll(() => second.getAttribute("aria-invalid"), POLL).toBe("true");
    const describedBy = (await second.getAttribute("aria-describedby")) ?? "";
    const message = await moderator.evaluate(
      (ids) =>
        ids
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      describedBy,
    );
    expect(message).toContain("Same as option 1");
    await second.fill("Monday");
    await expect.poll(() => second.getAttribute("aria-invalid"), POLL).toBeNull();
    await moderator.getByRole("button", { name: "Add option" }).click();
    await moderator.getByLabel("Option 3", { exact: true }).fill("Wednesday");
    await moderator.getByRole("button", { name: "Create poll" }).click();

    const draft = moderator.getByRole("article", { name: TITLE });
    await draft.getByText("Single choice: Friday · Monday · Wednesday").waitFor();
    pollId = (await draft.getAttribute("data-poll-id")) ?? "";
    const listed = (await moderatorApi.get(`/polls?teamId=${fixture.teams.a.id}`).expect(200)).body.items as Array<{ id: string; status: string }>;
    expect(listed.find((poll) => poll.id === pollId)?.status).toBe("draft");

    await draft.getByRole("button", { name: `Open ${TITLE}` }).click();
    await moderator.getByRole("region", { name: "Open now" }).getByRole("article", { name: TITLE }).waitFor();
    await expect.poll(async () => (await moderatorApi.get(`/polls/${pollId}`)).body.status, POLL).toBe("open");
  });

  it("on a member's phone the open poll sits at the top of the board: one tap votes, the vote is marked and can be changed", async () => {
    member = await signInAs(await harness.newContext(PHONE), fixture.tenant.slug, "member", board);
    await pollCard(member).waitFor();
    // Above the questions, on the first screen.
    const card = await pollCard(member).boundingBox();
    const questions = await member.getByRole("region", { name: "Questions" }).boundingBox();
    expect(card && questions && card.y < questions.y).toBe(true);
    expect((card?.y ?? Infinity) + 100).toBeLessThan(844);
    for (const text of ["Friday", "Monday", "Wednesday"]) expect((await choice(member, text).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);

    await choice(member, "Monday").click();
    await pollCard(member).getByRole("status").getByText("Your vote counted").waitFor();
    await expect(choice(member, "Monday").getAttribute("aria-pressed")).resolves.toBe("true");
    await expect.poll(() => votesFor("Monday"), POLL).toBe(1);
    await pollCard(member).getByText("1 vote", { exact: true }).waitFor();

    // Changed while open: the one vote moves.
    await choice(member, "Wednesday").click();
    await expect.poll(() => choice(member, "Wednesday").getAttribute("aria-pressed"), POLL).toBe("true");
    await expect(choice(member, "Monday").getAttribute("aria-pressed")).resolves.toBe("false");
    await expect.poll(async () => [await votesFor("Monday"), await votesFor("Wednesday"), (await results()).voteCount], POLL).toEqual([0, 1, 1]);
    // After a reload the board still knows the member's vote.
    await member.reload();
    await expect.poll(() => choice(member, "Wednesday").getAttribute("aria-pressed"), POLL).toBe("true");
    // Results are not the room's yet: the moderators share them.
    await pollCard(member).getByText("The results show here when the moderators share them.").waitFor();
  });

  it("a visitor votes too (the tenant lets visitors read), once per browser", async () => {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: PHONE.viewport,
      isMobile: true,
      extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug },
    });
    const visitor = await context.newPage();
    await visitor.goto(board);
    await choice(visitor, "Friday").click();
    await pollCard(visitor).getByText("Your vote counted").waitFor();
    await expect.poll(() => votesFor("Friday"), POLL).toBe(1);
    // Again from the same browser: the vote moves, it does not add up.
    await choice(visitor, "Monday").click();
    await expect.poll(async () => [await votesFor("Friday"), await votesFor("Monday"), (await results()).voteCount], POLL).toEqual([0, 1, 2]);
    await context.close();
  });

  it("showing the results to the room draws bars on the phone, which follow new votes live; moderators see them all along", async () => {
    // The moderator's live results, before the room sees anything.
    const live = moderator.getByRole("region", { name: "Open now" }).locator(".poll-admin-results");
    await expect.poll(() => live.locator("[data-option-id]").count(), POLL).toBe(3);
    await expectAccessibleInBothSchemes(moderator, "moderation Polls tab");

    await moderator.getByRole("button", { name: "Show results to the room" }).click();
    const bars = pollCard(member).getByRole("list", { name: `Results of ${TITLE}` });
    await bars.waitFor();
    const wednesday = bars.locator("li", { hasText: "Wednesday" });
    await wednesday.getByText("50%").waitFor();
    await wednesday.getByText("(your vote)").waitFor();

    // Someone else votes Wednesday: the member's bars move without a reload (poll:results), and the count (poll:voted).
    const owner = await signIn(harness.app, fixture.tenant.slug, "owner");
    expect((await owner.post(`/polls/${pollId}/votes`, { optionIds: [await optionId("Wednesday")] })).status).toBe(200);
    await wednesday.getByText("67%").waitFor();
    await pollCard(member).getByText("3 votes", { exact: true }).waitFor();
    await expect.poll(() => wednesday.locator(".poll-bar-fill").evaluate((fill) => (fill as HTMLElement).style.width), POLL).toBe("67%");

    await expectAccessibleInBothSchemes(member, "phone board with a poll");
  });

  async function optionId(text: string): Promise<string> {
    const poll = (await moderatorApi.get(`/polls/${pollId}`).expect(200)).body as { options: Array<{ id: string; text: string }> };
    return poll.options.find((option) => option.text === text)?.id ?? "";
  }

  it("closing the poll: the phone keeps its final results until dismissed, and a late vote is refused in plain words", async () => {
    // A visitor's board has no live events (it reloads every 20 seconds): it still offers the poll just after it closes.
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: PHONE.viewport,
      extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug },
    });
    const late = await context.newPage();
    await late.goto(board);
    await choice(late, "Friday").waitFor();

    await moderator.getByRole("button", { name: "Close poll" }).click();
    await expect.poll(async () => (await moderatorApi.get(`/polls/${pollId}`)).body.status, POLL).toBe("closed");
    await choice(late, "Friday").click();
    await pollCard(late).getByText("This poll has closed, so it takes no more votes.").waitFor();
    await context.close();

    await pollCard(member).getByText("Final results").waitFor();
    await expect(choice(member, "Friday").count()).resolves.toBe(0);
    await pollCard(member)
      .getByRole("list", { name: `Results of ${TITLE}` })
      .waitFor();
    await pollCard(member)
      .getByRole("button", { name: /^Dismiss/ })
      .click();
    await expect.poll(() => pollCard(member).count(), POLL).toBe(0);
  });

  it("a poll opened while the board is showing appears live, and goes when it closes with its results hidden", async () => {
    const created = await moderatorApi.post("/polls", { teamId: fixture.teams.a.id, title: "How was the all-hands?", type: "rating", scaleMax: 5 });
    expect(created.status).toBe(201);
    expect((await moderatorApi.post(`/polls/${created.body.id}/open`)).status).toBe(200);
    const card = member.getByRole("region", { name: "How was the all-hands?" });
    await card.waitFor();
    await card.getByRole("button", { name: "4", exact: true }).click();
    await card.getByText("Your vote counted").waitFor();
    await expect.poll(async () => (await moderatorApi.get(`/polls/${created.body.id}/results`)).body.distribution, POLL).toEqual([0, 0, 0, 1, 0]);
    expect((await moderatorApi.post(`/polls/${created.body.id}/close`)).status).toBe(200);
    await expect.poll(() => card.count(), POLL).toBe(0);
  });
  it("moderators order drafts, edit, duplicate and delete them through the app's dialogs, and opening one while another runs says which closes", async () => {
    const make = async (title: string) =>
      (await moderatorApi.post("/polls", { teamId: fixture.teams.a.id, title, type: "single", options: ["Yes", "No"] }).expect(201)).body.id as string;
    const firstId = await make("Keep the Friday demo?");
    const secondId = await make("Move stand-up to 10:00?");
    const running = await make("Is the coffee machine fixed?");
    await moderatorApi.post(`/polls/${running}/open`).expect(200);
    const draftOrder = async () =>
      ((await moderatorApi.get(`/polls?teamId=${fixture.teams.a.id}&status=draft`).expect(200)).body.items as Array<{ id: string }>).map((poll) => poll.id);
    await moderator.reload();
    await moderator.getByRole("button", { name: "Polls", exact: true }).click();
    const item = (title: string) => moderator.getByRole("article", { name: title });
    await item("Move stand-up to 10:00?").waitFor();
    expect((await draftOrder()).indexOf(firstId)).toBeLessThan((await draftOrder()).indexOf(secondId));

    await item("Move stand-up to 10:00?").getByRole("button", { name: "Move up Move stand-up to 10:00?" }).click();
    await expect.poll(async () => (await draftOrder()).indexOf(secondId) < (await draftOrder()).indexOf(firstId), POLL).toBe(true);

    await item("Keep the Friday demo?").getByRole("button", { name: "Edit Keep the Friday demo?" }).click();
    await moderator.getByLabel("Title").fill("Keep the Friday demo every week?");
    await moderator.getByRole("button", { name: "Save draft" }).click();
    await item("Keep the Friday demo every week?").waitFor();
    await expect.poll(async () => (await moderatorApi.get(`/polls/${firstId}`)).body.title, POLL).toBe("Keep the Friday demo every week?");

    await item("Keep the Friday demo every week?").getByRole("button", { name: "Duplicate Keep the Friday demo every week?" }).click();
    await expect.poll(() => item("Keep the Friday demo every week?").count(), POLL).toBe(2);

    // Delete asks first, in the app's dialog, quoting the poll.
    await item("Move stand-up to 10:00?").getByRole("button", { name: "Delete Move stand-up to 10:00?" }).click();
    const dialog = moderator.getByRole("dialog", { name: "Delete this poll?" });
    await dialog.getByText("‘Move stand-up to 10:00?’ and its votes will be deleted. This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete poll" }).click();
    await expect.poll(async () => (await moderatorApi.get(`/polls/${secondId}`)).status, POLL).toBe(404);
    await expect.poll(() => item("Move stand-up to 10:00?").count(), POLL).toBe(0);

    // Another poll is open: opening this one says which one it closes.
    await item("Keep the Friday demo every week?").first().getByRole("button", { name: "Open Keep the Friday demo every week?" }).click();
    const confirm = moderator.getByRole("dialog", { name: "Open this poll?" });
    await confirm.getByText("Opening this closes ‘Is the coffee machine fixed?’.").waitFor();
    await confirm.getByRole("button", { name: "Open poll" }).click();
    await expect
      .poll(async () => [(await moderatorApi.get(`/polls/${firstId}`)).body.status, (await moderatorApi.get(`/polls/${running}`)).body.status], POLL)
      .toEqual(["open", "closed"]);
    // A closed poll can run again (the server allows it): the same question, the same dialog.
    await item("Is the coffee machine fixed?").getByRole("button", { name: "Open again Is the coffee machine fixed?" }).click();
    await moderator.getByRole("dialog", { name: "Open this poll?" }).getByText("Opening this closes ‘Keep the Friday demo every week?’.").waitFor();
    await moderator.getByRole("dialog", { name: "Open this poll?" }).getByRole("button", { name: "Open poll" }).click();
    await expect.poll(async () => (await moderatorApi.get(`/polls/${running}`)).body.status, POLL).toBe("open");
    await moderatorApi.post(`/polls/${running}/close`).expect(200);
  });

  it("a words poll on the phone counts visible characters as the server does, and refuses more than 40 before sending", async () => {
    const created = await moderatorApi.post("/polls", { teamId: fixture.teams.a.id, title: "One word for the launch", type: "words" }).expect(201);
    await moderatorApi.post(`/polls/${created.body.id}/open`).expect(200);
    const card = member.getByRole("region", { name: "One word for the launch" });
    const input = card.getByLabel("Your words");
    await input.fill("fast\u200b and  calm");
    // Spaces and the zero-width space do not count: 11 visible characters.
    await card.getByText("11 / 40").waitFor();
    await input.fill("x".repeat(41));
    await card.getByText("41 / 40 (1 too many)").waitFor();
    await expect(input.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(card.getByRole("button", { name: "Send" }).isDisabled()).resolves.toBe(true);
    // Refused by the content check: said in words, and what was typed stays to be changed.
    await input.fill("shit");
    await card.getByRole("button", { name: "Send" }).click();
    await card.getByText("Those words were not accepted (profanity). Try other words.").waitFor();
    await expect(input.inputValue()).resolves.toBe("shit");
    await input.fill("Steady");
    await card.getByRole("button", { name: "Send" }).click();
    await card.getByText("Your vote counted").waitFor();
    await card.getByText("You sent:").waitFor();
    await moderatorApi.post(`/polls/${created.body.id}/results`, { visible: true }).expect(200);
    await card.getByRole("list", { name: "Words sent for One word for the launch" }).getByText("steady").waitFor();
    await moderatorApi.post(`/polls/${created.body.id}/close`).expect(200);
  });
});
