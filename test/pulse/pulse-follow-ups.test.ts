import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCANNER_WINDOW_MS } from "../../src/modules/pulse/pulse.held-answers.service.js";
import { createTestApp, ManualClock, signIn, type TestApp } from "../helpers/app.js";
import { createTenantFixture, insertUser, type TenantFixture } from "../helpers/factories.js";
import { addInvite, addPulseQuestion } from "../helpers/pulse.js";

/**
 * CONTRACT §5: after the tapped answer, up to two more of the tenant's questions, each answered
 * into its own group by the same rules (sealed, waiting, released in a batch of k, tenure), with
 * the conversation capability the answer gave.
 */
const K = 3;

describe("pulse follow-up questions", () => {
  let app: TestApp;
  let fixture: TenantFixture;
  const q: Record<"asked" | "second" | "third" | "fourth" | "teamB", string> = { asked: "", second: "", third: "", fourth: "", teamB: "" };
  // Far ahead of the real date: other files' sweeps never find this file's held answers due.
  const clock = new ManualClock("2099-07-14T09:00:00Z");

  beforeAll(async () => {
    app = await createTestApp({ clock });
    fixture = await createTenantFixture(app.db, { settings: { pulse: { enabled: true, anonThreshold: K, minTenureDays: 0 } } });
    // Created a minute apart: creation order is the rotation order.
    const at = (minute: number) => new Date(Date.UTC(2099, 0, 1, 9, minute));
    q.asked = await addPulseQuestion(app.db, fixture.tenant.id, { text: "How manageable was your workload?", createdAt: at(1) });
    q.teamB = await addPulseQuestion(app.db, fixture.tenant.id, { text: "A question for team B only", teamId: fixture.teams.b.id, createdAt: at(2) });
    q.second = await addPulseQuestion(app.db, fixture.tenant.id, { text: "Do you feel recognised for your work?", createdAt: at(3) });
    q.third = await addPulseQuestion(app.db, fixture.tenant.id, { text: "Are you learning something new?", createdAt: at(4) });
    q.fourth = await addPulseQuestion(app.db, fixture.tenant.id, { text: "Would you recommend working here?", createdAt: at(5) });
  });
  afterAll(() => app.close());

  async function answer(questionId = q.asked, options: { established?: boolean } = {}) {
    const person = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.a.id });
    const invite = await addInvite(app.db, { tenantId: fixture.tenant.id, userId: person.id, questionId, teamId: fixture.teams.a.id, sentAt: clock.now() });
    if (options.established === false) await app.db("pulse_invites").where({ id: invite.id }).update({ established: false });
    const response = await request(app.app).post("/pulse/respond").send({ token: invite.token, score: 4 }).expect(200);
    return response.body as { conversation: string; followUps: Array<{ questionId: string; answered: boolean }> };
  }
  const followUp = (conversation: string, questionId: string, score: number) =>
    request(app.app).post("/pulse/follow-ups").send({ conversation, questionId, score });

  it("the answer offers the next two questions of the team (creation order, the asked one and other teams' left out); each is answered once", async () => {
    const answered = await answer();
    expect(answered.followUps).toEqual([
      { questionId: q.second, text: "Do you feel recognised for your work?", scale: "agree5", answered: false },
      { questionId: q.third, text: "Are you learning something new?", scale: "agree5", answered: false },
    ]);
    const first = await followUp(answered.conversation, q.second, 5).expect(200);
    expect(first.body.followUps.map((item: { answered: boolean }) => item.answered)).toEqual([true, false]);
    expect((await followUp(answered.conversation, q.second, 2).expect(409)).body.error.code).toBe("FOLLOW_UP_ANSWERED");
    for (const notOffered of [q.asked, q.teamB, q.fourth]) await followUp(answered.conversation, notOffered, 3).expect(404);
    expect((await followUp(answered.conversation, q.third, 6).expect(400)).body.error.code).toBe("VALIDATION_FAILED");
    await followUp("A".repeat(140), q.third, 3).expect(404);
    expect(
      (await request(app.app).get(`/pulse/conversations/${answered.conversation}`).expect(200)).body.followUps.map(
        (item: { answered: boolean }) => item.answered,
      ),
    ).toEqual([true, false]);
    clock.advance(24 * 60 * 60 * 1000);
    expect((await followUp(answered.conversation, q.third, 3).expect(409)).body.error.code).toBe("FOLLOW_UPS_CLOSED");
    expect((await request(app.app).get(`/pulse/conversations/${answered.conversation}`).expect(200)).body.followUps).toEqual([]);
  });

  it("asked the last question, the rotation wraps round to the first ones", async () => {
    const answered = await answer(q.fourth);
    expect(answered.followUps.map((item) => item.questionId)).toEqual([q.asked, q.second]);
  });

  it("follow-up answers wait sealed in their own group, count toward k by the invitee's tenure, and go out in that group's batch", async () => {
    const waitingOf = (questionId: string) => app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id, question_id: questionId });
    await app.db("pulse_waiting_responses").where({ tenant_id: fixture.tenant.id }).delete();
    const newcomer = await answer(q.asked, { established: false });
    await followUp(newcomer.conversation, q.third, 1).expect(200);
    const [waiting] = await waitingOf(q.third);
    expect(waiting).toMatchObject({ established: false, team_id: fixture.teams.a.id, legacy_score: null });
    expect(Object.values(waiting)).not.toContain(1);

    for (let i = 0; i < K - 1; i += 1) await followUp((await answer()).conversation, q.third, 2).expect(200);
    // Two established answers and the newcomer's: not yet k that count.
    expect(await waitingOf(q.third)).toHaveLength(K);
    await followUp((await answer()).conversation, q.third, 3).expect(200);
    // The k-th counting answer releases the group at once, the newcomer's with it.
    expect(await waitingOf(q.third)).toEqual([]);
    const released = await app.db("pulse_responses").where({ tenant_id: fixture.tenant.id, question_id: q.third }).orderBy("score").pluck("score");
    expect(released).toEqual([1, 2, 2, 3]);
    const admin = await signIn(app, fixture.tenant.slug, "admin");
    const summary = await admin.get("/pulse/summary").expect(200);
    expect(summary.body.questions.find((question: { id: string }) => question.id === q.third).responseCount).toBe(4);
    // Nothing of the uses names a person or an answer: a hash, the tenant and a day.
    const uses = await app.db("pulse_follow_up_uses").where({ tenant_id: fixture.tenant.id });
    expect(Object.keys(uses[0]).sort()).toEqual(["expires_on", "tenant_id", "use_hash"]);
    clock.advance(SCANNER_WINDOW_MS);
  });

  it("on the pages: the thank-you page offers them with score buttons, and a tap answers and comes back to the conversation", async () => {
    const person = await insertUser(app.db, fixture.tenant.id, { teamId: fixture.teams.a.id });
    const { token } = await addInvite(app.db, {
      tenantId: fixture.tenant.id,
      userId: person.id,
      questionId: q.asked,
      teamId: fixture.teams.a.id,
      sentAt: clock.now(),
    });
    const page = await request(app.app).get(`/pulse/respond?token=${token}&score=3`).set("Accept", "text/html").expect(200);
    expect(page.text).toContain("Two more quick questions");
    expect(page.text).toContain("Do you feel recognised for your work?");
    const address = /action="(\/pulse\/conversation\/[A-Za-z0-9_-]+)"/.exec(page.text)?.[1] as string;
    const tapped = await request(app.app).post(address).type("form").send({ action: "follow-up", question: q.second, score: "4" }).expect(303);
    expect(tapped.headers.location).toBe(address);
    const back = await request(app.app).get(address).expect(200);
    expect(back.text).toContain("Answered, thank you.");
    const offTheScale = await request(app.app).post(address).type("form").send({ action: "follow-up", question: q.third, score: "9" }).expect(400);
    expect(offTheScale.text).toContain("Choose a score from 1 to 5");
    const notOffered = await request(app.app).post(address).type("form").send({ action: "follow-up", question: q.teamB, score: "2" }).expect(404);
    expect(notOffered.text).toContain("Your private conversation");
  });
});
