import { randomUUID } from "node:crypto";
import { Parser } from "@asyncapi/parser";
import { Ajv } from "ajv";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessEventBus, type PublishedEvent } from "../../src/platform/events.js";
import { liveEventPublisher, LiveEventRefused } from "../../src/platform/live-events.js";
import { streamEventSchemas } from "../../src/modules/events/events.schemas.js";
import { questionEventSchemas } from "../../src/modules/questions/questions.events.schemas.js";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addFormats } from "../helpers/openapi-contract.js";
import { listen, openEventStream, type EventStream } from "../helpers/sse.js";

describe("a live event's payload must match its schema (CONTRACT §4)", () => {
  const bus = new InProcessEventBus();
  const published: PublishedEvent[] = [];
  bus.subscribe((event) => published.push(event));
  const publish = liveEventPublisher(bus, questionEventSchemas);
  const tenantId = randomUUID();
  const id = randomUUID();

  it("publishes a payload that matches", async () => {
    const event = await publish(tenantId, "question:pinned", { id, isPinned: true });
    expect(event).toMatchObject({ type: "question:pinned", tenantId, data: { id, isPinned: true } });
  });

  it("refuses at compile time and at run time a wrong field, a missing field, an undeclared field and an unknown type", async () => {
    const before = published.length;
    // Each line below fails to compile (npm test type-checks this file); at run time the schema refuses it too.
    // @ts-expect-error isPinned must be a boolean
    await expect(publish(tenantId, "question:pinned", { id, isPinned: "yes" })).rejects.toBeInstanceOf(LiveEventRefused);
    // @ts-expect-error the count is missing
    await expect(publish(tenantId, "question:upvoted", { questionId: id })).rejects.toBeInstanceOf(LiveEventRefused);
    // @ts-expect-error an author is not part of an edit's event: an undeclared field never rides along
    await expect(publish(tenantId, "question:updated", { id, body: "text", teamId: id, author: { id, name: "Alice" } })).rejects.toThrow(
      /question:updated refused/,
    );
    // @ts-expect-error no such event type
    await expect(publish(tenantId, "question:exploded", { id })).rejects.toThrow(/not a declared event type/);
    // @ts-expect-error a queue's freeze names its team
    await expect(publish(tenantId, "question:frozen", { scope: "queue", id, frozen: true })).rejects.toBeInstanceOf(LiveEventRefused);
    expect(published.length).toBe(before);
  });
});

describe("GET /asyncapi.json documents every live event, and what a stream carries matches it", () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let t: TenantFixture;
  let c: Record<"owner" | "admin" | "moderator" | "member" | "memberb", ApiClient>;
  let document: {
    asyncapi: string;
    channels: { events: { address: string; messages: Record<string, unknown> } };
    components: { messages: Record<string, { name: string; payload: object }> };
  };
  const streams: EventStream[] = [];

  beforeAll(async () => {
    app = await createTestApp({ tuning: { sseHeartbeatMs: 200 } });
    server = await listen(app.app);
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["owner", "admin", "moderator", "member", "memberb"]);
    document = (await request(app.app).get("/asyncapi.json").expect(200).expect("content-type", /json/)).body;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.close();
    await app.close();
  });

  it("is a valid AsyncAPI 3 document by the AsyncAPI parser, public, with one message per event type", async () => {
    const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(document));
    expect(diagnostics.filter((diagnostic) => diagnostic.severity <= 1).map((diagnostic) => diagnostic.message)).toEqual([]);
    expect(parsed).toBeDefined();
    expect(document.asyncapi).toMatch(/^3\./);
    expect(document.channels.events.address).toBe("/events");
    const names = Object.values(document.components.messages).map((message) => message.name);
    expect(names.sort()).toEqual(Object.keys(streamEventSchemas).sort());
    expect(parsed?.allMessages().length).toBe(names.length);
  });

  it("the OpenAPI document lists it beside itself", async () => {
    const openApi = (await request(app.app).get("/openapi.json").expect(200)).body as { paths: Record<string, unknown> };
    expect(openApi.paths["/asyncapi.json"]).toBeDefined();
  });

  it("every event a moderated question's life and a poll's life send, and a heartbeat, validates against its documented message", async () => {
    const stream = await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie: c.admin.cookie as string });
    streams.push(stream);
    const tag = (await c.admin.post("/admin/tags", { name: `Topic ${randomUUID().slice(0, 6)}`, color: "#336699" }).expect(201)).body;
    const question = (await c.member.post("/questions", { body: "Will the roadmap be shared with every team this week?", teamId: t.teams.a.id }).expect(201))
      .body;
    await c.member.put(`/questions/${question.id}`, { body: "Will the roadmap be shared with all the teams this week?" }).expect(200);
    await c.memberb.post(`/questions/${question.id}/upvote`).expect(200);
    await c.moderator.post(`/questions/${question.id}/tags`, { tagId: tag.id }).expect(200);
    await c.moderator.delete(`/questions/${question.id}/tags/${tag.id}`).expect(200);
    await c.moderator.post(`/questions/${question.id}/pin`, { pinned: true }).expect(200);
    await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: true }).expect(200);
    await c.moderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: true }).expect(200);
    await c.moderator.post(`/teams/${t.teams.a.id}/freeze`, { frozen: false }).expect(200);
    await c.moderator.post(`/questions/${question.id}/freeze`, { frozen: false }).expect(200);
    await c.moderator.post(`/questions/${question.id}/answer`, { responseText: "Yes, on Thursday." }).expect(200);
    await c.admin.delete(`/questions/${question.id}`).expect(204);
    // Only an owner deletes people. A deleted user's upvotes are withdrawn by the users module, which publishes the new count.
    const second = (await c.member.post("/questions", { body: "Can we move the all-hands to the afternoon?", teamId: t.teams.a.id }).expect(201)).body;
    await c.memberb.post(`/questions/${second.id}/upvote`).expect(200);
    await c.owner.delete(`/admin/users/${t.users.memberB.id}`).expect(204);
    await stream.next(
      (message) => message.data.type === "question:upvoted" && message.data.data?.questionId === second.id && message.data.data?.upvoteCount === 0,
    );
    // A poll's whole life (CONTRACT §9): opened, voted, results shown (updated and results), closed by the next one's opening, deleted.
    const poll = (await c.moderator.post("/polls", { teamId: t.teams.a.id, title: "Lunch?", type: "single", options: ["Soup", "Salad"] }).expect(201)).body;
    await c.moderator.post(`/polls/${poll.id}/open`).expect(200);
    await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[0].id] }).expect(200);
    await c.moderator.post(`/polls/${poll.id}/results`, { visible: true }).expect(200);
    const nextPoll = (await c.moderator.post("/polls", { teamId: t.teams.a.id, title: "Mood?", type: "rating", scaleMax: 5 }).expect(201)).body;
    await c.moderator.post(`/polls/${nextPoll.id}/open`).expect(200);
    await c.moderator.delete(`/polls/${poll.id}`).expect(204);
    await stream.next((message) => message.data.type === "poll:deleted" && message.data.data?.id === poll.id);
    await stream.next((message) => message.data.type === "heartbeat");

    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validators = new Map(Object.values(document.components.messages).map((message) => [message.name, ajv.compile(message.payload)]));
    const seen = new Set<string>();
    for (const message of stream.messages) {
      const type = String(message.data.type);
      const validate = validators.get(type);
      expect(validate, `undocumented event ${type}`).toBeDefined();
      expect(validate?.(message.data), `${type}: ${JSON.stringify(validate?.errors)}`).toBe(true);
      seen.add(type);
    }
    expect([...seen].sort()).toEqual(Object.keys(streamEventSchemas).sort());
  });
});
