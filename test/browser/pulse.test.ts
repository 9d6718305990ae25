import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { expectAccessible, signInAs, startHarness, type Harness } from "./harness.js";

/** The pulse: the one-tap respond page (a server page, no JavaScript needed) and the dashboard. */
describe("browser: pulse", () => {
  let harness: Harness;
  let fixture: TenantFixture;
  let adminApi: ApiClient;
  let tokens: string[];

  beforeAll(async () => {
    harness = await startHarness();
    fixture = await createTenantFixture(harness.app.db, { settings: { pulse: { enabled: true } } });
    adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
    const question = await adminApi.post("/admin/pulse/questions", { text: "How manageable is your workload this week?" });
    expect(question.status).toBe(201);
    const schedule = (await adminApi.get("/admin/pulse/schedule")).body;
    // One cohort: today's run invites everybody.
    const saved = await adminApi.put("/admin/pulse/schedule", { enabled: true, cadence: schedule.cadence, time: schedule.time, timezone: "UTC", rotatingCohorts: true, numCohorts: 1 });
    expect(saved.status).toBe(200);
    const run = await adminApi.post("/admin/pulse/run");
    expect(run.status).toBe(200);
    expect(run.body.invitesCreated).toBeGreaterThan(2);
    tokens = (await harness.app.db("pulse_invites").where({ tenant_id: fixture.tenant.id }).select("token")).map((row: { token: string }) => String(row.token));
  });
  afterAll(() => harness?.close());

  it("the one-tap link records the answer on a page that needs no JavaScript, and refuses the same link twice", async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    const link = `/pulse/respond?token=${tokens[0]}&score=4`;
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Thank you, your response was recorded" }).waitFor();

    const again = await page.goto(link);
    expect(again?.status()).toBe(400);
    await page.getByRole("heading", { level: 1, name: "Invalid or expired invite" }).waitFor();
    await context.close();
  });

  it("the respond pages pass axe", async () => {
    const page = await (await harness.newContext()).newPage();
    await page.goto(`/pulse/respond?token=${tokens[1]}&score=5`);
    await page.getByRole("heading", { level: 1, name: "Thank you, your response was recorded" }).waitFor();
    await expectAccessible(page, "pulse respond: thank you");
    await page.goto(`/pulse/respond?token=${tokens[2]}&score=9`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectAccessible(page, "pulse respond: bad score");
  });

  it("the dashboard shows participation, averages, weekly trends and a heatmap whose hidden cells say why", async () => {
    // The seeded demo organisation has 12 weeks of history.
    const page = await signInAs(await harness.newContext(), "default", "admin", "/pulse");
    await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
    await page.getByText("Participation").waitFor();
    const heatmap = page.getByRole("table");
    await heatmap.waitFor();
    await expect(page.getByRole("img", { name: /weekly average/ }).count()).resolves.toBeGreaterThan(0);
    await expectAccessible(page, "pulse dashboard");

    // A member may not see it.
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", "/pulse");
    await member.getByRole("heading", { name: "Not allowed" }).waitFor();
  });

  it("with too few responses, every figure is hidden with the reason", async () => {
    const response = await request(harness.app.app).get(`/pulse/respond?token=${tokens[3]}&score=2`).set("Accept", "application/json");
    expect(response.status).toBe(200);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/pulse");
    await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
    await page.getByText("Average hidden: not enough responses to protect anonymity.").first().waitFor();
    // The heatmap says why a cell is empty, in the server's words.
    const hidden = page.getByRole("table").getByRole("cell", { name: /^Hidden: .*anonymity/ });
    await expect(hidden.count()).resolves.toBeGreaterThan(0);
    await expectAccessible(page, "pulse dashboard with hidden figures");
  });

  it("an admin adds and deactivates pulse questions, and a second manual run the same day sends nothing", async () => {
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/pulse");
    await page.getByRole("heading", { level: 1, name: "Pulse" }).waitFor();
    await page.getByRole("cell", { name: "How manageable is your workload this week?", exact: true }).waitFor();
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

    await row.getByRole("button", { name: /^Deactivate/ }).click();
    await row.getByRole("cell", { name: "Inactive", exact: true }).waitFor();
    const stored = ((await adminApi.get("/admin/pulse/questions")).body as Array<{ text: string; active: boolean; teamId: string | null }>).find((question) => question.text === "How supported do you feel by your team?");
    expect(stored).toMatchObject({ active: false, teamId: fixture.teams.b.id });

    await page.getByRole("button", { name: "Send today's pulse now" }).click();
    await page.getByText(/Today's pulse already ran \(cohort-0\); nothing sent again\./).waitFor();
    await page.getByText("cohort-0: 8 people").waitFor();
  });
});
