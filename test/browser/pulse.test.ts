import request from "supertest";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPeriod, isoWeekMonday, weeksOfRange } from "../../web/src/features/pulse/pulseFormat.js";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { ManualClock, signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite } from "../helpers/pulse.js";
import { expectAccessible, signInAs, sizesAndSchemes, startHarness, type Harness } from "./harness.js";

const QUESTION = "How manageable is your workload this week?";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** "Nov 23": the Monday of the current ISO week (UTC), written independently of the app's code. */
function currentWeekLabel(): string {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  return monday.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** Rendered size in CSS pixels of every text of the first chart (its font size times the SVG's scale). */
async function chartTextSizes(page: Page): Promise<number[]> {
  return page
    .locator("svg.chart")
    .first()
    .evaluate((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      return [...svg.querySelectorAll("text")].map((text) => parseFloat(getComputedStyle(text).fontSize) * scale);
    });
}

describe("pulse dates as people read them", () => {
  it("names an ISO week by its Monday, across year boundaries", () => {
    const day = (week: string) => isoWeekMonday(week)?.toISOString().slice(0, 10);
    expect(day("2026-W37")).toBe("2026-09-07");
    expect(day("2026-W01")).toBe("2025-12-29");
    expect(day("2021-W01")).toBe("2021-01-04");
    expect(day("2020-W53")).toBe("2020-12-28");
    expect(isoWeekMonday("week 3")).toBeNull();
  });

  it("writes periods briefly and lists each week of a range once", () => {
    expect(formatPeriod({ start: "2026-09-01", end: "2026-11-25" })).toBe("Sep 1 – Nov 25");
    expect(formatPeriod({ start: "2025-12-01", end: "2026-11-25" })).toBe("Dec 1, 2025 – Nov 25, 2026");
    expect(weeksOfRange({ start: "2026-11-02", end: "2026-11-25" })).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
  });
});

/** The pulse: the one-tap respond page (a server page, no JavaScript needed) and the dashboard. */
describe("browser: pulse", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let adminApi: ApiClient;
  let tokens: string[];
  // Moved on by hand past the minute a tapped answer is held against link scanners. It starts no
  // later than 21:00 UTC so that the minutes it is moved on stay on one day of the schedule's
  // time zone (UTC): "nothing is sent twice on one day" is asked of the same day as the first send.
  const clock = new ManualClock(new Date(Math.min(Date.now(), new Date().setUTCHours(21, 0, 0, 0))));
  const settle = async () => {
    clock.advance(SCANNER_WINDOW_MS);
    await harness.app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
  };

  beforeAll(async () => {
    harness = await startHarness({ clock });
    fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true } } });
    adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
    const question = await adminApi.post("/admin/pulse/questions", { text: QUESTION });
    expect(question.status).toBe(201);
    const schedule = (await adminApi.get("/admin/pulse/schedule")).body;
    // One cohort: today's run invites everybody.
    const saved = await adminApi.put("/admin/pulse/schedule", {
      enabled: true,
      cadence: schedule.cadence,
      time: schedule.time,
      timezone: "UTC",
      rotatingCohorts: true,
      numCohorts: 1,
    });
    expect(saved.status).toBe(200);
    const run = await adminApi.post("/admin/pulse/run");
    expect(run.status).toBe(200);
    expect(run.body.invitesCreated).toBeGreaterThan(2);
    tokens = (await harness.app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).select("token")).map((row: { token: string }) => String(row.token));
  });
  afterAll(() => harness?.close());

  it("the one-tap link records the answer on a page that needs no JavaScript, and refuses the link once the answer counts", async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    const link = `/pulse/respond?token=${tokens[0]}&score=4`;
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Thank you, your response was recorded" }).waitFor();
    // Opening it again within the minute (a reload) is the same answer.
    expect((await page.goto(link))?.status()).toBe(200);

    await settle();
    const again = await page.goto(link);
    expect(again?.status()).toBe(400);
    await page.getByRole("heading", { level: 1, name: "This link can no longer be used" }).waitFor();
    await page.getByText("Invalid or expired invite", { exact: true }).waitFor();
    await context.close();
  });

  it("the respond pages show the question when a score is missing, and pass axe", async () => {
    const page = await (await harness.newContext()).newPage();
    await page.goto(`/pulse/respond?token=${tokens[1]}&score=5`);
    await page.getByRole("heading", { level: 1, name: "Thank you, your response was recorded" }).waitFor();
    await expectAccessible(page, "pulse respond: thank you");

    const choose = await page.goto(`/pulse/respond?token=${tokens[2]}&score=9`);
    expect(choose?.status()).toBe(400);
    await page.getByRole("heading", { level: 1, name: "Choose a score from 1 to 5" }).waitFor();
    await page.getByText(QUESTION, { exact: true }).waitFor();
    await expectAccessible(page, "pulse respond: choose a score");

    await page.goto("/pulse/respond?token=not-a-token&score=3");
    await page.getByRole("heading", { level: 1, name: "This link can no longer be used" }).waitFor();
    await page.getByText("Invalid or expired invite", { exact: true }).waitFor();
    await expectAccessible(page, "pulse respond: invalid link");
  });

  for (const [size, viewport, colorScheme] of sizesAndSchemes(PHONE, DESKTOP)) {
    it(`an expired link on a ${size} in ${colorScheme} mode names the organisation and offers the way in; the score page follows the scheme too`, async () => {
      // Invites of the fixture's one pulse question: the dashboard tests count its questions.
      const { id: questionId } = await harness.app.db("pulse_questions").where({ tenant_id: fixture.tenant.id, text: QUESTION }).first("id");
      const expired = await addInvite(harness.app.db, {
        tenantId: fixture.tenant.id,
        userId: fixture.users.member.id,
        questionId,
        sentAt: "2020-01-01T09:00:00Z",
        expiresAt: "2020-01-08T09:00:00Z",
      });
      const page = await (await harness.newContext({ viewport })).newPage();
      await page.emulateMedia({ colorScheme });
      expect((await page.goto(`/pulse/respond?token=${expired.token}&score=4`))?.status()).toBe(400);
      await page.getByRole("heading", { level: 1, name: "This link can no longer be used" }).waitFor();
      await page.getByText(fixture.tenant.name, { exact: true }).waitFor();
      const wayIn = page.getByRole("link", { name: `Go to ${fixture.tenant.name}’s questions` });
      const box = await wayIn.boundingBox();
      expect(box && box.height).toBeGreaterThanOrEqual(44);
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(colorScheme === "dark" ? "rgb(11, 17, 32)" : "rgb(243, 244, 246)");
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page, `pulse invalid link, ${size}, ${colorScheme}`);

      await wayIn.click();
      await page.waitForURL((url) => !url.pathname.startsWith("/pulse/respond"));

      // A link that still works: the scores, in the same scheme.
      const open = await addInvite(harness.app.db, { tenantId: fixture.tenant.id, userId: fixture.users.member.id, questionId });
      expect((await page.goto(`/pulse/respond?token=${open.token}&score=9`))?.status()).toBe(400);
      await page.getByRole("heading", { level: 1, name: "Choose a score from 1 to 5" }).waitFor();
      await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe(background);
      await expectAccessible(page, `pulse choose a score, ${size}, ${colorScheme}`);
      await page.context().close();
    });
  }

  it("an admin's dashboard shows participation, a heatmap with its legend and a trend per question", async () => {
    // The seeded demo organisation has 12 weeks of history.
    const page = await signInAs(await harness.newContext(), "default", "admin", "/pulse");
    await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
    await page.getByText("Participation").waitFor();
    await page.getByText("Answers", { exact: true }).waitFor();
    const heatmap = page.getByRole("table");
    await heatmap.getByRole("columnheader", { name: "Engineering" }).waitFor();
    await heatmap.getByRole("columnheader", { name: "Product" }).waitFor();
    await page.getByRole("list", { name: "Average score" }).getByText("4.3–5.0").waitFor();
    await expect(page.getByRole("img", { name: /weekly average/ }).count()).resolves.toBeGreaterThan(0);
    // One short explanation of the groups of k, and no hidden-figure sentences in the table.
    await page.getByText(/counted in groups of 5, so nobody can be singled out/).waitFor();
    await expect(heatmap.getByText(/Insufficient|Hidden/).count()).resolves.toBe(0);
    await expectAccessible(page, "pulse dashboard");

    // A member sees what protects their answers, and no figures.
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", "/pulse");
    await member.getByRole("heading", { level: 2, name: "How your pulse answers are protected" }).waitFor();
    await expect(member.getByText("Participation").count()).resolves.toBe(0);
  });

  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`a team lead reads their team's pulse on a ${size}: dated weeks, a legend and the change on the previous 4 weeks`, async () => {
      const page = await signInAs(await harness.newContext({ viewport }), "default", "moderator", "/pulse");
      await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
      // Only the team they moderate.
      await expect(page.getByLabel("Team").locator("option").allTextContents()).resolves.toEqual(["Engineering"]);
      await page.getByLabel("Period").selectOption("4w");
      await page.getByText("Participation").waitFor();

      const charts = page.getByRole("img", { name: /weekly average on a 1 to 5 scale/ });
      await charts.first().waitFor();
      await expect(page.locator("svg.chart circle.point").count()).resolves.toBeGreaterThan(0);
      // Weeks read as the date of their Monday ("Nov 23"), every one of the 4 weeks, the current one included.
      const weekLabels = (await page.locator("svg.chart").first().locator("text").allTextContents()).filter((text) => /[A-Za-z]/.test(text));
      expect(weekLabels).toHaveLength(4);
      for (const label of weekLabels) expect(label).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}$/);
      expect(weekLabels).toContain(currentWeekLabel());
      expect(Math.min(...(await chartTextSizes(page)))).toBeGreaterThanOrEqual(12);
      await page
        .getByText(/^[A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}$/)
        .first()
        .waitFor();

      await page.getByRole("list", { name: "Average score" }).waitFor();
      for (const band of ["1.0–1.9", "2.0–2.7", "2.8–3.4", "3.5–4.2", "4.3–5.0"]) await page.getByText(band, { exact: true }).waitFor();
      // The seed holds more than 8 weeks: a 4-week range has a previous period to compare with.
      const changes = page.locator(".pulse-card .change").filter({ hasText: "vs previous 4 weeks" });
      await changes.first().waitFor();
      await expect(changes.first().textContent()).resolves.toMatch(/^[▲▼=] \d\.\d/);
      // With figures to compare, the period says what they are compared with, and the legend explains the arrows.
      await page.getByText(/^Changes are against [A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}$/).waitFor();
      await page.getByText("up or down on the previous period").waitFor();

      // Nothing wider than the screen but the heatmap's own scroller.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page, `pulse dashboard, team lead, ${size}`);
    });
  }

  it("after a refused load the dashboard shows the reason and none of the previous figures", async () => {
    const page = await signInAs(await harness.newContext(), "default", "moderator", "/pulse");
    await page
      .getByRole("img", { name: /weekly average/ })
      .first()
      .waitFor();
    await page.route(/\/pulse\/summary\?.*range=8w/, (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "FORBIDDEN", message: "You can see the pulse of your own teams only." } }),
      }),
    );
    await page.getByLabel("Period").selectOption("8w");
    await page.getByRole("alert").getByText("You can see the pulse of your own teams only.").waitFor();
    await expect(page.getByText("Answers", { exact: true }).count()).resolves.toBe(0);
    await expect(page.locator("svg.chart, table").count()).resolves.toBe(0);
  });

  it("a group with too few answers shows a compact waiting marker in plain words, and no comparison without earlier figures, on a phone too", async () => {
    const response = await request(harness.app.app).get(`/pulse/respond?token=${tokens[3]}&score=2`).set("Accept", "application/json");
    expect(response.status).toBe(200);
    await settle();
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signInAs(await harness.newContext({ viewport }), fixture.tenant.slug, "admin", "/pulse");
      await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
      const badge = page.getByRole("table").locator(".badge-waiting").first();
      await badge.waitFor();
      expect((await badge.textContent())?.replace(/\s+/g, " ")).toMatch(/^\d of 5 so far$/);
      // A marker, not a sentence stretching its column.
      const box = await badge.boundingBox();
      expect(box?.width).toBeLessThan(200);
      expect(box?.height).toBeLessThan(60);
      await page.getByText(/^Not shown yet: \d answers? (is|are) waiting for 5 to come in$/).waitFor();
      await page.getByText("No average yet").waitFor();
      await page.getByText("Waiting", { exact: true }).waitFor();
      await page.getByText("for enough answers to be shown", { exact: true }).waitFor();
      // A new organisation has no earlier period: nothing promises or apologises for a comparison.
      await expect(page.getByText(/Changes are against|Compared with|No earlier data|previous period/).count()).resolves.toBe(0);
      await expectAccessible(page, `pulse dashboard with waiting answers (${viewport.width} px)`);
    }
  });

  it("a link opened with two scores within a minute says nothing was recorded and offers the scores again", async () => {
    const page = await (await harness.newContext({ viewport: PHONE })).newPage();
    await page.goto(`/pulse/respond?token=${tokens[4]}&score=1`);
    await page.goto(`/pulse/respond?token=${tokens[4]}&score=5`);
    await page.getByRole("heading", { level: 1, name: "Nothing was recorded yet" }).waitFor();
    await page.getByText(QUESTION, { exact: true }).waitFor();
    await expect(page.getByRole("button", { name: "3" }).isVisible()).resolves.toBe(true);
    await expectAccessible(page, "pulse respond: nothing recorded yet");
  });

  it("a member reads on the Pulse page what protects their answers, and a change an admin made in Settings", async () => {
    const admin = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin");
    const pulseSettings = admin.getByRole("form", { name: "Pulse" });
    await pulseSettings.getByLabel("Days in a team before an answer counts").fill("7");
    await admin.getByRole("button", { name: "Save pulse settings" }).click();
    await admin.getByText("Pulse saved.").waitFor();

    for (const viewport of [PHONE, DESKTOP]) {
      const member = await signInAs(await harness.newContext({ viewport }), fixture.tenant.slug, "member", `/${fixture.teams.a.slug}`);
      // A phone's destinations are under the header's Menu.
      if (viewport === PHONE) await member.getByRole("banner").getByRole("button", { name: "Menu" }).click();
      await member.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pulse" }).click();
      await member.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
      const privacy = member.getByRole("region", { name: "How your pulse answers are protected" });
      await privacy.getByText("at least 4 other people of your team", { exact: false }).waitFor();
      await privacy.getByText("at least 7 days", { exact: false }).waitFor();
      await privacy.getByText(/an administrator changed how long someone must have been in a team .* from 14 to 7\./).waitFor();
      // A member sees no figures.
      await expect(member.locator("svg.chart, table").count()).resolves.toBe(0);
      await expectAccessible(member, `pulse page of a member (${viewport.width} px)`);
    }
  });

  it("an admin adds and deactivates pulse questions, and a second manual run the same day sends nothing", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/pulse");
    await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
    await page.getByRole("cell", { name: QUESTION, exact: true }).waitFor();
    await expectAccessible(page, "admin pulse");

    const text = page.getByLabel("Question text");
    await text.fill("x".repeat(201));
    await page.getByText("At most 200 characters.").waitFor();
    await expect(page.getByRole("button", { name: "Add question" }).isDisabled()).resolves.toBe(true);
    await text.fill("How supported do you feel by your team?");
    await page.getByLabel("Team", { exact: true }).selectOption({ label: fixture.teams.b.name });
    await page.getByRole("button", { name: "Add question" }).click();
    const row = page.getByRole("row", { name: /How supported do you feel by your team\?/ });
    await row.getByRole("cell", { name: fixture.teams.b.name, exact: true }).waitFor();

    await row.getByRole("button", { name: /^Retire/ }).click();
    await row.getByRole("cell", { name: "Retired", exact: true }).waitFor();
    const stored = ((await adminApi.get("/admin/pulse/questions")).body as Array<{ text: string; active: boolean; teamId: string | null }>).find(
      (question) => question.text === "How supported do you feel by your team?",
    );
    expect(stored).toMatchObject({ active: false, teamId: fixture.teams.b.id });

    // Nobody is due a second time today: the preview says so and offers no send.
    await page.getByRole("button", { name: "Send today's pulse now…" }).click();
    const dialog = page.getByRole("dialog", { name: "Nobody to invite today" });
    await dialog.getByText("Today's pulse already went out to everyone. Nothing is sent twice on one day.").waitFor();
    expect(await dialog.getByRole("button", { name: /^Send/ }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Back to the schedule" }).click();
    await page.getByText("Everyone, 8 people").waitFor();
  });

  it("the schedule offers 1 to 6 cohorts only and shows the server's reason for a bad time zone", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/pulse");
    const cohorts = page.getByLabel("Number of groups");
    await cohorts.waitFor();
    await expect(cohorts.locator("option").allTextContents()).resolves.toEqual(["1", "2", "3", "4", "5", "6"]);
    await page.getByText(/so a 7th would never be invited/).waitFor();
    // The server refuses 7 too, so no other client can store it.
    const refused = await adminApi.put("/admin/pulse/schedule", {
      enabled: true,
      cadence: "weekly",
      time: "09:00",
      timezone: "UTC",
      rotatingCohorts: true,
      numCohorts: 7,
    });
    expect(refused.status).toBe(400);

    await page.getByLabel("Time zone").fill("Mars/Olympus_Mons");
    await page.getByRole("button", { name: "Save schedule" }).click();
    await page
      .getByRole("alert")
      .getByText(/must be an IANA time zone name/)
      .waitFor();
    await expect(page.getByLabel("Time zone").getAttribute("aria-invalid")).resolves.toBe("true");
    expect((await adminApi.get("/admin/pulse/schedule")).body.timezone).toBe("UTC");
    await expectAccessible(page, "admin pulse schedule with an error");
  });
});
