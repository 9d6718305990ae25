import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { signIn } from "../helpers/app.js";
import { askQuestion, createTenantFixture, insertQuestion, insertUser, type TenantFixture } from "../helpers/factories.js";
import { signInAs, startHarness, type Harness } from "./harness.js";

/**
 * CONTRACT §3: the web app isolates text that people write (dir="auto"), so a text in Hebrew or
 * Arabic reads in its own direction and no text reorders what is shown around it, not even one
 * saved before bidi controls were removed on saving (written here straight into the tables).
 */
describe("browser: written text keeps its own direction", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let board: string;
  const ids: Record<"hebrew" | "arabic" | "mixed" | "legacy", string> = { hebrew: "", arabic: "", mixed: "", legacy: "" };

  const card = (page: Page, id: string) => page.locator(`article[data-question-id="${id}"]`);
  const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
  /** Left edges of the first and the last character of an element's text, as drawn. */
  const ends = (locator: Locator) =>
    locator.evaluate((element) => {
      const text = element.firstChild as Text;
      const range = document.createRange();
      const left = (index: number) => {
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().left;
      };
      return { first: left(0), last: left((text.textContent ?? "").length - 1) };
    });

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db);
    board = `/${fixture.teams.a.slug}`;
    const moderator = await signIn(harness.app, fixture.tenant.slug, "moderator");
    ids.hebrew = (await askQuestion(moderator, fixture.teams.a.id, "מתי נקבל את התקציב החדש לשנה הבאה?")).id;
    ids.arabic = (await askQuestion(moderator, fixture.teams.a.id, "متى تبدأ الميزانية الجديدة للفريق؟")).id;
    ids.mixed = (await askQuestion(moderator, fixture.teams.a.id, "Why does the שרת של הצוות fail at 3 PM every day?")).id;
    // A name with a right-to-left override that nothing closes, as a row from before the rule.
    const legacy = await insertUser(harness.app.db, fixture.tenant.id, { name: "Eve \u202Enimda", teamId: fixture.teams.a.id });
    ids.legacy = (
      await insertQuestion(harness.app.db, fixture.tenant.id, fixture.teams.a.id, { authorId: legacy.id, body: "Who signs off the \u202Ebudget" })
    ).id;
  });
  afterAll(() => harness?.close());

  it("a question in Hebrew or Arabic reads right to left, one in English with Hebrew words left to right, each in an element of its own direction", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    for (const [id, expected] of [
      [ids.hebrew, "rtl"],
      [ids.arabic, "rtl"],
      [ids.mixed, "ltr"],
    ] as const) {
      const body = card(page, id).locator(".question-body");
      await body.waitFor();
      await expect(body.getAttribute("dir")).resolves.toBe("auto");
      await expect(direction(body), id).resolves.toBe(expected);
    }
    // The card around them stays left to right: the meta line under a Hebrew question reads in order.
    const time = card(page, ids.hebrew).locator(".question-meta time");
    const { first, last } = await ends(time);
    expect(first).toBeLessThan(last);
  });

  it("text after a name or a body holding a right-to-left override is not reversed", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", board);
    const meta = card(page, ids.legacy).locator(".question-meta");
    await meta.getByText("nimda").waitFor();
    // "· 2 minutes ago" follows the name on the same line: drawn left to right, right of the name.
    const { first, last } = await ends(meta.locator("time"));
    expect(first).toBeLessThan(last);
    const name = meta.locator('span[dir="auto"]');
    await expect(name.textContent()).resolves.toBe("Eve \u202Enimda");
    expect(first).toBeGreaterThan((await name.boundingBox())!.x);
    const body = card(page, ids.legacy).locator(".question-body");
    await expect(body.getAttribute("dir")).resolves.toBe("auto");
    await expect(direction(body)).resolves.toBe("ltr");
  });
});
