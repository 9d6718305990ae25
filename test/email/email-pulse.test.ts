import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { signIn, type TestApp } from "../helpers/app.js";
import { type MailStack, startMailStack, waitForJob } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import type { SmtpSink } from "../helpers/smtp-sink.js";
import { scheduleEveryoneInOneGroup } from "../helpers/pulse.js";

describe("pulse end to end: run, email, one tap", () => {
  let sink: SmtpSink;
  let app: TestApp<BullEmailQueue>;
  let fixture: TenantFixture;
  let stack: MailStack;

  beforeAll(async () => {
    stack = await startMailStack({ pulse: { enabled: true } });
    ({ sink, app, fixture } = stack);
  });
  afterAll(() => stack.close());

  it("POST /admin/pulse/run emails every invited user five working links; one tap is held as the answer, a second score within the minute keeps neither", async () => {
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await scheduleEveryoneInOneGroup(admin);
    await admin.post("/admin/pulse/questions", { text: "How clear are this week's priorities?" }).expect(201);
    const run = await admin.post("/admin/pulse/run").expect(200);
    expect(run.body.invitesCreated).toBeGreaterThan(0);

    const messages = await sink.waitForMessages(run.body.invitesCreated, 30_000);
    expect(new Set(messages.map((message) => message.subject))).toEqual(new Set(["Weekly Pulse - How are you feeling?"]));
    const mine = messages.find((message) => JSON.stringify(message.to).includes(fixture.users.member.email));
    expect(mine?.text).toContain("How clear are this week's priorities?");
    const links = [1, 2, 3, 4, 5].map(
      (score) => new RegExp(`http://localhost:3000(/pulse/respond\\?token=[0-9a-f-]{36}&score=${score})`).exec(String(mine?.text))?.[1],
    );
    expect(links.every(Boolean)).toBe(true);
    // HEAD (mail link checkers) consumes nothing.
    for (const link of links)
      await request(app.app)
        .head(link as string)
        .expect(200);
    const invite = () => app.db("pulse_invites").where({ tenant_id: fixture.tenant.id, user_id: fixture.users.member.id }).first();
    const held = async () =>
      app
        .db("pulse_held_answers")
        .where({ invite_id: (await invite()).id })
        .first();

    const answered = await request(app.app)
      .get(links[3] as string)
      .set("Accept", "application/json")
      .expect(200);
    expect(answered.body).toEqual({ ok: true, answer: "received", retryAfterSeconds: null, conversation: expect.any(String), followUps: expect.any(Array) });
    expect(await held()).toMatchObject({ disputed: false });
    // Another score of the same e-mail within the minute is what a scanner does: neither is kept.
    const again = await request(app.app)
      .get(links[1] as string)
      .set("Accept", "application/json")
      .expect(200);
    expect(again.body).toMatchObject({ ok: true, answer: "unconfirmed" });
    expect(await held()).toMatchObject({ disputed: true, sealed: null });
    expect((await invite()).responded_at).toBeNull();
  });
});

describe("pulse email delivery turned on, then a run at once", () => {
  let stack: MailStack;

  beforeAll(async () => {
    stack = await startMailStack();
  });
  afterAll(() => stack.close());

  it("the invites are emailed, though the worker read the setting as off a moment before", async () => {
    const { app, sink } = stack;
    const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, channelEmail: false } } });
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    await scheduleEveryoneInOneGroup(admin);
    await admin.post("/admin/pulse/questions", { text: "How was your week?" }).expect(201);
    // The worker sends an email of this tenant now: it has just read (and cached) pulse.channelEmail = false.
    const marker = await admin.post("/admin/emails", { to: ["marker@example.org"], subject: "Marker", body: "x" }).expect(202);
    await waitForJob(app.queue, fixture.tenant.id, marker.body.jobIds[0]);

    await admin.post("/admin/tenant-settings", { pulse: { channelEmail: true } }).expect(200);
    const run = await admin.post("/admin/pulse/run").expect(200);
    expect(run.body.invitesCreated).toBeGreaterThan(0);
    const pulseMail = () => sink.messages.filter((message) => message.subject === "Weekly Pulse - How are you feeling?");
    await expect.poll(() => pulseMail().length, { timeout: 15_000 }).toBe(run.body.invitesCreated);
    const { body } = await admin.get("/admin/email-queue").expect(200);
    expect(body.recentJobs.completed.filter((job: { name: string; outcome: string }) => job.name === "pulse-invite" && job.outcome === "skipped")).toEqual([]);
  });
});
