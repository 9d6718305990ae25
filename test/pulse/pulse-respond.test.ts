import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createPulseSealer, openAnswer } from "../../src/modules/pulse/pulse.release.service.js";
import { createTestApp, ManualClock, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";

const INVALID = { error: { code: "INVALID_INVITE", message: "Invalid or expired invite" }, requestId: expect.any(String) };
// Far ahead of the real date: sweeps of other test files (whose clocks are earlier) never find this file's held answers due.
const SENT = "2099-11-24T09:00:00Z";

describe("pulse responses: GET/HEAD/POST /pulse/respond", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let questionId: string;
  const clock = new ManualClock("2099-11-24T10:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    questionId = await addPulseQuestion(app.db, fixture.tenant.id, { text: "How is <b>the week</b> going?" });
  });
  afterAll(() => app.close());

  const invite = (userKey: keyof TenantFixture["users"] = "member", extra: { sentAt?: string; expiresAt?: string } = {}) =>
    addInvite(app.db, {
      tenantId: fixture.tenant.id,
      userId: fixture.users[userKey].id,
      questionId,
      teamId: fixture.teams.a.id,
      sentAt: extra.sentAt ?? SENT,
      expiresAt: extra.expiresAt,
    });
  const inviteRow = (id: string) => app.db("pulse_invites").where({ id }).first();
  /** Every stored answer: released, or waiting (sealed) for its group to reach the threshold. */
  const responseCount = async () => {
    const count = async (table: string) =>
      Number((await app.db(table).where({ tenant_id: fixture.tenant.id }).count<{ count: number }[]>("* as count"))[0]?.count);
    return (await count("pulse_responses")) + (await count("pulse_waiting_responses"));
  };
  const getJson = (query: string) => request(app.app).get(`/pulse/respond${query}`).set("Accept", "application/json");
  /** The scanner window passes and the sweep commits what was held (this file's tenants only). */
  const settle = async (tenantIds = [fixture.tenant.id]) => {
    clock.advance(SCANNER_WINDOW_MS);
    await app.pulseReleaser.sweep({ tenantIds });
  };
  /** A first tap's answer: it carries the conversation capability (pulse-comments.test.ts). */
  const RECEIVED = { ok: true, answer: "received", retryAfterSeconds: null, conversation: expect.any(String), followUps: expect.any(Array) };

  it("an open invite: the link shows a confirmation at once, and a minute later stores the anonymous response and marks the invite answered", async () => {
    clock.set("2099-11-25T14:03:27.123Z");
    const { id, token } = await invite();
    const before = await responseCount();
    const page = await request(app.app).get(`/pulse/respond?token=${token}&score=4`).set("Accept", "text/html").expect(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.text).toContain("Thank you");
    expect(page.text).toContain("4 out of 5");
    expect(page.text).toContain("How is &lt;b&gt;the week&lt;/b&gt; going?");
    expect(page.text).not.toContain("<b>the week</b>");
    expect(page.text).toMatch(/<html lang="en">/);
    expect(page.text).not.toMatch(/<script/i);
    // Held against link scanners: the invite stays open and nothing is counted for a minute.
    expect((await inviteRow(id)).responded_at).toBeNull();
    expect(await responseCount()).toBe(before);
    clock.advance(SCANNER_WINDOW_MS - 1);
    await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
    expect((await inviteRow(id)).responded_at).toBeNull();
    await settle();
    expect((await inviteRow(id)).responded_at.toISOString()).toBe("2099-11-25T14:05:27.122Z");
    expect(await responseCount()).toBe(before + 1);
    // It waits for its group, sealed: no score, no time, nobody; the server's secret opens it.
    const [stored] = await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id });
    expect(Object.keys(stored).sort()).toEqual(["established", "id", "key_id", "legacy_score", "question_id", "sealed", "team_id", "tenant_id"]);
    expect(stored).toMatchObject({ question_id: questionId, team_id: fixture.teams.a.id, legacy_score: null });
    expect(openAnswer(createPulseSealer([TEST_SESSION_SECRET]), { keyId: stored.key_id, sealed: stored.sealed })).toBe(4);
    expect(openAnswer(createPulseSealer(["another-secret-of-at-least-32-characters"]), { keyId: stored.key_id, sealed: stored.sealed })).toBeNull();
    expect(await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id })).toEqual([]);
  });

  it("answers JSON {ok: true, answer: 'received'} to Accept: application/json, and HTML to a plain */* client", async () => {
    const first = await invite();
    expect((await getJson(`?token=${first.token}&score=5`).expect(200)).body).toEqual(RECEIVED);
    const second = await invite();
    const plain = await request(app.app).get(`/pulse/respond?token=${second.token}&score=1`).expect(200);
    expect(plain.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("a used invite is refused with 400 'Invalid or expired invite' and stays as it was", async () => {
    const { id, token } = await invite();
    await getJson(`?token=${token}&score=3`).expect(200);
    await settle();
    const answeredAt = (await inviteRow(id)).responded_at;
    expect(answeredAt).not.toBeNull();
    const count = await responseCount();
    expect((await getJson(`?token=${token}&score=5`).expect(400)).body).toEqual(INVALID);
    const page = await request(app.app).get(`/pulse/respond?token=${token}&score=5`).set("Accept", "text/html").expect(400);
    expect(page.text).toContain("Invalid or expired invite");
    expect((await inviteRow(id)).responded_at).toEqual(answeredAt);
    expect(await responseCount()).toBe(count);
  });

  it("an invite expires when expiresAt is reached: a millisecond before it works, at it it is refused", async () => {
    clock.set("2099-11-24T09:00:00Z");
    const early = await invite("member", { sentAt: "2099-11-24T09:00:00Z" });
    const late = await invite("member", { sentAt: "2099-11-24T09:00:00Z" });
    clock.set("2099-12-01T08:59:59.999Z");
    await getJson(`?token=${early.token}&score=2`).expect(200);
    clock.set("2099-12-01T09:00:00Z");
    const count = await responseCount();
    expect((await getJson(`?token=${late.token}&score=2`).expect(400)).body).toEqual(INVALID);
    expect((await inviteRow(late.id)).responded_at).toBeNull();
    expect(await responseCount()).toBe(count);
    clock.set("2099-11-25T10:00:00Z");
  });

  it("unknown, malformed and missing tokens all get the same 400", async () => {
    for (const query of [`?token=${randomUUID()}&score=3`, "?token=not-a-token&score=3", "?token=&score=3", "?score=3", `?token=${"a".repeat(5000)}&score=3`]) {
      expect((await getJson(query).expect(400)).body, query).toEqual(INVALID);
    }
    for (const body of [{ token: "nope", score: 3 }, { token: "a".repeat(5000), score: 3 }, { token: 42, score: 3 }, { token: null, score: 3 }, { score: 3 }]) {
      expect((await request(app.app).post("/pulse/respond").send(body).expect(400)).body, JSON.stringify(body).slice(0, 40)).toEqual(INVALID);
    }
  });

  it("a score outside 1..5, missing or not an integer is 400 VALIDATION_FAILED and leaves the invite open", async () => {
    const { id, token } = await invite();
    const count = await responseCount();
    for (const score of ["0", "6", "3.5", "abc", "", "-1", "1e0", "4&score=5"]) {
      const response = await getJson(`?token=${token}&score=${score}`).expect(400);
      expect(response.body.error.code, score).toBe("VALIDATION_FAILED");
    }
    expect((await getJson(`?token=${token}`).expect(400)).body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "score" }] });
    for (const score of [0, 6, 2.5, "3", null]) {
      expect((await request(app.app).post("/pulse/respond").send({ token, score }).expect(400)).body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await inviteRow(id)).responded_at).toBeNull();
    expect(await responseCount()).toBe(count);
    await getJson(`?token=${token}&score=3`).expect(200);
  });

  it("a browser following a link without a score gets the question and a no-script form offering the five scores", async () => {
    const { id, token } = await invite();
    const page = await request(app.app).get(`/pulse/respond?token=${token}`).set("Accept", "text/html").expect(400);
    expect(page.text).toContain(`<input type="hidden" name="token" value="${token}">`);
    for (const score of [1, 2, 3, 4, 5]) expect(page.text).toContain(`name="score" value="${score}"`);
    expect(page.text).toContain("How is &lt;b&gt;the week&lt;/b&gt; going?");
    expect(page.text).toContain(fixture.tenant.name);
    expect((await inviteRow(id)).responded_at).toBeNull();
  });

  it("a link that cannot work gets the one invalid-invite page, with or without a score, and echoes nothing", async () => {
    const { token } = await invite();
    await getJson(`?token=${token}&score=3`).expect(200);
    await settle();
    for (const query of [`?token=${token}&score=4`, `?token=${token}`, `?token=${encodeURIComponent('"><script>alert(1)</script>')}`, "?score=9"]) {
      const page = await request(app.app).get(`/pulse/respond${query}`).set("Accept", "text/html").expect(400);
      expect(page.text, query).toContain("Invalid or expired invite");
      expect(page.text, query).toContain("This link can no longer be used");
      expect(page.text, query).not.toContain("<script>");
      expect(page.text, query).not.toContain("the week");
    }
  });

  it("HEAD answers 200 with no body and never consumes the invite", async () => {
    const { id, token } = await invite();
    const head = await request(app.app).head(`/pulse/respond?token=${token}&score=5`).expect(200);
    expect(head.text ?? "").toBe("");
    await request(app.app).head("/pulse/respond").expect(200);
    await request(app.app).head(`/pulse/respond?token=${token}&score=9`).expect(200);
    expect((await inviteRow(id)).responded_at).toBeNull();
    await getJson(`?token=${token}&score=5`).expect(200);
  });

  it("50 concurrent taps of one score with one token store exactly one response", async () => {
    const { id, token } = await invite();
    await settle(); // what earlier tests left held
    const count = await responseCount();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? getJson(`?token=${token}&score=4`) : request(app.app).post("/pulse/respond").send({ token, score: 4 }),
      ),
    );
    // The same score again is the same answer: every request is told it was received; the one
    // whose score is held gets the conversation.
    for (const response of results) expect(response.body).toMatchObject({ ok: true, answer: "received", retryAfterSeconds: null });
    expect(results.filter((response) => typeof response.body.conversation === "string")).toHaveLength(1);
    expect(await app.db("pulse_held_answers").where({ invite_id: id })).toHaveLength(1);
    await settle();
    expect(await responseCount()).toBe(count + 1);
    expect((await inviteRow(id)).responded_at).not.toBeNull();
    expect((await getJson(`?token=${token}&score=4`).expect(400)).body).toEqual(INVALID);
  });

  it("a sweep racing the tap that finds the window over commits the answer once", async () => {
    const { id, token } = await invite();
    await settle();
    const count = await responseCount();
    await getJson(`?token=${token}&score=2`).expect(200);
    clock.advance(SCANNER_WINDOW_MS);
    const [late] = await Promise.all([
      getJson(`?token=${token}&score=2`),
      app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] }),
      app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] }),
    ]);
    // The late request either committed the held answer itself or found it committed: the link is used.
    expect(late.status).toBe(400);
    expect(await responseCount()).toBe(count + 1);
    expect((await inviteRow(id)).responded_at).not.toBeNull();
  });

  it("POST /pulse/respond {token, score} answers {ok: true}; a signed-in person posts with the CSRF header", async () => {
    const first = await invite();
    expect((await request(app.app).post("/pulse/respond").send({ token: first.token, score: 2 }).expect(200)).body).toEqual(RECEIVED);
    const member = await signIn(app, fixture.tenant.slug, "member");
    const second = await invite();
    expect((await member.agent.post("/pulse/respond").send({ token: second.token, score: 2 }).expect(403)).body.error.code).toBe("CSRF_INVALID");
    expect((await member.post("/pulse/respond", { token: second.token, score: 2 }).expect(200)).body).toEqual(RECEIVED);
    await request(app.app).post("/pulse/respond").send({ score: 2 }).expect(400);
  });

  it("the token alone names the tenant, whatever tenant the request would otherwise resolve to", async () => {
    const other = await createTenantFixture(app.db);
    const { id, token } = await invite();
    await getJson(`?token=${token}&score=4`).set("x-tenant-id", other.tenant.slug).expect(200);
    await settle();
    expect((await inviteRow(id)).responded_at).not.toBeNull();
  });

  it("the link works where its address names no tenant (subdomains, no 'default'): the token names it", async () => {
    const subdomains = await createTestApp({
      clock,
      database: { db: app.db, kind: process.env.TEST_DATABASE === "embedded" ? "embedded" : "postgres", close: async () => undefined },
      env: { BASE_DOMAIN: "qa.example.com" },
    });
    try {
      const host = "nosuch.qa.example.com";
      const { id, token } = await invite();
      const answered = await request(subdomains.app)
        .get(`/pulse/respond?token=${token}&score=2`)
        .set("Host", host)
        .set("Accept", "application/json")
        .expect(200);
      expect(answered.body).toEqual(RECEIVED);
      await settle();
      expect((await inviteRow(id)).responded_at).not.toBeNull();
      const second = await invite();
      await request(subdomains.app).post("/pulse/respond").set("Host", host).send({ token: second.token, score: 3 }).expect(200);
      const page = await request(subdomains.app)
        .get(`/pulse/respond?token=${(await invite()).token}`)
        .set("Host", host)
        .set("Accept", "text/html")
        .expect(400);
      expect(page.text).toContain("How is &lt;b&gt;the week&lt;/b&gt; going?");
      // A token that names no invite is the usual invalid answer, not "tenant not found".
      expect(
        (await request(subdomains.app).get(`/pulse/respond?token=${randomUUID()}&score=2`).set("Host", host).set("Accept", "application/json").expect(400))
          .body,
      ).toEqual(INVALID);
      expect((await request(subdomains.app).get("/pulse/respond?score=2").set("Host", host).set("Accept", "text/html").expect(400)).text).toContain(
        "Invalid or expired invite",
      );
      // Every other route still needs a tenant the address names.
      expect((await request(subdomains.app).get("/teams").set("Host", host).expect(404)).body.error.code).toBe("TENANT_NOT_FOUND");
      expect((await request(subdomains.app).get(`/pulse/summary?token=${token}`).set("Host", host).expect(404)).body.error.code).toBe("TENANT_NOT_FOUND");
    } finally {
      await subdomains.close();
    }
  });

  it("a deactivated user's link no longer works", async () => {
    const { id, token } = await invite("viewer");
    await app.db("users").where({ id: fixture.users.viewer.id }).update({ deactivated_at: new Date() });
    try {
      expect((await getJson(`?token=${token}&score=4`).expect(400)).body).toEqual(INVALID);
      expect((await inviteRow(id)).responded_at).toBeNull();
    } finally {
      await app.db("users").where({ id: fixture.users.viewer.id }).update({ deactivated_at: null });
    }
  });

  it("no log line of a respond request carries the token or the client address", async () => {
    const { token } = await invite();
    const unknown = randomUUID();
    const requests = [
      request(app.app).get(`/pulse/respond?token=${token}&score=4`).set("x-request-id", "respond-log-1").set("X-Forwarded-For", "203.0.113.77"),
      request(app.app).get(`/pulse/respond?token=${unknown}&score=4`).set("x-request-id", "respond-log-2").set("X-Forwarded-For", "203.0.113.77"),
      request(app.app).get(`/pulse/respond?token=${token}&score=9`).set("x-request-id", "respond-log-3").set("X-Forwarded-For", "203.0.113.77"),
      request(app.app).post("/pulse/respond").send({ token, score: 3 }).set("x-request-id", "respond-log-4").set("X-Forwarded-For", "203.0.113.77"),
      request(app.app).head(`/pulse/respond?token=${token}&score=4`).set("x-request-id", "respond-log-5").set("X-Forwarded-For", "203.0.113.77"),
    ];
    for (const pending of requests) await pending;
    const lines = app.logs.filter((line) => typeof line.requestId === "string" && line.requestId.startsWith("respond-log-"));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) {
      const text = JSON.stringify(line);
      expect(text).not.toContain(token);
      expect(text).not.toContain(unknown);
      expect(text).not.toContain("203.0.113.77");
      expect(text).not.toContain("127.0.0.1");
      expect(line.req).toEqual({ method: expect.any(String), path: "/pulse/respond" });
    }
    const everything = JSON.stringify(app.logs);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(unknown);
  });

  it("deleting a user deletes their invites and keeps the responses", async () => {
    const [row] = await app
      .db("users")
      .insert({ tenant_id: fixture.tenant.id, email: `leaver.${fixture.tenant.slug}@example.com`, name: "Leaver", primary_team_id: fixture.teams.b.id })
      .returning("id");
    const answered = await addInvite(app.db, { tenantId: fixture.tenant.id, userId: row.id, questionId, teamId: fixture.teams.b.id, sentAt: SENT });
    const open = await addInvite(app.db, { tenantId: fixture.tenant.id, userId: row.id, questionId, teamId: fixture.teams.b.id, sentAt: SENT });
    await getJson(`?token=${answered.token}&score=1`).expect(200);
    await settle();
    const waitingBefore = await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id, team_id: fixture.teams.b.id });
    expect(waitingBefore).toHaveLength(1);
    await app.db("users").where({ tenant_id: fixture.tenant.id, id: row.id }).delete();
    expect(await app.db("pulse_invites").whereIn("id", [answered.id, open.id])).toEqual([]);
    expect(await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id, team_id: fixture.teams.b.id })).toEqual(waitingBefore);
  });
});
