import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, visitor, type TestApp } from "../helpers/app.js";
import { createTenantFixture } from "../helpers/factories.js";

const HTTPS = { "x-forwarded-proto": "https" };
const limits = (overrides: Record<string, number>) => ({
  security: { rateLimits: { questionsPerHour: 100, upvotesPerMinute: 100, responsesPerHour: 100, searchPerMinute: 100, ...overrides } },
});

describe("rate limits in production (Redis, sliding windows, tenant settings)", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ redis: true, env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true" } });
  });
  afterAll(() => app.close());

  const expectLimited = (response: request.Response) => {
    expect(response.status).toBe(429);
    expect(response.body.error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    return retryAfter;
  };

  it("questionsPerHour: the next submission is 429 with Retry-After within the hour", async () => {
    const t = await createTenantFixture(app.db, { settings: limits({ questionsPerHour: 3 }) });
    const member = await signIn(app, t.tenant.slug, "member", HTTPS);
    for (let i = 0; i < 3; i += 1) await member.post("/questions", { body: `Question number ${i} about the roadmap`, teamId: t.teams.a.id }).expect(201);
    const retryAfter = expectLimited(await member.post("/questions", { body: "One question too many about the roadmap", teamId: t.teams.a.id }));
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another user of the tenant has their own allowance.
    const other = await signIn(app, t.tenant.slug, "memberb", HTTPS);
    await other.post("/questions", { body: "A different person asking a question", teamId: t.teams.a.id }).expect(201);
  });

  it("visitors are limited per IP address", async () => {
    const t = await createTenantFixture(app.db, { settings: limits({ questionsPerHour: 2 }) });
    const guest = visitor(app, { "x-tenant-id": t.tenant.slug, ...HTTPS, "x-forwarded-for": "203.0.113.7" });
    for (let i = 0; i < 2; i += 1) await guest.post("/questions", { body: `Visitor question ${i} about lunch`, teamId: t.teams.a.id }).expect(201);
    expectLimited(await guest.post("/questions", { body: "Visitor question again about lunch", teamId: t.teams.a.id }));
    const elsewhere = visitor(app, { "x-tenant-id": t.tenant.slug, ...HTTPS, "x-forwarded-for": "203.0.113.8" });
    await elsewhere.post("/questions", { body: "A visitor from another address", teamId: t.teams.a.id }).expect(201);
  });

  it("upvotesPerMinute, responsesPerHour and searchPerMinute", async () => {
    const t = await createTenantFixture(app.db, { settings: limits({ upvotesPerMinute: 2, responsesPerHour: 1, searchPerMinute: 2 }) });
    const member = await signIn(app, t.tenant.slug, "member", HTTPS);
    const admin = await signIn(app, t.tenant.slug, "admin", HTTPS);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await member.post("/questions", { body: `Question ${i} for the limits test`, teamId: t.teams.a.id }).expect(201)).body.id);
    await admin.post(`/questions/${ids[0]}/upvote`).expect(200);
    await admin.post(`/questions/${ids[1]}/upvote`).expect(200);
    expect(Number(expectLimited(await admin.post(`/questions/${ids[2]}/upvote`)))).toBeLessThanOrEqual(60);

    await admin.post(`/questions/${ids[0]}/answer`, { responseText: "First answer." }).expect(200);
    expectLimited(await admin.post(`/questions/${ids[1]}/answer`, { responseText: "Second answer." }));

    await member.get("/questions?search=limits").expect(200);
    await member.get("/questions?search=question").expect(200);
    expectLimited(await member.get("/questions?search=again"));
    // Browsing without a search term is not a search.
    await member.get("/questions").expect(200);
  });

  it("the window slides: an attempt is admitted again once the oldest one leaves the window", async () => {
    const rule = { name: "sliding-test", points: 2, durationSeconds: 2 };
    const key = `key-${Date.now()}`;
    await app.rateLimits.consume(rule, key);
    await app.rateLimits.consume(rule, key);
    const refused = await app.rateLimits.consume(rule, key).then(
      () => null,
      (error: { status: number; headers: Record<string, string> }) => error,
    );
    expect(refused?.status).toBe(429);
    const retryAfterSeconds = Number(refused?.headers["Retry-After"]);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(retryAfterSeconds).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, retryAfterSeconds * 1000 + 100));
    await expect(app.rateLimits.consume(rule, key)).resolves.toBeUndefined();
  });

  it("the counts feed /health's rateLimiting figures", async () => {
    const health = await request(app.app).get("/health").expect(200);
    expect(health.body.rateLimiting.status).toBe("enabled");
    expect(health.body.rateLimiting.requestsInLastHour).toBeGreaterThan(10);
  });
});

describe("rate limits in development", () => {
  it("are off: more submissions than the setting allows all succeed", async () => {
    const app = await createTestApp({ redis: true });
    try {
      const t = await createTenantFixture(app.db, { settings: limits({ questionsPerHour: 1 }) });
      const member = await signIn(app, t.tenant.slug, "member");
      for (let i = 0; i < 3; i += 1) await member.post("/questions", { body: `Development question ${i} here`, teamId: t.teams.a.id }).expect(201);
      expect((await request(app.app).get("/health").expect(200)).body.rateLimiting.status).toBe("disabled");
    } finally {
      await app.close();
    }
  });
});
