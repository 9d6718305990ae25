import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFrontend } from "../../src/platform/http/spa.js";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { eventually } from "../helpers/eventually.js";
import { createTenantFixture, insertQuestion, type TenantFixture } from "../helpers/factories.js";
import { listen, openEventStream } from "../helpers/sse.js";

const INDEX = `<!doctype html><html><body><div id="root"><!--first-screen--><div class="boot-title"></div><!--/first-screen--></div></body></html>`;

/**
 * Load shedding (src/platform/http/overload.ts), forced deterministically: a tiny in-flight limit
 * and a request that holds its slot (a body that has not finished arriving). What cannot be served
 * in time is answered 503 with Retry-After and the contract's error body, before anything of it
 * runs; the probes, the HTML document with its first screen and open streams are never shed.
 */
describe("overload: a worker sheds what it cannot serve in time", () => {
  let app: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let t: TenantFixture;
  let member: ApiClient;
  let distDir: string;
  let questionId: string;

  /** A POST whose body never finishes: admitted, it holds one slot until released. */
  function holdASlot(): { release(): void } {
    const req = http.request(`${server.url}/questions`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "200", "x-tenant-id": t.tenant.slug },
    });
    req.on("error", () => undefined);
    req.write('{"body": "half a bo');
    return { release: () => req.destroy() };
  }

  const busy = () => app.overload.state().inFlight >= 1;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "qa-overload-"));
    fs.writeFileSync(path.join(distDir, "index.html"), INDEX);
    app = await createTestApp({
      web: builtFrontend(distDir),
      env: { OVERLOAD_MAX_IN_FLIGHT: "1", OVERLOAD_MAX_QUEUE: "1", OVERLOAD_MAX_WAIT_MS: "1000", OVERLOAD_RETRY_AFTER_SECONDS: "2" },
    });
    server = await listen(app.app);
    t = await createTenantFixture(app.db, { settings: { features: { allowAnonymousQuestions: true } } });
    member = await signIn(app, t.tenant.slug, "member");
    questionId = (await insertQuestion(app.db, t.tenant.id, t.teams.a.id, { body: "Can the all-hands start at ten instead of nine?" })).id;
  });
  afterAll(async () => {
    await server?.close();
    await app?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("a read past the limit waits in the bounded queue and is answered 503 with Retry-After and the error body when its wait runs out", async () => {
    const hold = holdASlot();
    try {
      await eventually(async () => expect(busy()).toBe(true));
      const started = Date.now();
      const response = await member.get("/teams").set("x-request-id", "shed-read-1");
      expect(response.status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(990);
      expect(response.headers["retry-after"]).toBe("2");
      expect(response.body).toEqual({
        error: { code: "SERVICE_UNAVAILABLE", message: "The service is busy right now; try again in a moment." },
        requestId: "shed-read-1",
      });
    } finally {
      hold.release();
    }
    await eventually(async () => expect(busy()).toBe(false));
    expect((await member.get("/teams")).status).toBe(200);
  });

  it("a request waiting in the queue is served when a slot frees within its wait", async () => {
    const hold = holdASlot();
    await eventually(async () => expect(busy()).toBe(true));
    const waiting = member.get("/teams").then((response) => response);
    await eventually(async () => expect(app.overload.state().queued).toBe(1));
    hold.release();
    expect((await waiting).status).toBe(200);
  });

  it("with the queue full the next request is shed at once", async () => {
    const hold = holdASlot();
    try {
      await eventually(async () => expect(busy()).toBe(true));
      const queued = member.get("/tags").then((response) => response);
      await eventually(async () => expect(app.overload.state().queued).toBe(1));
      const shed = await member.get("/teams");
      expect(shed.status).toBe(503);
      // Answered while the other still waits for its slot: nobody queued behind a full queue.
      expect(app.overload.state().queued).toBe(1);
      expect((await queued).status).toBe(503);
    } finally {
      hold.release();
    }
  });

  it("a client that gives up while it waits, or while it is served, frees its place", async () => {
    const hold = holdASlot();
    await eventually(async () => expect(busy()).toBe(true));
    const gone = http.get(`${server.url}/teams`, { headers: { "x-tenant-id": t.tenant.slug } });
    gone.on("error", () => undefined);
    await eventually(async () => expect(app.overload.state().queued).toBe(1));
    gone.destroy();
    await eventually(async () => expect(app.overload.state().queued).toBe(0));
    hold.release();
    await eventually(async () => expect(app.overload.state()).toMatchObject({ inFlight: 0, queued: 0 }));
    expect((await member.get("/teams")).status).toBe(200);
  });

  it("health checks and the HTML document with its first screen are served while the worker sheds", async () => {
    const hold = holdASlot();
    try {
      await eventually(async () => expect(busy()).toBe(true));
      for (const probe of ["/health", "/health/live", "/health/ready"]) expect((await request(app.app).get(probe)).status).toBe(200);
      const page = await request(app.app).get(`/${t.teams.a.slug}`).set("Accept", "text/html").set("x-tenant-id", t.tenant.slug);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Can the all-hands start at ten instead of nine?");
      // The same board as JSON is the app's own read, which is shed and retried.
      expect((await member.get(`/questions?team=${t.teams.a.slug}`)).status).toBe(503);
    } finally {
      hold.release();
    }
  });

  it("a shed vote is not counted; sent again it counts once, and a third send does not count twice", async () => {
    await eventually(async () => expect(busy()).toBe(false));
    const hold = holdASlot();
    try {
      await eventually(async () => expect(busy()).toBe(true));
      const shed = await member.post(`/questions/${questionId}/upvote`);
      expect(shed.status).toBe(503);
      expect(shed.body.error.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      hold.release();
    }
    await eventually(async () => expect(busy()).toBe(false));
    const before = await app.db("upvotes").where({ tenant_id: t.tenant.id, question_id: questionId }).count<{ count: string }[]>("* as count");
    expect(Number(before[0]?.count)).toBe(0);
    expect((await member.get(`/questions/${questionId}`)).body.upvoteCount).toBe(0);

    const retried = await member.post(`/questions/${questionId}/upvote`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ questionId, upvoteCount: 1, hasUpvoted: true });
    expect((await member.post(`/questions/${questionId}/upvote`)).body.upvoteCount).toBe(1);
    expect((await member.get(`/questions/${questionId}`)).body.upvoteCount).toBe(1);
  });

  it("a shed question is not made: the 503 comes before the handler, and the retry makes exactly one", async () => {
    const body = { body: "Will the slides of the all-hands be shared afterwards?", teamId: t.teams.a.id };
    const hold = holdASlot();
    try {
      await eventually(async () => expect(busy()).toBe(true));
      expect((await member.post("/questions", body)).status).toBe(503);
    } finally {
      hold.release();
    }
    await eventually(async () => expect(busy()).toBe(false));
    const made = async () => Number((await app.db("questions").where({ tenant_id: t.tenant.id, body: body.body }).first().count("* as count"))?.count);
    expect(await made()).toBe(0);
    expect((await member.post("/questions", body)).status).toBe(201);
    expect(await made()).toBe(1);
  });

  it("an open stream keeps receiving events while new stream opens are shed", async () => {
    const stream = await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie: member.cookie as string });
    expect(stream.status).toBe(200);
    const hold = holdASlot();
    try {
      await eventually(async () => expect(busy()).toBe(true));
      const refused = await openEventStream(server.url, `/events?tenant=${t.tenant.slug}`, { cookie: member.cookie as string });
      expect(refused.status).toBe(503);
      refused.close();
      await app.bus.publish({ type: "question:upvoted", tenantId: t.tenant.id, data: { questionId, upvoteCount: 7 } });
      const delivered = await stream.next((message) => message.data.type === "question:upvoted" && message.data.data?.upvoteCount === 7);
      expect(delivered.data.data).toEqual({ questionId, upvoteCount: 7 });
    } finally {
      hold.release();
      stream.close();
    }
  });
});

describe("overload: the event-loop delay signal", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "100" } });
  });
  afterAll(() => app?.close());

  it("sheds new requests right after the event loop ran late, and serves again once it keeps time", async () => {
    const t = await createTenantFixture(app.db);
    // Served while the loop keeps time (a busy test machine may have made it late a moment ago).
    await eventually(async () => expect((await request(app.app).get("/teams").set("x-tenant-id", t.tenant.slug)).status).toBe(200));
    const until = performance.now() + 300;
    while (performance.now() < until) {
      // The whole process is busy: as a worker whose CPU is the queue.
    }
    const shed = await request(app.app).get("/teams").set("x-tenant-id", t.tenant.slug);
    expect(shed.status).toBe(503);
    expect(shed.headers["retry-after"]).toBe("1");
    expect((await request(app.app).get("/health/ready")).status).toBe(200);
    await eventually(async () => expect((await request(app.app).get("/teams").set("x-tenant-id", t.tenant.slug)).status).toBe(200));
  });
});
