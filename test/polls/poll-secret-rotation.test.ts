import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, TEST_SESSION_SECRET, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture } from "../helpers/factories.js";
import { openPoll, pollBodies } from "../helpers/polls.js";

/**
 * SESSION_SECRET rotation (SESSION_SECRET_PREVIOUS keeps the old one): votes stored under the old
 * secret's hash are still found and replaced, never counted twice, and a visitor's cookie signed
 * with the old secret still names the same browser.
 */
describe("poll votes across a rotation of SESSION_SECRET", () => {
  let before: TestApp;
  let after: TestApp;
  let t: TenantFixture;

  beforeAll(async () => {
    before = await createTestApp();
    after = await createTestApp({ env: { SESSION_SECRET: "a-new-session-secret-of-at-least-32-characters", SESSION_SECRET_PREVIOUS: TEST_SESSION_SECRET } });
    t = await createTenantFixture(before.db);
  });
  afterAll(async () => {
    await before.close();
    await after.close();
  });

  it("a member's and a visitor's vote made before are theirs after, replaced rather than added", async () => {
    const moderator = await signIn(before, t.tenant.slug, "moderator");
    const poll = await openPoll(moderator, pollBodies.single(t.teams.a.id));
    const [first, second] = poll.options.map((option) => option.id);
    await (await signIn(before, t.tenant.slug, "member")).post(`/polls/${poll.id}/votes`, { optionIds: [first] }).expect(200);
    const visitorVote = await request(before.app)
      .post(`/polls/${poll.id}/votes`)
      .set("x-tenant-id", t.tenant.slug)
      .send({ optionIds: [first] })
      .expect(200);
    const cookie = (([] as string[]).concat(visitorVote.headers["set-cookie"] ?? [])[0] as string).split(";")[0] as string;

    const member = await signIn(after, t.tenant.slug, "member");
    expect((await member.get(`/polls/${poll.id}`).expect(200)).body.myVote).toEqual({ optionIds: [first] });
    expect((await member.post(`/polls/${poll.id}/votes`, { optionIds: [second] }).expect(200)).body.voteCount).toBe(2);
    const again = await request(after.app)
      .post(`/polls/${poll.id}/votes`)
      .set("x-tenant-id", t.tenant.slug)
      .set("cookie", cookie)
      .send({ optionIds: [second] })
      .expect(200);
    expect(again.body).toEqual({ pollId: poll.id, voteCount: 2, myVote: { optionIds: [second] } });
    expect(again.headers["set-cookie"]).toBeUndefined();
    // Each vote now sits under the new secret's hash only.
    expect(await after.db("poll_votes").where({ poll_id: poll.id }).count<{ count: number }[]>("* as count")).toEqual([{ count: 2 }]);
  });
});
