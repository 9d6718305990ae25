import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, askQuestion, insertQuestion } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** The team board in a real browser: ask, live updates across browsers, votes, search, tags, visitors. */
describe("browser: team board", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let moderatorApi: ApiClient;
  let board: string;

  const card = (page: Page, body: string) => page.getByRole("article", { name: body });
  const waitLive = (page: Page) => page.getByRole("banner").getByText("Live", { exact: true }).waitFor();

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db, { settings: { questions: { minLength: 15, maxLength: 120 } } });
    moderatorApi = await signIn(harness.app, fixture.tenant.slug, "moderator");
    board = `/${fixture.teams.a.slug}`;
  });
  afterAll(() => harness?.close());

  it("counts characters live against the tenant's bounds and a new question appears on a second browser without reload", async () => {
    const asker = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    const watcher = await signInAs(await harness.newContext(), fixture.tenant.slug, "viewer", board);
    await Promise.all([waitLive(asker), waitLive(watcher)]);

    const textbox = asker.getByLabel("Your question");
    // This tenant's bounds (15 to 120, from GET /tenant), counted in visible characters as the server counts them.
    await textbox.fill("  Too short?  ");
    await asker.getByText("9 / 120").waitFor();
    await asker.getByText("6 more characters needed").waitFor();
    await asker.getByRole("button", { name: "Ask question" }).click();
    await asker.getByText("A question needs at least 15 characters.").waitFor();
    await textbox.fill("Is 😀 okay here?");
    await asker.getByText("12 / 120").waitFor();

    await textbox.fill("x".repeat(121));
    await asker.getByText("121 / 120").waitFor();
    await expect(asker.getByRole("button", { name: "Ask question" }).isDisabled()).resolves.toBe(true);

    const body = "When will the new onboarding checklist be published?";
    await textbox.fill(body);
    await asker.getByRole("button", { name: "Ask question" }).click();
    await asker.getByText("Your question is on the board.").waitFor();
    await card(asker, body).waitFor();
    // The viewer never reloaded: the question arrived over SSE, then its author was filled in.
    await card(watcher, body).waitFor();
    await card(watcher, body).getByText(fixture.users.member.name).waitFor();
    await watcher.getByText("Your account can read but not vote.").waitFor();
    await expectAccessible(asker, "team board");
  });

  it("reconnects after the connection drops and shows what was posted meanwhile", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    await waitLive(page);
    harness.dropConnections();
    await page.getByRole("banner").getByText("Reconnecting…").waitFor();
    const body = "Who owns the release checklist after the reorganisation?";
    await askQuestion(moderatorApi, fixture.teams.a.id, body);
    // Back with Last-Event-ID (the server replays what was missed), then a refetch to be sure.
    await waitLive(page);
    await card(page, body).waitFor();
  });

  it("upvote and undo change the count for the voter and, live, for everyone else", async () => {
    const body = "Could we move the retro to Thursday afternoons?";
    await askQuestion(moderatorApi, fixture.teams.a.id, body);
    const voter = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    const other = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", board);
    await Promise.all([waitLive(voter), waitLive(other)]);

    const button = card(voter, body).getByRole("button", { name: /upvote/ });
    await button.click();
    const voted = card(voter, body).getByRole("button", { name: "1 vote, remove your upvote" });
    await voted.waitFor();
    await expect(voted.getAttribute("aria-pressed")).resolves.toBe("true");
    await card(other, body).getByRole("button", { name: "1 vote, upvote" }).waitFor();

    // What speech users say is what they see (WCAG 2.5.3): each vote button's name starts with its count.
    const names = await voter
      .locator(".vote-button")
      .evaluateAll((buttons) =>
        buttons.map((button) => ({ shown: button.querySelector(".vote-count")?.textContent ?? "", name: button.getAttribute("aria-label") ?? "" })),
      );
    expect(names.length).toBeGreaterThan(0);
    for (const { shown, name } of names) expect(name.startsWith(`${shown} vote`), name).toBe(true);

    await voted.click();
    await card(voter, body).getByRole("button", { name: "0 votes, upvote" }).waitFor();
    await card(other, body).getByRole("button", { name: "0 votes, upvote" }).waitFor();
  });

  it("search finds stemmed and prefix matches and highlights them", async () => {
    await askQuestion(moderatorApi, fixture.teams.a.id, "How is the deployment pipeline monitored overnight?");
    await askQuestion(moderatorApi, fixture.teams.a.id, "Which lunch options are planned for the offsite?");
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    const search = page.getByLabel("Search questions");

    await search.fill("deploying");
    await page.getByText("1 question matches “deploying”").waitFor();
    const match = card(page, "How is the deployment pipeline monitored overnight?");
    await expect(match.locator("mark").allTextContents()).resolves.toEqual(["deployment"]);
    await expect(card(page, "Which lunch options are planned for the offsite?").count()).resolves.toBe(0);

    await search.fill("pipe");
    await page.getByText("1 question matches “pipe”").waitFor();
    await expect(match.locator("mark").allTextContents()).resolves.toEqual(["pipeline"]);
    // The search is in the address, so it survives a reload and can be shared.
    expect(new URL(page.url()).searchParams.get("search")).toBe("pipe");
    await expectAccessible(page, "team board while searching");
  });

  it("shows pinned questions first and filters by tag", async () => {
    const pinned = "What is the budget for conference travel next year?";
    const tagged = "Why does the build cache miss on every branch?";
    const pinnedId = (await askQuestion(moderatorApi, fixture.teams.a.id, pinned)).id;
    const taggedId = (await askQuestion(moderatorApi, fixture.teams.a.id, tagged)).id;
    const tags = (await moderatorApi.get("/tags")).body as Array<{ id: string; name: string }>;
    const bug = tags.find((tag) => tag.name === "Bug");
    expect(bug).toBeDefined();
    expect((await moderatorApi.post(`/questions/${pinnedId}/pin`, { pinned: true })).status).toBe(200);
    expect((await moderatorApi.post(`/questions/${taggedId}/tags`, { tagId: bug?.id })).status).toBe(200);

    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    const first = page.getByRole("article").first();
    await expect(first.getAttribute("aria-labelledby")).resolves.toBe(`q-${pinnedId}`);
    await first.getByText("Pinned").waitFor();

    await page.getByLabel("Tag", { exact: true }).selectOption({ label: "Bug" });
    await page.getByText("1 open question").waitFor();
    await card(page, tagged).getByText("Bug").waitFor();
    await expect(page.getByRole("article").count()).resolves.toBe(1);
  });

  it("a visitor asks anonymously while the tenant allows it, and is asked to sign in to vote", async () => {
    // A visitor's tenant comes from the host or the x-tenant-id header (CONTRACT §2).
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug } });
    const page = await context.newPage();
    const failed: string[] = [];
    const consoleErrors: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await page.goto(board);
    await page.getByRole("article").first().waitFor();
    // The form opens when the visitor starts asking, and says first that the question goes out anonymously.
    await page.getByLabel("Your question").focus();
    await page.getByText("You are not signed in: your question will be posted anonymously.").waitFor();
    // Plain words and no warning colour: a visitor's board refreshes on a timer, nothing is wrong.
    await page.getByRole("banner").getByText("Updates every 20 seconds").waitFor();
    // Finding out that nobody is signed in is not an error: no refused request, nothing red in the console.
    expect(failed).toEqual([]);
    expect(consoleErrors).toEqual([]);
    const body = "Is the parking garage open during the holidays?";
    await page.getByLabel("Your question").fill(body);
    await page.getByRole("button", { name: "Ask question" }).click();
    await page.getByText("Your question is on the board.").waitFor();
    await card(page, body).getByText("Anonymous").waitFor();
    await expect(
      card(page, body)
        .getByRole("button", { name: /Upvote/ })
        .count(),
    ).resolves.toBe(0);
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).waitFor();
    await expectAccessible(page, "team board as a visitor");
    await context.close();
  });

  it("works from the keyboard: skip link first, visible focus, and voting by Tab and Enter", async () => {
    const body = "Can the design review move to the morning slot?";
    await askQuestion(moderatorApi, fixture.teams.a.id, body);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    await card(page, body).waitFor();
    await page.keyboard.press("Tab");
    const skip = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { text: element.textContent, outline: style.outlineStyle, top: element.getBoundingClientRect().top };
    });
    expect(skip.text).toBe("Skip to content");
    expect(skip.outline).not.toBe("none");
    expect(skip.top).toBeGreaterThanOrEqual(0);

    // Tab on until the question's vote button has focus, then vote with Enter.
    const target = "0 votes, upvote";
    let reached = false;
    for (let step = 0; step < 60 && !reached; step += 1) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(
        ([label, text]) => {
          const element = document.activeElement;
          return element?.getAttribute("aria-label") === label && Boolean(element.closest("article")?.textContent?.includes(text));
        },
        [target, body] as const,
      );
    }
    expect(reached).toBe(true);
    // Focus on the white card shows as two rings: amber outside, the text colour inside (amber alone is about 2:1 on white).
    const rings = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as HTMLElement);
      return { outline: style.outlineColor, shadow: style.boxShadow };
    });
    expect(rings.outline).toBe("rgb(245, 158, 11)");
    expect(rings.shadow).toContain("rgb(15, 23, 42)");
    await page.keyboard.press("Enter");
    await card(page, body).getByRole("button", { name: "1 vote, remove your upvote" }).waitFor();
  });

  it("a link to a question (the answered e-mail's) shows it first and in view, answered or still under review", async () => {
    const answeredBody = "Where can we find the notes of the last all-hands?";
    const { id: answeredId } = await askQuestion(moderatorApi, fixture.teams.a.id, answeredBody);
    await moderatorApi.post(`/questions/${answeredId}/answer`, { responseText: "In the shared drive, under All-hands." }).expect(200);
    const pendingBody = "A question the author still waits to see reviewed";
    const { id: pendingId } = await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, {
      body: pendingBody,
      authorId: fixture.users.member.id,
      status: "UNDER_REVIEW",
    });
    const context = await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await signInAs(context, fixture.tenant.slug, "member", `${board}?question=${answeredId}`);
    const linked = page.getByRole("region", { name: "The question you followed" });
    await linked.getByRole("article", { name: answeredBody }).waitFor();
    await linked.getByText("In the shared drive, under All-hands.").waitFor();
    // The board opens on its Open tab, yet the answered question is the one in view.
    await expect(linked.getByRole("heading", { name: "The question you followed" }).evaluate((element) => element === document.activeElement)).resolves.toBe(
      true,
    );
    const box = await linked.getByRole("article", { name: answeredBody }).boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.y).toBeLessThan(844 / 2);
    await expectAccessible(page, "team board with a linked question");

    await page.goto(`${board}?question=${pendingId}`);
    await linked.getByRole("article", { name: pendingBody }).getByText("Awaiting review").waitFor();
    await page.getByRole("button", { name: "Show all questions" }).click();
    await linked.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("question")).toBeNull();

    // Someone else's question under review is not theirs to see: said plainly, the board still works.
    const viewer = await signInAs(await harness.newContext(), fixture.tenant.slug, "viewer", `${board}?question=${pendingId}`);
    const refused = viewer.getByRole("region", { name: "The question you followed" });
    await refused.getByText("This question is not here any more, or your account cannot see it.").waitFor();
    expect(await refused.getByRole("article").count()).toBe(0);
    await viewer.getByText("open question", { exact: false }).first().waitFor();
  });

  it("fits a phone screen: no horizontal scrolling, the question form comes first", async () => {
    const context = await harness.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
    const page = await signInAs(context, fixture.tenant.slug, "member", board);
    await page.getByLabel("Your question").waitFor();
    await page.getByRole("article").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const [formTop, listTop] = await Promise.all([page.getByLabel("Your question").boundingBox(), page.getByRole("article").first().boundingBox()]);
    expect(formTop?.y ?? Infinity).toBeLessThan(listTop?.y ?? 0);
  });

  it("edits and deletions reach other browsers live; a new question arrives with its author and no extra fetch", async () => {
    const watcher = await signInAs(await harness.newContext(), fixture.tenant.slug, "viewer", board);
    await waitLive(watcher);
    const questionFetches: string[] = [];
    watcher.on("request", (request) => {
      if (/\/questions\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) questionFetches.push(request.url());
    });
    const author = await signIn(harness.app, fixture.tenant.slug, "memberb");
    const id = (await author.post("/questions", { body: "Where do we publish the release calendar?", teamId: fixture.teams.a.id }).expect(201)).body
      .id as string;
    await card(watcher, "Where do we publish the release calendar?").getByText(fixture.users.memberB.name).waitFor();
    expect(questionFetches).toEqual([]);
    await author.put(`/questions/${id}`, { body: "Where do we publish the release calendar for 2027?" }).expect(200);
    await card(watcher, "Where do we publish the release calendar for 2027?").waitFor();
    await author.delete(`/questions/${id}`).expect(204);
    await card(watcher, "Where do we publish the release calendar for 2027?").waitFor({ state: "detached" });
  });

  it("a member who moderates team A through their membership gets the presenter there, not in team B", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "teammoderator", board);
    await page.getByRole("link", { name: "Present" }).waitFor();
    await page.getByRole("navigation").getByRole("link", { name: "Moderation" }).waitFor();
    await page.goto(`/${fixture.teams.b.slug}`);
    await page.getByRole("heading", { name: fixture.teams.b.name, level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "Present" }).count()).toBe(0);
  });
});
