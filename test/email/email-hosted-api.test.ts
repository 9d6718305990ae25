import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import type { BullEmailQueue } from "../../src/platform/queue-bullmq.js";
import type { EmailWorker } from "../../src/modules/email/email.worker.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { startFakeEmailApi, startWorker, waitForJob, type FakeApiRequest } from "../helpers/email.js";
import { createTenantFixture, type TenantFixture, insertQuestion } from "../helpers/factories.js";

const GOOD_KEY = "hosted-key-123";

/** The fake API's answer depends on the recipient, so one server plays every scenario. */
function fakeApiAnswer(request: FakeApiRequest): { status: number; body: unknown } {
  if (request.headers.authorization !== `Bearer ${GOOD_KEY}`) return { status: 401, body: { message: "API key is invalid" } };
  const to = JSON.stringify(request.body.to);
  if (to.includes("limited@")) return { status: 429, body: { message: "Too many requests" } };
  if (to.includes("bad@")) return { status: 422, body: { message: "Invalid `to` field: recipient address rejected" } };
  if (to.includes("down@")) return { status: 503, body: { message: "Service unavailable" } };
  return { status: 200, body: { id: `msg_${request.headers["idempotency-key"]}` } };
}

function hostedEnv(url: string, key = GOOD_KEY): Record<string, string> {
  return {
    EMAIL_PROVIDER: "hosted_api",
    HOSTED_API_URL: url,
    HOSTED_API_KEY: key,
    HOSTED_FROM_EMAIL: "pulse@acme.example",
    HOSTED_FROM_NAME: 'Acme "Pulse"',
    EMAIL_BACKOFF_MS: "20",
  };
}

describe("hosted_api provider against a local fake API", () => {
  let api: Awaited<ReturnType<typeof startFakeEmailApi>>;
  let app: TestApp<BullEmailQueue>;
  let worker: EmailWorker;
  let fixture: TenantFixture;

  beforeAll(async () => {
    api = await startFakeEmailApi(fakeApiAnswer);
    app = await createTestApp({ emailQueue: "bullmq", env: hostedEnv(api.url) });
    worker = startWorker(app);
    fixture = await createTenantFixture(app.db, { settings: { features: { enableEmailNotifications: true } } });
  });
  afterAll(async () => {
    await worker.close();
    await app.close();
    await api.close();
  });

  const direct = (address: string) =>
    app.queue.add("direct-email", { tenantId: fixture.tenant.id, to: [address], subject: "Hi", body: "Hello", sentByUserId: fixture.users.admin.id });
  const requestsTo = (address: string) => api.requests.filter((request) => JSON.stringify(request.body.to).includes(address));

  it("POSTs JSON with the bearer key, sender, recipient, both bodies, headers and an idempotency key", async () => {
    const questionId = (
      await insertQuestion(app.db, fixture.tenant.id, fixture.teams.a.id, {
        authorId: fixture.users.member.id,
        body: "Hosted <question>?",
        responseText: "Yes.",
        responderId: fixture.users.moderator.id,
      })
    ).id;
    const job = await app.queue.add("question-answered", {
      tenantId: fixture.tenant.id,
      questionId,
      recipientUserId: fixture.users.member.id,
      hideRecipient: false,
    });
    const done = await waitForJob(app.queue, fixture.tenant.id, job.id);
    expect(done.result).toEqual({ outcome: "sent", to: [fixture.users.member.email], messageIds: [`msg_${job.id}-0`] });
    const [sent] = requestsTo(fixture.users.member.email);
    expect(sent?.headers).toMatchObject({ authorization: `Bearer ${GOOD_KEY}`, "content-type": "application/json", "idempotency-key": `${job.id}-0` });
    expect(sent?.body).toMatchObject({
      from: '"Acme \\"Pulse\\"" <pulse@acme.example>',
      to: [`"${fixture.users.member.name}" <${fixture.users.member.email}>`],
      subject: "Your question was answered!",
      headers: {
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:3000\/email\/unsubscribe\?token=/),
      },
    });
    expect(sent?.body.html).toContain("Hosted &lt;question&gt;?");
    expect(sent?.body.text).toContain("Hosted <question>?");
  });

  it("429: 'Rate limit exceeded' after three attempts, each with the same idempotency key", async () => {
    const job = await direct("limited@example.org");
    expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({ status: "failed", attemptsMade: 3, failedReason: "Rate limit exceeded" });
    expect(requestsTo("limited@example.org").map((request) => request.headers["idempotency-key"])).toEqual(Array(3).fill(`${job.id}-0`));
  });

  it("422 about the recipient: 'Recipient rejected' at once", async () => {
    const job = await direct("bad@example.org");
    expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({ status: "failed", attemptsMade: 1, failedReason: "Recipient rejected" });
  });

  it("5xx is retried: 'Email API unavailable' after three attempts", async () => {
    const job = await direct("down@example.org");
    expect(await waitForJob(app.queue, fixture.tenant.id, job.id)).toMatchObject({ status: "failed", attemptsMade: 3, failedReason: "Email API unavailable" });
  });

  it("a wrong key: 'Invalid API key' at once", async () => {
    const wrongKey = await createTestApp({ emailQueue: "bullmq", env: hostedEnv(api.url, "wrong-key") });
    const wrongWorker = startWorker(wrongKey);
    try {
      const tenant = await createTenantFixture(wrongKey.db);
      const job = await wrongKey.queue.add("direct-email", {
        tenantId: tenant.tenant.id,
        to: ["x@example.org"],
        subject: "Hi",
        body: "x",
        sentByUserId: tenant.users.admin.id,
      });
      expect(await waitForJob(wrongKey.queue, tenant.tenant.id, job.id)).toMatchObject({ status: "failed", attemptsMade: 1, failedReason: "Invalid API key" });
    } finally {
      await wrongWorker.close();
      await wrongKey.close();
    }
  });

  it("an unreachable API is retried: 'Email API unreachable'", async () => {
    // Port 9 (discard) on loopback: nothing listens there, whereas a port a closed fake just freed
    // can be taken by another suite's server at once.
    const unreachable = await createTestApp({ emailQueue: "bullmq", env: hostedEnv("http://127.0.0.1:9") });
    const unreachableWorker = startWorker(unreachable);
    try {
      const tenant = await createTenantFixture(unreachable.db);
      const job = await unreachable.queue.add("direct-email", {
        tenantId: tenant.tenant.id,
        to: ["x@example.org"],
        subject: "Hi",
        body: "x",
        sentByUserId: tenant.users.admin.id,
      });
      expect(await waitForJob(unreachable.queue, tenant.tenant.id, job.id)).toMatchObject({
        status: "failed",
        attemptsMade: 3,
        failedReason: "Email API unreachable",
      });
    } finally {
      await unreachableWorker.close();
      await unreachable.close();
    }
  });

  it("production refuses to start with EMAIL_PROVIDER=hosted_api and no HOSTED_API_KEY or no HOSTED_API_URL, with one line naming it", () => {
    const production = { NODE_ENV: "production", KVSTORE_URL: "redis://127.0.0.1:6379", SESSION_SECRET: "x".repeat(32), AUTH_MODE_DEMO: "true" };
    const url = { HOSTED_API_URL: "https://mail.example.org/v1/send" };
    expect(() => loadConfig({ ...production, ...url, EMAIL_PROVIDER: "hosted_api" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, ...url, EMAIL_PROVIDER: "hosted_api" })).toThrow(/HOSTED_API_KEY/);
    expect(() => loadConfig({ ...production, EMAIL_PROVIDER: "hosted_api", HOSTED_API_KEY: "k" })).toThrow(
      /^HOSTED_API_URL is required when EMAIL_PROVIDER=hosted_api/,
    );
    expect(loadConfig({ ...production, ...url, EMAIL_PROVIDER: "hosted_api", HOSTED_API_KEY: "k" }).email.hosted.apiUrl).toBe(url.HOSTED_API_URL);
  });
});
