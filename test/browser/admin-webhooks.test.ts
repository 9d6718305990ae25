import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WEBHOOK_ENDPOINTS_PER_TENANT, WEBHOOK_EVENT_TYPES } from "../../src/modules/webhooks/webhooks.constants.js";
import { signIn, type ApiClient } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { WebhookReceiver } from "../webhooks/webhook-receiver.js";
import { expectAccessible, expectAccessibleInBothSchemes, signInAs, startHarness, type Harness } from "./harness.js";

const PHONE = { width: 375, height: 812 };
const DAY = 24 * 3600 * 1000;
/** How long an attempt took, as the card writes it ("12 ms", "1.2 s" on a slow machine). */
const TOOK = String.raw`(\d+ ms|\d+\.\d s)`;

/** The texts of a table row's cells, in column order (Event, Status, Attempts, Response, Duration, Sent, Actions). */
const cells = async (row: Locator) => (await row.getByRole("cell").allTextContents()).map((text) => text.trim());

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Admin › Integrations › Webhooks (CONTRACT §11), driven as an admin would, against a receiver on loopback. */
describe("browser: the webhooks card of Admin › Integrations", () => {
  let harness: Harness;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    // The receiver listens on loopback, which the address rules refuse unless private addresses are allowed.
    harness = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
  });
  afterAll(async () => {
    await harness?.close();
    await receiver.close();
  });

  const newTenant = async (): Promise<{ fixture: TenantFixture; adminApi: ApiClient }> => {
    const fixture = await createTenantFixture(harness.app.db);
    return { fixture, adminApi: await signIn(harness.app, fixture.tenant.slug, "admin") };
  };
  const endpointsOf = async (api: ApiClient) => (await api.get("/admin/webhooks").expect(200)).body as Array<Record<string, unknown>>;
  const deliveriesOf = async (api: ApiClient, id: string) =>
    (await api.get(`/admin/webhooks/${id}/deliveries`).expect(200)).body.items as Array<{ id: string; eventType: string; status: string }>;

  it("an admin adds an endpoint with the server's events, copies its secret shown once, and sends test events that show the receiver's reply", async () => {
    const { fixture, adminApi } = await newTenant();
    const context = await harness.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.baseUrl });
    const page = await signInAs(context, fixture.tenant.slug, "admin", "/admin/integrations");
    const card = page.getByRole("region", { name: "Webhooks" });
    await card.getByText("No endpoints yet. Add the URL where your system receives events").waitFor();
    await expectAccessible(page, "webhooks, none yet");

    // The form offers every event the server allows, and says what is missing before asking it.
    await card.getByRole("button", { name: "Add endpoint" }).click();
    const url = card.getByLabel("Endpoint URL");
    await expect.poll(() => isFocused(url)).toBe(true);
    const events = card.getByRole("group", { name: "Events to send" });
    await expect(events.getByRole("checkbox").count()).resolves.toBe(WEBHOOK_EVENT_TYPES.length);
    for (const event of WEBHOOK_EVENT_TYPES) await expect(events.getByRole("checkbox", { name: event }).isChecked()).resolves.toBe(false);
    await url.fill(receiver.url);
    await card.getByRole("button", { name: "Add endpoint" }).click();
    await card.getByText("Not saved: one field needs a change (marked above).").waitFor();
    await events.getByText("Choose at least one event to send.").waitFor();
    expect(await endpointsOf(adminApi)).toEqual([]);

    await events.getByRole("checkbox", { name: "poll.closed" }).check();
    await events.getByRole("checkbox", { name: "question.created" }).check();
    await card.getByLabel("Description (optional)").fill("CRM sync");
    await card.getByRole("button", { name: "Add endpoint" }).click();

    // The secret once, with its warning and a copy button; the receiver checks signatures with what was copied.
    const endpoint = card.getByRole("article", { name: receiver.url });
    await endpoint.getByText("Copy the signing secret now: it won't be shown again.").waitFor();
    const shown = (await endpoint.locator("code.token").textContent()) ?? "";
    expect(shown).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await expect.poll(() => isFocused(endpoint.locator(".webhook-secret"))).toBe(true);
    await endpoint.getByRole("button", { name: "Copy signing secret" }).click();
    await endpoint.getByRole("button", { name: "Copied signing secret" }).waitFor();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toBe(shown);
    receiver.verifyWith(secret);
    const [hook] = await endpointsOf(adminApi);
    expect(hook).toMatchObject({ url: receiver.url, events: ["question.created", "poll.closed"], description: "CRM sync", disabledAt: null });
    expect(JSON.stringify(hook)).not.toContain(secret);
    await endpoint.getByText("CRM sync", { exact: true }).waitFor();
    await endpoint.getByText("Enabled", { exact: true }).waitFor();
    await expect(endpoint.getByRole("list", { name: "Events sent" }).getByRole("listitem").allTextContents()).resolves.toEqual([
      "question.created",
      "poll.closed",
    ]);
    await expectAccessibleInBothSchemes(page, "webhooks, a new endpoint and its secret");
    await endpoint.getByRole("button", { name: "I have copied it" }).click();
    await endpoint.getByText("Copy the signing secret now").waitFor({ state: "detached" });
    expect(await page.content()).not.toContain(secret);

    // A test event: what the receiver answered, then a failing one with its reason.
    const testsBefore = receiver.ofType("webhook.test").length;
    receiver.answer(202);
    await endpoint.getByRole("button", { name: `Send test event to ${receiver.url}` }).click();
    await endpoint.getByText(new RegExp(`^Test event delivered\\. The endpoint answered 202 in ${TOOK}\\.$`)).waitFor();
    expect(receiver.ofType("webhook.test")).toHaveLength(testsBefore + 1);
    receiver.answer(500);
    await endpoint.getByRole("button", { name: `Send test event to ${receiver.url}` }).click();
    await endpoint.getByText(new RegExp(`^Test event failed\\. The endpoint answered 500 in ${TOOK} \\(HTTP 500: failing with 500\\)\\.$`)).waitFor();
    expect(receiver.ofType("webhook.test")).toHaveLength(testsBefore + 1);
  });

  it("the log lists deliveries newest first; Replay sends one again and follows it; a replay still being attempted shows the server's 409", async () => {
    const { fixture, adminApi } = await newTenant();
    const { body: hook } = await adminApi.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    const hookId = hook.id as string;
    receiver.verifyWith(hook.secret);
    receiver.answer(202, 500);
    await adminApi.post(`/admin/webhooks/${hookId}/test`).expect(200);
    await adminApi.post(`/admin/webhooks/${hookId}/test`).expect(200);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/integrations");
    const endpoint = page.getByRole("region", { name: "Webhooks" }).getByRole("article", { name: receiver.url });
    await endpoint.getByRole("button", { name: `Show deliveries of ${receiver.url}` }).click();
    await endpoint.getByText("2 deliveries").waitFor();

    // A real event, sent while the log is open: Refresh shows it.
    const sentBefore = receiver.ofType("question.created").length;
    await askQuestion(await signIn(harness.app, fixture.tenant.slug, "member"), fixture.teams.a.id);
    await eventually(async () => expect(receiver.ofType("question.created")).toHaveLength(sentBefore + 1));
    await endpoint.getByRole("button", { name: `Refresh deliveries of ${receiver.url}` }).click();
    const log = endpoint.getByRole("table", { name: `Deliveries to ${receiver.url}` });
    const rows = log.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(3);
    const [question, failed, delivered] = [rows.nth(0), rows.nth(1), rows.nth(2)];
    expect((await cells(question)).slice(0, 5)).toEqual(["question.created", "Succeeded", "1", "200", expect.stringMatching(new RegExp(`^${TOOK}$`))]);
    expect((await cells(failed)).slice(0, 4)).toEqual(["webhook.test", "Failed", "1", "500 HTTP 500: failing with 500"]);
    expect((await cells(delivered)).slice(0, 4)).toEqual(["webhook.test", "Succeeded", "1", "202"]);
    await endpoint.getByText("3 deliveries").waitFor();
    await expectAccessible(page, "webhooks, the delivery log");

    // Replay: sent again with the same webhook-id; the row follows it until it is done.
    const failedId = (await deliveriesOf(adminApi, hookId)).find((item) => item.status === "failed")?.id;
    await failed.getByRole("button", { name: /^Replay webhook\.test/ }).click();
    await endpoint.getByText(/^Replaying the webhook\.test delivery of /).waitFor();
    await expect.poll(async () => (await cells(failed)).slice(0, 4), { timeout: 15_000 }).toEqual(["webhook.test", "Succeeded", "1", "200"]);
    expect(receiver.received.at(-1)?.id).toBe(failedId);

    // Replayed elsewhere and still being attempted: the server's 409 is shown, and the row as it now is.
    const questionId = (await deliveriesOf(adminApi, hookId)).find((item) => item.eventType === "question.created")?.id;
    receiver.delayMs = 4000;
    await adminApi.post(`/admin/webhooks/${hookId}/deliveries/${questionId}/replay`).expect(202);
    const pending = await adminApi.post(`/admin/webhooks/${hookId}/deliveries/${questionId}/replay`).expect(409);
    expect(pending.body.error.code).toBe("DELIVERY_PENDING");
    await question.getByRole("button", { name: /^Replay question\.created/ }).click();
    await endpoint.getByText(pending.body.error.message).waitFor();
    await question.getByText("Pending", { exact: true }).waitFor();
    receiver.delayMs = 0;
    await expect.poll(async () => (await cells(question)).slice(0, 3), { timeout: 15_000 }).toEqual(["question.created", "Succeeded", "1"]);
  });

  it("an admin edits an endpoint's events; one disabled after 3 days of failures says when and why, refuses replays and is re-enabled; Delete asks first", async () => {
    const { fixture, adminApi } = await newTenant();
    const { body: hook } = await adminApi
      .post("/admin/webhooks", { url: receiver.url, events: ["question.created", "poll.closed"], description: "CRM sync" })
      .expect(201);
    const hookId = hook.id as string;
    receiver.verifyWith(hook.secret);
    const { body: tested } = await adminApi.post(`/admin/webhooks/${hookId}/test`).expect(200);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/integrations");
    const card = page.getByRole("region", { name: "Webhooks" });
    const endpoint = card.getByRole("article", { name: receiver.url });
    const events = card.getByRole("group", { name: "Events to send" });
    const rows = endpoint.locator("tbody tr");

    // Edit: the events change, the rest stays.
    await endpoint.getByRole("button", { name: `Edit ${receiver.url}` }).click();
    await expect(card.getByLabel("Endpoint URL").inputValue()).resolves.toBe(receiver.url);
    await events.getByRole("checkbox", { name: "poll.closed" }).uncheck();
    await events.getByRole("checkbox", { name: "question.answered" }).check();
    await card.getByRole("button", { name: "Save endpoint" }).click();
    await endpoint.getByText("Endpoint saved.").waitFor();
    await expect(endpoint.getByRole("list", { name: "Events sent" }).getByRole("listitem").allTextContents()).resolves.toEqual([
      "question.created",
      "question.answered",
    ]);
    expect((await endpointsOf(adminApi))[0]).toMatchObject({ events: ["question.created", "question.answered"], description: "CRM sync", url: receiver.url });

    // Disabled after 3 days of failures (the state the delivery worker leaves, set directly: the
    // API has no way to make 3 days pass): when and why, replays refused, and Re-enable.
    const failingSince = new Date(Date.now() - 4 * DAY);
    const disabledAt = new Date(Date.now() - DAY);
    await harness.app
      .db("webhook_endpoints")
      .where({ tenant_id: fixture.tenant.id, id: hookId })
      .update({ failing_since: failingSince, disabled_at: disabledAt });
    const disabled = await adminApi.post(`/admin/webhooks/${hookId}/deliveries/${tested.delivery.id}/replay`).expect(409);
    expect(disabled.body.error.code).toBe("WEBHOOK_DISABLED");
    await page.reload();
    await endpoint.getByText("Disabled", { exact: true }).waitFor();
    await endpoint.getByText(/^Disabled automatically on .+: its deliveries failed for 3 days without a success \(since .+\)\. Nothing is sent/).waitFor();
    await expectAccessible(page, "webhooks, an endpoint disabled automatically");
    await endpoint.getByRole("button", { name: `Show deliveries of ${receiver.url}` }).click();
    await rows
      .first()
      .getByRole("button", { name: /^Replay/ })
      .click();
    await endpoint.getByText(disabled.body.error.message).waitFor();
    await endpoint.getByRole("button", { name: "Re-enable" }).click();
    await endpoint.getByText("Endpoint re-enabled: new events are sent to it again.").waitFor();
    await endpoint.getByText("Enabled", { exact: true }).waitFor();
    expect((await endpointsOf(adminApi))[0]).toMatchObject({ disabledAt: null, failingSince: null });

    // Delete asks first; Cancel keeps it.
    await endpoint.getByRole("button", { name: `Delete ${receiver.url}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await dialog.getByText("its delivery log is deleted").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await endpointsOf(adminApi)).toHaveLength(1);
    await endpoint.getByRole("button", { name: `Delete ${receiver.url}` }).click();
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await card.getByText("No endpoints yet.", { exact: false }).waitFor();
    await expect.poll(() => isFocused(card.getByRole("heading", { name: "Webhooks" }))).toBe(true);
    expect(await endpointsOf(adminApi)).toEqual([]);
  });

  it("the log shows the latest deliveries first, and Load more brings the older ones", async () => {
    const { fixture, adminApi } = await newTenant();
    const { body: hook } = await adminApi.post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    receiver.verifyWith(hook.secret);
    for (let sent = 0; sent < 21; sent += 1) await adminApi.post(`/admin/webhooks/${hook.id}/test`).expect(200);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/integrations");
    const endpoint = page.getByRole("article", { name: receiver.url });
    await endpoint.getByRole("button", { name: `Show deliveries of ${receiver.url}` }).click();
    const rows = endpoint.locator("tbody tr");
    await endpoint.getByText("The latest 20 of 21 deliveries").waitFor();
    await expect(rows.count()).resolves.toBe(20);
    await endpoint.getByRole("button", { name: "Load more deliveries" }).click();
    await endpoint.getByText("21 deliveries", { exact: true }).waitFor();
    await expect(rows.count()).resolves.toBe(21);
    await expect(endpoint.getByRole("button", { name: "Load more deliveries" }).count()).resolves.toBe(0);
    await expect.poll(() => isFocused(endpoint.getByText("21 deliveries", { exact: true }))).toBe(true);
  });

  it("fits a 375px phone in dark mode: no sideways scroll, every button and event at least 40px high", async () => {
    const { fixture, adminApi } = await newTenant();
    await adminApi
      .post("/admin/webhooks", { url: `${receiver.url}/a-rather-long-path/that-would-widen-the-page-if-it-did-not-wrap`, events: ["question.created"] })
      .expect(201);
    const { body: hook } = await adminApi.post("/admin/webhooks", { url: receiver.url, events: ["poll.closed"], description: "Data lake" }).expect(201);
    receiver.verifyWith(hook.secret);
    await adminApi.post(`/admin/webhooks/${hook.id}/test`).expect(200);
    const page = await signInAs(await harness.newContext({ viewport: PHONE, isMobile: true }), fixture.tenant.slug, "admin", "/admin/integrations");
    await page.emulateMedia({ colorScheme: "dark" });
    const card = page.getByRole("region", { name: "Webhooks" });
    const endpoint = card.getByRole("article", { name: receiver.url, exact: true });
    await endpoint.getByRole("button", { name: `Show deliveries of ${receiver.url}` }).click();
    // A row is a card on a phone: each cell led by its column's name.
    await endpoint.getByRole("cell", { name: "Event webhook.test" }).waitFor();
    await card.getByRole("button", { name: "Add endpoint" }).click();
    await card.getByLabel("Endpoint URL").waitFor();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const small = await card.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>("button, label.webhook-event")]
        .map((target) => ({ name: target.textContent?.trim(), box: target.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.height < 40 || box.width < 40))
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    );
    expect(small).toEqual([]);
    await expectAccessible(page, "webhooks on a phone (dark)", { scheme: "dark" });
  });

  it("a member and a moderator are refused the admin section, and never see the card", async () => {
    const { fixture } = await newTenant();
    const member = await signInAs(await harness.newContext(), fixture.tenant.slug, "member", "/admin/integrations");
    await member.getByRole("heading", { name: "Not allowed" }).waitFor();
    const moderator = await signInAs(await harness.newContext(), fixture.tenant.slug, "moderator", "/admin/integrations");
    await moderator.getByRole("main").getByRole("link", { name: "moderation queue" }).waitFor();
    for (const page of [member, moderator]) {
      await expect(page.getByRole("region", { name: "Webhooks" }).count()).resolves.toBe(0);
      await expect(page.getByRole("button", { name: "Add endpoint" }).count()).resolves.toBe(0);
    }
    await (await signIn(harness.app, fixture.tenant.slug, "member")).get("/admin/webhooks").expect(403);
  });
});

/** Without WEBHOOK_ALLOW_PRIVATE, as in production: the server's refusals, in its own words, where the admin looks. */
describe("browser: the webhooks card under the default address rules", () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness?.close());

  const addEndpoint = async (page: Page, url: string) => {
    const card = page.getByRole("region", { name: "Webhooks" });
    await card.getByRole("button", { name: "Add endpoint" }).click();
    await card.getByLabel("Endpoint URL").fill(url);
    await card.getByRole("group", { name: "Events to send" }).getByRole("checkbox", { name: "question.created" }).check();
    await card.getByRole("button", { name: "Add endpoint" }).click();
    return card;
  };

  it("a metadata address is refused beside the URL field with the server's message, and nothing is added", async () => {
    const fixture = await createTenantFixture(harness.app.db);
    const adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
    const refused = await adminApi.post("/admin/webhooks", { url: "http://169.254.169.254/", events: ["question.created"] }).expect(400);
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/integrations");
    const card = await addEndpoint(page, "http://169.254.169.254/");
    await card.getByText("Not saved: one field needs a change (marked above).").waitFor();
    const field = card.getByLabel("Endpoint URL");
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const errorText = await page.evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? ""), describedBy);
    expect(errorText).toContain(refused.body.error.message);
    expect(refused.body.error.message).toBe("The webhook URL must not point to a loopback, private, link-local or metadata address.");
    await expectAccessible(page, "webhooks, a refused URL");

    // Changing the URL clears its message.
    await field.fill("https://hooks.example.com/qa");
    await card.getByText(refused.body.error.message).waitFor({ state: "detached" });
    expect((await adminApi.get("/admin/webhooks").expect(200)).body).toEqual([]);
  });

  it(`past ${MAX_WEBHOOK_ENDPOINTS_PER_TENANT} endpoints the server's WEBHOOK_LIMIT is shown`, async () => {
    const fixture = await createTenantFixture(harness.app.db);
    const adminApi = await signIn(harness.app, fixture.tenant.slug, "admin");
    for (let made = 0; made < MAX_WEBHOOK_ENDPOINTS_PER_TENANT; made += 1) {
      await adminApi.post("/admin/webhooks", { url: `https://hooks.example.com/${made}`, events: ["question.created"] }).expect(201);
    }
    const limit = await adminApi.post("/admin/webhooks", { url: "https://hooks.example.com/one-more", events: ["question.created"] }).expect(409);
    expect(limit.body.error.code).toBe("WEBHOOK_LIMIT");
    const page = await signInAs(await harness.newContext(), fixture.tenant.slug, "admin", "/admin/integrations");
    await page.getByText(`${MAX_WEBHOOK_ENDPOINTS_PER_TENANT} endpoints`, { exact: true }).waitFor();
    const card = await addEndpoint(page, "https://hooks.example.com/one-more");
    await card.getByText(limit.body.error.message).waitFor();
    expect((await adminApi.get("/admin/webhooks").expect(200)).body).toHaveLength(MAX_WEBHOOK_ENDPOINTS_PER_TENANT);
  });
});
