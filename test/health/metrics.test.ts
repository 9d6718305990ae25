import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDuePulses } from "../../src/modules/pulse/pulse.scheduler.service.js";
import { createTestApp, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";
import { addPulseQuestion } from "../helpers/pulse.js";
import { listen, openEventStream } from "../helpers/sse.js";

const TOKEN = "metrics-token-for-the-test-suite";

describe("GET /metrics", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => app.close());

  const scrape = () => request(app.app).get("/metrics").set("authorization", `Bearer ${TOKEN}`).expect(200);

  it("needs the metrics token as a bearer (401 otherwise) and answers in Prometheus text format", async () => {
    expect((await request(app.app).get("/metrics").expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    await request(app.app).get("/metrics").set("authorization", "Bearer wrong").expect(401);
    await request(app.app).get("/metrics").set("authorization", `Basic ${TOKEN}`).expect(401);
    const response = await scrape();
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toContain("qa_process_cpu_user_seconds_total");
    expect(response.text).toContain("qa_nodejs_heap_size_used_bytes");
  });

  it("HTTP latency is labelled by route pattern, not by raw path", async () => {
    const fixture = await createTenantFixture(app.db);
    const member = await signIn(app, fixture.tenant.slug, "member");
    const question = (await member.post("/questions", { body: "Will metrics be part of the on-call runbook?", teamId: fixture.teams.a.id }).expect(201)).body;
    await member.get(`/questions/${question.id}`).expect(200);
    await request(app.app).get("/no/such/route").expect(404);
    const text = (await scrape()).text;
    expect(text).toMatch(/qa_http_request_duration_seconds_count\{method="GET",route="\/questions\/:id",status_code="200"\} [1-9]/);
    expect(text).toMatch(/qa_http_request_duration_seconds_count\{method="POST",route="\/questions",status_code="201"\} [1-9]/);
    expect(text).toMatch(/route="unmatched",status_code="404"/);
    expect(text).not.toContain(question.id);
  });

  it("reports live SSE clients, email queue depths and pulse scheduler runs", async () => {
    const fixture = await createTenantFixture(app.db);
    const member = await signIn(app, fixture.tenant.slug, "member");
    const server = await listen(app.app);
    try {
      const stream = await openEventStream(server.url, "/events", { cookie: member.cookie as string });
      expect(stream.status).toBe(200);
      expect((await scrape()).text).toMatch(/^qa_sse_clients [1-9]/m);
      stream.close();
    } finally {
      await server.close();
    }
    await app.queue.add("direct-email", {
      tenantId: fixture.tenant.id,
      to: ["someone@example.com"],
      subject: "Hello",
      body: "Hi",
      sentByUserId: fixture.users.admin.id,
    });
    expect((await scrape()).text).toMatch(/^qa_email_queue_jobs\{state="waiting"\} [1-9]/m);

    // A tenant whose pulse is due: enabled, scheduled at midnight, one active question.
    const due = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, defaultTime: "00:00" } } });
    await addPulseQuestion(app.db, due.tenant.id, { text: "How is your week going?" });
    const outcomes = await runDuePulses(
      { db: app.db, queue: app.queue, logger: app.logger, clock: app.clock, countRun: (outcome) => app.metrics.schedulerRuns.inc({ outcome }) },
      [due.tenant.id],
    );
    expect(outcomes.map(({ outcome }) => outcome.status)).toEqual(["sent"]);
    expect((await scrape()).text).toMatch(/^qa_pulse_scheduler_runs_total\{outcome="sent"\} [1-9]/m);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("is not there (404), and other routes are unaffected", async () => {
    const app = await createTestApp();
    try {
      await request(app.app).get("/metrics").set("authorization", "Bearer anything").expect(404);
      await request(app.app).get("/health/live").expect(200);
    } finally {
      await app.close();
    }
  });
});

describe("rate-limited requests are counted", () => {
  it("qa_rate_limited_total by limit", async () => {
    const app = await createTestApp({ redis: true, env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true", METRICS_TOKEN: TOKEN } });
    try {
      const fixture = await createTenantFixture(app.db, { settings: { security: { rateLimits: { questionsPerHour: 1 } } } });
      const member = await signIn(app, fixture.tenant.slug, "member", { "x-forwarded-proto": "https" });
      await member.post("/questions", { body: "The only question allowed this hour", teamId: fixture.teams.a.id }).expect(201);
      await member.post("/questions", { body: "One question more than allowed", teamId: fixture.teams.a.id }).expect(429);
      const text = (await request(app.app).get("/metrics").set("authorization", `Bearer ${TOKEN}`).expect(200)).text;
      expect(text).toMatch(/^qa_rate_limited_total\{limit="questions"\} 1$/m);
    } finally {
      await app.close();
    }
  });
});
