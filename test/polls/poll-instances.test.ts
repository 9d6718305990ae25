import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { createPoll, pollBodies } from "../helpers/polls.js";
import { listen, openEventStream, type EventStream, type SseMessage } from "../helpers/sse.js";

const HTTPS = { "x-forwarded-proto": "https" };

/**
 * Two instances on one database and one Redis, as behind a load balancer: votes reaching either
 * count once per voter, both read the same counts and results, every stream of either instance
 * gets the poll's events, and the coalesced counts both send end at the true total.
 */
describe("polls on two instances sharing PostgreSQL and Redis", () => {
  let first: TestApp;
  let second: TestApp;
  let servers: Array<Awaited<ReturnType<typeof listen>>>;
  let t: TenantFixture;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    const kvPrefix = `${inject("kvPrefix")}polls-pair-${randomUUID().slice(0, 8)}:`;
    first = await createTestApp({ redis: true, kvPrefix });
    second = await createTestApp({ redis: true, kvPrefix });
    servers = [await listen(first.app), await listen(second.app)];
    t = await createTenantFixture(first.db);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const server of servers) await server.close();
    await first.close();
    await second.close();
  });

  it("votes through either instance count once per voter; both answer the same counts, results and events", async () => {
    const moderatorOnFirst = await signIn(first, t.tenant.slug, "moderator");
    const memberOnSecond = await signIn(second, t.tenant.slug, "member");
    for (const [index, server] of servers.entries()) {
      const client = index === 0 ? moderatorOnFirst : memberOnSecond;
      streams.push(await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie: client.cookie as string }));
    }
    const poll = await createPoll(moderatorOnFirst, pollBodies.single(t.teams.a.id, { resultsVisible: true }));
    await moderatorOnFirst.post(`/polls/${poll.id}/open`).expect(200);
    for (const stream of streams) await stream.next((message) => message.data.type === "poll:opened");

    // The member votes on the second instance, then changes their vote on the first (a session works on both).
    await memberOnSecond.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[0]?.id] }).expect(200);
    const memberOnFirst = new ApiClientOn(first, memberOnSecond);
    await memberOnFirst.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[1]?.id] }).expect(200);

    // Visitors alternate between the instances: their vote cookie is recognised by both.
    const cookies: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const app = i % 2 ? second : first;
      const response = await request(app.app)
        .post(`/polls/${poll.id}/votes`)
        .set("x-tenant-id", t.tenant.slug)
        .send({ optionIds: [poll.options[i % 3]?.id] })
        .expect(200);
      cookies.push((([] as string[]).concat(response.headers["set-cookie"] ?? [])[0] as string).split(";")[0] as string);
    }
    for (const [i, cookie] of cookies.entries()) {
      const app = i % 2 ? first : second;
      await request(app.app)
        .post(`/polls/${poll.id}/votes`)
        .set("x-tenant-id", t.tenant.slug)
        .set("cookie", cookie)
        .send({ optionIds: [poll.options[2]?.id] })
        .expect(200);
    }

    const fromFirst = (await moderatorOnFirst.get(`/polls/${poll.id}/results`).expect(200)).body;
    const fromSecond = (await memberOnSecond.get(`/polls/${poll.id}/results`).expect(200)).body;
    expect(fromFirst).toEqual(fromSecond);
    expect(fromFirst.voteCount).toBe(21);
    expect(fromFirst.options.map((option: { votes: number }) => option.votes)).toEqual([0, 1, 20]);

    const last = (message: SseMessage) => message.data.type === "poll:voted" && (message.data.data as { voteCount: number }).voteCount === 21;
    const finalResults = (message: SseMessage) =>
      message.data.type === "poll:results" && JSON.stringify((message.data.data as { results: unknown }).results) === JSON.stringify(fromFirst);
    for (const stream of streams) {
      await stream.next(last);
      await stream.next(finalResults);
    }
    // Each stream received the events of both instances' votes: the same sequence on both.
    const sequence = (stream: EventStream) => stream.messages.filter((message) => String(message.data.type).startsWith("poll:")).map((message) => message.id);
    expect(sequence(streams[0] as EventStream)).toEqual(sequence(streams[1] as EventStream));
  });
});

/** The same signed-in browser (its session cookie and CSRF token) talking to another instance. */
class ApiClientOn {
  constructor(
    private readonly app: TestApp,
    private readonly client: ApiClient,
  ) {}
  post(path: string, body: object) {
    return request(this.app.app)
      .post(path)
      .set("cookie", this.client.cookie as string)
      .set("x-csrf-token", this.client.csrfToken)
      .send(body);
  }
}

/** Rate limits are on in production (Redis); votes are limited like upvotes, per voter, and per address for new visitors. */
describe("poll votes are rate limited like upvotes (production)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ redis: true, env: { NODE_ENV: "production", AUTH_MODE_DEMO: "true" } });
  });
  afterAll(() => app.close());

  it("upvotesPerMinute per voter: the next vote is 429 with Retry-After; another voter has their own allowance", async () => {
    const t = await createTenantFixture(app.db, { settings: { security: { rateLimits: { upvotesPerMinute: 3 } } } });
    const moderator = await signIn(app, t.tenant.slug, "moderator", HTTPS);
    const member = await signIn(app, t.tenant.slug, "member", HTTPS);
    const poll = await createPoll(moderator, pollBodies.rating(t.teams.a.id));
    await moderator.post(`/polls/${poll.id}/open`).expect(200);
    for (const rating of [1, 2, 3]) await member.post(`/polls/${poll.id}/votes`, { rating }).expect(200);
    const limited = await member.post(`/polls/${poll.id}/votes`, { rating: 4 }).expect(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    await moderator.post(`/polls/${poll.id}/votes`, { rating: 5 }).expect(200);
    // The limit's key in Redis names no user: it is a keyed hash too.
    const keys = await app.kv!.keys(`${app.config.kv.prefix}rl:pollVotes:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) for (const user of Object.values(t.users)) expect(key).not.toContain(user.id);

    // New visitors (no cookie yet) share their address's allowance; the cookie is Secure over HTTPS.
    const guest = (ip: string) =>
      request(app.app)
        .post(`/polls/${poll.id}/votes`)
        .set({ "x-tenant-id": t.tenant.slug, ...HTTPS, "x-forwarded-for": ip });
    for (let i = 0; i < 3; i += 1) {
      const response = await guest("203.0.113.40").send({ rating: 2 }).expect(200);
      expect(([] as string[]).concat(response.headers["set-cookie"] ?? []).join()).toMatch(/qa\.voter=.*Secure/);
    }
    await guest("203.0.113.40").send({ rating: 2 }).expect(429);
    await guest("203.0.113.41").send({ rating: 2 }).expect(200);
  });
});
