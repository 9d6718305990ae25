import request from "supertest";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatWeekOf } from "../../web/src/features/pulse/pulseFormat.js";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { ManualClock } from "../helpers/app.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";
import { expectAccessible, expectAccessibleInBothSchemes, signInAs, startHarness, type Harness } from "./harness.js";

const K = 3;
const WORKLOAD = "How manageable was your workload this week?";
const RECOGNITION = "Do you feel recognised for your work?";
const TOOLS = "Do you have the tools you need?";
const ROTA = "Our on-call rota is too thin for the number of services we run.";
const PLANNING = "The release plan moved twice this week,\nso nobody could plan their work.";
const THANKS = "Thanks to the design team for the quick reviews.";
const PHONE = { width: 390, height: 844 };

/** "Week of Nov 23": the Monday of the current ISO week (UTC), written independently of the app's code. */
function currentWeekLabel(): string {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  return `Week of ${monday.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}`;
}

describe("a comment's week as people read it", () => {
  it("names the week by its Monday, with the year only when it is not this year's", () => {
    expect(formatWeekOf("2026-06-08", 2026)).toBe("Week of Jun 8");
    expect(formatWeekOf("2025-12-29", 2026)).toBe("Week of Dec 29, 2025");
    expect(formatWeekOf("week 3", 2026)).toBe("Week of week 3");
  });
});

/**
 * The leads' side of pulse comments (CONTRACT §5) on the dashboard. The comments are made by the
 * real flow, in the harness's own app: an invite, the answer (POST /pulse/respond gives the
 * conversation capability), the comment with it, and the release sweep once the group has k answers.
 */
describe("browser: pulse comments on the dashboard", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  const questions: Record<string, string> = {};
  /** Each comment's conversation capability, by its text: the writer's side of the conversation. */
  const capabilities = new Map<string, string>();
  // Moved on by hand past the minute a tapped answer is held against link scanners.
  const clock = new ManualClock(new Date());

  /** One person of the team answers (and comments when `comment` is given). */
  async function answer(team: "a" | "b", questionText: string, comment?: string): Promise<void> {
    const person = await insertUser(harness.app.db, fixture.tenant.id, { teamId: fixture.teams[team].id });
    const { token } = await addInvite(harness.app.db, {
      tenantId: fixture.tenant.id,
      userId: person.id,
      questionId: questions[questionText] as string,
      teamId: fixture.teams[team].id,
      sentAt: clock.now(),
    });
    const answered = await request(harness.app.app).post("/pulse/respond").send({ token, score: 4 }).expect(200);
    if (!comment) return;
    await request(harness.app.app).post("/pulse/comments").send({ conversation: answered.body.conversation, body: comment }).expect(201);
    capabilities.set(comment, answered.body.conversation as string);
  }
  /** The hold passes and every group with k answers is released, its comments with it. */
  async function release(): Promise<void> {
    clock.advance(SCANNER_WINDOW_MS + 1000);
    await harness.app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
  }

  const commentsPanel = (page: Page) => page.getByRole("region", { name: "Comments", exact: true });
  const commentItems = (page: Page) =>
    commentsPanel(page)
      .getByRole("list", { name: /^Comments/ })
      .getByRole("listitem");
  const commentItem = (page: Page, text: string) => commentItems(page).filter({ hasText: text });
  const unreadMarker = (item: Locator) => item.getByText(/^Unread:/);

  beforeAll(async () => {
    harness = await startHarness({ clock });
    fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true, anonThreshold: K, minTenureDays: 0 } } });
    for (const text of [WORKLOAD, RECOGNITION, TOOLS]) questions[text] = await addPulseQuestion(harness.app.db, fixture.tenant.id, { text });
    // Team Alpha: two comments on the workload, one on recognition, 21 on the tools (more than a page).
    await answer("a", WORKLOAD, ROTA);
    await answer("a", WORKLOAD, PLANNING);
    await answer("a", WORKLOAD);
    await answer("a", RECOGNITION, THANKS);
    await answer("a", RECOGNITION);
    await answer("a", RECOGNITION);
    for (let i = 1; i <= 21; i += 1) await answer("a", TOOLS, `Tools comment number ${i}: the build machines are slow.`);
    // Team Beta: answers released, nobody commented.
    for (let i = 0; i < K; i += 1) await answer("b", WORKLOAD);
    await release();
  });
  afterAll(() => harness?.close());

  it("a team lead reads their team's comments beside the figures, filters by question, opens one, replies and sees the marker cleared", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/pulse");
    await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
    // Only the team they moderate: no "All teams".
    await expect(page.getByLabel("Team", { exact: true }).locator("option").allTextContents()).resolves.toEqual([fixture.teams.a.name]);
    const panel = commentsPanel(page);
    await panel.getByText("24 comments in this period, 0 with replies.", { exact: false }).waitFor();

    // Every question: the first page of 20, then the rest.
    await expect.poll(() => commentItems(page).count()).toBe(20);
    await panel.getByRole("button", { name: "Show more (4 more)" }).click();
    await expect.poll(() => commentItems(page).count()).toBe(24);
    await expect(panel.getByRole("button", { name: /^Show more/ }).count()).resolves.toBe(0);

    // A question card says how many comments came with its answers, and filters the list to them.
    const workloadCard = page.getByRole("article", { name: WORKLOAD });
    await workloadCard.getByText("2 comments, 0 with replies").waitFor();
    await workloadCard.getByRole("button", { name: "Read comments" }).click();
    await expect(panel.getByLabel("Question").inputValue()).resolves.toBe(questions[WORKLOAD]);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("pulse-comments-heading");
    await expect.poll(() => commentItems(page).count()).toBe(2);

    // Each comment: its text as written (line breaks kept), its week, its replies, and whether it is new to this lead.
    const rota = commentItem(page, ROTA);
    await rota.getByText(currentWeekLabel(), { exact: true }).waitFor();
    await rota.getByText("No replies yet").waitFor();
    await unreadMarker(rota).waitFor();
    const planning = commentItem(page, "The release plan moved twice");
    await expect(planning.locator(".pulse-comment-body").evaluate((body) => [body.getAttribute("dir"), getComputedStyle(body).whiteSpace])).resolves.toEqual([
      "auto",
      "pre-wrap",
    ]);
    await expect(planning.locator(".pulse-comment-body").innerText()).resolves.toBe(PLANNING);

    // The select filters too.
    await panel.getByLabel("Question").selectOption({ label: RECOGNITION });
    await expect.poll(() => commentItems(page).count()).toBe(1);
    await commentItem(page, THANKS).waitFor();
    await panel.getByLabel("Question").selectOption({ label: WORKLOAD });
    await expect.poll(() => commentItems(page).count()).toBe(2);
    await expectAccessibleInBothSchemes(page, "pulse dashboard with comments");

    // The conversation: the comment, no replies yet, the promise about names, the reply box.
    await rota.getByRole("button", { name: "Read and reply" }).click();
    const dialog = page.getByRole("dialog", { name: "Comment and replies" });
    await dialog.getByText(ROTA, { exact: true }).waitFor();
    await dialog.getByText(/No replies yet/).waitFor();
    await dialog.getByText(/stays anonymous/).waitFor();
    await dialog.getByText(`with your name (${fixture.users.moderator.name})`, { exact: false }).waitFor();
    const reply = dialog.getByLabel("Your reply");
    await reply.fill("  Thank you  ");
    await dialog.getByText("8 / 1000 characters (spaces do not count)").waitFor();
    await expectAccessible(page, "pulse conversation dialog");

    // Too long is said before sending; a text the server still refuses (invisible characters past its cap) is refused in words.
    await reply.fill("x".repeat(1001));
    await dialog.getByText("A reply can have at most 1000 characters: 1 too many.").waitFor();
    await expect(reply.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(dialog.getByRole("button", { name: "Send reply" }).isDisabled()).resolves.toBe(true);
    await reply.fill(`Thanks${"\u200B".repeat(2500)}`);
    await dialog.getByRole("button", { name: "Send reply" }).click();
    await dialog
      .getByRole("alert")
      .getByText("The reply was not sent: it must be at most 2000 characters long, invisible ones included.", { exact: true })
      .waitFor();

    // The content check's refusal says so, and nothing is added.
    await reply.fill("Buy now, limited time offer: more on-call people!");
    await dialog.getByRole("button", { name: "Send reply" }).click();
    await dialog
      .getByRole("alert")
      .getByText(/^The reply was not sent: the content check refused it \(spam\)/)
      .waitFor();
    await expect(dialog.getByRole("list", { name: "Replies" }).count()).resolves.toBe(0);

    const text = "Thank you. Which services hurt most?";
    await reply.fill(text);
    await dialog.getByRole("button", { name: "Send reply" }).click();
    const replies = dialog.getByRole("list", { name: "Replies" });
    await replies.getByText(text, { exact: true }).waitFor();
    await replies.getByText(fixture.users.moderator.name, { exact: true }).waitFor();
    // Dated by the clock, not "in a minute" when the device's clock runs behind the server's.
    await expect(replies.locator("time").first().getAttribute("datetime")).resolves.toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expect(reply.inputValue()).resolves.toBe("");
    await expect(dialog.getByRole("alert").count()).resolves.toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Read and replied to: the marker is gone, the count and the card's conversations follow.
    await rota.getByText("1 reply", { exact: true }).waitFor();
    await expect(unreadMarker(rota).count()).resolves.toBe(0);
    await expect(unreadMarker(planning).count()).resolves.toBe(1);
    await workloadCard.getByText("2 comments, 1 with replies").waitFor();

    // The server kept it read: after a reload too. When the writer answers back, it is unread again.
    await page.reload();
    await commentsPanel(page).getByLabel("Question").selectOption({ label: WORKLOAD });
    await commentItem(page, ROTA).getByText("1 reply", { exact: true }).waitFor();
    await expect(unreadMarker(commentItem(page, ROTA)).count()).resolves.toBe(0);
    clock.advance(60_000);
    await request(harness.app.app)
      .post(`/pulse/conversations/${capabilities.get(ROTA)}/replies`)
      .send({ body: "Mostly billing and search." })
      .expect(201);
    await page.reload();
    await commentsPanel(page).getByLabel("Question").selectOption({ label: WORKLOAD });
    await unreadMarker(commentItem(page, ROTA)).waitFor();
    await commentItem(page, ROTA).getByRole("button", { name: "Open conversation" }).click();
    const reopened = page.getByRole("dialog", { name: "Comment and replies" }).getByRole("list", { name: "Replies" });
    await reopened.getByText("Mostly billing and search.", { exact: true }).waitFor();
    await reopened.getByText("Colleague", { exact: true }).waitFor();
    await page.getByRole("dialog", { name: "Comment and replies" }).getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => unreadMarker(commentItem(page, ROTA)).count()).toBe(0);
  });

  it("on a phone the comments stack under the figures, and a conversation opens full width with large enough targets", async () => {
    const page = await signInAs(await harness.newContext({ viewport: PHONE }), fixture.tenant.slug, "moderator", "/pulse");
    const panel = commentsPanel(page);
    await panel.getByLabel("Question").selectOption({ label: RECOGNITION });
    const item = commentItem(page, THANKS);
    await item.waitFor();
    const questionsBox = await page.getByRole("region", { name: "Questions", exact: true }).boundingBox();
    const panelBox = await panel.boundingBox();
    expect(questionsBox && panelBox && panelBox.y).toBeGreaterThanOrEqual((questionsBox?.y ?? 0) + (questionsBox?.height ?? 0));
    expect(panelBox && panelBox.x + panelBox.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    const open = item.getByRole("button", { name: "Read and reply" });
    expect((await open.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, "pulse comments on a phone");

    await open.click();
    const dialog = page.getByRole("dialog", { name: "Comment and replies" });
    await dialog.getByLabel("Your reply").waitFor();
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox?.width).toBeGreaterThanOrEqual(PHONE.width * 0.9);
    expect(dialogBox && dialogBox.x + dialogBox.width).toBeLessThanOrEqual(PHONE.width);
    // A phone does not zoom into a 16 px field.
    await expect(dialog.getByLabel("Your reply").evaluate((field) => parseFloat(getComputedStyle(field).fontSize))).resolves.toBeGreaterThanOrEqual(16);
    for (const name of ["Send reply", "Cancel"]) expect((await dialog.getByRole("button", { name }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, "pulse conversation on a phone");
  });

  it("a lead of a team without comments is told why; an admin's every-team list names each comment's team", async () => {
    const lead = await signInAs(await harness.newContext(), fixture.tenant.slug, "othermoderator", "/pulse");
    const panel = commentsPanel(lead);
    await panel
      .getByText(`No comments in this period yet. Comments appear here only when the answers of their group are released, together with at least ${K} answers.`)
      .waitFor();
    await expect(lead.getByLabel("Team", { exact: true }).locator("option").allTextContents()).resolves.toEqual([fixture.teams.b.name]);
    await lead.getByRole("article", { name: WORKLOAD }).getByText("No comments in this period").waitFor();
    await expect(lead.getByRole("button", { name: "Read comments" }).count()).resolves.toBe(0);
    await expectAccessible(lead, "pulse comments, empty");

    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/pulse");
    await expect(admin.getByLabel("Team", { exact: true }).inputValue()).resolves.toBe("");
    await commentsPanel(admin).getByLabel("Question").selectOption({ label: RECOGNITION });
    const item = commentItem(admin, THANKS);
    await item.getByText(fixture.teams.a.name, { exact: true }).waitFor();
    await expect(unreadMarker(item).count()).resolves.toBe(1);
    // Another team: its own (no) comments, never the previous team's, the question still chosen.
    await admin.getByLabel("Team", { exact: true }).selectOption({ label: fixture.teams.b.name });
    await commentsPanel(admin)
      .getByText(/^No comments on this question in this period yet\./)
      .waitFor();
    await expect(commentsPanel(admin).getByLabel("Question").inputValue()).resolves.toBe(questions[RECOGNITION]);
    await expect(commentItems(admin).count()).resolves.toBe(0);
  });
});
