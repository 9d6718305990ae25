import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, signInMany, visitor, type ApiClient, type TestApp } from "../helpers/app.js";
import { createTenantFixture, type TenantFixture, askQuestion } from "../helpers/factories.js";

describe("upvotes", () => {
  let app: TestApp;
  let t: TenantFixture;
  let c: Record<"admin" | "member" | "memberb" | "viewer" | "moderator", ApiClient>;

  beforeAll(async () => {
    app = await createTestApp();
    t = await createTenantFixture(app.db);
    c = await signInMany(app, t.tenant.slug, ["admin", "member", "memberb", "viewer", "moderator"]);
  });
  afterAll(() => app.close());

  it("POST adds one upvote per user and is idempotent; DELETE removes it; each real change is audited", async () => {
    const { id } = await askQuestion(c.member, t.teams.a.id);
    expect((await c.memberb.post(`/questions/${id}/upvote`).expect(200)).body).toEqual({ questionId: id, upvoteCount: 1, hasUpvoted: true });
    expect((await c.memberb.post(`/questions/${id}/upvote`).expect(200)).body).toEqual({ questionId: id, upvoteCount: 1, hasUpvoted: true });
    expect((await c.admin.post(`/questions/${id}/upvote`).expect(200)).body.upvoteCount).toBe(2);
    expect((await c.memberb.delete(`/questions/${id}/upvote`).expect(200)).body).toEqual({ questionId: id, upvoteCount: 1, hasUpvoted: false });
    expect((await c.memberb.delete(`/questions/${id}/upvote`).expect(200)).body).toEqual({ questionId: id, upvoteCount: 1, hasUpvoted: false });
    const entries = await app.db("audit_logs").where({ entity_id: id }).whereIn("action", ["upvote.add", "upvote.remove"]).orderBy("created_at");
    expect(entries.map((entry) => [entry.action, entry.user_id, entry.after.upvoteCount])).toEqual([
      ["upvote.add", t.users.memberB.id, 1],
      ["upvote.add", t.users.admin.id, 2],
      ["upvote.remove", t.users.memberB.id, 1],
    ]);
  });

  it("100 concurrent upvotes by one user count once", async () => {
    const { id } = await askQuestion(c.member, t.teams.a.id);
    const responses = await Promise.all(Array.from({ length: 100 }, () => c.memberb.post(`/questions/${id}/upvote`)));
    expect(responses.map((response) => response.status).every((status) => status === 200)).toBe(true);
    expect((await c.member.get(`/questions/${id}`).expect(200)).body.upvoteCount).toBe(1);
    expect(await app.db("upvotes").where({ question_id: id }).count<{ count: number }[]>("* as count")).toEqual([{ count: 1 }]);
    expect(await app.db("audit_logs").where({ entity_id: id, action: "upvote.add" }).count<{ count: number }[]>("* as count")).toEqual([{ count: 1 }]);
  });

  it("concurrent upvotes by many users and removals keep an exact count", async () => {
    const { id } = await askQuestion(c.member, t.teams.a.id);
    const voters = await Promise.all(
      ["admin", "moderator", "member", "memberb", "owner", "teammoderator", "othermoderator"].map((name) => signIn(app, t.tenant.slug, name)),
    );
    await Promise.all(voters.flatMap((voter) => [voter.post(`/questions/${id}/upvote`), voter.post(`/questions/${id}/upvote`)]));
    expect((await c.member.get(`/questions/${id}`).expect(200)).body.upvoteCount).toBe(voters.length);
    await Promise.all(voters.slice(0, 3).map((voter) => voter.delete(`/questions/${id}/upvote`)));
    const count = (await c.member.get(`/questions/${id}`).expect(200)).body.upvoteCount;
    expect(count).toBe(voters.length - 3);
    expect(await app.db("upvotes").where({ question_id: id }).count<{ count: number }[]>("* as count")).toEqual([{ count }]);
  });

  it("viewers and visitors cannot upvote; questions in review cannot be upvoted", async () => {
    const { id } = await askQuestion(c.member, t.teams.a.id);
    expect((await c.viewer.post(`/questions/${id}/upvote`).expect(403)).body.error.code).toBe("FORBIDDEN");
    expect((await visitor(app, { "x-tenant-id": t.tenant.slug }).post(`/questions/${id}/upvote`).expect(401)).body.error.code).toBe("UNAUTHENTICATED");
    const [row] = await app
      .db("questions")
      .insert({ tenant_id: t.tenant.id, team_id: t.teams.a.id, author_id: t.users.member.id, body: "Pending and not yet visible", status: "UNDER_REVIEW" })
      .returning("id");
    await c.memberb.post(`/questions/${row.id}/upvote`).expect(404);
    expect((await c.moderator.post(`/questions/${row.id}/upvote`).expect(409)).body.error.code).toBe("QUESTION_UNDER_REVIEW");
  });

  it("unknown, malformed and foreign ids", async () => {
    const other = await createTenantFixture(app.db);
    const foreign = (
      await (await signIn(app, other.tenant.slug, "member")).post("/questions", { body: "A question in another tenant", teamId: other.teams.a.id }).expect(201)
    ).body.id;
    await c.memberb.post(`/questions/${foreign}/upvote`).expect(404);
    await c.memberb.delete(`/questions/${foreign}/upvote`).expect(404);
    await c.memberb.post("/questions/00000000-0000-4000-8000-000000000000/upvote").expect(404);
    await c.memberb.post("/questions/%27%3B%20drop%20table%20upvotes%3B--/upvote").expect(404);
    expect((await app.db("questions").where({ id: foreign }).first()).upvote_count).toBe(0);
  });
});
