import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInMany, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { createPoll, openPoll, pollBodies, type PollJson } from "../helpers/polls.js";

describe("POST /polls/:id/votes and GET /polls/:id/results (CONTRACT §9)", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"admin" | "moderator" | "othermoderator" | "member" | "memberb" | "viewer" | "owner", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["admin", "moderator", "othermoderator", "member", "memberb", "viewer", "owner"]);
  });
  afterAll(() => app.close());

  /** A visitor's vote, with the cookie header given (or none); answers the response. */
  const visitorVote = (pollId: string, body: object, cookie?: string) => {
    const req = request(app.app).post(`/polls/${pollId}/votes`).set("x-tenant-id", t.tenant.slug);
    return (cookie ? req.set("cookie", cookie) : req).send(body);
  };
  const voterCookieOf = (response: request.Response) =>
    ([] as string[]).concat(response.headers["set-cookie"] ?? []).find((value) => value.startsWith("qa.voter="));

  it("a single choice vote: 200 {pollId, voteCount, myVote}; again replaces it; myVote on GET /polls/:id and in the list", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const [lisbon, oslo] = poll.options;
    expect((await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [lisbon?.id] }).expect(200)).body).toEqual({
      pollId: poll.id,
      voteCount: 1,
      myVote: { optionIds: [lisbon?.id] },
    });
    expect((await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [oslo?.id] }).expect(200)).body).toEqual({
      pollId: poll.id,
      voteCount: 1,
      myVote: { optionIds: [oslo?.id] },
    });
    expect((await c.viewer.post(`/polls/${poll.id}/votes`, { optionIds: [lisbon?.id] }).expect(200)).body.voteCount).toBe(2);
    expect((await c.member.get(`/polls/${poll.id}`).expect(200)).body).toMatchObject({ voteCount: 2, myVote: { optionIds: [oslo?.id] } });
    expect((await c.memberb.get(`/polls/${poll.id}`).expect(200)).body).toMatchObject({ voteCount: 2, myVote: null });
    const listed = (await c.member.get(`/polls?teamId=${t.teams.a.id}&status=open`).expect(200)).body.items as PollJson[];
    expect(listed.find((item) => item.id === poll.id)?.myVote).toEqual({ optionIds: [oslo?.id] });
    const results = (await c.moderator.get(`/polls/${poll.id}/results`).expect(200)).body;
    expect(results).toEqual({
      pollId: poll.id,
      voteCount: 2,
      options: poll.options.map((option) => ({ id: option.id, text: option.text, votes: option.id === poll.options[2]?.id ? 0 : 1 })),
    });
  });

  it("concurrent votes of one person count once; many people count exactly", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const choice = { optionIds: [poll.options[0]?.id] };
    await Promise.all(Array.from({ length: 20 }, () => c.memberb.post(`/polls/${poll.id}/votes`, choice).expect(200)));
    await Promise.all([c.admin, c.owner, c.member, c.viewer].map((voter) => voter.post(`/polls/${poll.id}/votes`, choice).expect(200)));
    expect((await c.moderator.get(`/polls/${poll.id}`).expect(200)).body.voteCount).toBe(5);
  });

  it("single and multiple: the wrong number of options, repeats and ids of another poll are 400", async () => {
    const single = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const other = await createPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const [a, b] = single.options.map((option) => option.id);
    const tooMany = (await c.member.post(`/polls/${single.id}/votes`, { optionIds: [a, b] }).expect(400)).body;
    expect(tooMany.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "body" }] });
    await c.member.post(`/polls/${single.id}/votes`, { optionIds: [] }).expect(400);
    await c.member.post(`/polls/${single.id}/votes`, { optionIds: [other.options[0]?.id] }).expect(400);
    await c.member.post(`/polls/${single.id}/votes`, { optionIds: ["not-a-uuid"] }).expect(400);
    await c.member.post(`/polls/${single.id}/votes`, { rating: 3 }).expect(400);
    await c.member.post(`/polls/${single.id}/votes`, { text: "Lisbon" }).expect(400);
    await c.member.post(`/polls/${single.id}/votes`, { optionIds: [a], rating: 2 }).expect(400);
    await c.member.post(`/polls/${single.id}/votes`, {}).expect(400);
    await c.member.post(`/polls/${single.id}/votes`).expect(400);

    const multiple = await openPoll(c.othermoderator, pollBodies.multiple(t.teams.b.id));
    const ids = multiple.options.map((option) => option.id);
    await c.member.post(`/polls/${multiple.id}/votes`, { optionIds: ids.slice(0, 3) }).expect(400);
    await c.member.post(`/polls/${multiple.id}/votes`, { optionIds: [ids[0], ids[0]] }).expect(400);
    // Chosen in any order, stored in the poll's order.
    const vote = (await c.member.post(`/polls/${multiple.id}/votes`, { optionIds: [ids[3], ids[1]] }).expect(200)).body;
    expect(vote.myVote).toEqual({ optionIds: [ids[1], ids[3]] });
    await c.memberb.post(`/polls/${multiple.id}/votes`, { optionIds: [ids[1]] }).expect(200);
    const results = (await c.othermoderator.get(`/polls/${multiple.id}/results`).expect(200)).body;
    expect(results.voteCount).toBe(2);
    expect(results.options.map((option: { votes: number }) => option.votes)).toEqual([0, 2, 0, 1]);
    expect(await app.db("poll_votes").where({ poll_id: single.id })).toEqual([]);
  });

  it("rating: within 1..scaleMax, the average and the distribution", async () => {
    const poll = await openPoll(c.moderator, pollBodies.rating(t.teams.a.id));
    for (const rating of [0, 6, 11, -1, 2.5]) await c.member.post(`/polls/${poll.id}/votes`, { rating }).expect(400);
    await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.id] }).expect(400);
    await c.member.post(`/polls/${poll.id}/votes`, { rating: "5" }).expect(400);
    await c.member.post(`/polls/${poll.id}/votes`, { rating: 5 }).expect(200);
    await c.memberb.post(`/polls/${poll.id}/votes`, { rating: 4 }).expect(200);
    expect((await c.viewer.post(`/polls/${poll.id}/votes`, { rating: 4 }).expect(200)).body.myVote).toEqual({ rating: 4 });
    expect((await c.moderator.get(`/polls/${poll.id}/results`).expect(200)).body).toEqual({
      pollId: poll.id,
      voteCount: 3,
      average: 4.33,
      distribution: [0, 0, 0, 2, 1],
    });
    const empty = await openPoll(c.othermoderator, pollBodies.rating(t.teams.b.id, { scaleMax: 10 }));
    await c.member.post(`/polls/${empty.id}/votes`, { rating: 10 }).expect(200);
    expect((await c.othermoderator.get(`/polls/${empty.id}/results`).expect(200)).body.distribution).toHaveLength(10);
  });

  it("words: 1..40 visible characters, bidi controls removed, case-folded and trimmed for counting, content checked", async () => {
    const poll = await openPoll(c.moderator, pollBodies.words(t.teams.a.id));
    for (const text of ["", "   ", "\u200b\u200c\u200d", "\u2800\u2800", "x".repeat(41), "two\nlines"]) {
      const response = await c.member.post(`/polls/${poll.id}/votes`, { text }).expect(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.id] }).expect(400);
    await c.member.post(`/polls/${poll.id}/votes`, { rating: 1 }).expect(400);
    expect((await c.member.post(`/polls/${poll.id}/votes`, { text: "  Focus\u202e  " }).expect(200)).body.myVote).toEqual({ text: "focus" });
    await c.memberb.post(`/polls/${poll.id}/votes`, { text: "FOCUS" }).expect(200);
    await c.viewer.post(`/polls/${poll.id}/votes`, { text: "Deep   work" }).expect(200);
    await c.admin.post(`/polls/${poll.id}/votes`, { text: "deep work" }).expect(200);
    await c.owner.post(`/polls/${poll.id}/votes`, { text: "Calm" }).expect(200);
    const rejected = await c.othermoderator.post(`/polls/${poll.id}/votes`, { text: "shit" }).expect(422);
    expect(rejected.body.error).toMatchObject({ code: "CONTENT_REJECTED", details: ["profanity"] });
    await c.othermoderator.post(`/polls/${poll.id}/votes`, { text: "fucking shit bastard" }).expect(422);
    expect((await c.moderator.get(`/polls/${poll.id}/results`).expect(200)).body).toEqual({
      pollId: poll.id,
      voteCount: 5,
      words: [
        { text: "deep work", count: 2 },
        { text: "focus", count: 2 },
        { text: "calm", count: 1 },
      ],
    });
  });

  it("words: at most 100 entries, the most frequent first", async () => {
    const poll = await openPoll(c.moderator, pollBodies.words(t.teams.a.id, { resultsVisible: true }));
    const words = Array.from({ length: 104 }, (_, i) => `word${String(i).padStart(3, "0")}`);
    // Visitors, each a browser of its own: 104 different words, then 3 more votes for the last one.
    for (const text of [...words, "word103", "WORD103", "word102"]) await visitorVote(poll.id, { text }).expect(200);
    const results = (await c.member.get(`/polls/${poll.id}/results`).expect(200)).body;
    expect(results.voteCount).toBe(107);
    expect(results.words).toHaveLength(100);
    expect(results.words.slice(0, 3)).toEqual([
      { text: "word103", count: 3 },
      { text: "word102", count: 2 },
      { text: "word000", count: 1 },
    ]);
  });

  it("a draft or closed poll is 409 POLL_NOT_OPEN (a draft is 404 to those who cannot see it); votes stay after the close", async () => {
    const draft = await createPoll(c.moderator, pollBodies.single(t.teams.a.id));
    expect((await c.moderator.post(`/polls/${draft.id}/votes`, { optionIds: [draft.options[0]?.id] }).expect(409)).body.error.code).toBe("POLL_NOT_OPEN");
    await c.member.post(`/polls/${draft.id}/votes`, { optionIds: [draft.options[0]?.id] }).expect(404);
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[0]?.id] }).expect(200);
    await c.moderator.post(`/polls/${poll.id}/close`).expect(200);
    expect((await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[1]?.id] }).expect(409)).body.error.code).toBe("POLL_NOT_OPEN");
    expect((await c.member.get(`/polls/${poll.id}`).expect(200)).body).toMatchObject({ voteCount: 1, myVote: { optionIds: [poll.options[0]?.id] } });
  });

  it("results: moderators always; members and visitors only while shown (else 403 RESULTS_HIDDEN); a draft's only to its moderators", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    await c.member.post(`/polls/${poll.id}/votes`, { optionIds: [poll.options[0]?.id] }).expect(200);
    expect((await c.member.get(`/polls/${poll.id}/results`).expect(403)).body.error.code).toBe("RESULTS_HIDDEN");
    await c.viewer.get(`/polls/${poll.id}/results`).expect(403);
    await c.othermoderator.get(`/polls/${poll.id}/results`).expect(403);
    await request(app.app).get(`/polls/${poll.id}/results`).set("x-tenant-id", t.tenant.slug).expect(403);
    await c.moderator.get(`/polls/${poll.id}/results`).expect(200);
    await c.admin.get(`/polls/${poll.id}/results`).expect(200);
    await c.moderator.post(`/polls/${poll.id}/results`, { visible: true }).expect(200);
    expect((await c.member.get(`/polls/${poll.id}/results`).expect(200)).body.options[0].votes).toBe(1);
    expect((await request(app.app).get(`/polls/${poll.id}/results`).set("x-tenant-id", t.tenant.slug).expect(200)).body.voteCount).toBe(1);
    const draft = await createPoll(c.moderator, pollBodies.single(t.teams.a.id, { resultsVisible: true }));
    await c.member.get(`/polls/${draft.id}/results`).expect(404);
    expect((await c.moderator.get(`/polls/${draft.id}/results`).expect(200)).body.voteCount).toBe(0);
  });

  it("visitors: one vote per browser by a signed cookie (HttpOnly, SameSite=Lax, path /, long-lived); another browser counts apart", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const [first, second] = poll.options.map((option) => option.id);
    const firstVote = await visitorVote(poll.id, { optionIds: [first] }).expect(200);
    expect(firstVote.body).toEqual({ pollId: poll.id, voteCount: 1, myVote: { optionIds: [first] } });
    const setCookie = voterCookieOf(firstVote) as string;
    expect(setCookie).toMatch(/^qa\.voter=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeGreaterThan(300 * 86_400);
    const cookie = setCookie.split(";")[0] as string;

    // The same browser again: its vote is replaced, the cookie is not set anew.
    const again = await visitorVote(poll.id, { optionIds: [second] }, cookie).expect(200);
    expect(again.body).toEqual({ pollId: poll.id, voteCount: 1, myVote: { optionIds: [second] } });
    expect(voterCookieOf(again)).toBeUndefined();
    expect((await request(app.app).get(`/polls/${poll.id}`).set("x-tenant-id", t.tenant.slug).set("cookie", cookie).expect(200)).body.myVote).toEqual({
      optionIds: [second],
    });
    expect((await request(app.app).get(`/polls/${poll.id}`).set("x-tenant-id", t.tenant.slug).expect(200)).body.myVote).toBeNull();

    // Another browser is another voter.
    const other = await visitorVote(poll.id, { optionIds: [first] }).expect(200);
    expect(other.body.voteCount).toBe(2);
    expect(voterCookieOf(other)).not.toBe(setCookie);
  });

  it("visitors: a cookie this service did not sign is nobody's: it cannot replace another browser's vote, and gets a signed cookie of its own", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const [first, second] = poll.options.map((option) => option.id);
    const victim = (voterCookieOf(await visitorVote(poll.id, { optionIds: [first] }).expect(200)) as string).split(";")[0] as string;
    const victimId = victim.slice("qa.voter=".length).split(".")[0] as string;
    const forgeries = [
      `qa.voter=${victimId}.${"A".repeat(43)}`,
      `qa.voter=${victimId}`,
      `qa.voter=${victimId}.${victim.split(".")[2]}x`,
      "qa.voter=anything-at-all",
    ];
    let count = 1;
    for (const forged of forgeries) {
      const response = await visitorVote(poll.id, { optionIds: [second] }, forged).expect(200);
      count += 1;
      expect(response.body.voteCount).toBe(count);
      const fresh = voterCookieOf(response) as string;
      expect(fresh).toBeDefined();
      expect(fresh.split(";")[0]).not.toBe(forged);
      // The fresh cookie is that browser's from now on: voting again with it replaces, it does not add.
      await visitorVote(poll.id, { optionIds: [first] }, fresh.split(";")[0]).expect(200);
      expect((await c.moderator.get(`/polls/${poll.id}`).expect(200)).body.voteCount).toBe(count);
    }
    const victimView = await request(app.app).get(`/polls/${poll.id}`).set("x-tenant-id", t.tenant.slug).set("cookie", victim).expect(200);
    expect(victimView.body.myVote).toEqual({ optionIds: [first] });
    // A session cookie is not a vote cookie: a signed-in user votes as themself, whatever vote cookie they send.
    await c.member
      .post(`/polls/${poll.id}/votes`, { optionIds: [second] })
      .set("cookie", `${c.member.cookie}; ${victim}`)
      .expect(200);
    expect((await request(app.app).get(`/polls/${poll.id}`).set("x-tenant-id", t.tenant.slug).set("cookie", victim).expect(200)).body.myVote).toEqual({
      optionIds: [first],
    });
  });

  it("signed-in users need the CSRF header to vote (their session cookie is ambient authority); visitors need none", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const noHeader = await c.member.agent.post(`/polls/${poll.id}/votes`).send({ optionIds: [poll.options[0]?.id] });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.error.code).toBe("CSRF_INVALID");
    await visitorVote(poll.id, { optionIds: [poll.options[0]?.id] }).expect(200);
  });

  it("votes racing the close: each is counted (200) or refused (409 POLL_NOT_OPEN), and the closed poll holds exactly the counted ones", async () => {
    const poll = await openPoll(c.moderator, pollBodies.single(t.teams.a.id));
    const vote = () => visitorVote(poll.id, { optionIds: [poll.options[0]?.id] }).then((response) => response);
    // Votes keep arriving, one every few milliseconds, from before the close until after it.
    const votes = Array.from({ length: 10 }, vote);
    let closed = false;
    const closing = c.moderator
      .post(`/polls/${poll.id}/close`)
      .expect(200)
      .then(() => (closed = true));
    while (!closed) {
      votes.push(vote());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    votes.push(...Array.from({ length: 5 }, vote));
    const answers = await Promise.all(votes);
    await closing;
    for (const answer of answers) {
      expect([200, 409], JSON.stringify(app.logs.filter((line) => line.err).map((line) => line.err)).slice(0, 1500)).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.error.code).toBe("POLL_NOT_OPEN");
    }
    const counted = answers.filter((answer) => answer.status === 200).length;
    expect((await c.moderator.get(`/polls/${poll.id}/results`).expect(200)).body.voteCount).toBe(counted);
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(0);
    expect(Number((await app.db("poll_votes").where({ poll_id: poll.id }).count("* as n").first())?.n)).toBe(counted);
  });
});
