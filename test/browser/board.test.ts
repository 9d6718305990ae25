import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, askQuestion, insertQuestion, insertUser } from "../helpers/factories.js";
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
  it("a signed-in reader sees who joined the team in the last 30 days, after the questions, on a phone; visitors and the presenter screen do not", async () => {
    const adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
    const tiger = (await adminApi.post("/admin/teams", { name: "Tiger" }).expect(201)).body as { id: string; slug: string };
    const quiet = (await adminApi.post("/admin/teams", { name: "Quiet" }).expect(201)).body as { id: string; slug: string };
    const day = 24 * 60 * 60 * 1000;
    const joined = async (teamId: string, name: string, daysAgo: number, extra: { demoUsername?: string; deactivated?: boolean } = {}) => {
      const user = await insertUser(harness.app.db, fixture.tenant.id, { teamId, name, demoUsername: extra.demoUsername });
      const at = new Date(Date.now() - daysAgo * day);
      await harness.app
        .db("users")
        .where({ id: user.id })
        .update({ created_at: at, deactivated_at: extra.deactivated ? new Date() : null });
      await harness.app.db("team_members").where({ team_id: teamId, user_id: user.id }).update({ created_at: at });
      return user;
    };
    const reader = await joined(tiger.id, "Old Timer", 200, { demoUsername: `old-timer-${tiger.id.slice(0, 8)}` });
    await joined(tiger.id, "Long Ago", 40);
    await joined(tiger.id, "Gone Again", 1, { deactivated: true });
    await joined(tiger.id, "Ana Newcomer", 3);
    // A name in a right-to-left script stays inside its own box.
    await joined(tiger.id, "بو", 0);
    const quietReader = await joined(quiet.id, "Quiet Reader", 200, { demoUsername: `quiet-${quiet.id.slice(0, 8)}` });
    await insertQuestion(harness.app.db, fixture.tenant.id, tiger.id, { body: "Which floor does the Tiger team move to?" });
    await insertQuestion(harness.app.db, fixture.tenant.id, quiet.id, { body: "Is the quiet room bookable?" });

    const context = await harness.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const order: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/newcomers")) order.push("newcomers asked");
    });
    page.on("requestfinished", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/questions" && url.searchParams.get("limit") === "50") order.push("questions in");
    });
    await page.goto(`/auth/demo?user=${encodeURIComponent(reader.username)}&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent(`/${tiger.slug}`)}`);
    await card(page, "Which floor does the Tiger team move to?").waitFor();
    const line = page.locator(".newcomers");
    await line.waitFor();
    await expect(line.textContent()).resolves.toBe("Joined this team in the last 30 days: بو (today), Ana Newcomer (3 days ago)");
    await expect(line.locator('[dir="auto"]').allTextContents()).resolves.toEqual(["بو", "Ana Newcomer"]);
    expect(order.indexOf("questions in")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("newcomers asked")).toBeGreaterThan(order.indexOf("questions in"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const box = await line.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    await expectAccessible(page, "team board with newcomers, phone");
    // Switching tabs asks nothing again.
    await page
      .getByRole("group", { name: "Show" })
      .getByRole("button", { name: /Answered/ })
      .click();
    await page.getByText("No answered questions yet.").waitFor();
    expect(order.filter((entry) => entry === "newcomers asked")).toHaveLength(1);
    await context.close();

    // A team where nobody is new: no line at all.
    const quietPage = await (await harness.newContext()).newPage();
    const asked = quietPage.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/newcomers"));
    await quietPage.goto(`/auth/demo?user=${quietReader.username}&tenant=${fixture.tenant.slug}&returnTo=${encodeURIComponent(`/${quiet.slug}`)}`);
    await card(quietPage, "Is the quiet room bookable?").waitFor();
    expect(await (await asked).json()).toEqual([]);
    expect(await quietPage.getByText("Joined this team").count()).toBe(0);

    // Visitors read the board (this tenant allows them) but are not shown who joined, nor ask.
    const visitorContext = await harness.browser.newContext({ baseURL: harness.baseUrl, extraHTTPHeaders: { "x-tenant-id": fixture.tenant.slug } });
    const visitorPage = await visitorContext.newPage();
    const visitorAsked: string[] = [];
    visitorPage.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/newcomers")) visitorAsked.push(request.url());
    });
    await visitorPage.goto(`/${tiger.slug}`);
    await card(visitorPage, "Which floor does the Tiger team move to?").waitFor();
    expect(await visitorPage.getByText("Joined this team").count()).toBe(0);
    expect(visitorAsked).toEqual([]);
    await visitorContext.close();

    // The presenter screen, on the room's big screen, does not show it.
    const presenter = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", `/${tiger.slug}/open/present`);
    await presenter.getByText("Press Space to present the first question.").waitFor();
    expect(await presenter.getByText("Joined this team").count()).toBe(0);
  });
});
