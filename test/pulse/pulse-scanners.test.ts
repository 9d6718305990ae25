import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createPulseSealer, openAnswer } from "../../src/modules/pulse/pulse.release.service.js";
import { createTestApp, ManualClock, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";

/**
 * CONTRACT §5 "Link scanners", tried as the mail systems of a real company would: a security
 * gateway opens every link of the pulse e-mail within a second or two, browsers prefetch, chat
 * apps unfurl. None of them may answer for the person, and the person's own tap must still work.
 */
const BROWSER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const INVALID = { error: { code: "INVALID_INVITE", message: "Invalid or expired invite" }, requestId: expect.any(String) };

describe("pulse links opened by scanners", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  let questionId: string;
  // Far ahead of the real date: other test files' sweeps never find this file's held answers due.
  const clock = new ManualClock("2099-03-10T08:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    questionId = await addPulseQuestion(app.db, fixture.tenant.id, { text: "How manageable was your workload this week?" });
  });
  afterAll(() => app.close());

  const invite = () =>
    addInvite(app.db, { tenantId: fixture.tenant.id, userId: fixture.users.member.id, questionId, teamId: fixture.teams.a.id, sentAt: clock.now() });
  const link = (token: string, score: number) => request(app.app).get(`/pulse/respond?token=${token}&score=${score}`).set("User-Agent", BROWSER_AGENT);
  const sweep = () => app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
  const inviteRow = (id: string) => app.db("pulse_invites").where({ id }).first();
  /** What was kept of an invite's answers: held, waiting (with their scores, opened with the server's secret) or released. */
  async function stored(inviteId: string) {
    const sealer = createPulseSealer([TEST_SESSION_SECRET]);
    const held = await app.db("pulse_held_answers").where({ invite_id: inviteId });
    const waiting = await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id });
    const released = await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id });
    return {
      held: held.map((row) => (row.disputed ? "disputed" : openAnswer(sealer, { keyId: row.key_id, sealed: row.sealed }))),
      waiting: waiting.map((row) => openAnswer(sealer, { keyId: row.key_id, sealed: row.sealed })),
      released: released.map((row) => row.score),
      answered: (await inviteRow(inviteId)).responded_at !== null,
    };
  }
  /** Commits what earlier tests left held, so each test reads only its own answers. */
  async function clearHeld() {
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id }).delete();
  }

  it("a gateway opening the five links within 2 s stores nothing and leaves the invite open; the person's tap 70 s later counts", async () => {
    await clearHeld();
    const { id, token } = await invite();
    for (const score of [1, 2, 3, 4, 5]) {
      const page = await link(token, score).expect(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      clock.advance(500);
    }
    expect(await stored(id)).toEqual({ held: ["disputed"], waiting: [], released: [], answered: false });

    clock.advance(70_000 - 2_500);
    const tap = await link(token, 4).expect(200);
    expect(tap.text).toContain("Thank you, your response was recorded");
    expect(tap.text).toContain("4 out of 5");
    expect(await stored(id)).toEqual({ held: [4], waiting: [], released: [], answered: false });
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(id)).toEqual({ held: [], waiting: [4], released: [], answered: true });
    expect((await link(token, 4).set("Accept", "application/json").expect(400)).body).toEqual(INVALID);
  });

  it("a prefetch or a link preview stores nothing and gets a page that asks the person to confirm", async () => {
    await clearHeld();
    const { id, token } = await invite();
    const previews: Array<Record<string, string>> = [
      { "Sec-Purpose": "prefetch" },
      { "Sec-Purpose": "prefetch;prerender" },
      { Purpose: "prefetch" },
      { "X-Purpose": "preview" },
      { "X-Moz": "prefetch" },
      { "User-Agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
      { "User-Agent": "Mozilla/5.0 (compatible; ms-office; MSOffice 16)" },
      { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b" },
    ];
    for (const headers of previews) {
      let call = link(token, 1);
      for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
      const page = await call.expect(200);
      expect(page.text, JSON.stringify(headers)).toContain("Confirm your answer");
      expect(page.text).not.toContain("Thank you");
      expect(page.text).toContain('name="score" value="1" aria-current="true"');
      let json = link(token, 1).set("Accept", "application/json");
      for (const [name, value] of Object.entries(headers)) json = json.set(name, value);
      expect((await json.expect(200)).body).toEqual({ ok: true, answer: "preview", retryAfterSeconds: null, conversation: null, followUps: [] });
    }
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(id)).toEqual({ held: [], waiting: [], released: [], answered: false });
    // A preview of a link that cannot work says so, as a tap would.
    expect((await link("00000000-0000-4000-8000-000000000000", 1).set("Sec-Purpose", "prefetch").expect(400)).text).toContain("Invalid or expired invite");
    // The person's own tap (a prefetched page's button) answers.
    await link(token, 2).expect(200);
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(id)).toEqual({ held: [], waiting: [2], released: [], answered: true });
  });

  it("a second, different score within 60 s keeps neither; the page says so and the link works again after the minute", async () => {
    await clearHeld();
    const { id, token } = await invite();
    expect((await link(token, 2).set("Accept", "application/json").expect(200)).body).toEqual({
      ok: true,
      answer: "received",
      retryAfterSeconds: null,
      conversation: expect.any(String),
      followUps: expect.any(Array),
    });
    clock.advance(30_000);
    expect((await link(token, 3).set("Accept", "application/json").expect(200)).body).toEqual({
      ok: true,
      answer: "unconfirmed",
      retryAfterSeconds: 60,
      conversation: null,
      followUps: [],
    });
    expect(await stored(id)).toEqual({ held: ["disputed"], waiting: [], released: [], answered: false });
    // A tap 59 s after the last request is still part of the burst, and extends it.
    clock.advance(59_000);
    const page = await link(token, 3).expect(200);
    expect(page.text).toContain("Nothing was recorded yet");
    expect(page.text).toContain("your link still works");
    expect(page.text).toContain('name="score" value="5"');
    expect(page.text).not.toContain("Thank you");
    // A minute of quiet ends the dispute (the sweep tidies it away); then one tap is an answer again.
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(id)).toEqual({ held: [], waiting: [], released: [], answered: false });
    await link(token, 5).expect(200);
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(id)).toEqual({ held: [], waiting: [5], released: [], answered: true });
  });

  it("the same score again (a gateway re-checking the link the person taps) is one answer", async () => {
    await clearHeld();
    const { id, token } = await invite();
    await link(token, 3).expect(200);
    clock.advance(1_000);
    expect((await link(token, 3).expect(200)).text).toContain("Thank you");
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(id)).toEqual({ held: [], waiting: [3], released: [], answered: true });
  });

  it("20 concurrent requests of one token with different scores store nothing; with one score, exactly one answer", async () => {
    await clearHeld();
    const mixed = await invite();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? link(mixed.token, 1 + (i % 5))
          : request(app.app)
              .post("/pulse/respond")
              .send({ token: mixed.token, score: 1 + (i % 5) }),
      ),
    );
    for (const response of results) expect(response.status).toBe(200);
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(mixed.id)).toEqual({ held: [], waiting: [], released: [], answered: false });

    const same = await invite();
    await Promise.all(Array.from({ length: 20 }, () => link(same.token, 4).expect(200)));
    clock.advance(SCANNER_WINDOW_MS);
    await sweep();
    expect(await stored(same.id)).toEqual({ held: [], waiting: [4], released: [], answered: true });
  });

  it("a held answer is sealed like a waiting one: its row names the invite but no score, and no other secret opens it", async () => {
    await clearHeld();
    const { id, token } = await invite();
    await link(token, 5).expect(200);
    const [row] = await app.db("pulse_held_answers").where({ invite_id: id });
    expect(Object.keys(row).sort()).toEqual(["disputed", "invite_id", "key_id", "last_request_at", "sealed", "tenant_id"]);
    // One score and its answer's conversation reference (pulse.sealing.ts), sealed together.
    expect(row.sealed.length).toBe(61);
    expect(openAnswer(createPulseSealer(["another-secret-of-at-least-32-characters"]), { keyId: row.key_id, sealed: row.sealed })).toBeNull();
    // Nothing in the row's text reads as a score.
    const [line] = (await app.db.raw(`select h::text as line from pulse_held_answers h where invite_id = ?`, [id])).rows;
    expect(line.line.slice(1, -1).split(",")).not.toEqual(expect.arrayContaining(["1", "2", "3", "4", "5"]));
  });
});
