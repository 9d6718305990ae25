import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailComposer } from "../../src/modules/email/email.compose.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { WebhookReceiver } from "./webhook-receiver.js";

const HOUR = 3600 * 1000;

/** CONTRACT §11: an endpoint failing for 3 days is disabled, and its tenant's admins are told by e-mail. */
describe("Outgoing webhooks: an endpoint failing for 3 days", () => {
  let app: TestApp;
  let t: TenantFixture;
  const clock = new ManualClock("2026-11-30T08:00:00Z");
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await createTestApp({ clock, env: { WEBHOOK_ALLOW_PRIVATE: "true" }, tuning: { webhookRetryDelaysMs: [30] } });
    t = await createTenantFixture(app.db);
    await receiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  /** A question (an event), then a second passes: the deliveries list is newest first. */
  const ask = async () => {
    const question = await askQuestion(await signIn(app, t.tenant.slug, "member"), t.teams.a.id);
    clock.advance(1000);
    return question;
  };
  const admin = () => signIn(app, t.tenant.slug, "admin");
  const endpointView = async (id: string) =>
    ((await (await admin()).get("/admin/webhooks").expect(200)).body as Array<Record<string, unknown>>).find((item) => item.id === id);
  const deliveries = async (id: string) =>
    (await (await admin()).get(`/admin/webhooks/${id}/deliveries`).expect(200)).body.items as Array<Record<string, unknown>>;

  it("is disabled at the first failure past 3 days, once; its admins get an e-mail; nothing more is sent until it is enabled again", async () => {
    const { body: hook } = await (await admin()).post("/admin/webhooks", { url: receiver.url, events: ["question.created"] }).expect(201);
    receiver.answer(...Array.from({ length: 10 }, () => 500));
    await ask();
    await eventually(async () => expect((await deliveries(hook.id))[0]).toMatchObject({ status: "failed", attempts: 2 }));
    const started = (await endpointView(hook.id))?.failingSince as string;
    expect(started).toEqual(expect.any(String));
    expect(await endpointView(hook.id)).toMatchObject({ disabledAt: null });

    // Still failing just before 3 days: not yet.
    clock.set(new Date(Date.parse(started) + 72 * HOUR - 60_000));
    await ask();
    await eventually(async () => expect((await deliveries(hook.id))[0]).toMatchObject({ status: "failed", attempts: 2 }));
    expect(await endpointView(hook.id)).toMatchObject({ failingSince: started, disabledAt: null });
    expect(app.queue.waiting.filter((job) => job.name === "webhook-disabled")).toEqual([]);

    clock.set(new Date(Date.parse(started) + 72 * HOUR + 60_000));
    const sentBefore = receiver.received.length;
    await ask();
    await eventually(async () => expect((await endpointView(hook.id))?.disabledAt).toEqual(expect.any(String)));
    const view = await endpointView(hook.id);
    expect(view?.failingSince).toBe(started);
    expect(Date.parse(view?.disabledAt as string) - Date.parse(started)).toBeGreaterThanOrEqual(72 * HOUR);
    // The delivery's retry found the endpoint disabled: it ends without another request.
    await eventually(async () => expect((await deliveries(hook.id))[0]).toMatchObject({ status: "failed", attempts: 1, error: "the endpoint is disabled" }));
    expect(receiver.received.length).toBe(sentBefore + 1);

    const notices = app.queue.waiting.filter((job) => job.name === "webhook-disabled");
    expect(notices.map((job) => job.data)).toEqual([{ tenantId: t.tenant.id, endpointId: hook.id, url: receiver.url, failingSince: started }]);
    const composed = await createEmailComposer({ db: app.db, config: app.config, clock }).compose(notices[0] as (typeof notices)[number]);
    expect(composed.kind).toBe("send");
    if (composed.kind === "send") {
      expect(composed.emails.map((email) => email.to.email).sort()).toEqual([t.users.admin.email, t.users.owner.email].sort());
      expect(composed.emails[0]?.subject).toMatch(/disabled/);
      expect(composed.emails[0]?.text).toContain(receiver.url);
    }

    // Disabled: events make no delivery at all.
    const before = (await deliveries(hook.id)).length;
    await ask();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await deliveries(hook.id)).toHaveLength(before);

    // Enabled again, with a clean record; the receiver has recovered.
    receiver.recover();
    const enabled = await (await admin()).put(`/admin/webhooks/${hook.id}`, { enabled: true }).expect(200);
    expect(enabled.body).toMatchObject({ disabledAt: null, failingSince: null });
    await ask();
    await eventually(async () => expect((await deliveries(hook.id))[0]).toMatchObject({ status: "succeeded", attempts: 1, responseCode: 200 }));
    expect(app.queue.waiting.filter((job) => job.name === "webhook-disabled")).toHaveLength(1);
  });
});
