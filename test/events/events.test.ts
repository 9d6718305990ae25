import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createTestApp, signIn, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { askQuestion, createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import type { EventBus } from "../../src/platform/events.js";
import { listen, openEventStream, type EventStream, type SseMessage } from "../helpers/sse.js";

const BODY = "What is the agenda for the next all-hands meeting?";

/** Runs the same SSE scenarios on the in-process bus and on Redis pub/sub. */
for (const busKind of ["in-process", "redis"] as const) {
  describe(`GET /events (${busKind} bus)`, () => {
    let app: TestApp;
    let server: Awaited<ReturnType<typeof listen>>;
    let t: TenantFixture;
    let other: TenantFixture;
    let c: Record<"admin" | "moderator" | "member" | "memberb" | "viewer", ApiClient>;
    const streams: EventStream[] = [];

    beforeAll(async () => {
      app = await createTestApp({ redis: busKind === "redis", tuning: { sseHeartbeatMs: 300 } });
      server = await listen(app.app);
      t = await createTenantFixture(app.db);
      other = await createTenantFixture(app.db);
      c = await signInMany(app, t.tenant.slug, ["admin", "moderator", "member", "memberb", "viewer"]);
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await server.close();
      await app.close();
    });

    const open = async (client: ApiClient, query = `?tenant=${t.tenant.slug}`, headers: Record<string, string> = {}) => {
      const stream = await openEventStream(server.url, `/events${query}`, { ...(client.cookie ? { cookie: client.cookie } : {}), ...headers });
      streams.push(stream);
      return stream;
    };
    const ofType =
      (type: string, match: (data: Record<string, unknown>) => boolean = () => true) =>
      (message: SseMessage) =>
        message.data.type === type && match(message.data.data ?? {});

    it("streams text/event-stream to a signed-in user, starting with a retry hint and heartbeats", async () => {
      const stream = await open(c.viewer);
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(stream.headers["cache-control"]).toContain("no-cache");
      const heartbeat = await stream.next(ofType("heartbeat"));
      expect(heartbeat.data).toEqual({ type: "heartbeat", tenantId: t.tenant.id, data: { timestamp: expect.any(Number) }, timestamp: expect.any(Number) });
      expect(heartbeat.id).toMatch(/^\d+$/);
    });

    it("a stream says its position in its first message, so a client that drops before any event misses nothing", async () => {
      const watcher = await open(c.viewer);
      const question = (await c.member.post("/questions", { body: BODY, teamId: t.teams.a.id }).expect(201)).body;
      const created = await watcher.next(ofType("question:created", (data) => data.id === question.id));
      watcher.close();

      const fresh = await open(c.member);
      await fresh.next(ofType("heartbeat"));
      // Before any event: `retry:` and `id:` of the tenant's latest event (the one just published).
      expect(fresh.blocks[0]).toBe(`retry: 3000\nid: ${created.id}`);
      fresh.close();
      await fresh.closed;

      // Something happens while the client is away; it reconnects from the position it was told.
      await c.moderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);
      const resumed = await open(c.member, `?tenant=${t.tenant.slug}`, { "last-event-id": created.id as string });
      const pinned = await resumed.next(ofType("question:pinned", (data) => data.id === question.id));
      expect(Number(pinned.id)).toBe(Number(created.id) + 1);
      expect(resumed.blocks[0]).toBe(`retry: 3000\nid: ${created.id}`);
    });

    it("refuses visitors (401) and a tenant other than the session's (403)", async () => {
      const anonymous = await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`);
      expect(anonymous.status).toBe(401);
      const wrongTenant = await open(c.member, `?tenant=${other.tenant.slug}`);
      expect(wrongTenant.status).toBe(403);
    });

    it("every CONTRACT §4 event reaches every client of the tenant with its payload, and none reaches another tenant", async () => {
      const watcher = await open(c.viewer);
      const moderatorStream = await open(c.moderator);
      const foreign = await open(await signIn(app, other.tenant.slug, "member"), `?tenant=${other.tenant.slug}`);
      await watcher.next(ofType("heartbeat"));

      const question = (await c.member.post("/questions", { body: BODY, teamId: t.teams.a.id }).expect(201)).body;
      const created = await watcher.next(ofType("question:created", (data) => data.id === question.id));
      expect(created.data).toEqual({
        type: "question:created",
        tenantId: t.tenant.id,
        timestamp: expect.any(Number),
        data: {
          id: question.id,
          body: BODY,
          teamId: t.teams.a.id,
          status: "OPEN",
          upvoteCount: 0,
          submittedAt: question.submittedAt,
          isAnonymous: false,
          author: { id: t.users.member.id, name: t.users.member.name },
          tags: [],
        },
      });
      expect(Number(created.id)).toBeGreaterThan(0);
      await moderatorStream.next(ofType("question:created", (data) => data.id === question.id));

      await c.memberb.post(`/questions/${question.id}/upvote`).expect(200);
      expect((await watcher.next(ofType("question:upvoted"))).data.data).toEqual({ questionId: question.id, upvoteCount: 1 });

      const tags = (await c.member.get("/tags").expect(200)).body as Array<{ id: string; name: string; color: string }>;
      const presenting = tags.find((tag) => tag.name === "Currently Presenting")!;
      await c.moderator.post(`/questions/${question.id}/tags`, { tagId: presenting.id }).expect(200);
      expect((await watcher.next(ofType("question:tagged"))).data.data).toEqual({
        questionId: question.id,
        tag: { id: presenting.id, name: presenting.name, color: presenting.color },
      });
      await c.moderator.delete(`/questions/${question.id}/tags/${presenting.id}`).expect(200);
      expect((await watcher.next(ofType("question:untagged"))).data.data).toEqual({ questionId: question.id, tagId: presenting.id });

      await c.moderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);
      expect((await watcher.next(ofType("question:pinned"))).data.data).toEqual({ id: question.id, isPinned: true });

      await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200);
      expect((await watcher.next(ofType("question:frozen", (data) => data.scope === "question"))).data.data).toEqual({
        scope: "question",
        id: question.id,
        isFrozen: true,
      });
      await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: false }).expect(200);

      await c.admin.post(`/teams/${t.teams.b.id}/freeze`, { frozen: true }).expect(200);
      expect((await watcher.next(ofType("question:frozen", (data) => data.scope === "queue"))).data.data).toEqual({
        scope: "queue",
        teamId: t.teams.b.id,
        frozen: true,
      });
      await c.admin.post(`/teams/${t.teams.b.id}/freeze`, { frozen: false }).expect(200);

      await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "Roadmap and Q&A." }).expect(200);
      expect((await watcher.next(ofType("question:answered"))).data.data).toEqual({ id: question.id, status: "ANSWERED", responseText: "Roadmap and Q&A." });

      // Ids increase with every event.
      const ids = watcher.messages.filter((message) => message.data.type !== "heartbeat").map((message) => Number(message.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
      expect(foreign.messages.filter((message) => message.data.type !== "heartbeat")).toEqual([]);
    });

    it("sends nothing of an UNDER_REVIEW question until it is approved, and no author ever", async () => {
      const watcher = await open(c.admin);
      await watcher.next(ofType("heartbeat"));
      const flagged = (
        await c.member.post("/questions", { body: "Why is this shit still broken after three releases?", teamId: t.teams.a.id, anonymous: true }).expect(201)
      ).body;
      expect(flagged.status).toBe("UNDER_REVIEW");
      await c.moderator.post(`/questions/${flagged.id}/pin`, { pinned: true }).expect(200);
      const tags = (await c.member.get("/tags").expect(200)).body as Array<{ id: string }>;
      await c.moderator.post(`/questions/${flagged.id}/tags`, { tagId: tags[0]!.id }).expect(200);
      // A visible question afterwards proves the stream was live while the review actions happened.
      const marker = (await c.memberb.post("/questions", { body: BODY, teamId: t.teams.a.id }).expect(201)).body;
      await watcher.next(ofType("question:created", (data) => data.id === marker.id));
      expect(watcher.messages.some((message) => message.raw.includes(flagged.id))).toBe(false);

      await c.moderator.post(`/questions/${flagged.id}/approve`, { body: "Why is this still broken after three releases?" }).expect(200);
      const created = await watcher.next(ofType("question:created", (data) => data.id === flagged.id));
      expect(created.data.data).toMatchObject({ status: "OPEN", body: "Why is this still broken after three releases?", isAnonymous: true, author: null });
      const everything = watcher.messages.map((message) => message.raw).join("\n");
      expect(everything).not.toContain(t.users.member.id);
      expect(everything).not.toContain(t.users.member.name);
    });

    it("a client reconnecting with Last-Event-ID receives what it missed, in order, then live events", async () => {
      const first = await open(c.member);
      const question = (await c.member.post("/questions", { body: BODY, teamId: t.teams.a.id }).expect(201)).body;
      const seen = await first.next(ofType("question:created", (data) => data.id === question.id));
      first.close();
      await first.closed;

      await c.memberb.post(`/questions/${question.id}/upvote`).expect(200);
      await c.admin.post(`/questions/${question.id}/upvote`).expect(200);
      // The second vote's event goes out when the first's 250 ms window ends (coalescing, CONTRACT §4).
      await new Promise((resolve) => setTimeout(resolve, 400));
      await c.moderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);

      const resumed = await open(c.member, `?tenant=${t.tenant.slug}`, { "last-event-id": seen.id as string });
      const pinned = await resumed.next(ofType("question:pinned"));
      const missed = resumed.messages.filter((message) => message.data.type !== "heartbeat");
      expect(missed.map((message) => [message.data.type, message.data.data])).toEqual([
        ["question:upvoted", { questionId: question.id, upvoteCount: 1 }],
        ["question:upvoted", { questionId: question.id, upvoteCount: 2 }],
        ["question:pinned", { id: question.id, isPinned: true }],
      ]);
      expect(Number(missed[0]!.id)).toBe(Number(seen.id) + 1);
      expect(Number(pinned.id)).toBe(Number(seen.id) + 3);
      await c.moderator.post(`/questions/${question.id}/pin`, { pinned: false }).expect(200);
      expect((await resumed.next(ofType("question:pinned", (data) => data.isPinned === false))).id).toBe(String(Number(seen.id) + 4));
      // Heartbeats repeat the last id, so a reconnect after one resumes correctly.
      const heartbeat = await resumed.next((message) => message.data.type === "heartbeat" && Number(message.id) === Number(seen.id) + 4);
      expect(heartbeat).toBeDefined();
    });

    it("cleans up when a client disconnects", async () => {
      const before = app.sse.size;
      const stream = await open(c.viewer);
      await stream.next(ofType("heartbeat"));
      expect(app.sse.size).toBe(before + 1);
      stream.close();
      await stream.closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(app.sse.size).toBe(before);
    });

    it("a visitor's anonymous question goes out without an author", async () => {
      const watcher = await open(c.viewer);
      await watcher.next(ofType("heartbeat"));
      const question = (await visitor(app, { "x-tenant-id": t.tenant.slug }).post("/questions", { body: BODY, teamId: t.teams.b.id }).expect(201)).body;
      const created = await watcher.next(ofType("question:created", (data) => data.id === question.id));
      expect(created.data.data).toMatchObject({ id: question.id, isAnonymous: true, author: null });
    });
  });
}

describe("two instances sharing Redis", () => {
  it("an event already in the bus's log but not yet delivered when a stream opens still reaches that stream", async () => {
    // Redis pub/sub delivers after the event is in the log: here a second later, so that the
    // stream opens (and reads the log's newest id) in between.
    const delayed = (bus: EventBus): EventBus => ({
      publish: (event) => bus.publish(event),
      subscribe: (listener) => bus.subscribe((event) => void setTimeout(() => listener(event), 1000)),
      replay: (tenantId, afterId) => bus.replay(tenantId, afterId),
      lastEventId: (tenantId) => bus.lastEventId(tenantId),
      close: () => bus.close(),
    });
    const app = await createTestApp({ wrapBus: delayed });
    const server = await listen(app.app);
    try {
      const t = await createTenantFixture(app.db);
      const { admin, viewer } = await signInMany(app, t.tenant.slug, ["admin", "viewer"]);
      // The hub subscribes with its first stream; this one only makes sure it has.
      const warm = await openEventStream(server.url, `/events`, { cookie: viewer.cookie as string });
      const { id } = await askQuestion(admin, t.teams.a.id);
      const stream = await openEventStream(server.url, `/events`, { cookie: viewer.cookie as string });
      expect(stream.status).toBe(200);
      const created = await stream.next((message) => message.data.type === "question:created" && (message.data.data as { id?: string }).id === id, 5000);
      expect(Number(created.id)).toBeGreaterThan(0);
      warm.close();
      stream.close();
    } finally {
      await server.close();
      await app.close();
    }
  });

  it("an event posted on one instance reaches an SSE client of the other, and a session works on both", async () => {
    const kvPrefix = `${inject("kvPrefix")}pair-${randomUUID().slice(0, 8)}:`;
    const one = await createTestApp({ redis: true, kvPrefix, tuning: { sseHeartbeatMs: 300 } });
    const two = await createTestApp({ redis: true, kvPrefix, tuning: { sseHeartbeatMs: 300 } });
    const serverTwo = await listen(two.app);
    try {
      const t = await createTenantFixture(one.db);
      const member = await signIn(one, t.tenant.slug, "member");
      // The session created on instance one is valid on instance two (shared Redis store).
      const stream = await openEventStream(serverTwo.url, `/events?tenant=${t.tenant.slug}`, { cookie: member.cookie as string });
      expect(stream.status).toBe(200);
      await stream.next((message) => message.data.type === "heartbeat");
      const question = (await member.post("/questions", { body: BODY, teamId: t.teams.a.id }).expect(201)).body;
      const created = await stream.next((message) => message.data.type === "question:created" && message.data.data?.id === question.id);
      expect(created.data.tenantId).toBe(t.tenant.id);
      stream.close();
    } finally {
      await serverTwo.close();
      await two.close();
      await one.close();
    }
  });
});
