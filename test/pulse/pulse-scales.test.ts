import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createPulseSealer, openAnswer } from "../../src/modules/pulse/pulse.release.service.js";
import type { PulseScale } from "../../src/modules/pulse/pulse.constants.js";
import { createTestApp, ManualClock, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { addInvite } from "../helpers/pulse.js";

// Far ahead of the real date, as pulse-respond.test.ts: other files' sweeps never find these held answers due.
const SENT = "2099-12-01T09:00:00Z";

/**
 * CONTRACT §5 "Questions and scales": a score is valid only on its invite's question's scale
 * (0..10 for enps11, 1..5 otherwise); anything else is 400 VALIDATION_FAILED and the invite stays
 * open, whichever way the score arrives (link as HTML or JSON, the SPA's POST).
 */
describe("pulse scales on /pulse/respond", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  const questions = {} as Record<PulseScale, string>;
  const clock = new ManualClock("2099-12-01T10:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    for (const scale of ["agree5", "emoji5", "enps11"] as const) {
      const [row] = await app
        .db("pulse_questions")
        .insert({ tenant_id: fixture.tenant.id, text: `A ${scale} question`, scale, active: true })
        .returning("id");
      questions[scale] = row.id;
    }
  });
  afterAll(() => app.close());

  const invite = (scale: PulseScale) =>
    addInvite(app.db, { tenantId: fixture.tenant.id, userId: fixture.users.member.id, questionId: questions[scale], teamId: fixture.teams.a.id, sentAt: SENT });
  const isOpen = async (id: string) => {
    const row = await app.db("pulse_invites").where({ id }).first();
    const held = await app.db("pulse_held_answers").where({ invite_id: id }).first();
    return row.responded_at === null && held === undefined;
  };
  const getJson = (token: string, score: string) => request(app.app).get(`/pulse/respond?token=${token}&score=${score}`).set("Accept", "application/json");
  const getHtml = (token: string, score: string) => request(app.app).get(`/pulse/respond?token=${token}&score=${score}`).set("Accept", "text/html");
  const post = (token: string, score: number) => request(app.app).post("/pulse/respond").send({ token, score });

  const cases: Array<{ scale: PulseScale; valid: number[]; invalid: number[] }> = [
    { scale: "agree5", valid: [1, 5], invalid: [0, 6, 10, 11] },
    { scale: "emoji5", valid: [1, 5], invalid: [0, 6, 11] },
    { scale: "enps11", valid: [0, 10], invalid: [11, -1] },
  ];

  for (const { scale, valid, invalid } of cases) {
    it(`${scale}: ${invalid.join(", ")} are 400 VALIDATION_FAILED by GET (JSON and HTML) and POST, and the invite stays open`, async () => {
      const { id, token } = await invite(scale);
      for (const score of invalid) {
        const json = await getJson(token, String(score)).expect(400);
        expect(json.body.error.code).toBe("VALIDATION_FAILED");
        const page = await getHtml(token, String(score)).expect(400);
        expect(page.text).toContain(scale === "enps11" ? "Choose a score from 0 to 10" : "Choose a score from 1 to 5");
        const posted = await post(token, score).expect(400);
        expect(posted.body.error.code).toBe("VALIDATION_FAILED");
        expect(await isOpen(id)).toBe(true);
      }
    });

    for (const score of valid) {
      it(`${scale}: ${score} is taken by the link (JSON), and is held sealed as ${score}`, async () => {
        const { id, token } = await invite(scale);
        expect((await getJson(token, String(score)).expect(200)).body).toEqual({
          ok: true,
          answer: "received",
          retryAfterSeconds: null,
          conversation: expect.any(String),
          followUps: expect.any(Array),
        });
        const held = await app.db("pulse_held_answers").where({ invite_id: id }).first();
        expect(openAnswer(createPulseSealer([TEST_SESSION_SECRET]), { keyId: held.key_id, sealed: held.sealed })).toBe(score);
      });
    }
  }

  it("enps11: POST takes 0 and the HTML link takes 10; after the minute each is a sealed waiting answer on its question", async () => {
    const zero = await invite("enps11");
    expect((await post(zero.token, 0).expect(200)).body).toMatchObject({ ok: true, answer: "received" });
    const ten = await invite("enps11");
    const page = await getHtml(ten.token, "10").expect(200);
    expect(page.text).toContain("10 out of 10");
    clock.advance(SCANNER_WINDOW_MS);
    await app.pulseReleaser.sweep({ tenantIds: [fixture.tenant.id] });
    for (const { id } of [zero, ten]) expect((await app.db("pulse_invites").where({ id }).first()).responded_at).not.toBeNull();
    const sealer = createPulseSealer([TEST_SESSION_SECRET]);
    const waiting = await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id, question_id: questions.enps11 });
    const scores = waiting.map((row) => openAnswer(sealer, { keyId: row.key_id, sealed: row.sealed }));
    expect(scores).toEqual(expect.arrayContaining([0, 10]));
    // No column of a waiting answer names its invite or person.
    expect(Object.keys(waiting[0])).not.toEqual(expect.arrayContaining(["invite_id"]));
    expect(Object.keys(waiting[0]).some((column) => /user|invite|email|ip/.test(column))).toBe(false);
  });

  it("the page that offers the scores shows the question's scale: eleven numbers with their ends, or five faces with words", async () => {
    const enps = await invite("enps11");
    const eleven = (await getHtml(enps.token, "").expect(400)).text;
    expect(eleven.match(/name="score" value="\d+"/g)).toHaveLength(11);
    expect(eleven).toContain('value="0"');
    expect(eleven).toContain("0 = Not likely");
    expect(eleven).toContain("10 = Very likely");
    const emoji = await invite("emoji5");
    const faces = (await getHtml(emoji.token, "").expect(400)).text;
    expect(faces.match(/name="score" value="\d+"/g)).toHaveLength(5);
    expect(faces).toContain('aria-label="5 – Very happy"');
    expect(faces).toContain("😄");
    // A prefetch of a 0 link of an agree5 question stores nothing and marks no score (0 is not on its scale).
    const agree = await invite("agree5");
    const preview = await request(app.app).get(`/pulse/respond?token=${agree.token}&score=0`).set("Sec-Purpose", "prefetch").expect(200);
    expect(preview.text).not.toContain(`aria-current="true"`);
    expect(await isOpen(agree.id)).toBe(true);
  });
});

describe("a score off the scale of a used, expired or unknown link", () => {
  let app: TestApp;
  const clock = new ManualClock("2099-12-03T10:00:00Z");
  beforeAll(async () => {
    app = await createTestApp({ clock, tuning: { pulseScannerWindowMs: 0 } });
  });
  afterAll(() => app.close());

  it("is answered INVALID_INVITE like any score, so it tells nothing about the link", async () => {
    const fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true } } });
    const used = await addInvite(app.db, { tenantId: fixture.tenant.id, userId: fixture.users.member.id, sentAt: "2099-12-03T09:00:00Z" });
    await request(app.app).post("/pulse/respond").send({ token: used.token, score: 3 }).expect(200);
    const expired = await addInvite(app.db, {
      tenantId: fixture.tenant.id,
      userId: fixture.users.member.id,
      sentAt: "2099-11-01T09:00:00Z",
      expiresAt: "2099-11-08T09:00:00Z",
    });
    for (const token of [used.token, expired.token, "00000000-0000-4000-8000-000000000000"]) {
      for (const score of ["0", "3", "9"]) {
        const response = await request(app.app).get(`/pulse/respond?token=${token}&score=${score}`).set("Accept", "application/json").expect(400);
        expect(response.body.error.code).toBe("INVALID_INVITE");
      }
    }
  });
});
