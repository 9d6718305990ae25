import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { createPoll, pollBodies } from "../helpers/polls.js";
import { listen, openEventStream, type EventStream, type SseMessage } from "../helpers/sse.js";

const WINDOW_MS = 250;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CONTRACT §9's events on a real stream: nothing of a draft, votes coalesced per poll, results only while shown. */
describe("poll events on GET /events", () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let t: TenantFixture;
  let c: Record<"admin" | "moderator" | "member" | "memberb" | "viewer", ApiClient>;
  let stream: EventStream;

  const pollEvents = () => stream.messages.filter((message) => String(message.data.type).startsWith("poll:"));
  const about = (pollId: string) => (message: SseMessage) => {
    const data = message.data.data as Record<string, unknown> | undefined;
    return data?.pollId === pollId || data?.id === pollId || (data?.poll as { id?: string } | undefined)?.id === pollId;
  };
  const visitorVote = (pollId: string, body: object) =>
    request(server.url).post(`/polls/${pollId}/votes`).set("x-tenant-id", t.tenant.slug).send(body).expect(200);

  beforeAll(async () => {
    app = await createTestApp();
    server = await listen(app.app);
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["admin", "moderator", "member", "memberb", "viewer"]);
    // A member's stream: poll events reach everyone who reads the tenant's boards, as question events do.
    stream = await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie: c.member.cookie as string });
  });
  afterAll(async () => {
    stream.close();
    await server.close();
    await app.close();
  });

  it("nothing of a draft goes out: writing, editing, showing results of and deleting drafts sends no event", async () => {
    const draft = await createPoll(c.moderator, pollBodies.single(t.teams.a.id));
    await c.moderator.put(`/polls/${draft.id}`, { title: "Rewritten", type: "words" }).expect(200);
    await c.moderator.post(`/polls/${draft.id}/results`, { visible: true }).expect(200);
    await c.moderator.post(`/polls/${draft.id}/duplicate`).expect(201);
    await c.moderator.delete(`/polls/${draft.id}`).expect(204);
    // A question event afterwards marks where the stream has got to.
    const question = (await c.member.post("/questions", { body: "Is the canteen open on Friday?", teamId: t.teams.a.id }).expect(201)).body;
    await stream.next((message) => message.data.type === "question:created" && message.data.data?.id === question.id);
    expect(pollEvents()).toEqual([]);
  });

  it("a poll's life: opened (everyone's copy, no myVote), voted (coalesced), results only while shown, updated, closed, deleted", async () => {
    const draft = await createPoll(c.moderator, pollBodies.single(t.teams.a.id));
    await c.moderator.post(`/polls/${draft.id}/open`).expect(200);
    const opened = await stream.next((message) => message.data.type === "poll:opened" && about(draft.id)(message));
    expect(opened.data.data).toEqual({ poll: expect.objectContaining({ id: draft.id, status: "open", voteCount: 0, myVote: null, teamId: t.teams.a.id }) });

    await c.memberb.post(`/polls/${draft.id}/votes`, { optionIds: [draft.options[0]?.id] }).expect(200);
    const voted = await stream.next((message) => message.data.type === "poll:voted" && about(draft.id)(message));
    expect(voted.data.data).toEqual({ pollId: draft.id, teamId: t.teams.a.id, voteCount: 1 });

    await c.moderator.post(`/polls/${draft.id}/results`, { visible: true }).expect(200);
    const updated = await stream.next((message) => message.data.type === "poll:updated" && about(draft.id)(message));
    expect((updated.data.data as { poll: { resultsVisible: boolean; myVote: unknown } }).poll).toMatchObject({ resultsVisible: true, myVote: null });
    const shown = await stream.next((message) => message.data.type === "poll:results" && about(draft.id)(message));
    expect((shown.data.data as { results: { options: Array<{ votes: number }> } }).results.options.map((option) => option.votes)).toEqual([1, 0, 0]);

    await pause(WINDOW_MS + 50);
    await c.viewer.post(`/polls/${draft.id}/votes`, { optionIds: [draft.options[2]?.id] }).expect(200);
    const results = await stream.next(
      (message) =>
        message.data.type === "poll:results" && about(draft.id)(message) && (message.data.data as { results: { voteCount: number } }).results.voteCount === 2,
    );
    expect(results.data.data).toEqual({
      pollId: draft.id,
      teamId: t.teams.a.id,
      results: { pollId: draft.id, voteCount: 2, options: draft.options.map((option, index) => ({ ...option, votes: index === 1 ? 0 : 1 })) },
    });

    // Hidden again: votes still announce the count, never the results.
    await c.moderator.post(`/polls/${draft.id}/results`, { visible: false }).expect(200);
    await stream.next(
      (message) => message.data.type === "poll:updated" && (message.data.data as { poll: { resultsVisible: boolean } }).poll.resultsVisible === false,
    );
    const resultsSoFar = stream.ofType("poll:results").length;
    await pause(WINDOW_MS + 50);
    await c.admin.post(`/polls/${draft.id}/votes`, { optionIds: [draft.options[1]?.id] }).expect(200);
    await stream.next((message) => message.data.type === "poll:voted" && (message.data.data as { voteCount: number }).voteCount === 3);
    await pause(WINDOW_MS + 100);
    expect(stream.ofType("poll:results").length).toBe(resultsSoFar);

    // Opening another poll of the team closes this one: poll:closed, then poll:opened.
    const next = await createPoll(c.moderator, pollBodies.rating(t.teams.a.id));
    await c.moderator.post(`/polls/${next.id}/open`).expect(200);
    const closed = await stream.next((message) => message.data.type === "poll:closed" && about(draft.id)(message));
    expect(closed.data.data).toEqual({ id: draft.id, teamId: t.teams.a.id });
    const nextOpened = await stream.next((message) => message.data.type === "poll:opened" && about(next.id)(message));
    expect(Number(nextOpened.id)).toBeGreaterThan(Number(closed.id));

    await c.moderator.post(`/polls/${next.id}/close`).expect(200);
    expect((await stream.next((message) => message.data.type === "poll:closed" && about(next.id)(message))).data.data).toEqual({
      id: next.id,
      teamId: t.teams.a.id,
    });
    await c.moderator.delete(`/polls/${draft.id}`).expect(204);
    expect((await stream.next((message) => message.data.type === "poll:deleted")).data.data).toEqual({ id: draft.id, teamId: t.teams.a.id });

    // No event names a voter.
    const text = JSON.stringify(pollEvents());
    for (const user of [t.users.memberB, t.users.viewer, t.users.admin]) {
      expect(text).not.toContain(user.id);
      expect(text).not.toContain(user.name);
    }
  });

  it("a burst of votes within a few windows sends a few poll:voted, the last with the right count", async () => {
    const poll = await createPoll(c.admin, pollBodies.words(t.teams.b.id, { resultsVisible: true }));
    await c.admin.post(`/polls/${poll.id}/open`).expect(200);
    await stream.next((message) => message.data.type === "poll:opened" && about(poll.id)(message));
    const started = Date.now();
    await Promise.all(Array.from({ length: 40 }, (_, i) => visitorVote(poll.id, { text: i % 2 ? "alpha" : "beta" })));
    const took = Date.now() - started;
    await stream.next(
      (message) => message.data.type === "poll:voted" && about(poll.id)(message) && (message.data.data as { voteCount: number }).voteCount === 40,
    );
    await pause(WINDOW_MS * 2);
    const voted = stream.ofType("poll:voted").filter(about(poll.id));
    const results = stream.ofType("poll:results").filter(about(poll.id));
    // One at once, then at most one per window while votes arrive, and a last one when they stop.
    expect(voted.length).toBeLessThanOrEqual(Math.ceil(took / WINDOW_MS) + 2);
    expect(voted.length).toBeLessThan(40);
    expect((voted.at(-1)?.data.data as { voteCount: number }).voteCount).toBe(40);
    expect(results).toHaveLength(voted.length);
    expect((results.at(-1)?.data.data as { results: unknown }).results).toEqual({
      pollId: poll.id,
      voteCount: 40,
      words: [
        { text: "alpha", count: 20 },
        { text: "beta", count: 20 },
      ],
    });
    const times = voted.map((message) => Number(message.data.timestamp));
    for (let i = 1; i < times.length; i += 1) expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(WINDOW_MS - 20);
  });
});
