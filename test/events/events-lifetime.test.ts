import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, askQuestion } from "../helpers/factories.js";
import { listen, openEventStream, type EventStream } from "../helpers/sse.js";

/**
 * CONTRACT §4: a stream lives no longer than what opened it (logout, session expiry, deactivation
 * or deletion of the user, revocation or expiry of the API token end it within 5 s on every
 * instance, and nothing goes out on it after that), and a user holds at most 20 streams at once.
 * Two instances on one database and one Redis: the change is made on one, the stream is on the other.
 */

describe("live streams end with what opened them, on every instance", () => {
  let first: TestApp;
  let second: TestApp;
  let firstServer: Awaited<ReturnType<typeof listen>>;
  let secondServer: Awaited<ReturnType<typeof listen>>;
  let t: TenantFixture;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    const kvPrefix = `qa-test-lifetime-${Date.now()}:`;
    first = await createTestApp({ redis: true, kvPrefix, tuning: { streamCheckMs: 1000 } });
    second = await createTestApp({ redis: true, kvPrefix, tuning: { streamCheckMs: 1000 } });
    firstServer = await listen(first.app);
    secondServer = await listen(second.app);
    t = await createTenantFixture(first.db);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await firstServer.close();
    await secondServer.close();
    await first.close();
    await second.close();
  });

  const openOn = async (url: string, headers: Record<string, string>) => {
    const stream = await openEventStream(url, `/events`, headers);
    streams.push(stream);
    return stream;
  };
  const cookieOf = (client: ApiClient) => ({ cookie: client.cookie as string });

  /** The stream ends within 5 s, and a question asked after that never reaches it. */
  async function expectEnded(stream: EventStream, asker: ApiClient) {
    const started = Date.now();
    await Promise.race([stream.closed, new Promise((_, fail) => setTimeout(() => fail(new Error("stream still open after 5 s")), 5000))]);
    expect(Date.now() - started).toBeLessThan(5000);
    const before = stream.ofType("question:created").length;
    await askQuestion(asker, t.teams.a.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.ofType("question:created")).toHaveLength(before);
  }

  it("logout on one instance ends the session's stream on the other; another user's stream goes on", async () => {
    const member = await signIn(first, t.tenant.slug, "member");
    const viewer = await signIn(first, t.tenant.slug, "viewer");
    const admin = await signIn(first, t.tenant.slug, "admin");
    const stream = await openOn(secondServer.url, cookieOf(member));
    const bystander = await openOn(secondServer.url, cookieOf(viewer));
    expect(stream.status).toBe(200);
    await askQuestion(admin, t.teams.a.id);
    await stream.next((message) => message.data.type === "question:created");
    await member.post("/auth/logout").expect(200);
    await expectEnded(stream, admin);
    await bystander.next((message) => message.data.type === "question:created" && (message.data.data as { body?: string }).body !== undefined);
    expect(bystander.ofType("question:created").length).toBeGreaterThanOrEqual(2);
    // The browser's reconnect meets a 401.
    expect((await openEventStream(secondServer.url, "/events", cookieOf(member))).status).toBe(401);
  });

  it("deactivating or deleting the user ends their streams, session and token alike", async () => {
    const owner = await signIn(first, t.tenant.slug, "owner");
    for (const action of ["deactivate", "delete"] as const) {
      const [user] = await first
        .db("users")
        .insert({
          tenant_id: t.tenant.id,
          email: `leaver-${action}.${t.tenant.slug}@example.com`,
          name: "Leaver",
          role: "member",
          sso_provider: "demo",
          sso_id: `leaver-${action}`,
        })
        .returning("id");
      const leaver = await signIn(first, t.tenant.slug, `leaver-${action}`);
      const token = (await leaver.post("/auth/tokens", { name: "stream" }).expect(201)).body.token as string;
      const bySession = await openOn(secondServer.url, cookieOf(leaver));
      const byToken = await openOn(firstServer.url, { authorization: `Bearer ${token}` });
      expect([bySession.status, byToken.status]).toEqual([200, 200]);
      if (action === "deactivate") await owner.put(`/admin/users/${user.id}`, { deactivated: true }).expect(200);
      else await owner.delete(`/admin/users/${user.id}`).expect(204);
      await Promise.all([expectEnded(bySession, owner), expectEnded(byToken, owner)]);
    }
  });

  it("revoking the API token that opened a stream ends it; the same user's other stream goes on", async () => {
    const member = await signIn(first, t.tenant.slug, "member");
    const admin = await signIn(first, t.tenant.slug, "admin");
    const { id, token } = (await member.post("/auth/tokens", { name: "dashboard", scope: "read" }).expect(201)).body;
    const byToken = await openOn(secondServer.url, { authorization: `Bearer ${token}` });
    const bySession = await openOn(secondServer.url, cookieOf(member));
    await member.delete(`/auth/tokens/${id}`).expect(204);
    await expectEnded(byToken, admin);
    await askQuestion(admin, t.teams.a.id);
    await bySession.next((message) => message.data.type === "question:created");
  });

  it("a token's stream ends when the token expires, and a session's when the session does", async () => {
    const member = await signIn(first, t.tenant.slug, "member");
    const { token, id } = (await member.post("/auth/tokens", { name: "short" }).expect(201)).body;
    // Shorten both lifetimes in the stores, as time passing would.
    await first
      .db("api_tokens")
      .where({ id })
      .update({ expires_at: new Date(Date.now() + 1500) });
    const byToken = await openOn(firstServer.url, { authorization: `Bearer ${token}` });
    const admin = await signIn(first, t.tenant.slug, "admin");
    await expectEnded(byToken, admin);

    const viewer = await signIn(first, t.tenant.slug, "viewer");
    const sid = decodeURIComponent((viewer.cookie as string).split("=")[1] as string)
      .slice(2)
      .split(".")[0] as string;
    const key = `${first.config.kv.prefix}sess:${sid}`;
    const session = JSON.parse((await first.kv?.get(key)) as string);
    await first.kv?.set(key, JSON.stringify({ ...session, expiresAt: Date.now() + 1500 }), "PX", 60_000);
    const bySession = await openOn(secondServer.url, cookieOf(viewer));
    expect(bySession.status).toBe(200);
    await expectEnded(bySession, admin);
  });

  it("a user holds at most 20 streams across instances: the 21st is 429 RATE_LIMITED, and a closed stream frees its place", async () => {
    const member = await signIn(first, t.tenant.slug, "memberb");
    const open: EventStream[] = [];
    for (let i = 0; i < 20; i += 1) {
      const stream = await openOn(i % 2 === 0 ? firstServer.url : secondServer.url, cookieOf(member));
      expect(stream.status, `stream ${i + 1}`).toBe(200);
      open.push(stream);
    }
    for (const url of [firstServer.url, secondServer.url]) {
      const refused = await request(url)
        .get("/events")
        .set("cookie", member.cookie as string)
        .expect(429);
      expect(refused.body.error.code).toBe("RATE_LIMITED");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another user is not affected.
    const viewer = await signIn(first, t.tenant.slug, "viewer");
    expect((await openOn(secondServer.url, cookieOf(viewer))).status).toBe(200);
    open[3]?.close();
    const started = Date.now();
    let reopened: EventStream | null = null;
    while (!reopened && Date.now() - started < 5000) {
      const attempt = await openOn(secondServer.url, cookieOf(member));
      if (attempt.status === 200) reopened = attempt;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(reopened?.status).toBe(200);
  });
});
