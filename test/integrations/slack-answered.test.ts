import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmailWorker, type EmailWorker } from "../../src/modules/email/index.js";
import { slackJobProcessors } from "../../src/modules/slack/index.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { smtpEnv, waitForJob } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { startFakeSlack, userIdOf, type FakeSlack, type FakeSlackMessage } from "../helpers/fake-slack.js";
import { slackApp } from "../helpers/slack.js";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.js";

/**
 * CONTRACT §11: an author who chose Slack (PUT /auth/me/email-preferences `answersVia`) hears of
 * the answer to their question as a Slack direct message instead of SPEC's e-mail; whoever Slack
 * cannot reach is e-mailed. The author of an anonymous question stays hidden from admins and logs.
 * Real worker on BullMQ, a fake Slack and an SMTP sink.
 */
describe("answered notices as Slack direct messages", { timeout: 60_000 }, () => {
  let sink: SmtpSink;
  let fake: FakeSlack;
  let app: TestApp<BullEmailQueue>;
  let worker: EmailWorker;

  beforeAll(async () => {
    sink = await startSmtpSink();
    fake = await startFakeSlack();
    app = await createTestApp({ emailQueue: "bullmq", env: smtpEnv(sink.port, { SLACK_API_URL: fake.url, SLACK_RETRY_BASE_MS: "20" }) });
    const jobs = { config: app.config, db: app.db, clock: app.clock, logger: app.logger };
    worker = startEmailWorker({ ...jobs, otherJobs: slackJobProcessors(jobs) });
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
    await fake.close();
    await sink.close();
  });

  interface Tenant {
    fixture: TenantFixture;
    admin: ApiClient;
    moderator: ApiClient;
    author: ApiClient;
  }

  /** A tenant with answered e-mails on and, unless `slack: false`, its Slack app connected and known to the fake. */
  async function tenant(options: { slack?: boolean } = {}): Promise<Tenant> {
    const fixture = await createTenantFixture(app.db);
    // The fixture's addresses repeat across tenants; the fake Slack knows people by address.
    const authorEmail = `member.${fixture.tenant.slug}@example.com`;
    await app.db("users").where({ id: fixture.users.member.id }).update({ email: authorEmail });
    fixture.users.member = { ...fixture.users.member, email: authorEmail };
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const slack = slackApp(fixture.tenant.slug);
    await admin.post("/admin/tenant-settings", { features: { enableEmailNotifications: true }, ...(options.slack === false ? {} : { slack }) }).expect(200);
    fake.allow(slack.botToken);
    return { fixture, admin, moderator: await signIn(app, fixture.tenant.slug, "moderator"), author: await signIn(app, fixture.tenant.slug, "member") };
  }

  const dmsTo = (email: string) => fake.messages.filter((message) => message.channel === `D${userIdOf(email).slice(1)}`);
  const mailsTo = (email: string) => sink.messages.filter((message) => JSON.stringify(message.to).includes(email));
  const sectionTexts = (message: FakeSlackMessage) => message.blocks.map((block) => block.text?.text ?? "").join("\n");

  /** Asks (anonymously or not), answers, and waits for the one answered job of the question to finish. */
  async function askAndAnswer(t: Tenant, input: { body: string; answer: string; anonymous?: boolean }) {
    const asked = await t.author.post("/questions", { teamId: t.fixture.teams.a.id, body: input.body, anonymous: input.anonymous ?? false }).expect(201);
    await t.moderator.post(`/questions/${asked.body.id}/answer`, { responseText: input.answer }).expect(200);
    const queue = (await t.admin.get("/admin/email-queue").expect(200)).body;
    const jobs = (Object.values(queue.recentJobs) as Array<Array<{ id: string; name: string }>>)
      .flat()
      .filter((job) => job.name.startsWith("question-answered"));
    const [job] = jobs.slice(-1);
    expect(job).toBeDefined();
    const done = await waitForJob(app.queue, t.fixture.tenant.id, job!.id);
    const after = (await t.admin.get("/admin/email-queue").expect(200)).body;
    const view = (Object.values(after.recentJobs) as Array<Array<Record<string, unknown>>>).flat().find((candidate) => candidate.id === job!.id);
    return { questionId: asked.body.id as string, job: done, view: view! };
  }

  it("the preference: e-mail by default; Slack chosen and read back; refused while the tenant has no Slack; checked at the edge", async () => {
    const connected = await tenant();
    expect((await connected.author.get("/auth/me/email-preferences").expect(200)).body).toEqual({ emails: true, answersVia: "email", slackAvailable: true });
    expect((await connected.author.put("/auth/me/email-preferences", { answersVia: "slack" }).expect(200)).body).toEqual({
      emails: true,
      answersVia: "slack",
      slackAvailable: true,
    });
    // The other choice is untouched by a body that names only one.
    expect((await connected.author.put("/auth/me/email-preferences", { emails: false }).expect(200)).body).toMatchObject({
      emails: false,
      answersVia: "slack",
    });
    for (const body of [{}, { answersVia: "teams" }, { answersVia: "slack", extra: 1 }, { emails: "yes" }]) {
      const refused = await connected.author.put("/auth/me/email-preferences", body).expect(400);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    }

    const without = await tenant({ slack: false });
    expect((await without.author.get("/auth/me/email-preferences").expect(200)).body).toMatchObject({ slackAvailable: false });
    const refused = await without.author.put("/auth/me/email-preferences", { answersVia: "slack" }).expect(409);
    expect(refused.body.error.code).toBe("SLACK_NOT_CONNECTED");
    expect((await without.author.get("/auth/me/email-preferences").expect(200)).body.answersVia).toBe("email");
    // A choice is the person's own: nobody else's session changes it.
    expect((await connected.admin.get("/auth/me/email-preferences").expect(200)).body.answersVia).toBe("email");
  });

  it("chosen Slack: one DM with the question, the answer and the link, no e-mail; people's text cannot become a link or a mention", async () => {
    const t = await tenant();
    await t.author.put("/auth/me/email-preferences", { answersVia: "slack" }).expect(200);
    const body = "Is the <!channel> <https://evil.example|office> open on Monday? & why";
    const { questionId, job } = await askAndAnswer(t, { body, answer: "Yes, from 9 <@U123>." });
    expect(job.name).toBe("question-answered-slack");
    expect(job.result).toMatchObject({ outcome: "sent", to: [t.fixture.users.member.email] });

    const email = t.fixture.users.member.email;
    const [message, ...more] = dmsTo(email);
    expect(more).toEqual([]);
    const shown = sectionTexts(message!);
    expect(shown).toContain("Is the &lt;!channel&gt; &lt;https://evil.example|office&gt; open on Monday? &amp; why");
    expect(shown).toContain("Yes, from 9 &lt;@U123&gt;.");
    expect(shown).toContain(`/${t.fixture.teams.a.slug}?question=${questionId}|View the question>`);
    expect(shown).not.toMatch(/<!channel>|<@U123>|<https:\/\/evil/);
    // Where to change it: the account page on the organisation's own address, as the question's link.
    const questionLink = /<([^|>]+)\/[^/|>]+\?question=/.exec(shown)?.[1];
    expect(message!.blocks.at(-1)?.elements?.[0]?.text).toContain(`<${questionLink}/account|your account>`);
    expect(mailsTo(email).filter((mail) => String(mail.subject).includes("answered"))).toEqual([]);
    const posted = fake.calls.find((call) => call.method === "chat.postMessage" && call.args.channel === message!.channel);
    // Form-encoded by the Web API client: the flags arrive as text.
    expect(posted?.args).toMatchObject({ unfurl_links: "false", unfurl_media: "false" });
  });

  it("by default, and for an author Slack does not know or an app Slack refuses: the e-mail goes, once", async () => {
    const byDefault = await tenant();
    await askAndAnswer(byDefault, { body: "Where do we park on Fridays?", answer: "Level 2." });
    const defaultEmail = byDefault.fixture.users.member.email;
    expect(dmsTo(defaultEmail)).toEqual([]);
    await expect.poll(() => mailsTo(defaultEmail).length, { timeout: 10_000 }).toBe(1);

    const unknown = await tenant();
    await unknown.author.put("/auth/me/email-preferences", { answersVia: "slack" }).expect(200);
    fake.forget(unknown.fixture.users.member.email);
    const { job } = await askAndAnswer(unknown, { body: "Who runs the Friday demo?", answer: "Ada." });
    expect(job.result).toMatchObject({ outcome: "sent", to: [unknown.fixture.users.member.email] });
    expect(dmsTo(unknown.fixture.users.member.email)).toEqual([]);
    expect(mailsTo(unknown.fixture.users.member.email)).toHaveLength(1);

    const refusedApp = await tenant();
    await refusedApp.author.put("/auth/me/email-preferences", { answersVia: "slack" }).expect(200);
    // The admin enters a bot token Slack does not accept.
    await refusedApp.admin.post("/admin/tenant-settings", { slack: { ...slackApp(refusedApp.fixture.tenant.slug), botToken: "xoxb-revoked" } }).expect(200);
    await askAndAnswer(refusedApp, { body: "Is there cake today?", answer: "Always." });
    expect(mailsTo(refusedApp.fixture.users.member.email)).toHaveLength(1);
    expect(dmsTo(refusedApp.fixture.users.member.email)).toEqual([]);
  });

  it("Slack disconnected after the choice: the e-mail goes; opted out of messages: nothing is sent at all", async () => {
    const disconnected = await tenant();
    await disconnected.author.put("/auth/me/email-preferences", { answersVia: "slack" }).expect(200);
    await disconnected.admin.post("/admin/tenant-settings", { slack: null }).expect(200);
    const { job } = await askAndAnswer(disconnected, { body: "When is the next all-hands?", answer: "Thursday." });
    expect(job.name).toBe("question-answered");
    expect(mailsTo(disconnected.fixture.users.member.email)).toHaveLength(1);

    const optedOut = await tenant();
    await optedOut.author.put("/auth/me/email-preferences", { answersVia: "slack", emails: false }).expect(200);
    const skipped = await askAndAnswer(optedOut, { body: "Can I bring my dog?", answer: "Yes." });
    expect(skipped.job.result).toMatchObject({ outcome: "skipped", reason: "recipient unsubscribed" });
    expect(dmsTo(optedOut.fixture.users.member.email)).toEqual([]);
    expect(mailsTo(optedOut.fixture.users.member.email)).toEqual([]);
  });

  it("an anonymous question: its author gets the DM, and neither the admin's queue view, the job's stored result nor the logs name them", async () => {
    const t = await tenant();
    await t.author.put("/auth/me/email-preferences", { answersVia: "slack" }).expect(200);
    const { job, view } = await askAndAnswer(t, { body: "Why did the bonus scheme change?", answer: "Budget.", anonymous: true });
    const email = t.fixture.users.member.email;
    expect(dmsTo(email)).toHaveLength(1);
    expect(job.result).toMatchObject({ outcome: "sent", to: null });
    expect(view).toMatchObject({ to: null, recipientHidden: true });
    // Which way it went is the author's choice, which would narrow down who asked: the admin's view
    // shows it exactly as an anonymous question's e-mail notice.
    const byEmail = await tenant();
    const viaEmail = await askAndAnswer(byEmail, { body: "Why did the bonus scheme change?", answer: "Budget.", anonymous: true });
    const shape = (jobView: Record<string, unknown>) => {
      const { id: _id, timestamp: _timestamp, processedOn: _processed, finishedOn: _finished, ...rest } = jobView;
      return rest;
    };
    expect(viaEmail.job.name).toBe("question-answered");
    expect(shape(view)).toEqual(shape(viaEmail.view));
    const workerLogs = app.logs.filter((line) => "job" in line);
    expect(workerLogs.some((line) => line.msg === "slack answered notice sent")).toBe(true);
    // (The job's own data names whom to send to, as it must; its result and the admin's view do not.)
    const everything = JSON.stringify([(await t.admin.get("/admin/email-queue").expect(200)).body, job.result, workerLogs]);
    for (const secret of [email, userIdOf(email), t.fixture.users.member.name, t.fixture.users.member.id]) expect(everything, secret).not.toContain(secret);
  });
});
