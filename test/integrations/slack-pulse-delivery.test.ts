import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmailWorker, type EmailWorker } from "../../src/modules/email/index.js";
import { slackJobProcessors } from "../../src/modules/slack/index.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { smtpEnv } from "../helpers/email.js";
import { eventually } from "../helpers/eventually.js";
import { buttonsOf, startFakeSlack, userIdOf, type FakeSlack, type FakeSlackOptions } from "../helpers/fake-slack.js";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";
import { runPulse, slackPulseTenant } from "../helpers/slack.js";

/**
 * CONTRACT §11: with pulse.channelSlack on, a run's invites go through the system queue (BullMQ)
 * to the worker, which sends each as a Slack direct message with one button per score; whoever
 * Slack does not know is e-mailed instead; Slack's 429s are waited out as Retry-After says.
 */
describe("pulse invites as Slack direct messages", { timeout: 90_000 }, () => {
  let sink: SmtpSink;
  let fake: FakeSlack | null = null;
  let app: TestApp<BullEmailQueue> | null = null;
  let worker: EmailWorker | null = null;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await worker?.close();
    await app?.close();
    await fake?.close();
    [worker, app, fake] = [null, null, null];
  });
  afterAll(() => sink.close());

  /** An app on BullMQ whose worker sends Slack jobs to a fake Slack. */
  async function start(options: FakeSlackOptions = {}, clock?: ManualClock, env: Record<string, string> = {}) {
    fake = await startFakeSlack(options);
    app = await createTestApp({ emailQueue: "bullmq", clock, env: smtpEnv(sink.port, { SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "20", ...env }) });
    const jobs = { config: app.config, db: app.db, clock: app.clock, logger: app.logger };
    worker = startEmailWorker({ ...jobs, otherJobs: slackJobProcessors(jobs) });
    return { fake, app };
  }

  /** Every job of the tenant finished (completed or failed). */
  async function settled(queue: BullEmailQueue, tenantId: string, jobs: number, timeoutMs = 30_000) {
    await eventually(async () => {
      const { counts } = await queue.overview(tenantId, 1);
      expect(counts.completed + counts.failed).toBe(jobs);
    }, timeoutMs);
    return (await queue.overview(tenantId, 100)).counts;
  }

  const emailsTo = (address: string) => sink.messages.filter((message) => JSON.stringify(message.to).includes(address));
  const postsTo = (slack: FakeSlack, address: string) => slack.messages.filter((message) => message.channel === `D${userIdOf(address).slice(1)}`);

  it("Slack only: each person gets one DM with the buttons 1..5 carrying their own invite; one unknown to Slack gets the e-mail instead", async () => {
    const { fake, app } = await start();
    const tenant = await slackPulseTenant(app, { people: 4 });
    fake.allow(tenant.slack.botToken);
    const [unknown, ...known] = tenant.people as [string, ...string[]];
    fake.forget(unknown);
    const tokens = await runPulse(app, tenant);
    const counts = await settled(app.queue, tenant.fixture.tenant.id, 4);
    expect(counts).toMatchObject({ completed: 4, failed: 0 });

    for (const address of known) {
      const [message, ...more] = postsTo(fake, address);
      expect(more).toEqual([]);
      expect(message?.text).toContain("How is your week going?");
      const token = tokens.get(address);
      expect(buttonsOf(message!)).toEqual(
        [1, 2, 3, 4, 5].map((score) => ({
          actionId: `pulse_score_${score}`,
          text: String(score),
          value: `pulse1:${tenant.fixture.tenant.slug}:${token}:${score}`,
        })),
      );
      expect(emailsTo(address)).toEqual([]);
    }
    expect(postsTo(fake, unknown)).toEqual([]);
    const [fallback, ...again] = emailsTo(unknown);
    expect(again).toEqual([]);
    expect(fallback?.text).toContain(`/pulse/respond?token=${tokens.get(unknown)}&score=5`);
    // The worker's log names neither the address, the Slack user nor the token.
    const logged = JSON.stringify(app.logs);
    for (const address of tenant.people) {
      expect(logged).not.toContain(address);
      expect(logged).not.toContain(userIdOf(address));
      expect(logged).not.toContain(tokens.get(address));
    }
  });

  it("Slack and e-mail: an eNPS question gets the buttons 0..10 and its e-mail; the person unknown to Slack gets one e-mail, not two", async () => {
    const { fake, app } = await start();
    const tenant = await slackPulseTenant(app, { people: 3, channelEmail: true, scale: "enps11" });
    fake.allow(tenant.slack.botToken);
    const [unknown, ...known] = tenant.people as [string, ...string[]];
    fake.forget(unknown);
    await runPulse(app, tenant);
    await settled(app.queue, tenant.fixture.tenant.id, 6);
    for (const address of known) {
      const [message] = postsTo(fake, address);
      expect(buttonsOf(message!).map((button) => button.text)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
      expect(emailsTo(address)).toHaveLength(1);
    }
    expect(postsTo(fake, unknown)).toEqual([]);
    expect(emailsTo(unknown)).toHaveLength(1);
  });

  it("the one reminder goes as a DM too, with the same buttons, to those who have not answered", async () => {
    const clock = new ManualClock("2026-11-23T10:00:00Z");
    const { fake, app } = await start({}, clock);
    const tenant = await slackPulseTenant(app, { people: 2 });
    fake.allow(tenant.slack.botToken);
    const tokens = await runPulse(app, tenant);
    await settled(app.queue, tenant.fixture.tenant.id, 2);
    const [answered, open] = tenant.people as [string, string];
    await app
      .db("pulse_invites")
      .where({ token: tokens.get(answered) })
      .update({ responded_at: clock.now() });

    clock.set("2026-11-26T10:00:00Z");
    const admin = await signIn(app, tenant.fixture.tenant.slug, "admin");
    expect((await admin.post("/admin/pulse/run").expect(200)).body.invitesCreated).toBe(0);
    await settled(app.queue, tenant.fixture.tenant.id, 3);
    expect(postsTo(fake, answered)).toHaveLength(1);
    const [first, reminder] = postsTo(fake, open);
    expect(reminder?.blocks[0]?.text?.text).toContain("A gentle reminder");
    expect(buttonsOf(reminder!)).toEqual(buttonsOf(first!));
  });

  it("a Slack app Slack refuses (invalid_auth): the invites are e-mailed, none is lost", async () => {
    const { fake, app } = await start();
    const tenant = await slackPulseTenant(app, { people: 2 });
    await runPulse(app, tenant);
    await settled(app.queue, tenant.fixture.tenant.id, 2);
    expect(fake.messages).toEqual([]);
    for (const address of tenant.people) expect(emailsTo(address)).toHaveLength(1);
  });

  it("Slack down through every retry of every attempt: the last attempt e-mails the invite instead, none is lost", async () => {
    // Retries in milliseconds, not minutes: 8 Slack retries from 1 ms, 3 job attempts 10 ms apart.
    const { fake, app } = await start({}, undefined, { SLACK_RETRY_BASE_MS: "1", EMAIL_BACKOFF_MS: "10" });
    fake.setDown(true);
    const tenant = await slackPulseTenant(app, { people: 2 });
    await runPulse(app, tenant);
    const counts = await settled(app.queue, tenant.fixture.tenant.id, 2);
    expect(counts).toMatchObject({ completed: 2, failed: 0 });
    expect(fake.messages).toEqual([]);
    // Each job tried Slack on each of its 3 attempts, each call with its 8 retries.
    expect(fake.calls.length).toBeGreaterThanOrEqual(2 * 3 * 9);
    for (const address of tenant.people) expect(emailsTo(address)).toHaveLength(1);
  });

  it("30 invitees at 5 messages a second: every 429's Retry-After is waited out, each person gets exactly one DM, no job fails", async () => {
    const { fake, app } = await start({ rateLimit: { methods: ["chat.postMessage"], calls: 5, windowMs: 1000, retryAfterSeconds: 1 } });
    const tenant = await slackPulseTenant(app, { people: 30 });
    fake.allow(tenant.slack.botToken);
    await runPulse(app, tenant);
    const counts = await settled(app.queue, tenant.fixture.tenant.id, 30, 60_000);
    expect(counts).toMatchObject({ completed: 30, failed: 0 });
    for (const address of tenant.people) expect(postsTo(fake, address)).toHaveLength(1);
    expect(sink.messages.filter((message) => JSON.stringify(message.to).includes(tenant.fixture.tenant.slug))).toEqual([]);

    const limited = fake.calls.filter((call) => call.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    // Each refused message is sent again only once its Retry-After (1 s) has passed. (Both times are
    // the fake's, taken as the request ends: a loaded machine can only make the gap longer.)
    for (const refusal of limited) {
      const retry = fake.calls.find(
        (call) => call.at >= refusal.at && call !== refusal && call.method === refusal.method && call.args.channel === refusal.args.channel,
      );
      expect(retry, `the message refused at ${refusal.at} was sent again`).toBeDefined();
      expect(retry!.at - refusal.at, `wait after the 429 at ${refusal.at}`).toBeGreaterThanOrEqual(990);
    }
  });
});
