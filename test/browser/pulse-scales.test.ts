import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addResponses } from "../helpers/pulse.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ENPS_QUESTION = "How likely are you to recommend working in your team to a friend?";

/** The Monday of the current ISO week (UTC), YYYY-MM-DD: released batches count in the week of their release. */
function thisMonday(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
}

/** CONTRACT §5 "Questions and scales": the admin adds an eNPS question and previews its e-mail; the dashboard shows eNPS. */
describe("browser: pulse scales and eNPS", () => {
  let harness: Harness;
  let fixture: TenantFixture;

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true, anonThreshold: 3 } } });
  });
  afterAll(() => harness?.close());

  it("the admin panel adds an enps11 question and shows the preview of its e-mail, with eleven score links", async () => {
    const page = await signInAs(await harness.newContext({ viewport: DESKTOP }), fixture.tenant.slug, "admin", "/admin/pulse");
    await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
    await page.getByLabel("Question text").fill(ENPS_QUESTION);
    await page.getByLabel("Answer scale").selectOption("enps11");
    await page.getByRole("button", { name: "Add question" }).click();
    const row = page.getByRole("row").filter({ hasText: ENPS_QUESTION });
    await row.getByText("How likely to recommend, 0 to 10 (eNPS)").waitFor();
    await row.getByRole("button", { name: /^Preview e-mail of/ }).click();
    await page.getByRole("heading", { level: 3, name: "E-mail preview" }).waitFor();
    const frame = page.frameLocator('iframe[title="Pulse e-mail preview"]');
    await frame.getByText(ENPS_QUESTION).last().waitFor();
    const scores = await frame
      .locator("a[href*='/pulse/respond']")
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get("score")));
    expect(scores).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(await page.locator('iframe[title="Pulse e-mail preview"]').getAttribute("sandbox")).toBe("");
    await expectAccessible(page, "pulse admin with the e-mail preview");

    // Retire, then ask again.
    await row.getByRole("button", { name: /^Retire/ }).click();
    await row.getByText("Retired").waitFor();
    await row.getByRole("button", { name: /^Re-activate/ }).click();
    await row.getByText("Active", { exact: true }).waitFor();
  });

  for (const [size, viewport] of [
    ["phone", PHONE],
    ["laptop", DESKTOP],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`the dashboard shows eNPS in words on a ${size} in ${colorScheme} mode`, async () => {
        const question = await harness.app.db("pulse_questions").where({ tenant_id: fixture.tenant.id, text: ENPS_QUESTION }).first("id");
        if ((await harness.app.db("pulse_responses").where({ tenant_id: fixture.tenant.id })).length === 0) {
          // 7 would recommend, 2 in between, 3 would not: eNPS +33, released as one batch this week.
          await addResponses(harness.app.db, fixture.tenant.id, [
            { questionId: question.id, teamId: fixture.teams.a.id, week: thisMonday(), scores: [9, 10, 10, 9, 9, 10, 9, 7, 8, 6, 0, 3] },
          ]);
        }
        const context = await harness.newContext({ viewport });
        const page = await signInAs(context, fixture.tenant.slug, "admin", "/pulse");
        await page.emulateMedia({ colorScheme });
        await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
        const card = page.getByRole("article").filter({ hasText: ENPS_QUESTION });
        await card.getByText("eNPS +33").waitFor();
        await card.getByText("7 would recommend (9–10), 2 in between (7–8), 3 would not (0–6)").waitFor();
        await card.getByText("/ 10 average").waitFor();
        await card.getByRole("list", { name: /eNPS by week/ }).waitFor();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expectAccessible(page, `pulse dashboard with eNPS, ${size}, ${colorScheme}`, { scheme: colorScheme });
        await context.close();
      });
    }
  }
});
