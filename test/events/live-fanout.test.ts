import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { askQuestion, createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { listen, openEventStream, type EventStream, type SseMessage } from "../helpers/sse.js";
import { createUpvoteCoalescer } from "../../src/modules/questions/questions.upvote-coalescer.js";

const WINDOW_MS = 250;

/** CONTRACT §4: `question:upvoted` is coalesced, at most one per question per 250 ms, never losing the latest count. */
describe("coalesced upvote events", () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let t: TenantFixture;
  let voters: ApiClient[];
  let watcher: EventStream;

  const upvotesOf = (questionId: string) => (message: SseMessage) => message.data.type === "question:upvoted" && message.data.data?.questionId === questionId;

  beforeAll(async () => {
    app = await createTestApp();
    server = await listen(app.app);
    t = await createTenantFixture(app.db);
    voters = [];
    for (let index = 0; index < 30; index += 1) {
      const user = await insertUser(app.db, t.tenant.id, { teamId: t.teams.a.id });
      voters.push(await signIn(app, t.tenant.slug, user.username));
    }
    const member = await signIn(app, t.tenant.slug, "member");
    watcher = await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie: member.cookie ?? "" });
    expect(watcher.status).toBe(200);
  });
  afterAll(async () => {
    watcher?.close();
    await server.close();
    await app.close();
  });

  it("a burst of 30 votes on one question goes out as a few events, the last with the final count", async () => {
    const { id } = await askQuestion(voters[0] as ApiClient, t.teams.a.id, "Will the all-hands be recorded for other time zones?");
    const started = Date.now();
    await Promise.all(voters.map((voter) => voter.post(`/questions/${id}/upvote`).expect(200)));
    const final = await watcher.next((message) => upvotesOf(id)(message) && message.data.data?.upvoteCount === 30, 5000);
    const elapsed = Date.now() - started;
    const events = watcher.messages.filter(upvotesOf(id));
    expect(final.data.data).toEqual({ questionId: id, upvoteCount: 30 });
    // One at the first vote, then at most one per window while votes keep coming: far fewer than 30.
    expect(events.length).toBeLessThanOrEqual(Math.ceil(elapsed / WINDOW_MS) + 1);
    expect(events.length).toBeLessThan(30);
    // Nothing after the final count: the window closed with it.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS * 2));
    expect(watcher.messages.filter(upvotesOf(id)).at(-1)?.data.data).toEqual({ questionId: id, upvoteCount: 30 });
  });

  it("a single vote goes out at once, and a vote undone within the window ends at the true count", async () => {
    const [first, second] = voters as [ApiClient, ApiClient];
    const { id } = await askQuestion(first, t.teams.a.id, "Can we move the offsite to the spring?");
    await second.post(`/questions/${id}/upvote`).expect(200);
    await watcher.next((message) => upvotesOf(id)(message) && message.data.data?.upvoteCount === 1, 2000);

    const { id: other } = await askQuestion(first, t.teams.a.id, "Is the parking garage open on Saturdays?");
    await second.post(`/questions/${other}/upvote`).expect(200);
    await second.delete(`/questions/${other}/upvote`).expect(200);
    await watcher.next((message) => upvotesOf(other)(message) && message.data.data?.upvoteCount === 0, 2000);
    expect(watcher.messages.filter(upvotesOf(other)).map((message) => message.data.data?.upvoteCount)).toEqual([1, 0]);
  });

  it("votes on different questions are never merged", async () => {
    const asked = await Promise.all(
      ["Who owns the hiring plan for next year?", "When do the new laptops arrive?", "Is the cafeteria open late this week?"].map((body) =>
        askQuestion(voters[1] as ApiClient, t.teams.a.id, body),
      ),
    );
    await Promise.all(asked.map(({ id }) => (voters[2] as ApiClient).post(`/questions/${id}/upvote`).expect(200)));
    for (const { id } of asked) await watcher.next((message) => upvotesOf(id)(message) && message.data.data?.upvoteCount === 1, 2000);
  });

  it("reads the count again when the window ends, so requests finishing out of order cannot leave an old count last", async () => {
    const published: number[] = [];
    let stored = 0;
    const coalescer = createUpvoteCoalescer({
      publish: async (_tenant, _question, count) => {
        published.push(count);
      },
      currentCount: async () => stored,
      onError: (error) => {
        throw error;
      },
      windowMs: 40,
    });
    stored = 1;
    await coalescer.upvoted("t", "q", 1);
    // Two later votes commit (3 in the table) but their requests report out of order.
    stored = 3;
    await coalescer.upvoted("t", "q", 3);
    await coalescer.upvoted("t", "q", 2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(published).toEqual([1, 3]);
  });

  it("two workers coalescing on their own end on the final count, even when one's earlier event is sent last", async () => {
    let stored = 0;
    const published: number[] = [];
    const worker = (sendDelayMs: number) =>
      createUpvoteCoalescer({
        publish: async (_tenant, _question, count) => {
          await new Promise((resolve) => setTimeout(resolve, sendDelayMs));
          published.push(count);
        },
        currentCount: async () => stored,
        onError: (error) => {
          throw error;
        },
        windowMs: 40,
        settleMs: 100,
      });
    const slow = worker(80);
    const fast = worker(0);
    stored = 1;
    const late = slow.upvoted("t", "q", 1);
    stored = 2;
    await fast.upvoted("t", "q", 2);
    stored = 3;
    await fast.upvoted("t", "q", 3);
    await late;
    // The slow worker's count of 1 went out after the other's trailing 3.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(published).toEqual([2, 3, 1]);
    // The busy worker settles: once quiet, it reads and sends the count again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(published).toEqual([2, 3, 1, 3]);
  });
});

describe("a stream that cannot keep up", () => {
  it("is dropped once its backlog passes 1 MB, so a stalled phone costs the server bounded memory; the others go on", async () => {
    const app = await createTestApp();
    const server = await listen(app.app);
    try {
      const t = await createTenantFixture(app.db);
      const member = await signIn(app, t.tenant.slug, "member");
      const reader = await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie: member.cookie ?? "" });
      // A client that opens the stream and then never reads from its socket.
      const stalled = await new Promise<http.IncomingMessage>((resolve) => {
        http.get(`${server.url}/events?tenant=${t.tenant.slug}`, { headers: { accept: "text/event-stream", cookie: member.cookie ?? "" } }, (response) => {
          response.pause();
          resolve(response);
        });
      });
      expect(app.sse.size).toBe(2);
      const filler = "x".repeat(4000);
      // Far more than the socket buffers on both sides and the 1 MB backlog together.
      for (let index = 0; index < 6000 && app.sse.size === 2; index += 1) {
        await app.bus.publish({ type: "question:updated", tenantId: t.tenant.id, data: { id: `q-${index}`, body: filler, teamId: t.teams.a.id } });
        if (index % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      // The server let the stalled stream go (it reconnects with Last-Event-ID when it wakes up).
      expect(app.sse.size).toBe(1);
      stalled.destroy();
      // The reading client kept every event, in order.
      await reader.next((message) => message.data.type === "question:updated" && message.data.data?.id === "q-0", 5000);
      reader.close();
    } finally {
      await server.close();
      await app.close();
    }
  });
});

/** Streams are written at most every 50 ms; what a stream receives is what it would receive if each event were written at once. */
describe("events written together", () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let t: TenantFixture;
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp();
    server = await listen(app.app);
    t = await createTenantFixture(app.db);
    cookie = (await signIn(app, t.tenant.slug, "member")).cookie ?? "";
  });
  afterAll(async () => {
    await server.close();
    await app.close();
  });

  const updated = (id: string) => ({ type: "question:updated", tenantId: t.tenant.id, data: { id, body: `Body of ${id}`, teamId: t.teams.a.id } });
  const ids = (stream: EventStream) => stream.ofType("question:updated").map((message) => message.data.data?.id);

  it("a burst reaches every stream whole, in order, each event once", async () => {
    const streams = await Promise.all([1, 2, 3].map(() => openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie })));
    const burst = Array.from({ length: 200 }, (_, index) => `burst-${index}`);
    for (const id of burst) await app.bus.publish(updated(id));
    for (const stream of streams) {
      await stream.next((message) => message.data.data?.id === "burst-199");
      expect(ids(stream)).toEqual(burst);
      const eventIds = stream.ofType("question:updated").map((message) => Number(message.id));
      expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
      stream.close();
    }
  });
});
