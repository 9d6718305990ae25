import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import { createTestApp, signIn, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { smtpEnv, startMailStack, waitForJob, type MailStack } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture, askQuestion } from "../helpers/factories.js";

/**
 * Whether the author of an answered question is emailed is decided once, by the answer's
 * request from a fresh read of `features.enableEmailNotifications`; the worker (with its own,
 * briefly cached, copy of the settings) does not decide it again. Real worker, BullMQ, SMTP sink.
 */

interface JobView {
  id: string;
  name: string;
  status: string;
  outcome: string | null;
  skipReason: string | null;
  to: string[] | null;
}

async function answeredJobs(admin: ApiClient): Promise<JobView[]> {
  const { body } = await admin.get("/admin/email-queue").expect(200);
  return (Object.values(body.recentJobs) as JobView[][]).flat().filter((job) => job.name === "question-answered");
}

const setNotifications = (admin: ApiClient, on: boolean) => admin.post("/admin/tenant-settings", { features: { enableEmailNotifications: on } }).expect(200);

describe("the answered email follows the setting as it is when the question is answered (one instance)", () => {
  let stack: MailStack;
  let app: TestApp<BullEmailQueue>;
  let fixture: TenantFixture;
  let admin: ApiClient;
  let moderator: ApiClient;
  let author: ApiClient;

  beforeAll(async () => {
    stack = await startMailStack();
    ({ app, fixture } = stack);
    ({ admin, moderator, member: author } = await signInMany(app, fixture.tenant.slug, ["admin", "moderator", "member"]));
  });
  afterAll(() => stack.close());

  const mailFor = (questionBody: string) => stack.sink.messages.filter((message) => String(message.text).includes(questionBody));

  /** The worker sends an email of this tenant now, so it has just read (and cached) the tenant's settings. */
  async function workerReadsTenantNow(): Promise<void> {
    const sent = await admin.post("/admin/emails", { to: ["marker@example.org"], subject: "Marker", body: "x" }).expect(202);
    await waitForJob(app.queue, fixture.tenant.id, sent.body.jobIds[0]);
  }

  it("turned on, then a question answered at once: the author's email goes out", async () => {
    const body = "Is the office open on the holiday Monday?";
    const questionId = (await askQuestion(author, fixture.teams.a.id, body)).id;
    await workerReadsTenantNow();
    await setNotifications(admin, true);
    await moderator.post(`/questions/${questionId}/answer`, { responseText: "No, it is closed." }).expect(200);

    const [job] = await answeredJobs(admin);
    expect(job).toBeDefined();
    const done = await waitForJob(app.queue, fixture.tenant.id, job!.id);
    expect(done.result).toMatchObject({ outcome: "sent", to: [fixture.users.member.email] });
    await expect.poll(() => mailFor(body).length, { timeout: 10_000 }).toBe(1);
    expect(mailFor(body)[0]?.subject).toBe("Your question was answered!");
  });

  it("turned off, then a question answered at once: no email is queued or sent", async () => {
    const body = "Can we bring guests to the summer party?";
    const questionId = (await askQuestion(author, fixture.teams.a.id, body)).id;
    await workerReadsTenantNow();
    const before = (await answeredJobs(admin)).length;
    await setNotifications(admin, false);
    await moderator.post(`/questions/${questionId}/answer`, { responseText: "Yes, one each." }).expect(200);
    expect(await answeredJobs(admin)).toHaveLength(before);
    await workerReadsTenantNow();
    expect(mailFor(body)).toHaveLength(0);
  });
});

describe("the answered email follows the setting across instances (the instance that answers has the old value cached)", () => {
  let stack: MailStack;
  let other: TestApp<BullEmailQueue>;

  beforeAll(async () => {
    stack = await startMailStack();
    // A second instance of the service: same database, same queue (key prefix), no worker of its own.
    other = await createTestApp({ emailQueue: "bullmq", kvPrefix: stack.app.config.kv.prefix, env: smtpEnv(stack.sink.port) });
  });
  afterAll(async () => {
    await other?.close();
    await stack?.close();
  });

  const mailFor = (questionBody: string) => stack.sink.messages.filter((message) => String(message.text).includes(questionBody));

  /** A tenant of its own per test (so no earlier test's cached settings are involved), with clients on both instances. */
  async function tenant(notifications: boolean) {
    const fixture = await createTenantFixture(stack.app.db, { settings: { features: { enableEmailNotifications: notifications } } });
    const [adminHere, author, adminThere, moderatorThere] = await Promise.all([
      signIn(stack.app, fixture.tenant.slug, "admin"),
      signIn(stack.app, fixture.tenant.slug, "member"),
      signIn(other, fixture.tenant.slug, "admin"),
      signIn(other, fixture.tenant.slug, "moderator"),
    ]);
    /** The worker sends an email of this tenant now, so it has just read (and cached) the tenant's settings. */
    const marker = async () => {
      const sent = await adminHere.post("/admin/emails", { to: ["marker@example.org"], subject: "Marker", body: "x" }).expect(202);
      await waitForJob(stack.app.queue, fixture.tenant.id, sent.body.jobIds[0]);
    };
    return { fixture, adminHere, author, adminThere, moderatorThere, marker };
  }

  it("turned on here, answered there at once: the email goes out", async () => {
    const { fixture, adminHere, author, adminThere, moderatorThere, marker } = await tenant(false);
    const body = "Will the new laptops arrive before the launch?";
    const questionId = (await askQuestion(author, fixture.teams.a.id, body)).id;
    // The other instance and the worker have both just read the setting as off.
    await adminThere.get("/admin/email-queue").expect(200);
    await marker();
    await setNotifications(adminHere, true);
    await moderatorThere.post(`/questions/${questionId}/answer`, { responseText: "Yes, next week." }).expect(200);

    const jobs = await answeredJobs(adminHere);
    expect(jobs).toHaveLength(1);
    const done = await waitForJob(stack.app.queue, fixture.tenant.id, jobs[0]!.id);
    expect(done.result).toMatchObject({ outcome: "sent", to: [fixture.users.member.email] });
    await expect.poll(() => mailFor(body).length, { timeout: 10_000 }).toBe(1);
  });

  it("turned off here, answered there at once: no email is queued or sent", async () => {
    const { fixture, adminHere, author, moderatorThere, marker } = await tenant(true);
    const warmBody = "Is the canteen open during the renovation?";
    const body = "Are we moving to the new building in March?";
    const warm = (await askQuestion(author, fixture.teams.a.id, warmBody)).id;
    const questionId = (await askQuestion(author, fixture.teams.a.id, body)).id;
    // While on: an answer there is emailed, so both that instance and the worker hold "on".
    await moderatorThere.post(`/questions/${warm}/answer`, { responseText: "Yes, with a smaller menu." }).expect(200);
    await expect.poll(() => mailFor(warmBody).length, { timeout: 10_000 }).toBe(1);
    const before = (await answeredJobs(adminHere)).length;

    await setNotifications(adminHere, false);
    await moderatorThere.post(`/questions/${questionId}/answer`, { responseText: "In April." }).expect(200);
    expect(await answeredJobs(adminHere)).toHaveLength(before);
    await marker();
    expect(mailFor(body)).toHaveLength(0);
  });
});
